import { expect, test, type Page } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ScriptedModel } from '../test-support/scripted-model';
import { dialog, filesTransfer, startOverwhelmedGuidedSession } from './support/page';
import { modelEnv, startScenario, stopWithModel } from './support/scripted-model';
import { startWebMode, type RunningWebMode } from './support/web-mode';
import { shotPath } from './support/screenshots';

let model: ScriptedModel | undefined;
let app: RunningWebMode | undefined;
let folder: string | undefined;

test.afterEach(async () => {
  const mismatches = await stopWithModel(app, model);
  if (folder) await rm(folder, { recursive: true, force: true });
  app = undefined;
  model = undefined;
  folder = undefined;
  expect(mismatches).toEqual([]);
});

/** A room photo: a gradient with some blocks, so the thumbnail shows something. */
async function roomPhoto(width: number, height: number, tint: string): Promise<Buffer> {
  const block = await sharp({ create: { width: Math.round(width / 3), height: Math.round(height / 4), channels: 3, background: '#c9a27a' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: tint } })
    .composite([{ input: block, left: Math.round(width / 5), top: Math.round(height / 2) }])
    .jpeg()
    .toBuffer();
}

/** A folder like a person would pick: two photos (one nested), a text file, a broken JPEG and a hidden file. */
async function photoFolder(): Promise<string> {
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-photos-'));
  const root = path.join(folder, 'room');
  await mkdir(path.join(root, 'corner'), { recursive: true });
  await writeFile(path.join(root, 'desk.jpg'), await roomPhoto(1200, 900, '#55705f'));
  await writeFile(path.join(root, 'corner', 'floor.jpg'), await roomPhoto(900, 1200, '#6a6f7a'));
  await writeFile(path.join(root, 'notes.txt'), 'shopping list');
  await writeFile(path.join(root, 'broken.jpg'), (await roomPhoto(300, 200, '#333333')).subarray(0, 200));
  await writeFile(path.join(root, '.DS_Store'), 'hidden');
  return root;
}

async function open(page: Page) {
  model = await startScenario('photos-arrive');
  app = await startWebMode(modelEnv(model));
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
}

test('a folder picked with Add photos imports, shows thumbnails and a summary of what was left out, and the coach looks', async ({ page }) => {
  await open(page);
  const root = await photoFolder();
  // The progress bar shows for a moment only: a watcher in the page notes that it appeared, with its count and file.
  await page.evaluate(`(() => {
    window.__progressSeen = [];
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid=import-progress]');
      if (bar) window.__progressSeen.push(bar.textContent);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(root);

  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('2 photos added, 2 left out.');
  const progress = (await page.evaluate('window.__progressSeen')) as string[];
  expect(progress.some((text) => /Sending \d of 4: \S+/.test(text))).toBe(true);
  await expect(page.getByRole('button', { name: /^View / })).toHaveCount(2);
  // The photos are the person's message in the chat, as thumbnails.
  await expect(page.getByTestId('messages').getByLabel('2 photos shared')).toBeVisible();
  await expect(page.getByTestId('messages').locator('.message-photos img')).toHaveCount(2);

  // The coach described both photos and now asks what the room is for (the page waits behind the dialog).
  await expect(page.getByRole('dialog')).toHaveAccessibleName('What is this room mostly for?');
  await page.screenshot({ path: shotPath('photos-coach-asks.png') });
  await page.getByRole('dialog').getByRole('radio', { name: 'Work' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('messages')).toContainText('Work it is. What has to stay?');

  await summary.getByRole('button', { name: 'What was left out?' }).click();
  await expect(summary).toContainText('notes.txt: not a photo.');
  await expect(summary).toContainText('broken.jpg: damaged.');
  await expect(summary).not.toContainText('DS_Store');
  await page.screenshot({ path: shotPath('photos-imported.png') });

  await page.getByRole('button', { name: /^View photo [12], desk\.jpg$/ }).click();
  const viewer = page.getByRole('dialog', { name: 'desk.jpg' });
  await expect(viewer).toContainText('home office · cluttered');
  // In a live session the large view's photo is one to point at ("this one"); its name says what the coach saw in it.
  await expect(viewer.getByRole('application')).toHaveAccessibleName('Point at something in desk.jpg; home office, cluttered');
  await expect(viewer.locator('.pointing-frame img')).toHaveJSProperty('complete', true);
  await page.screenshot({ path: shotPath('photo-viewer.png') });
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});

test('photos dropped on the window are imported too', async ({ page }) => {
  await open(page);
  const data = await filesTransfer(page, [
    { name: 'shelf.jpg', data: await roomPhoto(800, 600, '#556655') },
    { name: 'bed.jpg', data: await roomPhoto(640, 480, '#665555') },
    { name: 'readme.md', data: 'hello', type: 'text/markdown' },
  ]);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: data });
  await expect(page.getByText('Drop photos or folders of the room')).toBeVisible();
  await page.screenshot({ path: shotPath('photos-drop-overlay.png') });
  await page.dispatchEvent('main', 'drop', { dataTransfer: data });
  await expect(page.getByTestId('import-summary')).toContainText('2 photos added, 1 left out.');
  await expect(page.getByRole('button', { name: /^View / })).toHaveCount(2);
  await expect(page.getByRole('dialog')).toHaveAccessibleName('What is this room mostly for?');
});

test('photos attached from the message box are imported like dropped ones', async ({ page }) => {
  // No model needed: the guided coach takes the photos.
  app = await startWebMode();
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-attach-'));
  const file = path.join(folder, 'shelf.jpg');
  await writeFile(file, await roomPhoto(900, 600, '#556677'));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach photos' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('import-summary')).toContainText('1 photo added.');
  await expect(page.getByTestId('messages').getByLabel('1 photo shared')).toBeVisible();
});

test('photos dropped while a card is open are imported, and the card stays open, focused and answerable', async ({ page }) => {
  // The guided coach, offline, without the detector: a card is open almost all the time.
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-drop-card-'));
  await writeFile(path.join(folder, 'settings.json'), JSON.stringify({ detection: false }));
  app = await startWebMode({}, { dataDir: folder });
  await startOverwhelmedGuidedSession(page, app.url, 'Work');
  const card = dialog(page);
  await expect(card).toContainText('nearest thing you can pick up');
  await expect(card.locator(':focus')).toHaveCount(1);

  const data = await filesTransfer(page, [
    { name: 'shelf.jpg', data: await roomPhoto(800, 600, '#556655') },
    { name: 'bed.jpg', data: await roomPhoto(640, 480, '#665555') },
  ]);
  // With a card open the page behind it is inert: a drop lands on the card's backdrop.
  await page.dispatchEvent('.dialog-backdrop', 'dragenter', { dataTransfer: data });
  await expect(page.getByText('Drop photos or folders of the room')).toBeVisible();
  await page.screenshot({ path: shotPath('photos-drop-over-card.png') });
  await page.dispatchEvent('.dialog-backdrop', 'drop', { dataTransfer: data });

  await expect(page.getByTestId('import-summary')).toContainText('2 photos added.');
  await expect(page.getByRole('region', { name: 'Photos of the room' }).getByRole('button', { name: /^View / })).toHaveCount(2);
  await expect(page.getByTestId('messages').getByLabel('2 photos shared')).toBeVisible();
  await page.screenshot({ path: shotPath('photos-dropped-under-card.png') });

  // The same card, still focused, and it still takes an answer.
  await expect(card).toContainText('nearest thing you can pick up');
  await expect(card.locator(':focus')).toHaveCount(1);
  await card.getByRole('button', { name: 'Other...' }).click();
  await card.getByRole('textbox').fill('mug');
  await card.getByRole('textbox').press('Enter');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(/mug/i);
});

test('a card has its own Add photos: the page’s is behind it, and a guided session has a card open almost all the time', async ({ page }) => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-card-photos-'));
  await writeFile(path.join(folder, 'settings.json'), JSON.stringify({ detection: false }));
  await writeFile(path.join(folder, 'shelf.jpg'), await roomPhoto(900, 600, '#556677'));
  app = await startWebMode({}, { dataDir: folder });
  await startOverwhelmedGuidedSession(page, app.url, 'Work');
  const card = dialog(page);
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(path.join(folder, 'shelf.jpg'));
  await expect(page.getByTestId('import-summary')).toContainText('1 photo added.');
  await expect(page.getByRole('region', { name: 'Photos of the room' }).getByRole('button', { name: /^View / })).toHaveCount(1);
  await page.screenshot({ path: shotPath('photos-added-from-card.png') });
  // The card waits as it was, focus still in it.
  await expect(card).toContainText('nearest thing you can pick up');
  await expect(card.getByRole('button', { name: 'Add photos' })).toBeFocused();
});

test('photos still coming in while a card is open say so on the card, and can be stopped there', async ({ page }) => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-card-import-'));
  await writeFile(path.join(folder, 'settings.json'), JSON.stringify({ detection: false }));
  // Twenty phone-sized photos of grain (each its own bytes): long enough in coming for the card to show them coming.
  const grain = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .raw()
    .toBuffer();
  const files: string[] = [];
  for (let index = 0; index < 20; index += 1) {
    const file = path.join(folder, `room-${String(index).padStart(2, '0')}.jpg`);
    await writeFile(file, await sharp(grain, { raw: { width: 2400, height: 1800, channels: 3 } }).jpeg({ quality: 50 + index }).toBuffer());
    files.push(file);
  }
  app = await startWebMode({}, { dataDir: folder });
  await startOverwhelmedGuidedSession(page, app.url, 'Work');
  const card = dialog(page);
  await expect(card).toContainText('nearest thing you can pick up');
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(files);

  // The import's own panel, with its Cancel, is behind the card: the card says what is coming, and stops it.
  const coming = card.getByTestId('card-import-progress');
  await expect(coming).toContainText(/^(Sending|Preparing) \d+ of 20/);
  await page.screenshot({ path: shotPath('card-photos-coming-in.png') });
  await coming.getByRole('button', { name: 'Stop adding' }).click();
  await expect(coming).toHaveCount(0);
  // Stopped while sending, nothing came in and nothing needs saying; stopped while adding, the summary says so.
  const summary = page.getByTestId('import-summary');
  if (await summary.count()) await expect(summary).toContainText('before you stopped it.');
  const added = await page.getByRole('region', { name: 'Photos of the room' }).getByRole('button', { name: /^View / }).count();
  expect(added).toBeLessThan(20);
  // The card is as it was, and still takes an answer.
  await expect(card).toContainText('nearest thing you can pick up');
  await card.getByRole('button', { name: 'Other...' }).click();
  await card.getByRole('textbox').fill('mug');
  await card.getByRole('textbox').press('Enter');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(/mug/i);
});
