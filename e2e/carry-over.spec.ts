/**
 * Next time, in web mode with no model: a session leaves three things unsure and ends; the next one offers them
 * ("Last time (Work): 3 unsure items. Start with those?"), and taking them up brings them back as the first cards.
 * Starting fresh declines the offer for good.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expectAccessible } from './support/axe';
import { dialog, say } from './support/page';
import { shotPath } from './support/screenshots';
import { startWebMode, stopAndRemove, type RunningWebMode } from './support/web-mode';

let app: RunningWebMode | undefined;
/** Passed to web mode, so it outlives a restart; removed here. */
let folder: string | undefined;

test.afterEach(async () => {
  await stopAndRemove(app, folder);
  app = undefined;
  folder = undefined;
});

const UNSURE = ['old mug', 'tangled cable', 'shoebox'];

/** A data folder in the dark theme, without the detector (the photos here are typed, not dropped). */
async function dataFolder(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-carry-'));
  folder = dataDir;
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ theme: 'dark', detection: false }));
  return dataDir;
}

/** The first session: Work, the desk stays, three things named and left "Not sure yet", then stopped; a new one starts. */
async function leaveThreeUnsure(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await say(page, 'hello');
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await dialog(page).getByRole('textbox').fill('desk');
  await dialog(page).getByRole('textbox').press('Enter');
  for (const item of UNSURE) {
    await dialog(page).getByRole('button', { name: 'Other...' }).click();
    await dialog(page).getByRole('textbox').fill(item);
    await dialog(page).getByRole('textbox').press('Enter');
    await expect(dialog(page)).toContainText(item, { ignoreCase: true });
    await dialog(page).getByRole('button', { name: 'Not sure yet' }).click();
  }
  await expect(page.getByTestId('pile-undecided').locator('.count')).toHaveText('3');
  await dialog(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  await page.getByRole('button', { name: 'Start a new session' }).click();
}

test('a new session offers what the last one left; taking it up brings those items back first, as cards', async ({ page }) => {
  test.setTimeout(90_000);
  app = await startWebMode({}, { dataDir: await dataFolder() });
  await leaveThreeUnsure(page, app.url);

  const offer = page.getByTestId('carry-offer');
  await expect(offer).toContainText('Last time (Work): 3 unsure items. Start with those?');
  await expect(page.getByTestId('pile-undecided').locator('.count')).toHaveText('0');
  await expectAccessible(page, 'the offer, dark theme');
  await page.screenshot({ path: shotPath('carry-over-offer-dark.png') });
  await page.setViewportSize({ width: 800, height: 600 });
  await expect(offer.getByRole('button', { name: 'Start fresh' })).toBeInViewport();
  await page.screenshot({ path: shotPath('carry-over-offer-800x600.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('settings-dialog').getByRole('radio', { name: 'Light' }).check();
  await page.getByTestId('settings-dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectAccessible(page, 'the offer, light theme');
  await page.screenshot({ path: shotPath('carry-over-offer-light.png') });

  // From the keyboard: Tab reaches the choice, Enter takes it.
  await offer.getByRole('button', { name: 'Start with those' }).focus();
  await page.keyboard.press('Enter');
  await expect(offer).toHaveCount(0);
  await expect(page.getByTestId('messages')).toContainText('Picking up where you stopped last time: Work. 3 things you weren’t sure about');
  // No question about the space again: the first card is the first thing left unsure, saying so.
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Old mug');
  await expect(dialog(page).locator('.dialog-where')).toHaveText('Left unsure last time');
  await page.screenshot({ path: shotPath('carry-over-first-card.png') });
  await page.keyboard.press('1');
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Tangled cable');
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');
});

test('starting fresh declines the offer: it goes, and is not made again after a restart', async ({ page }) => {
  test.setTimeout(90_000);
  const dataDir = await dataFolder();
  app = await startWebMode({}, { dataDir });
  await leaveThreeUnsure(page, app.url);
  const offer = page.getByTestId('carry-offer');
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Start fresh' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByTestId('pile-undecided').locator('.count')).toHaveText('0');

  // A restart on the same folder: a fresh session, and no offer (it would come with the first render after connecting).
  await app.stop();
  app = await startWebMode({}, { dataDir });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.getByTestId('messages')).toContainText('it all works offline');
  await page.waitForTimeout(1000);
  await expect(offer).toHaveCount(0);
  await say(page, 'hello');
  await expect(dialog(page).getByRole('radio', { name: 'Work' })).toBeVisible();
});
