/**
 * Add from phone: the window shows a QR code and its address; a phone (a second Chromium page with a phone's screen,
 * touch and browser) opens the upload page and sends three photos, one of them HEIC, and the window shows each as it
 * arrives. Web mode listens for the phone on 127.0.0.1 here (TIDY_PHONE_ADDRESS): tests never reach another address.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expectAccessible } from './support/axe';
import { shotPath } from './support/screenshots';
import { NO_DETECTOR, startWebMode, type RunningWebMode } from './support/web-mode';
import { chooseTheme } from './support/page';

const IPHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};

let app: RunningWebMode | undefined;
/** The phones' own browser contexts: closed after each test, as the worker's browser outlives it. */
const phones: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(phones.splice(0).map((context) => context.close()));
  await app?.stop();
  app = undefined;
});

const panel = (page: Page) => page.getByTestId('phone-panel');
const strip = (page: Page) => page.getByRole('region', { name: 'Photos of the room' });

async function openWindow(page: Page, theme: 'dark' | 'light' = 'dark'): Promise<void> {
  app = await startWebMode({ TIDY_PHONE_ADDRESS: '127.0.0.1' }, { settings: NO_DETECTOR });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await chooseTheme(page, theme);
}

/** Opens the panel and reads the address its QR code carries. */
async function openPanel(page: Page): Promise<string> {
  await strip(page).getByRole('button', { name: 'Add from phone' }).click();
  await expect(panel(page).getByRole('img', { name: 'QR code of the address below' })).toBeVisible();
  return (await panel(page).locator('.phone-url').textContent())!;
}

async function phone(browser: Browser, url: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ ...IPHONE, colorScheme });
  phones.push(context);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Send photos to Tidying' })).toBeVisible();
  return page;
}

async function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();
}

test('a phone sends three photos, one HEIC, and the window shows each as it arrives', async ({ page, browser }) => {
  await openWindow(page);
  const url = await openPanel(page);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[2-9a-km-zA-HJ-NP-Z]{12}\/$/);

  const iphone = await phone(browser, url);
  await expect(panel(page).getByRole('list', { name: 'Phones' })).toContainText('iPhone connected');

  // A photo taken with the camera arrives in the window on its own...
  await iphone.locator('#camera').setInputFiles([{ name: 'image.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#55705f') }]);
  await expect(strip(page).locator('.count')).toHaveText('1');
  await expect(iphone.getByRole('list', { name: 'Photos sent' }).getByText('In the window')).toHaveCount(1);
  // ...then two from the library, chosen at once, one of them HEIC: the page sends them one after another.
  const heic = readFileSync(path.resolve(import.meta.dirname, '../src/main/photos/fixtures/coffee.heic'));
  await iphone.locator('#library').setInputFiles([
    { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic },
    { name: 'IMG_0002.JPG', mimeType: 'image/jpeg', buffer: await jpeg('#6a6f7a') },
  ]);
  await expect(strip(page).locator('.count')).toHaveText('3');
  await expect(iphone.getByRole('list', { name: 'Photos sent' }).getByText('In the window')).toHaveCount(3);
  await expect(iphone.getByRole('status')).toHaveText('3 photos are in the window. You can send more.');
  await iphone.screenshot({ path: shotPath('phone-page-sent.png') });

  // The HEIC photo is in the strip as a photo like the others (decoded, turned into the stored JPEG and thumbnail).
  const thumbnails = strip(page).locator('img');
  await expect(thumbnails).toHaveCount(3);
  for (const image of await thumbnails.all()) {
    await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);
  }
  await expect(strip(page).getByRole('button', { name: 'View photo 2, IMG_0001.HEIC' })).toBeVisible();

  // The panel lists the phone and shows what arrived.
  await expect(panel(page).getByRole('list', { name: 'Phones' })).toContainText('iPhone 3 photos');
  await expect(panel(page)).toContainText('3 photos arrived');
  await expect(panel(page).locator('.phone-arrived img')).toHaveCount(3);
  // The coach starts on the phone's photos as on dropped ones, but its card waits while the panel is open (the person
  // is busy with the phone, and sees each photo arrive in the panel). Closed, the panel stops listening, and the card
  // is there.
  const card = page.getByTestId('question-dialog');
  await expect(card).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await expect(card).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: shotPath('phone-window-arrived.png') });
  const asked = (await page.locator(`[id="${await card.getAttribute('aria-labelledby')}"]`).textContent())!;

  // The card has its own Add from phone (the page's is behind it): the panel sets the card aside, a new address
  // opens, and a fourth photo arrives; closed again, the same card comes back.
  await card.getByRole('button', { name: 'Add from phone' }).click();
  await expect(card).toHaveCount(0);
  await expect(panel(page).getByRole('img', { name: 'QR code of the address below' })).toBeVisible();
  const again = (await panel(page).locator('.phone-url').textContent())!;
  expect(again).not.toBe(url);
  await iphone.goto(again);
  await iphone.locator('#library').setInputFiles([{ name: 'IMG_0004.JPG', mimeType: 'image/jpeg', buffer: await jpeg('#7a6a5f') }]);
  await expect(panel(page)).toContainText('1 photo arrived');
  await expect(strip(page).locator('.count')).toHaveText('4');
  await expect(card).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await expect(card).toHaveAccessibleName(asked);
});

test('the window ends a phone’s connection, and closing the panel stops listening', async ({ page, browser }) => {
  await openWindow(page);
  const url = await openPanel(page);
  const iphone = await phone(browser, url);
  await expect(panel(page).getByRole('list', { name: 'Phones' })).toContainText('iPhone connected');
  await panel(page).getByRole('button', { name: 'End connection' }).click();
  await expect(panel(page).getByRole('list', { name: 'Phones' })).toContainText('iPhone ended');
  await iphone.locator('#library').setInputFiles([{ name: 'IMG_0009.JPG', mimeType: 'image/jpeg', buffer: await jpeg('#887766') }]);
  await expect(iphone.getByRole('list', { name: 'Photos sent' })).toContainText(/Not sent|ended/);
  await expect(strip(page).locator('.count')).toHaveText('0');

  await panel(page).getByRole('button', { name: 'Close' }).click();
  await expect(panel(page)).toHaveCount(0);
  const answer = await page.evaluate(async (address) => fetch(address).then((response) => response.status, () => 'unreachable'), url);
  expect(answer).toBe('unreachable');
});

test('two windows share one link; closing it in one says so in the other, which can open a new one', async ({ page, context }) => {
  await openWindow(page);
  const url = await openPanel(page);
  const other = await context.newPage();
  await other.goto(app!.url);
  await expect(other.getByTestId('connection')).toHaveText('Connected');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await openPanel(other)).toBe(url);
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await expect(panel(other)).toContainText('The connection to your phone was closed in another window of Tidying.');
  await panel(other).getByRole('button', { name: 'Open again' }).click();
  await expect(panel(other).getByRole('img', { name: 'QR code of the address below' })).toBeVisible();
  expect(await panel(other).locator('.phone-url').textContent()).not.toBe(url);
});

test('the panel as a phone’s photos arrive, with one already here and one it could not read, at 1200x760 and 800x600', async ({ page, browser }) => {
  await openWindow(page);
  const url = await openPanel(page);
  const iphone = await phone(browser, url);
  const heic = readFileSync(path.resolve(import.meta.dirname, '../src/main/photos/fixtures/coffee.heic'));
  const photo = await jpeg('#6a6f7a');
  await iphone.locator('#library').setInputFiles([
    { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic },
    { name: 'IMG_0002.JPG', mimeType: 'image/jpeg', buffer: photo },
    { name: 'IMG_0003.HEIC', mimeType: 'image/heic', buffer: heic.subarray(0, 4000) },
    { name: 'IMG_0002 copy.JPG', mimeType: 'image/jpeg', buffer: photo },
  ]);
  const sent = iphone.getByRole('list', { name: 'Photos sent' });
  await expect(sent.getByText('In the window')).toHaveCount(2);
  await expect(sent.getByText('Already there')).toHaveCount(1);
  await expect(sent).toContainText('It looks like a HEIC file but could not be decoded');
  // A long reason goes under the file's name, which stays on one line.
  const damaged = sent.getByRole('listitem').filter({ hasText: 'IMG_0003.HEIC' }).locator('.name');
  expect(await damaged.evaluate((element) => element.getClientRects().length === 1 && element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  expect((await damaged.boundingBox())!.height).toBeLessThan(40);
  await iphone.screenshot({ path: shotPath('phone-page-problems.png') });
  await expectAccessible(iphone, 'the phone’s upload page with a photo it could not send');

  await expect(panel(page).getByRole('list', { name: 'Phones' })).toContainText('iPhone 2 photos, 1 already here');
  await expect(panel(page)).toContainText('IMG_0003.HEIC: It looks like a HEIC file but could not be decoded');
  await expect(panel(page)).toContainText('2 photos arrived');
  for (const image of await panel(page).locator('.phone-arrived img').all()) {
    await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);
  }
  await expect(page.getByTestId('question-dialog')).toHaveCount(0);
  await page.screenshot({ path: shotPath('phone-panel-arrived.png') });
  await expectAccessible(page, 'the Add from phone panel as photos arrive');
  await page.setViewportSize({ width: 800, height: 600 });
  // Taller than the window there: the panel scrolls within itself, never sideways, and its last line is reached.
  expect(await panel(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await panel(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(panel(page).locator('.phone-arrived img').last()).toBeInViewport();
  await page.screenshot({ path: shotPath('phone-panel-arrived-800x600.png') });
  // The coach's card waited behind the panel all along.
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('question-dialog')).toBeVisible({ timeout: 60_000 });
});

for (const theme of ['dark', 'light'] as const) {
  test(`the panel fits at 800x600 and 1920x1080, and the phone's page at a phone's size, ${theme} theme`, async ({ page, browser }) => {
    await openWindow(page, theme);
    const url = await openPanel(page);
    const iphone = await phone(browser, url, theme);
    await expect(panel(page).getByRole('list', { name: 'Phones' })).toContainText('iPhone connected');
    for (const [width, height] of [
      [800, 600],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The QR code and the address are whole in the window (the panel scrolls if it must, never sideways).
      const qr = await panel(page).getByRole('img', { name: 'QR code of the address below' }).boundingBox();
      expect(qr!.width).toBeGreaterThanOrEqual(150);
      expect(await panel(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await page.screenshot({ path: shotPath(`phone-panel-${width}x${height}-${theme}.png`) });
    }
    await expectAccessible(page, `the Add from phone panel, ${theme}`);
    expect(await iphone.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await expectAccessible(iphone, `the phone's upload page, ${theme}`);
    await iphone.screenshot({ path: shotPath(`phone-page-${theme}.png`) });
  });
}
