import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { desktopJourney, journeyPhotos, type DesktopDriver } from '../../../test-support/desktop-journey';
import { launchChromium, launchDesktop, type DesktopApp } from '../../../test-support/electron-stand-in/desktop';

/**
 * The desktop journey (test-support/desktop-journey.ts) through the real main process code and the real built
 * preload, in the Electron stand-in; e2e/electron.spec.ts runs the same journey in real Electron where it can.
 */
let browser: Browser;
let root: string | undefined;
let app: DesktopApp | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await app?.quit();
  vi.unstubAllEnvs();
  if (root) await rm(root, { recursive: true, force: true });
  app = undefined;
  root = undefined;
});

/** The stand-in's driver: its dialogs answer, its drops are real drops with paths, a restart is a new launch. */
function standInDriver(appData: string): DesktopDriver & { start(): Promise<void>; launches: DesktopApp[]; pageErrors: string[] } {
  let page: Page | undefined;
  const launches: DesktopApp[] = [];
  const pageErrors: string[] = [];
  const start = async () => {
    app = await launchDesktop({ browser, appData });
    launches.push(app);
    ({ page } = await app.window());
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  };
  return {
    start,
    launches,
    pageErrors,
    page: () => page!,
    answerOpenDialog: async (paths) => app!.electron.standIn.dialogs.answerNext({ filePaths: paths }),
    async drop(paths) {
      const [window] = app!.electron.BrowserWindow.getAllWindows();
      const { width, height } = page!.viewportSize()!;
      await window!.webContents.drop(paths, { x: width / 2, y: height / 2 });
    },
    async restart() {
      const problems = app!.electron.standIn.problems;
      await app!.quit();
      expect(problems).toEqual([]);
      await start();
    },
  };
}

describe('desktop (stand-in)', () => {
  it('journey: a folder dropped, cards answered by click and key, an exit plan, a folder of after photos chosen, a restart, the session replayed', async () => {
    // No model: the guided coach, whatever the developer's shell has set up.
    for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'TIDY_MODEL', 'TIDY_COACH', 'TIDY_DATA_DIR', 'ELECTRON_RENDERER_URL']) vi.stubEnv(name, undefined);
    root = await mkdtemp(path.join(os.tmpdir(), 'tidy-desktop-journey-'));
    const photos = await journeyPhotos(path.join(root, 'photos'));
    const desktop = standInDriver(path.join(root, 'config'));
    await desktop.start();
    await desktopJourney(desktop, photos);

    // The after photos' folder came through main's own picker, attached to the window, for photos and folders.
    const [first, second] = desktop.launches;
    expect(first!.electron.standIn.dialogs.shown).toEqual([
      {
        kind: 'open',
        attached: true,
        options: expect.objectContaining({ title: 'Add photos of the room', properties: ['openFile', 'openDirectory', 'multiSelections'] }),
      },
    ]);
    expect(second!.electron.standIn.dialogs.shown).toEqual([]);
    expect(second!.electron.standIn.problems).toEqual([]);
    // Nothing went wrong in the page either (a CSP violation, a failed load, an uncaught error).
    expect(desktop.pageErrors).toEqual([]);
  }, 180_000);
});
