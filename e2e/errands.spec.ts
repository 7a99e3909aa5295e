/**
 * Trips across rooms (docs/rooms.md, "Trips to make"), in web mode with no model and the clock injected: two ended
 * sessions, in the office and the bedroom, whose exit plans send things to the same places, typed differently. Home
 * gathers them by destination; a tick in an errand is the tick in its session's exit plan, and the other way round,
 * and the rooms' figures follow.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PileItem } from '../src/shared/session/schema';
import { expectAccessible } from './support/axe';
import { dialog, showTheme } from './support/page';
import { decided, writeEndedSession } from '../test-support/logged-session';
import { shotPath } from './support/screenshots';
import { NO_DETECTOR, startWebMode, stopAndRemove, type RunningWebMode } from './support/web-mode';

const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2026, 10, 2, 9);

let app: RunningWebMode | undefined;
let folder: string | undefined;

test.afterEach(async () => {
  await stopAndRemove(app, folder);
  app = undefined;
  folder = undefined;
});

const thing = (id: string, name: string, outcome: PileItem['outcome'], location?: string) => decided(id, name, outcome, START, location);
const endedSession = (dataDir: string, id: string, day: number, spaceFunction: string, things: PileItem[]) => writeEndedSession(dataDir, id, START + day * DAY, spaceFunction, things);

const errand = (page: Page, title: string) => page.getByTestId('errands').getByTestId('errand').filter({ hasText: title });

test('Home gathers the exit plans of two rooms into trips, ticked in either view', async ({ page }) => {
  test.setTimeout(240_000);
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-errands-'));
  const books = ['b1', 'b2', 'b3'].map((id) => thing(id, 'book', 'donate'));
  await endedSession(
    folder,
    'office-visit',
    0,
    'Work',
    [...books, thing('rc', 'receipts', 'trash'), thing('in', 'empty inhaler', 'recycle', 'the pharmacy'), thing('co', 'old coat', 'place', 'the charity shop'), thing('la', 'lamp', 'keep')],
  );
  await endedSession(
    folder,
    'bedroom-visit',
    2,
    'Sleep',
    [thing('ju', 'jumper', 'donate'), thing('pi', 'old pills', 'recycle', 'Pharmacy'), thing('bo', 'boots', 'place', 'Charity shop'), thing('di', 'casserole dish', 'place', "mum's")],
  );
  app = await startWebMode({ TIDY_CLOCK_START: new Date(START + 5 * DAY).toISOString(), TIDY_TEST_CLOCK: 'manual' }, { dataDir: folder, settings: { ...NO_DETECTOR, theme: 'dark' } });
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');

  // Home: the two rooms, and one trip per destination, however it was typed, from both rooms.
  const home = page.getByTestId('home');
  await expect(home.getByTestId('room-card')).toHaveCount(2);
  const bedroom = home.getByTestId('room-card').filter({ hasText: 'Bedroom' });
  await expect(bedroom).toContainText('4 trips to make');
  const errands = page.getByTestId('errands');
  await expect(errands.getByTestId('errand').locator('summary')).toHaveText([
    'Trash: 1 thing, from the office',
    'Recycling (the pharmacy): 2 things, from the office and the bedroom',
    'Donation: 4 things, from the office and the bedroom',
    'To the charity shop: 2 things, from the office and the bedroom',
    "To mum's: 1 thing, from the bedroom",
  ]);
  await expect(errands).not.toContainText(/overdue|late|behind/i);

  // Opened: its things, each from its room, a tick each. Ticking the boots ticks them in the bedroom's plan.
  const shop = errand(page, 'To the charity shop');
  await shop.locator('summary').click();
  await expect(shop.getByRole('checkbox')).toHaveCount(2);
  await expect(shop.locator('.errand-room')).toHaveText(['Office', 'Bedroom']);
  await shop.getByRole('checkbox', { name: /boots/ }).check();
  await expect(shop.locator('summary')).toHaveText('To the charity shop: 1 thing, from the office');
  // The bedroom's trip to the charity shop is done; the office's is not.
  const office = home.getByTestId('room-card').filter({ hasText: 'Office' });
  await expect(bedroom).toContainText('3 trips to make');
  await expect(office).toContainText('4 trips to make');
  await shop.getByRole('checkbox', { name: /old coat/ }).check();
  // All ticked: the trip comes after the others, still open, and the office has one trip fewer too.
  await expect(errands.getByTestId('errand').last().locator('summary')).toHaveText('To the charity shop: all 2 done, from the office and the bedroom');
  await expect(shop.getByRole('checkbox', { name: /old coat/ })).toBeChecked();
  await expect(office).toContainText('3 trips to make');

  // The books opened too, for the shots.
  await errand(page, 'Donation').locator('summary').click();
  await expect(errand(page, 'Donation').getByRole('checkbox', { name: /books ×3/ })).toBeVisible();
  await errands.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'Home with its trips to make, dark');
  await page.screenshot({ path: shotPath('home-errands-800x600.png') });
  await page.setViewportSize({ width: 1200, height: 900 });
  await errands.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('home-errands-dark.png') });
  await showTheme(page, 'light');
  await expectAccessible(page, 'Home with its trips to make, light');
  await page.screenshot({ path: shotPath('home-errands-light.png') });

  // The bedroom's plan (the start notice offers it): the boots are ticked there. A tick there shows on Home.
  await page.getByTestId('exit-plan-notice').getByRole('button', { name: 'Open plan' }).click();
  const plan = page.getByTestId('exit-plan-dialog');
  await expect(plan.getByRole('checkbox', { name: 'boots' })).toBeChecked();
  await expect(plan.getByRole('checkbox', { name: 'jumper' })).not.toBeChecked();
  await plan.getByRole('checkbox', { name: 'jumper' }).check();
  await expect(plan.getByTestId('exit-plan-progress')).toHaveText('2 of 4 done');
  await plan.getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(errand(page, 'Donation').locator('summary')).toHaveText('Donation: 3 things, from the office');
  await expect(errand(page, 'Donation').getByRole('checkbox', { name: /jumper/ })).toBeChecked();
});
