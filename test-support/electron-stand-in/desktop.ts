/**
 * Starts the desktop app's real main process code (src/main/electron/main.ts) in the Electron stand-in, under
 * Vitest: one call is one launch of the app, as `electron .` would be, in a fresh module graph (a fresh
 * "process": its own app, ipcMain, windows and core). Windows open in the Chromium the test file shares.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { vi } from 'vitest';
import { chromiumPath, CHROMIUM_ARGS } from '../../e2e/support/chromium';
import { TEST_PROCESS_MARKER, TEST_PROCESS_OWNER } from '../processes';
import type { BrowserWindow } from './browser-window';
import type * as StandIn from './index';
import type { StandInConfig } from './runtime';

const ROOT = path.resolve(import.meta.dirname, '../..');
export type StandInElectron = typeof StandIn;

/** The system Chromium, headless, marked as a test's process like every other a test starts. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('No Chromium found: install Debian’s chromium package or set CHROMIUM_PATH.');
  return chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    env: { ...process.env, [TEST_PROCESS_MARKER]: '1', [TEST_PROCESS_OWNER]: String(process.pid) },
  });
}

export interface DesktopApp {
  /** The `electron` module this launch's main process imported (the stand-in, with its test controls). */
  electron: StandInElectron;
  /** The app's window once it has been shown, and its page. */
  window(): Promise<{ window: BrowserWindow; page: Page }>;
  /** Quits as the person would (the app's own quit path runs) and resolves once the process has ended. */
  quit(): Promise<void>;
}

/** Launches the app: main.ts's startDesktopApp(), then Electron's 'ready'. */
export async function launchDesktop(options: {
  browser: Browser;
  appData: string;
  argv?: string[];
  secretBackend?: StandInConfig['secretBackend'];
}): Promise<DesktopApp> {
  for (const built of ['out/preload/index.cjs', 'out/renderer/index.html']) {
    if (!existsSync(path.join(ROOT, built))) throw new Error(`${built} is missing: run \`npx electron-vite build\` first (npm test does).`);
  }
  vi.resetModules();
  const electron = (await import('./index')) as StandInElectron;
  const { browser, appData, argv, secretBackend } = options;
  electron.standIn.configure({ browser, appPath: ROOT, appData, ...(argv ? { argv } : {}), ...(secretBackend ? { secretBackend } : {}) });
  // The first window the app shows (main.ts shows it on ready-to-show).
  const shown = new Promise<BrowserWindow>((resolve, reject) => {
    electron.app.on('browser-window-created', (_event: unknown, window: BrowserWindow) => window.once('show', () => resolve(window)));
    void electron.standIn.exited.then(() => reject(new Error('The app quit before it showed a window.')));
    electron.standIn.onProblem((message) => reject(new Error(`Before the window showed: ${message}`)));
  });
  shown.catch(() => undefined);
  const { startDesktopApp } = await import('../../src/main/electron/main');
  startDesktopApp();
  electron.standIn.launch();
  return {
    electron,
    async window() {
      const window = await shown;
      await window.webContents.whenSetUp();
      return { window, page: window.webContents.page };
    },
    async quit() {
      electron.app.quit();
      await electron.standIn.exited;
    },
  };
}
