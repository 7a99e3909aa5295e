/**
 * The window under real use: sessions with 0, 1, 12 and 150 photos (long file names), 40 items in each pile (long
 * names), a long chat, at every width from 800 to 2560 px. Nothing scrolls sideways; the header, the piles and the
 * message box stay inside the window; a dialog's backdrop covers it. Screenshots of three sizes with 150 photos are
 * kept for review.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeHeavySession } from './support/heavy-session';
import { expectAccessible } from './support/axe';
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

async function openHeavy(page: Page, photos: number, itemSeenIn?: number): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-layout-'));
  await writeHeavySession(dataDir, { photos, pileItems: 40, messages: 120, ...(itemSeenIn === undefined ? {} : { itemSeenIn }) });
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

const strip = (page: Page) => page.getByRole('region', { name: 'Photos of the room' });
const thumbnail = (page: Page, number: number) => strip(page).getByRole('button', { name: new RegExp(`^View photo ${number}, `) });

/** Whether photo `number`'s thumbnail is in the page and wholly inside the strip's visible part. */
async function shownInStrip(page: Page, number: number): Promise<boolean> {
  if ((await thumbnail(page, number).count()) === 0) return false;
  const [box, list] = await Promise.all([thumbnail(page, number).boundingBox(), strip(page).getByRole('list').boundingBox()]);
  return !!box && !!list && box.x >= list.x - 0.5 && box.x + box.width <= list.x + list.width + 0.5;
}

/** Resolves once the element's scroll has stood still for five frames (a smooth scroll has ended). */
async function scrollSettled(element: Locator): Promise<void> {
  await element.evaluate(
    (scroller) =>
      new Promise<void>((resolve) => {
        // The page's own function (this file is type-checked without the DOM's types).
        const { requestAnimationFrame } = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
        let last = scroller.scrollLeft;
        let still = 0;
        const frame = () => {
          still = scroller.scrollLeft === last ? still + 1 : 0;
          last = scroller.scrollLeft;
          if (still >= 5) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** The place among all the photos of each thumbnail in the page, in page order, and the count each says there is. */
async function inPage(page: Page): Promise<{ places: number[]; counts: string[] }> {
  const items = strip(page).getByRole('listitem');
  return {
    places: (await items.evaluateAll((all) => all.map((item) => Number(item.getAttribute('aria-posinset'))))) as number[],
    counts: [...new Set(await items.evaluateAll((all) => all.map((item) => item.getAttribute('aria-setsize') ?? 'none')))],
  };
}

/**
 * Stretches of the strip's visible part, at the next frame, wider than the gap between two thumbnails and with no
 * thumbnail in them: what a person would see as a blank.
 */
async function blanks(page: Page): Promise<string[]> {
  return strip(page)
    .getByRole('list')
    .evaluate(async (list) => {
      const view = list.ownerDocument.defaultView!;
      await new Promise((resolve) => view.requestAnimationFrame(() => view.requestAnimationFrame(resolve)));
      const gap = parseFloat(view.getComputedStyle(list).columnGap);
      const shown = list.getBoundingClientRect();
      const thumbs = [...list.querySelectorAll('.photo')].map((thumb) => thumb.getBoundingClientRect()).sort((one, other) => one.left - other.left);
      const found: string[] = [];
      let reached = shown.left;
      for (const thumb of thumbs) {
        if (thumb.right <= reached || thumb.left >= shown.right) continue;
        if (thumb.left - reached > gap + 1) found.push(`${Math.round(reached - shown.left)} to ${Math.round(thumb.left - shown.left)} px`);
        reached = thumb.right;
      }
      if (shown.right - reached > gap + 1) found.push(`${Math.round(reached - shown.left)} px to the end`);
      return found;
    });
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
      await strip.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect.poll(() => shownInStrip(page, 150)).toBe(true);
      expect(await overflow(page)).toEqual([]);
      // At real volume every pane that scrolls (the strip, the piles of 40 things each, the long chat) can be reached
      // and scrolled from the keyboard: axe found the full piles could not be.
      await expectAccessible(page, '150 photos, full piles and a long chat');
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

test('a strip of 150 photos holds only those in view, and reaches every one by scrollbar, wheel and keyboard, saying where each is among 150', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHeavy(page, 150);
  const list = strip(page).getByRole('list');
  const few = (places: number[]) => expect(places.length, `thumbnails in the page: ${places.join(', ')}`).toBeLessThan(30);

  let now = await inPage(page);
  few(now.places);
  expect(now.places[0]).toBe(1);
  expect(now.counts).toEqual(['150']);
  // The scrollbar spans all 150, as if every thumbnail were there.
  const [one, two] = await Promise.all([thumbnail(page, 1).boundingBox(), thumbnail(page, 2).boundingBox()]);
  expect(await list.evaluate((element) => element.scrollWidth)).toBeCloseTo(149 * (two!.x - one!.x) + one!.width, 0);

  // Dragging the scrollbar to its end: photo 150, numbered as the coach counts it.
  await list.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect.poll(() => shownInStrip(page, 150)).toBe(true);
  await expect(thumbnail(page, 150).locator('.photo-number')).toHaveText('150');
  await expect(thumbnail(page, 150)).toBeVisible();
  now = await inPage(page);
  few(now.places);
  expect(now.places).toContain(150);
  expect(await blanks(page)).toEqual([]);

  // The wheel, back towards the start a step at a time: the thumbnails are there at every step.
  const box = (await list.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let step = 0; step < 12; step += 1) {
    await page.mouse.wheel(-300, 0);
    expect(await blanks(page), `after ${step + 1} steps of the wheel`).toEqual([]);
  }
  few((await inPage(page)).places);

  // The keyboard: one Tab stop, then the arrows, End and Home move along all 150.
  await strip(page).getByRole('button', { name: 'Add from phone' }).focus();
  await page.keyboard.press('Tab');
  await expect(thumbnail(page, 1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(thumbnail(page, 150)).toBeFocused();
  await expect.poll(() => shownInStrip(page, 150)).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await expect(thumbnail(page, 149)).toBeFocused();
  await expect(page.locator(':focus').locator('xpath=..')).toHaveAttribute('aria-posinset', '149');
  await page.keyboard.press('Home');
  await expect(thumbnail(page, 1)).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(strip(page).locator('.photo:focus')).toHaveCount(1);
  await expect.poll(async () => (await inPage(page)).places.length).toBeLessThan(30);
  await page.keyboard.press('End');
  // Scrolled away with the wheel, the focused thumbnail stays (focus is not lost), and Tab leaves the strip. (The
  // wheel scrolls smoothly: its scroll is over before the test goes on, or its tail would undo what focus scrolls.)
  await page.mouse.wheel(-2000, 0);
  await expect.poll(() => shownInStrip(page, 150)).toBe(false);
  await scrollSettled(list);
  await expect(thumbnail(page, 150)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(strip(page).locator('.photo:focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(thumbnail(page, 150)).toBeFocused();
  await expect.poll(() => shownInStrip(page, 150)).toBe(true);
  await page.screenshot({ path: shotPath('strip-150-end-1280x800.png') });
});

test('the photo the coach is talking about, far along a strip of 150, is scrolled into view and highlighted', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await openHeavy(page, 150, 139);
  await expect(thumbnail(page, 140)).toHaveAttribute('aria-current', 'true');
  await expect(thumbnail(page, 140)).toHaveAccessibleName(/^View photo 140, room-140\.jpg \(the coach is talking about this one\)$/);
  await expect.poll(() => shownInStrip(page, 140)).toBe(true);
  expect((await inPage(page)).places.length).toBeLessThan(30);
});
