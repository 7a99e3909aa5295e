import { expect, test } from '@playwright/test';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expectAccessible } from './support/axe';
import { decide, dialog, lastStep } from './support/page';
import { shotPath } from './support/screenshots';
import { NO_DETECTOR, startWebMode, type RunningWebMode } from './support/web-mode';

let app: RunningWebMode | undefined;
const folders: string[] = [];

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function photoFile(folder: string, name: string, tint: string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, await sharp({ create: { width: 800, height: 600, channels: 3, background: tint } }).jpeg().toBuffer());
  return file;
}

test('before and after: the first photos are the before, after photos added at the end sit beside them with what moved', async ({ page }) => {
  const photos = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-before-after-'));
  folders.push(photos);
  app = await startWebMode({}, { settings: NO_DETECTOR });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');

  // Two photos of the room start the session: they are the before.
  const room = path.join(photos, 'room');
  await mkdir(room);
  await photoFile(room, 'desk.jpg', '#6a5f55');
  await photoFile(room, 'floor.jpg', '#5f6a55');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(room);
  await expect(page.getByTestId('import-summary')).toContainText('2 photos added');
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await dialog(page).getByRole('textbox').fill('desk');
  await dialog(page).getByRole('textbox').press('Enter');

  await decide(page, 'empty amazon envelope', '1'); // trash
  await decide(page, 'coffee mug', '1'); // to the kitchen
  await dialog(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  await lastStep(page, 'put the empty amazon envelope for the bin by the door');

  // The end: the before, and an invitation for the after (nothing has to be added).
  const section = page.getByTestId('before-after');
  const beforeNames = section.getByTestId('before-photos').locator('.photo-name');
  await expect(beforeNames).toHaveCount(2);
  expect((await beforeNames.allTextContents()).sort()).toEqual(['desk.jpg', 'floor.jpg']);
  await expect(section.getByTestId('after-photos')).toContainText('A photo or two of the space now, if you like.');
  await expect(section.getByTestId('what-moved')).toHaveText('What moved: 1 goes elsewhere in the home, 1 leaves the home.');

  const after = await photoFile(photos, 'desk-now.jpg', '#8a8f95');
  const picking = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Add after photos' }).click();
  await (await picking).setFiles([after]);
  await expect(section.getByTestId('after-photos').locator('.photo-name')).toHaveText(['desk-now.jpg']);
  await expect(section.getByRole('button', { name: 'Add more after photos' })).toBeVisible();
  // The after photo is not the coach's business: no new turn, no card.
  await expect(dialog(page)).toHaveCount(0);
  await page.getByTestId('session-ended').evaluate((card) => card.scrollTo(0, 0));
  await page.screenshot({ path: shotPath('before-after.png') });
  await expectAccessible(page, 'before and after');
  await page.setViewportSize({ width: 800, height: 600 });
  await page.getByTestId('before-after').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('before-after-800x600.png') });
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await page.setViewportSize({ width: 1200, height: 760 });

  // The Markdown summary has them side by side.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('session-ended').getByRole('button', { name: 'Save as Markdown' }).click();
  const markdown = await readFile((await (await downloading).path())!, 'utf8');
  expect(markdown).toContain('## Before and after\n\nWhat moved: 1 goes elsewhere in the home, 1 leaves the home.\n\n| Before | After |');
  expect(markdown).toMatch(/\| !\[(desk|floor)\.jpg\]\(data:image\/webp;base64,[^)]+\) \| !\[desk\\-now\.jpg\]\(data:image\/webp;base64,[^)]+\) \|/);
});
