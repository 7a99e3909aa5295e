/**
 * The Electron stand-in: what `import … from 'electron'` gives code run under Vitest (vitest.config.ts aliases the
 * module name here). One module instance is one "Electron process"; a test starts another by importing it afresh
 * (test-support/electron-stand-in/desktop.ts). Windows are pages of a real Chromium, the preload runs in a real
 * isolated world, and IPC, the app's protocol, navigation and window-open requests go through main exactly as the
 * app wires them. What it models and what it does not: docs/testing.md. Never imported by product code
 * (.dependency-cruiser.cjs) and never bundled (electron-vite leaves `electron` external).
 */
import { App } from './app';
import { browserWindowClass } from './browser-window';
import { IpcMain } from './ipc-main';
import { notificationClass } from './notification';
import { createNet, Protocol } from './protocol';
import { current, type StandInConfig } from './runtime';
import { Session } from './session';
import { createSafeStorage, createShell, Dialogs } from './system';

let defaultSession: Session | undefined;

export const ipcMain = new IpcMain();
export const protocol = new Protocol(current);
export const net = createNet(protocol);
export const session = {
  get defaultSession(): Session {
    if (!current.ready) throw new Error('Session can only be received when app is ready');
    defaultSession ??= new Session(current, protocol);
    return defaultSession;
  },
};
const dialogs = new Dialogs();
export const dialog = dialogs.api;
export const safeStorage = createSafeStorage(current);
const shellState = createShell();
export const shell = shellState.api;
export const app = new App(current, async () => {
  await defaultSession?.close();
});
current.app = app;
const notifications = notificationClass();
export const Notification = notifications.Notification;
export const BrowserWindow = browserWindowClass({ process: current, session: () => session.defaultSession, ipcMain });

/** What tests use to run and watch this process: never part of Electron's API. */
export const standIn = {
  /** The machine: the Chromium to open windows in, the app's root, the per-user app data folder. */
  configure(config: StandInConfig): void {
    current.config = config;
  },
  /** The process has started: the app gets 'ready'. */
  launch(): void {
    app.launch();
  },
  /** Resolves with the exit code once the app has quit. */
  get exited(): Promise<number> {
    return app.exited;
  },
  /** What the stand-in met that it does not model, and preload errors: a test fails if any. */
  problems: current.problems,
  /** Whether the app called `app.enableSandbox()` before it was ready. */
  get sandboxForced(): boolean {
    return current.sandboxForced;
  },
  onProblem: (watcher: (message: string) => void) => current.onProblem(watcher),
  /** Every IPC message between main and the pages, decoded, in order. */
  ipc: current.ipc,
  /** Native dialogs: what was shown, and the person's answers. */
  dialogs,
  /** What the app asked the system to open (shell.openExternal, openPath). */
  opened: shellState.opened,
  /** The notifications the app showed, and whether the machine has any (`notifications.state.supported`). */
  notifications: { shown: notifications.shown, state: notifications.state },
};

export default { app, BrowserWindow, dialog, ipcMain, net, Notification, protocol, safeStorage, session, shell };
