import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findElectronBinary } from '../scripts/electron-binary';
import { shotPath } from './support/screenshots';

const ROOT = path.resolve(import.meta.dirname, '..');
const binary = findElectronBinary();
const SKIP_REASON = 'missing' in binary ? `Electron window tests skipped: ${binary.missing}.` : undefined;
if (SKIP_REASON) console.log(SKIP_REASON);

let app: ElectronApplication;
let dataDir: string | undefined;

test.beforeEach(async () => {
  test.skip(SKIP_REASON !== undefined, SKIP_REASON);
  if (!('path' in binary)) return;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-electron-'));
  app = await electron.launch({
    executablePath: binary.path,
    args: [ROOT, '--no-sandbox'],
    env: { ...process.env, TIDY_DATA_DIR: dataDir, ELECTRON_ENABLE_LOGGING: '1' },
  });
});

test.afterEach(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

test('the window opens with isolation, sandbox and the typed bridge only', async () => {
  const window = await app.firstWindow();
  await expect(window.getByTestId('mode')).toContainText('Surveying');
  expect(window.url()).toMatch(/^app:\/\/tidying\//);
  const exposed = await window.evaluate(() => ({
    bridge: Object.keys((window as unknown as { tidy: object }).tidy).sort(),
    hasRequire: typeof (window as unknown as { require?: unknown }).require,
    hasProcess: typeof (window as unknown as { process?: unknown }).process,
  }));
  expect(exposed).toEqual({ bridge: ['cancel', 'invoke', 'onPush'], hasRequire: 'undefined', hasProcess: 'undefined' });
  await window.screenshot({ path: shotPath('electron-shell.png') });
});

test('a message round-trips and navigation away is blocked', async () => {
  const window = await app.firstWindow();
  const box = window.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello from the window');
  await box.press('Enter');
  await expect(window.getByTestId('messages')).toContainText('Hello from the window');
  await window.evaluate("window.location.href = 'https://example.com/'");
  await expect(window.getByTestId('messages')).toContainText('Hello from the window');
  expect(window.url()).toMatch(/^app:\/\/tidying\//);
});
