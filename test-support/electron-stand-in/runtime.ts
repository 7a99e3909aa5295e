import type { EventEmitter } from 'node:events';
import type { Browser } from '@playwright/test';

/** What a test says about the machine the stand-in's "Electron process" runs on. */
export interface StandInConfig {
  /** The Chromium every window of this process opens a page in (one per test file, shared). */
  browser: Browser;
  /** The app's root, where its package.json is: `app.getAppPath()`. */
  appPath: string;
  /** This machine's per-user application data folder: `app.getPath('appData')`; userData is `<appData>/<app name>`. */
  appData: string;
  /** The process's command line, as `second-instance` hands it to the first instance. */
  argv?: string[];
  /** What Linux keeps safeStorage's key with: a keyring, or nothing ('basic_text': not really encrypted). */
  secretBackend?: 'gnome_libsecret' | 'kwallet5' | 'basic_text';
}

/** A window as the app module sees it when it quits. */
export interface ProcessWindow {
  close(): void;
  destroy(): void;
  isDestroyed(): boolean;
}

/** One IPC message as it crossed between main and a page, decoded (for tests that search what reached the page). */
export interface IpcRecord {
  direction: 'to-main' | 'to-page';
  channel: string;
  args: unknown[];
}

/**
 * The state of one stand-in "Electron process": one per module instance of the stand-in (a test starts a new
 * process by importing it afresh). The modules share it instead of importing each other.
 */
export class StandInProcess {
  config: StandInConfig | undefined;
  /** The app module, once made (the other modules emit its events). */
  app: (EventEmitter & { windowClosed(): void }) | undefined;
  readonly windows = new Set<ProcessWindow>();
  readonly ipc: IpcRecord[] = [];
  /** What the stand-in met that it does not model, or the page's preload threw: a test fails on any. */
  readonly problems: string[] = [];
  /** `app.enableSandbox()` was called: every renderer is sandboxed, whatever its window asked for. */
  sandboxForced = false;
  #ready = false;
  #exited = false;

  get ready(): boolean {
    return this.#ready;
  }

  markReady(): void {
    this.#ready = true;
  }

  get exited(): boolean {
    return this.#exited;
  }

  markExited(): void {
    this.#exited = true;
  }

  requireConfig(): StandInConfig {
    if (!this.config) throw new Error('The Electron stand-in is not configured: call standIn.configure() before the app is ready.');
    return this.config;
  }

  readonly #problemWatchers = new Set<(message: string) => void>();

  problem(message: string): void {
    this.problems.push(message);
    for (const watcher of this.#problemWatchers) watcher(message);
  }

  /** Calls `watcher` with each problem from now on; returns the way to stop. */
  onProblem(watcher: (message: string) => void): () => void {
    this.#problemWatchers.add(watcher);
    return () => this.#problemWatchers.delete(watcher);
  }
}

export const current = new StandInProcess();
