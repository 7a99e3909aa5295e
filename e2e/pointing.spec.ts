/**
 * Pointing at something on a photo ("this one"), by mouse (a click, a drag) and from the keyboard (the highlight box),
 * in both coaches; then each recorded session replays with `replay --check` to the same result, with no detector and
 * no model. One app start per coach.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../test-support/scripted-model';
import { expectAccessible } from './support/axe';
import { dialog, say } from './support/page';
import { shotPath } from './support/screenshots';
import { modelEnv } from './support/scripted-model';
import { startWebMode, type RunningWebMode } from './support/web-mode';

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.join(ROOT, 'src/main/detection/fixtures');
const SCENARIO = path.join(ROOT, 'e2e/scenarios/pointing.json');

let app: RunningWebMode | undefined;
let model: ScriptedModel | undefined;
const folders: string[] = [];

test.afterEach(async () => {
  await app?.stop();
  await model?.close();
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  app = undefined;
  model = undefined;
});

/** Drops real photos on the window, as a person would. */
async function dropPhotos(page: Page, names: readonly string[]) {
  const files = names.map((name) => ({ name, data: readFileSync(path.join(FIXTURES, name)).toString('base64') }));
  const data = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    for (const file of ${JSON.stringify(files)}) {
      const bytes = Uint8Array.from(atob(file.data), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: 'image/jpeg' }));
    }
    return transfer;
  })()`);
  await page.dispatchEvent('main', 'drop', { dataTransfer: data });
}

/** A spot on the photo to point at, as shares of its width and height, in page pixels. */
async function spot(surface: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await surface.boundingBox())!;
  return { x: box.x + box.width * x, y: box.y + box.height * y };
}

async function click(page: Page, surface: Locator, x: number, y: number) {
  const at = await spot(surface, x, y);
  await page.mouse.click(at.x, at.y);
}

async function drag(page: Page, surface: Locator, from: readonly [number, number], to: readonly [number, number]) {
  const start = await spot(surface, ...from);
  const end = await spot(surface, ...to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.up();
}

/** The session folder the app wrote, and `replay --check` over it with no model set up. */
async function replayCheck(dataDir: string): Promise<{ folder: string; stdout: string }> {
  const [session] = await readdir(path.join(dataDir, 'sessions'));
  const folder = path.join(dataDir, 'sessions', session!);
  const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _url, TIDY_MODEL: _model, ...env } = process.env;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main/replay/cli.ts', folder, '--check'], { cwd: ROOT, env });
  return { folder, stdout };
}

test('guided, offline: a card is answered by clicking a thing, by a box dragged where nothing is known, and from the keyboard; the session replays', async ({ page }) => {
  test.setTimeout(90_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-pointing-'));
  folders.push(dataDir);
  app = await startWebMode({}, { dataDir });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await dropPhotos(page, ['coffee.jpg', 'bottle-and-bowls.jpg']);
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await expect(page.locator('.photos .detecting')).toHaveCount(0, { timeout: 30_000 });
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await dialog(page).getByRole('checkbox', { name: 'table' }).check();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Bottle');

  // A click on the cup in the other photo: the box takes the cup's outline, and the coach takes that as the thing.
  await dialog(page).getByRole('button', { name: 'Point at something else' }).click();
  await dialog(page).getByLabel('Photo', { exact: true }).selectOption({ label: '1. coffee.jpg' });
  const surface = dialog(page).getByRole('application', { name: /Point at something in coffee\.jpg/ });
  await click(page, surface, 0.48, 0.3);
  await expect(dialog(page).getByTestId('pointing-box')).toBeVisible();
  await page.screenshot({ path: shotPath('pointing-card-click.png') });
  await expectAccessible(page, 'a card with its photo to point at');
  await dialog(page).getByRole('button', { name: 'This one' }).click();
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Cup');
  await expect(page.getByTestId('messages')).toContainText('The cup you pointed at (on the table, middle, photo 1).');
  await page.keyboard.press('1');
  await expect(page.getByTestId('items-processed')).toHaveText('Items processed: 1');

  // The bottle again (it was put down undecided). A box dragged where the detector names nothing: "what is it?".
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Bottle');
  await dialog(page).getByRole('button', { name: 'Point at something else' }).click();
  await dialog(page).getByLabel('Photo', { exact: true }).selectOption({ label: '1. coffee.jpg' });
  await drag(page, surface, [0.02, 0.35], [0.2, 0.62]);
  await dialog(page).getByRole('button', { name: 'This one' }).click();
  await expect(dialog(page)).toHaveAccessibleName(/I can’t name anything there\. What is it\?/);
  await expect(dialog(page).getByRole('img', { name: /where you pointed, on the left of photo 1/ })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('old newspapers');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(/newspapers/i);
  await expect(dialog(page).locator('.dialog-where')).toHaveText('Where you pointed, on the left of photo 1');
  await page.keyboard.press('2');
  await expect(page.getByTestId('items-processed')).toHaveText('Items processed: 2');

  // From the keyboard: the box starts in the middle (on a person: never a thing), the arrows take it to the bottle.
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Bottle');
  await dialog(page).getByRole('button', { name: 'Point at something else' }).focus();
  await page.keyboard.press('Enter');
  const keyboardSurface = dialog(page).getByRole('application', { name: /Point at something in bottle-and-bowls\.jpg/ });
  await expect(keyboardSurface).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog(page).getByTestId('pointing-said')).toHaveText(/^Box in the middle, .*on: person\.$/);
  for (let step = 0; step < 7; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(dialog(page).getByTestId('pointing-said')).toHaveText(/on: .*bottle/);
  await page.screenshot({ path: shotPath('pointing-card-keyboard.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('messages')).toContainText('The bottle you pointed at (right side, photo 2).');
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Bottle');
  await page.keyboard.press('1');
  await expect(page.getByTestId('items-processed')).toHaveText('Items processed: 3');

  // Done for today, then the recording plays again with no detector.
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('stop for today');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page)).toHaveAccessibleName('Stop for today?');
  await page.keyboard.press('y');
  await expect(page.getByText('Start a new session')).toBeVisible();
  await app.stop();
  app = undefined;
  const { stdout } = await replayCheck(dataDir);
  expect(stdout).toContain('Card: bottle -> pointed at coffee.jpg');
  expect(stdout).toContain('Coach: The cup you pointed at (on the table, middle, photo 1).');
  expect(stdout).toContain('Card: bottle -> pointed at bottle-and-bowls.jpg');
  expect(stdout).toMatch(/Check: all \d+ turns went the way the log says\./);
});
