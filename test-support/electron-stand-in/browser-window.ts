import { EventEmitter } from 'node:events';
import type { BrowserWindowConstructorOptions } from 'electron';
import type { IpcMain } from './ipc-main';
import type { StandInProcess } from './runtime';
import type { Session } from './session';
import { WebContents } from './web-contents';

export interface WindowDeps {
  process: StandInProcess;
  session: () => Session;
  ipcMain: IpcMain;
}

/**
 * Makes Electron's BrowserWindow class for one stand-in process. A window is its web contents plus the state a
 * window manager keeps (shown, minimised, focused); its page is the viewport of the size it was given.
 */
export function browserWindowClass(deps: WindowDeps) {
  const all = new Set<BrowserWindow>();
  let nextId = 1;

  class BrowserWindow extends EventEmitter {
    static getAllWindows(): BrowserWindow[] {
      return [...all];
    }

    static fromWebContents(contents: WebContents): BrowserWindow | null {
      return [...all].find((window) => window.webContents === contents) ?? null;
    }

    static fromId(id: number): BrowserWindow | null {
      return [...all].find((window) => window.id === id) ?? null;
    }

    static getFocusedWindow(): BrowserWindow | null {
      return [...all].find((window) => window.isFocused()) ?? null;
    }

    readonly id = nextId++;
    readonly webContents: WebContents;
    /** The options it was made with (not Electron's: tests read them; Electron keeps only the effective ones). */
    readonly options: BrowserWindowConstructorOptions;
    #title: string;
    #visible: boolean;
    #minimized = false;
    #focused = false;
    #destroyed = false;
    #readyToShow = false;

    constructor(options: BrowserWindowConstructorOptions = {}) {
      super();
      if (!deps.process.ready) throw new Error('Cannot create BrowserWindow before app is ready');
      this.options = options;
      this.#title = options.title ?? '';
      this.#visible = options.show !== false;
      this.webContents = new WebContents({
        process: deps.process,
        session: deps.session(),
        ipcMain: deps.ipcMain,
        preferences: options.webPreferences ?? {},
        viewport: { width: options.width ?? 800, height: options.height ?? 600 },
      });
      all.add(this);
      deps.process.windows.add(this);
      deps.process.app?.emit('web-contents-created', {}, this.webContents);
      deps.process.app?.emit('browser-window-created', {}, this);
      // Electron's ready-to-show comes once the page has first been rendered; the first load stands in for that.
      this.webContents.once('did-finish-load', () => {
        if (this.#readyToShow || this.#destroyed) return;
        this.#readyToShow = true;
        this.emit('ready-to-show');
      });
      if (this.#visible) this.#focused = true;
    }

    loadURL(url: string): Promise<void> {
      return this.webContents.loadURL(url);
    }

    loadFile(file: string): Promise<void> {
      return this.webContents.loadFile(file);
    }

    show(): void {
      this.#visible = true;
      this.focus();
      this.emit('show');
    }

    hide(): void {
      this.#visible = false;
      this.#focused = false;
      this.emit('hide');
    }

    isVisible(): boolean {
      return this.#visible && !this.#minimized;
    }

    focus(): void {
      for (const other of all) if (other !== this) other.#focused = false;
      this.#focused = true;
      this.webContents.focus();
      this.emit('focus');
    }

    isFocused(): boolean {
      return this.#focused;
    }

    minimize(): void {
      this.#minimized = true;
      this.#focused = false;
      this.emit('minimize');
    }

    isMinimized(): boolean {
      return this.#minimized;
    }

    restore(): void {
      this.#minimized = false;
      this.emit('restore');
    }

    getTitle(): string {
      return this.#title;
    }

    setTitle(title: string): void {
      this.#title = title;
    }

    isDestroyed(): boolean {
      return this.#destroyed;
    }

    /** As the close button: 'close' may be prevented; otherwise the window goes. */
    close(): void {
      if (this.#destroyed) return;
      const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
      this.emit('close', event);
      if (!event.defaultPrevented) this.destroy();
    }

    destroy(): void {
      if (this.#destroyed) return;
      this.#destroyed = true;
      all.delete(this);
      deps.process.windows.delete(this);
      void this.webContents.destroy();
      this.emit('closed');
      deps.process.app?.windowClosed();
    }
  }

  return BrowserWindow;
}

export type BrowserWindowClass = ReturnType<typeof browserWindowClass>;
export type BrowserWindow = InstanceType<BrowserWindowClass>;
