import { expect, test } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../test-support/scripted-model';
import { dialog, say } from './support/page';
import { replayCheck } from './support/replay';
import { shotPath } from './support/screenshots';
import { modelEnv } from './support/scripted-model';
import { startWebMode, type RunningWebMode } from './support/web-mode';

const ROOT = path.resolve(import.meta.dirname, '..');
const RULES = path.join(ROOT, 'src/main/coach/scenarios/rules.json');

let model: ScriptedModel | undefined;
let app: RunningWebMode | undefined;
const folders: string[] = [];

test.afterEach(async () => {
  await app?.stop();
  await model?.close();
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  app = undefined;
  model = undefined;
});

test('a session recorded in web mode with photos and the scripted model passes replay --check with no model', async ({ page }) => {
  model = await startScriptedModel({ scenario: await loadScenarioFile(RULES) });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-replay-'));
  const photos = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-replay-photos-'));
  folders.push(dataDir, photos);
  // Several photos dropped at once, so the coach describes them with vision calls running side by side.
  await mkdir(path.join(photos, 'room'));
  const tints = ['#55705f', '#6a6f7a', '#7a5f55', '#5f557a', '#707055', '#557070'];
  for (const [index, tint] of tints.entries()) {
    await writeFile(path.join(photos, 'room', `corner-${index + 1}.jpg`), await sharp({ create: { width: 800, height: 600, channels: 3, background: tint } }).jpeg().toBuffer());
  }
  app = await startWebMode(modelEnv(model), { dataDir });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(path.join(photos, 'room'));
  await expect(page.getByTestId('import-summary')).toContainText('6 photos added');
  await expect(dialog(page)).toHaveAccessibleName('What is this room mostly for?');
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('messages')).toContainText('Say anything when you are ready to start.');

  // Three cards about the one mug the rules model names, answered with the keys: kitchen, trash, kitchen. The person
  // changes their mind, so the mug moves: one thing decided, in one pile at a time.
  for (const [index, [key, group]] of ([['1', 'pile-elsewhere'], ['2', 'pile-leaving'], ['1', 'pile-elsewhere']] as const).entries()) {
    await say(page, index === 0 ? "let's start" : 'next');
    await expect(dialog(page)).toHaveAccessibleName('Mug, on the desk');
    await page.keyboard.press(key);
    await expect(page.getByTestId(group).locator('.count')).toHaveText('1');
    await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');
  }
  await expect(page.getByTestId('pile-leaving').locator('.count')).toHaveText('0');
  await page.screenshot({ path: shotPath('replay-recorded-session.png') });
  await app.stop();
  app = undefined;
  expect(model.mismatches.map((mismatch) => mismatch.message)).toEqual([]);
  await model.close();
  model = undefined;

  // Offline, with no model set up: the CLI plays every turn again from the log alone.
  const stdout = await replayCheck(dataDir);
  const shown = /Photos: (.+)/.exec(stdout)?.[1]?.split(', ').sort();
  expect(shown).toEqual(tints.map((_, index) => `corner-${index + 1}.jpg`));
  expect(stdout).toContain('Card: mug, on the desk -> Trash');
  expect(stdout).toMatch(/Check: all 4 turns went the way the log says\./);
});
