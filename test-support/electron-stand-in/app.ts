import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StandInProcess } from './runtime';

/** An app holding the single-instance lock (of any stand-in process: another module instance, another class). */
interface LockHolder {
  running(): boolean;
  secondInstance(argv: string[], workingDirectory: string, additionalData: unknown): void;
}

/** Which app holds the single-instance lock of a user data folder, across stand-in processes of one test run. */
const locks: Map<string, LockHolder> = ((globalThis as Record<symbol, unknown>)[Symbol.for('electron-stand-in.instance-locks')] ??= new Map()) as Map<
  string,
  LockHolder
>;

const electronEvent = () => {
  const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
  return event;
};

/**
 * Electron's app module for one stand-in process: ready once the test launches it, paths under the machine's
 * app data folder, the single-instance lock, and quitting as Electron documents it (before-quit, windows closed,
 * will-quit, quit; window-all-closed when the last window is closed by other means).
 */
export class App extends EventEmitter implements LockHolder {
  readonly isPackaged = false;
  readonly #process: StandInProcess;
  readonly #closeSession: () => Promise<void>;
  readonly #paths = new Map<string, string>();
  readonly #ready: Promise<void>;
  #resolveReady!: () => void;
  readonly #exited: Promise<number>;
  #resolveExited!: (code: number) => void;
  #name: string | undefined;
  #quitting = false;
  #ended = false;

  constructor(process: StandInProcess, closeSession: () => Promise<void>) {
    super();
    this.#process = process;
    this.#closeSession = closeSession;
    this.#ready = new Promise((resolve) => (this.#resolveReady = resolve));
    this.#exited = new Promise((resolve) => (this.#resolveExited = resolve));
  }

  /** Not Electron's: the process has started and Electron has initialised (what makes it emit 'ready'). */
  launch(): void {
    if (this.#process.ready) return;
    this.#process.requireConfig();
    this.#process.markReady();
    this.emit('will-finish-launching');
    this.#resolveReady();
    this.emit('ready', electronEvent(), {});
  }

  /** Not Electron's: resolves with the exit code once this process has ended. */
  get exited(): Promise<number> {
    return this.#exited;
  }

  whenReady(): Promise<void> {
    return this.#ready;
  }

  /** Every renderer sandboxed, whatever its window asks for; Electron takes it only before 'ready'. */
  enableSandbox(): void {
    if (this.#process.ready) {
      this.#process.problem('app.enableSandbox() was called after the app was ready, where Electron ignores it.');
      return;
    }
    this.#process.sandboxForced = true;
  }

  isReady(): boolean {
    return this.#process.ready;
  }

  getAppPath(): string {
    return this.#process.requireConfig().appPath;
  }

  #packageJson(): { name?: string; productName?: string; version?: string } {
    return JSON.parse(readFileSync(path.join(this.getAppPath(), 'package.json'), 'utf8')) as { name?: string; productName?: string; version?: string };
  }

  /** Electron prefers package.json's productName over its name. */
  getName(): string {
    if (this.#name === undefined) {
      const json = this.#packageJson();
      this.#name = json.productName ?? json.name ?? 'Electron';
    }
    return this.#name;
  }

  setName(name: string): void {
    this.#name = name;
  }

  getVersion(): string {
    return this.#packageJson().version ?? '0.0.0';
  }

  getLocale(): string {
    return 'en-US';
  }

  getPath(name: string): string {
    const set = this.#paths.get(name);
    if (set) return set;
    const appData = this.#process.requireConfig().appData;
    const home = path.dirname(appData);
    const userData = this.#paths.get('userData') ?? path.join(appData, this.getName());
    const paths: Record<string, string> = {
      home,
      appData,
      userData,
      sessionData: userData,
      logs: path.join(userData, 'logs'),
      crashDumps: path.join(userData, 'Crashpad'),
      temp: os.tmpdir(),
      desktop: path.join(home, 'Desktop'),
      documents: path.join(home, 'Documents'),
      downloads: path.join(home, 'Downloads'),
      music: path.join(home, 'Music'),
      pictures: path.join(home, 'Pictures'),
      videos: path.join(home, 'Videos'),
      exe: this.#argv()[0] ?? '',
    };
    const found = paths[name];
    if (found === undefined) throw new Error(`Failed to get '${name}' path`);
    return found;
  }

  setPath(name: string, value: string): void {
    this.#paths.set(name, value);
  }

  #argv(): string[] {
    return this.#process.config?.argv ?? ['electron', this.getAppPath()];
  }

  /**
   * One app per user data folder: false when another holds it, which then hears 'second-instance' with this
   * one's command line (and this one should quit).
   */
  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    const key = this.getPath('userData');
    const holder = locks.get(key);
    if (holder && holder !== this && holder.running()) {
      const argv = this.#argv();
      setImmediate(() => holder.secondInstance(argv, process.cwd(), additionalData ?? null));
      return false;
    }
    locks.set(key, this);
    return true;
  }

  running(): boolean {
    return !this.#ended;
  }

  secondInstance(argv: string[], workingDirectory: string, additionalData: unknown): void {
    this.emit('second-instance', electronEvent(), argv, workingDirectory, additionalData);
  }

  hasSingleInstanceLock(): boolean {
    return locks.get(this.getPath('userData')) === this;
  }

  releaseSingleInstanceLock(): void {
    const key = this.getPath('userData');
    if (locks.get(key) === this) locks.delete(key);
  }

  focus(): void {}

  quit(): void {
    setImmediate(() => void this.#quit());
  }

  exit(code = 0): void {
    void this.#end(code);
  }

  /** Called by a window once it has gone. */
  windowClosed(): void {
    if (this.#quitting || this.#process.windows.size > 0) return;
    // With no listener Electron quits; with one, the app decides.
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed');
    else this.quit();
  }

  async #quit(): Promise<void> {
    if (this.#ended) return;
    const before = electronEvent();
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    this.#quitting = true;
    for (const window of [...this.#process.windows]) window.close();
    if ([...this.#process.windows].some((window) => !window.isDestroyed())) {
      this.#quitting = false;
      return;
    }
    const will = electronEvent();
    this.emit('will-quit', will);
    if (will.defaultPrevented) {
      this.#quitting = false;
      return;
    }
    this.emit('quit', electronEvent(), 0);
    await this.#end(0);
  }

  async #end(code: number): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#process.config) this.releaseSingleInstanceLock();
    for (const window of [...this.#process.windows]) window.destroy();
    await this.#closeSession().catch((error: unknown) => this.#process.problem(`Closing the session failed: ${String(error)}`));
    this.#process.markExited();
    this.#resolveExited(code);
  }
}
