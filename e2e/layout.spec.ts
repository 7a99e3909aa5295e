/**
 * The window under real use: sessions with 0, 1, 12 and 150 photos (long file names), 40 items in each pile (long
 * names), a long chat, at every width from 800 to 2560 px. Nothing scrolls sideways; the header, the piles and the
 * message box stay inside the window; a dialog's backdrop covers it. Screenshots of three sizes with 150 photos are
 * kept for review.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeHeavySession } from './support/heavy-session';
import { shotPath } from './support/screenshots';
import { startWebMode, type RunningWebMode } from './support/web-mode';

const SIZES = [
  [800, 600],
  [1024, 700],
  [1280, 800],
  [1600, 900],
  [1920, 1080],
  [2560, 1440],
] as const;
/** The sizes whose screenshots are kept for review. */
const REVIEWED = new Set(['800x600', '1280x800', '1920x1080']);

let app: RunningWebMode | undefined;
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

async function openHeavy(page: Page, photos: number): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-layout-'));
  await writeHeavySession(dataDir, { photos, pileItems: 40, messages: 120 });
  // The detector would work through the generated photos meanwhile; the layout does not depend on it.
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ theme: 'dark', detection: false }));
  app = await startWebMode({}, { dataDir });
  const removeData = app.stop;
  app.stop = async () => {
    await removeData();
    const { rm } = await import('node:fs/promises');
    await rm(dataDir, { recursive: true, force: true });
  };
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.locator('.photos .count')).toHaveText(String(photos));
}

/** Where the page overflows the window, if it does, in words a failure message can carry. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const problems = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    const height = root.clientHeight;
    if (root.scrollWidth > width) problems.push('the page scrolls sideways: ' + root.scrollWidth + ' px wide in a ' + width + ' px window');
    for (const [name, selector] of [['header', '.header'], ['piles', '.piles'], ['message box', '.composer'], ['photo strip', '.photos']]) {
      const element = document.querySelector(selector);
      if (!element) { problems.push('no ' + name); continue; }
      const box = element.getBoundingClientRect();
      if (box.left < 0 || box.right > width + 0.5 || box.top < 0 || box.bottom > height + 0.5) {
        problems.push(name + ' outside the window: ' + JSON.stringify({ left: box.left, right: box.right, top: box.top, bottom: box.bottom }));
      }
    }
    return problems;
  })()`);
}

for (const photos of [0, 1, 12, 150]) {
  test(`${photos} photos, long names, full piles and a long chat fit every window from 800 to 2560 px`, async ({ page }) => {
    await openHeavy(page, photos);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      expect(await overflow(page), `${width}x${height} with ${photos} photos`).toEqual([]);
      if (photos === 150 && REVIEWED.has(`${width}x${height}`)) await page.screenshot({ path: shotPath(`layout-${width}x${height}.png`) });
    }
    if (photos === 150) {
      // The strip scrolls within itself: its last thumbnail is reached by scrolling the strip, not the page.
      const strip = page.locator('.photo-list');
      const scroll = await strip.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(scroll.scroll).toBeGreaterThan(scroll.client);
      await page.locator('.photo-list li').last().scrollIntoViewIfNeeded();
      expect(await overflow(page)).toEqual([]);
    }
  });
}

test('a dialog’s backdrop covers the whole window at every size, with many photos', async ({ page }) => {
  await openHeavy(page, 40);
  await page.getByRole('button', { name: 'Settings' }).click();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const backdrop = await page.locator('.dialog-backdrop').boundingBox();
    expect(backdrop, `${width}x${height}`).toEqual({ x: 0, y: 0, width, height });
    const dialogBox = await page.getByTestId('settings-dialog').boundingBox();
    expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(width);
    expect(dialogBox!.y + dialogBox!.height).toBeLessThanOrEqual(height);
  }
});
