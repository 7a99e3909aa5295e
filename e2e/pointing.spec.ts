/**
 * Pointing at something on a photo ("this one"), by mouse (a click, a drag) and from the keyboard (the highlight box),
 * in both coaches; then each recorded session replays with `replay --check` to the same result, with no detector and
 * no model. One app start per coach.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { cropRegion } from '../src/main/photos/crop';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../test-support/scripted-model';
import { expectAccessible } from './support/axe';
import { dialog, dropFiles, say, startOverwhelmedGuidedSession, lastStep } from './support/page';
import { replayCheck } from './support/replay';
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
const dropPhotos = (page: Page, names: readonly string[]) =>
  dropFiles(page, names.map((name) => ({ name, data: readFileSync(path.join(FIXTURES, name)) })));

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

/** The window sizes of e2e/layout.spec.ts. */
const SIZES = [
  [800, 600],
  [1024, 700],
  [1280, 800],
  [1600, 900],
  [1920, 1080],
  [2560, 1440],
] as const;

/**
 * At every window size the open dialog stays in the window, nothing in it scrolls sideways, the photo to point at fits
 * its width and "This one" can be reached; the smallest size's screenshot is kept.
 */
async function fitsEverySize(page: Page, shot: string) {
  const before = page.viewportSize()!;
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const problems = await dialog(page).evaluate((element) => {
      const found: string[] = [];
      const box = element.getBoundingClientRect();
      const window = element.ownerDocument.defaultView!;
      if (box.left < 0 || box.top < 0 || box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5) found.push(`the dialog leaves the window: ${JSON.stringify(box)}`);
      if (element.scrollWidth > element.clientWidth) found.push(`the dialog scrolls sideways: ${element.scrollWidth} > ${element.clientWidth}`);
      const surface = element.querySelector('[role="application"]')!.getBoundingClientRect();
      if (surface.width < 100 || surface.left < box.left || surface.right > box.right + 0.5) found.push(`the photo does not fit: ${JSON.stringify(surface)}`);
      return found;
    });
    expect(problems, `${width}x${height}`).toEqual([]);
    const confirm = dialog(page).getByRole('button', { name: 'This one' });
    await confirm.scrollIntoViewIfNeeded();
    await expect(confirm).toBeInViewport();
    if (width === 800) await page.screenshot({ path: shotPath(`${shot}-800x600.png`) });
  }
  await page.setViewportSize(before);
}

test('guided, offline: a card is answered by clicking a thing, by a box dragged where nothing is known, and from the keyboard; the session replays', async ({ page }) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-pointing-'));
  folders.push(dataDir);
  app = await startWebMode({}, { dataDir });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await dropPhotos(page, ['coffee.jpg', 'bottle-and-bowls.jpg', 'fruits.jpg']);
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await expect(page.locator('.photos .detecting')).toHaveCount(0, { timeout: 120_000 });
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await dialog(page).getByRole('checkbox', { name: 'table' }).check();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  // The cup on the table first: the bottle in a hand and the bowls two people eat from are never proposed.
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Cup');

  // A click on the fruit in another photo (limes, which COCO has no word for): the box takes its outline, and the
  // coach takes that as the thing.
  await dialog(page).getByRole('button', { name: 'Point at something else' }).click();
  await dialog(page).getByLabel('Photo', { exact: true }).selectOption({ label: '3. fruits.jpg' });
  const fruits = dialog(page).getByRole('application', { name: /Point at something in fruits\.jpg/ });
  await click(page, fruits, 0.81, 0.75);
  await expect(dialog(page).getByTestId('pointing-box')).toBeVisible();
  await page.screenshot({ path: shotPath('pointing-card-click.png') });
  await expectAccessible(page, 'a card with its photo to point at');
  await fitsEverySize(page, 'pointing-card');
  await dialog(page).getByRole('button', { name: 'This one' }).click();
  // The detector calls the limes an apple or an orange, by how the photo was stored: either is the thing clicked.
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(/^(Apple|Orange)$/);
  const fruit = ((await dialog(page).getByRole('heading', { level: 2 }).textContent()) ?? '').toLowerCase();
  await expect(page.getByTestId('messages')).toContainText(new RegExp(`The ${fruit} you pointed at \\(.*photo 3\\)\\.`));
  await page.keyboard.press('1');
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');

  // Next, the cup again (put down undecided) or what the detector cannot name on its table, as its busy parts fall. A
  // box dragged where it names nothing: "what is it?".
  await expect(dialog(page).getByRole('heading', { level: 2 })).toContainText(/^(Cup|There’s something on the table in photo 1: what’s the nearest thing there\?)/);
  await dialog(page).getByRole('button', { name: /^Point at (it in a photo|something else)$/ }).click();
  await dialog(page).getByLabel('Photo', { exact: true }).selectOption({ label: '1. coffee.jpg' });
  const surface = dialog(page).getByRole('application', { name: /Point at something in coffee\.jpg/ });
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
  await expect(page.getByTestId('things-decided')).toHaveText('2 things decided');

  // From the keyboard: the card's own photo first; Escape takes the box away, and then puts pointing away, focus back
  // on its button; Enter opens it again.
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Cup');
  await dialog(page).getByRole('button', { name: 'Point at something else' }).focus();
  await page.keyboard.press('Enter');
  await expect(surface).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog(page).getByTestId('pointing-box')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page).getByTestId('pointing-box')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(surface).toHaveCount(0);
  await expect(dialog(page).getByRole('button', { name: 'Point at something else' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(surface).toBeFocused();
  // Another photo, and on to it with Tab: the box starts in the middle (on a person: never a thing), the arrows take
  // it to the bottle in his hand, which is his: the coach says so instead of making it a card.
  await dialog(page).getByLabel('Photo', { exact: true }).selectOption({ label: '2. bottle-and-bowls.jpg' });
  await dialog(page).getByLabel('Photo', { exact: true }).focus();
  await page.keyboard.press('Tab');
  const keyboardSurface = dialog(page).getByRole('application', { name: /Point at something in bottle-and-bowls\.jpg/ });
  await expect(keyboardSurface).toBeFocused();
  await expect(dialog(page).getByTestId('pointing-said')).toHaveText(/^Box in the middle, .*on: person\.$/);
  await page.keyboard.press('ArrowRight');
  await expect(dialog(page).getByTestId('pointing-said')).toHaveText(/^54% from the left, on: .*person.*\.$/);
  for (let step = 0; step < 7; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(dialog(page).getByTestId('pointing-said')).toHaveText(/on: .*bottle/);
  await page.screenshot({ path: shotPath('pointing-card-keyboard.png') });
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveAccessibleName(/That bottle looks in use: what someone is holding or eating from stays where it is\./);
  await expect(page.getByTestId('things-decided')).toHaveText('2 things decided');

  // Done for today, then the recording plays again with no detector.
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('stop for today');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page)).toHaveAccessibleName('Stop for today?');
  await page.keyboard.press('y');
  await lastStep(page);
  await expect(page.getByText('Start a new session')).toBeVisible();
  await app.stop();
  app = undefined;
  const stdout = await replayCheck(dataDir);
  expect(stdout).toContain('Card: cup -> pointed at fruits.jpg');
  expect(stdout).toMatch(/Coach: The (apple|orange) you pointed at \(.*photo 3\)\./);
  expect(stdout).toContain('Card: cup -> pointed at bottle-and-bowls.jpg');
  expect(stdout).toMatch(/Check: all \d+ turns went the way the log says\./);
});

test('conversational: a click and a drag in the large view, and a "which one?" card answered from the keyboard; the model sees each crop; the session replays', async ({ page }) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-pointing-model-'));
  folders.push(dataDir);
  model = await startScriptedModel({ scenario: await loadScenarioFile(SCENARIO) });
  app = await startWebMode(modelEnv(model), { dataDir });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await dropPhotos(page, ['coffee.jpg']);
  await expect(page.getByTestId('messages')).toContainText('Open the photo and point at what to start with.');
  await expect(page.locator('.photos .detecting')).toHaveCount(0, { timeout: 120_000 });
  const strip = page.getByRole('region', { name: 'Photos of the room' });

  // A click on the cup in the large view: the point is the person's turn, and the coach's card is about the cup.
  await strip.getByRole('button', { name: /^View coffee\.jpg/ }).click();
  const viewer = page.getByRole('dialog', { name: 'coffee.jpg' });
  const surface = viewer.getByRole('application', { name: /Point at something in coffee\.jpg/ });
  await click(page, surface, 0.48, 0.3);
  await page.screenshot({ path: shotPath('pointing-viewer.png') });
  await expectAccessible(page, 'the large view, pointing');
  await fitsEverySize(page, 'pointing-viewer');
  await viewer.getByRole('button', { name: 'This one' }).click();
  await expect(viewer).toBeHidden();
  await expect(page.getByTestId('messages').getByRole('img', { name: /^Pointed at in coffee\.jpg: in the middle/ })).toBeVisible();
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Cup, on the table');
  await expect(dialog(page).getByRole('img', { name: /Outlined in coffee\.jpg: cup/ })).toBeVisible();
  await page.keyboard.press('1');
  await expect(page.getByTestId('messages')).toContainText('Cup: kitchen. Point at the next thing.');

  // A box dragged where the detector names nothing: the model is told so, and sees the crop.
  await strip.getByRole('button', { name: /^View coffee\.jpg/ }).click();
  await drag(page, surface, [0.02, 0.35], [0.2, 0.62]);
  await viewer.getByRole('button', { name: 'This one' }).click();
  await expect(page.getByTestId('messages')).toContainText('What is that on the left?');
  await page.screenshot({ path: shotPath('pointing-chat.png') });

  // "Which one?": the card's photo, pointed at from the keyboard (the box starts in the middle, the arrows move it).
  await say(page, 'and the saucer?');
  await expect(dialog(page)).toHaveAccessibleName('Which saucer do you mean? Point at it.');
  await page.keyboard.press('Tab');
  const cardSurface = dialog(page).getByRole('application', { name: /Point at something in coffee\.jpg/ });
  await expect(cardSurface).toBeFocused();
  await expect(dialog(page).getByTestId('pointing-box')).toBeVisible();
  for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowDown');
  await expect(dialog(page).getByTestId('pointing-said')).toHaveText(/^74% from the top/);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(dialog(page).getByTestId('pointing-said')).toHaveText(/^\d+% wide/);
  await page.screenshot({ path: shotPath('pointing-which-one.png') });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('messages')).toContainText('That saucer: to the kitchen with the cup.');
  expect(model.mismatches.map((mismatch) => mismatch.message)).toEqual([]);

  // What the model saw of each point was its crop: the box (and a margin) cut from the stored copy, not the photo.
  const imagesOf = (step: number) =>
    model!.requests.find((request) => request.stepIndex === step)!.body.messages.flatMap((message) => (Array.isArray(message.content) ? message.content : [])).filter((part) => part.type === 'image_url') as { image_url: { url: string } }[];
  const log = (await readFile(path.join(dataDir, 'sessions', (await readdir(path.join(dataDir, 'sessions')))[0]!, 'log.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; point?: unknown; resolution?: { answer: { kind: string; point?: unknown } } });
  const points = log.filter((line) => line.type === 'person-message' && line.point).map((line) => line.point as Parameters<typeof cropRegion>[0]);
  expect(points).toHaveLength(2);
  const cardPoint = log.find((line) => line.type === 'question-closed' && line.resolution?.answer.kind === 'point')?.resolution?.answer.point as Parameters<typeof cropRegion>[0];
  expect(cardPoint).toBeDefined();
  for (const [step, point] of [[2, points[0]!], [5, points[1]!], [7, cardPoint]] as const) {
    const images = imagesOf(step);
    expect(images, `step ${step} sends one image: the crop`).toHaveLength(1);
    const bytes = Buffer.from(images[0]!.image_url.url.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    const { width, height } = await sharp(bytes).metadata();
    const region = cropRegion(point, { width: 600, height: 400 });
    expect({ width, height }).toEqual({ width: region.width, height: region.height });
  }
  await app.stop();
  app = undefined;
  await model.close();
  model = undefined;

  const stdout = await replayCheck(dataDir);
  expect(stdout).toContain('You: (pointed at coffee.jpg');
  expect(stdout).toContain('Card: Which saucer do you mean? Point at it. -> pointed at coffee.jpg');
  expect(stdout).toMatch(/Check: all \d+ turns went the way the log says\./);
});

test('from the keyboard, every arrow press says something new to a screen reader, at the photo’s edge too', async ({ page }) => {
  // Offline, without the detector: the card about a thing the person named offers its photo to point at.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-pointing-said-'));
  folders.push(dataDir);
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ detection: false }));
  app = await startWebMode({}, { dataDir });
  await startOverwhelmedGuidedSession(page, app.url, 'Work');
  await dropFiles(page, [{ name: 'coffee.jpg', data: readFileSync(path.join(FIXTURES, 'coffee.jpg')) }], '.dialog-backdrop');
  await expect(page.getByRole('region', { name: 'Photos of the room' }).getByRole('button', { name: /^View / })).toHaveCount(1);
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('mug');
  await dialog(page).getByRole('textbox').press('Enter');
  await dialog(page).getByRole('button', { name: 'Point at something else' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('application', { name: /Point at something in coffee\.jpg/ })).toBeFocused();

  const said = dialog(page).getByTestId('pointing-said');
  await expect(said).toHaveText(/^Box in the middle, /);
  // Left until well past the edge, then smaller until it cannot be: each press is heard.
  const presses = [...Array<string>(14).fill('ArrowLeft'), ...Array<string>(8).fill('Shift+ArrowUp')];
  const heard = [(await said.textContent())!];
  for (const key of presses) {
    await page.keyboard.press(key);
    await expect(said).not.toHaveText(heard.at(-1)!);
    heard.push((await said.textContent())!);
  }
  expect(heard).toContain('At the left edge.');
  expect(heard).toContain('Still at the left edge.');
  expect(heard).toContain('As short as it goes.');
  await page.screenshot({ path: shotPath('pointing-keyboard-edge.png') });
});
