import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findElectronBinary } from '../scripts/electron-binary';
import { desktopJourney, journeyPhotos, type DesktopDriver } from '../test-support/desktop-journey';
import type { PageGlobals } from '../test-support/page-globals';
import { shotPath } from './support/screenshots';

/**
 * The real desktop window, where an Electron binary exists: the same journey the stand-in runs under Vitest
 * (src/main/electron/desktop-journey.test.ts), and what only real Electron can show (its isolation, its sandbox).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const binary = findElectronBinary();
const SKIP_REASON = 'missing' in binary ? `Electron window tests skipped: ${binary.missing}.` : undefined;
// Said once, by the runner as it collects the tests (its workers load this file again; each skip names it too).
if (SKIP_REASON && process.env.TEST_WORKER_INDEX === undefined) console.log(SKIP_REASON);

/** Real Electron, driven by Playwright: a dialog answered in main, a drop made with real paths over CDP. */
class RealElectron implements DesktopDriver {
  app: ElectronApplication | undefined;
  #window: Page | undefined;

  constructor(private readonly appData: string) {}

  async start(): Promise<void> {
    if (!('path' in binary)) throw new Error('No Electron binary.');
    // No model (the guided coach); userData under XDG_CONFIG_HOME, Electron's appData on Linux.
    const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _url, TIDY_MODEL: _model, TIDY_COACH: _coach, TIDY_DATA_DIR: _data, ...env } = process.env;
    this.app = await electron.launch({
      executablePath: binary.path,
      args: [ROOT, '--no-sandbox'],
      env: { ...env, XDG_CONFIG_HOME: this.appData, ELECTRON_ENABLE_LOGGING: '1' } as Record<string, string>,
    });
    this.#window = await this.app.firstWindow();
  }

  page(): Page {
    return this.#window!;
  }

  async answerOpenDialog(paths: string[]): Promise<void> {
    await this.app!.evaluate(({ dialog }, filePaths) => {
      const original = dialog.showOpenDialog;
      dialog.showOpenDialog = (() => {
        dialog.showOpenDialog = original;
        return Promise.resolve({ canceled: false, filePaths });
      }) as typeof original;
    }, paths);
  }

  async drop(paths: string[]): Promise<void> {
    const window = this.page();
    const cdp = await window.context().newCDPSession(window);
    const [width, height] = await window.evaluate(() => [(globalThis as unknown as PageGlobals).innerWidth, (globalThis as unknown as PageGlobals).innerHeight]);
    const data = { items: [], files: paths, dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await cdp.send('Input.dispatchDragEvent', { type, x: width! / 2, y: height! / 2, data });
    }
    await cdp.detach();
  }

  async restart(): Promise<void> {
    await this.app!.close();
    await this.start();
  }
}

let root: string | undefined;
let desktop: RealElectron | undefined;

test.beforeEach(async () => {
  test.skip(SKIP_REASON !== undefined, SKIP_REASON);
  root = await mkdtemp(path.join(os.tmpdir(), 'tidy-electron-'));
  desktop = new RealElectron(path.join(root, 'config'));
  await desktop.start();
});

test.afterEach(async () => {
  await desktop?.app?.close();
  if (root) await rm(root, { recursive: true, force: true });
  desktop = undefined;
  root = undefined;
});

test('desktop (Electron): the window opens isolated and sandboxed, with the typed bridge only', async () => {
  const window = desktop!.page();
  await expect(window.getByTestId('mode')).toContainText('Surveying');
  expect(window.url()).toMatch(/^app:\/\/tidying\//);
  const exposed = await window.evaluate(() => ({
    bridge: Object.keys((window as unknown as { tidy: object }).tidy).sort(),
    hasRequire: typeof (window as unknown as { require?: unknown }).require,
    hasProcess: typeof (window as unknown as { process?: unknown }).process,
  }));
  expect(exposed).toEqual({ bridge: ['cancel', 'invoke', 'onPush', 'pathForFile'], hasRequire: 'undefined', hasProcess: 'undefined' });
  await window.screenshot({ path: shotPath('electron-shell.png') });
});

test('desktop (Electron): a message round-trips and navigation away is blocked', async () => {
  const window = desktop!.page();
  const box = window.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello from the window');
  await box.press('Enter');
  await expect(window.getByTestId('messages')).toContainText('Hello from the window');
  await window.evaluate("window.location.href = 'https://example.com/'");
  await expect(window.getByTestId('messages')).toContainText('Hello from the window');
  expect(window.url()).toMatch(/^app:\/\/tidying\//);
});

test('desktop (Electron): journey: a folder dropped, cards answered by click and key, an exit plan, a folder of after photos chosen, a restart, the session replayed', async () => {
  await desktopJourney(desktop!, await journeyPhotos(path.join(root!, 'photos')));
});
