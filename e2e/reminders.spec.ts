/**
 * Reminders on trips (docs/rooms.md, "Reminders"), in web mode with no model and the clock injected: three ended
 * sessions in three rooms send things to the same places. Home gathers them into trips; a reminder is set on two; the
 * one due this evening comes as one browser notification (leave asked for only when a reminder is set); the app is
 * closed and started after the other's time, which shows once, quietly, as a card on Home, and not at the start after;
 * a trip saves as a calendar file; a tick in a trip is the tick in its session's plan.
 */
import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PileItem } from '../src/shared/session/schema';
import { expectAccessible } from './support/axe';
import { dialog, showTheme } from './support/page';
import { decided, writeEndedSession } from '../test-support/logged-session';
import { shotPath } from './support/screenshots';
import { NO_DETECTOR, startWebMode, stopAndRemove, type RunningWebMode } from './support/web-mode';

const DAY = 24 * 60 * 60_000;
const VISITS = Date.UTC(2026, 10, 20, 10);
// Thursday 26 November 2026, 8:15 in the morning, in a time zone the test sets (words are said in main's local time).
const THURSDAY = Date.UTC(2026, 10, 26, 8, 15);
const ZONE = { TZ: 'Europe/London' };

let app: RunningWebMode | undefined;
let folder: string | undefined;

test.afterEach(async () => {
  await stopAndRemove(app, folder);
  app = undefined;
  folder = undefined;
});

const thing = (id: string, name: string, outcome: PileItem['outcome'], location?: string) => decided(id, name, outcome, VISITS, location);
const endedSession = (dataDir: string, id: string, day: number, spaceFunction: string, things: PileItem[]) => writeEndedSession(dataDir, id, VISITS + day * DAY, spaceFunction, things);

/** What the page's stand-in for the browser's Notification saw: notifications shown, and how often leave was asked. */
interface NotificationRecord {
  shown: Array<{ title: string; body?: string; tag?: string; silent: boolean }>;
  asked: number;
}
type Leave = 'default' | 'granted' | 'denied';

/** The browser's Notification, recorded: leave is asked for (and given) only when the page asks. */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: NotificationRecord = { shown: [], asked: 0 };
    class RecordedNotification {
      static permission: Leave = 'default';
      static requestPermission(): Promise<Leave> {
        record.asked += 1;
        RecordedNotification.permission = 'granted';
        return Promise.resolve('granted');
      }
      constructor(title: string, options: { body?: string; tag?: string; silent?: boolean } = {}) {
        record.shown.push({ title, ...(options.body ? { body: options.body } : {}), ...(options.tag ? { tag: options.tag } : {}), silent: options.silent ?? false });
      }
    }
    Object.assign(globalThis, { Notification: RecordedNotification, notifications: record });
  });
}

const notifications = (page: Page) => page.evaluate(() => (globalThis as unknown as { notifications: NotificationRecord }).notifications);
const trip = (page: Page, title: string) => page.getByTestId('errands').getByTestId('errand').filter({ hasText: title });

async function open(page: Page, at: number): Promise<void> {
  app = await startWebMode({ ...ZONE, TIDY_CLOCK_START: new Date(at).toISOString(), TIDY_TEST_CLOCK: 'manual' }, { dataDir: folder!, settings: { ...NO_DETECTOR, theme: 'dark' } });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.getByTestId('home').getByTestId('room-card')).toHaveCount(3);
}

test('a reminder set on a trip across three rooms comes once at its time, or once on the next start, and the trip goes in a calendar', async ({ page }) => {
  test.setTimeout(240_000);
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-reminders-'));
  await endedSession(folder, 'office-visit', 0, 'Work', [
    ...['b1', 'b2', 'b3'].map((id) => thing(id, 'book', 'donate')),
    thing('rc', 'receipts', 'trash'),
    thing('la', 'lamp', 'keep'),
  ]);
  await endedSession(folder, 'bedroom-visit', 1, 'Sleep', [thing('ju', 'jumper', 'donate'), thing('di', 'casserole dish', 'place', "mum's")]);
  await endedSession(folder, 'kitchen-visit', 2, 'Cooking', [thing('bl', 'blender', 'donate'), thing('tu', 'tupperware', 'place', "Mum's")]);
  await page.setViewportSize({ width: 800, height: 600 });
  await recordNotifications(page);
  await open(page, THURSDAY);

  // Home gathers the three rooms' plans by where things go.
  const errands = page.getByTestId('errands');
  await expect(errands.getByTestId('errand').locator('summary')).toHaveText([
    'Trash: 1 thing, from the office',
    'Donation: 5 things, from the office, the bedroom and the kitchen',
    "To mum's: 2 things, from the bedroom and the kitchen",
  ]);

  // Remind me on the donation trip: the plain times, as the clock reads them now.
  const donation = trip(page, 'Donation');
  await donation.locator('summary').click();
  await donation.getByRole('button', { name: 'Remind me' }).click();
  const picker = donation.getByTestId('reminder-picker');
  await expect(picker.getByRole('button')).toHaveText(['This evening7 pm', 'Tomorrow morning9 am', 'Saturday10 am, 28 November', 'Remind me then', 'Not now']);
  await expect(picker.getByLabel('Or pick a day (10 am)')).toHaveAttribute('min', '2026-11-27');
  await picker.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'A trip’s reminder picker, dark');
  await page.screenshot({ path: shotPath('reminder-picker-800x600-dark.png') });
  await showTheme(page, 'light');
  await expectAccessible(page, 'A trip’s reminder picker, light');
  await page.screenshot({ path: shotPath('reminder-picker-800x600-light.png') });
  await showTheme(page, 'dark');
  // Nothing asked the browser for leave to notify until a reminder is set.
  expect((await notifications(page)).asked).toBe(0);
  // The picker takes focus as it opens; Escape closes it and gives focus back to what opened it.
  await expect(picker.getByRole('button', { name: /This evening/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(donation.getByRole('button', { name: 'Remind me' })).toBeFocused();
  await page.keyboard.press('Enter');
  await picker.getByRole('button', { name: /Tomorrow morning/ }).click();
  await expect(donation.getByTestId('errand-reminder')).toHaveText('I’ll remind you tomorrow at 9 am.');
  await expect(donation.locator('summary')).toHaveText('Donation: 5 things, from the office, the bedroom and the kitchen · reminder tomorrow at 9 am');
  expect((await notifications(page)).asked).toBe(1);
  // Home's trips with the reminder set, in both themes at the smallest window.
  await donation.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('home-errands-reminder-800x600-dark.png') });
  await showTheme(page, 'light');
  await page.screenshot({ path: shotPath('home-errands-reminder-800x600-light.png') });
  await showTheme(page, 'dark');

  // The trip as a calendar file, at its reminder's time, with its things: read by an iCalendar parser.
  const saving = page.waitForEvent('download');
  await donation.getByRole('button', { name: 'Add to calendar' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe('tidying-trip-donation.ics');
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8'))).getFirstSubcomponent('vevent')!);
  expect(event.summary).toBe('Trip: Donation');
  expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-27T09:00:00.000Z');
  expect(event.description).toContain('- books ×3 (Office)\n- jumper (Bedroom)\n- blender (Kitchen)');
  await expect(donation.getByRole('status')).toContainText('Saving tidying-trip-donation.ics: open it to put the trip in your calendar, tomorrow at 9 am');

  // Mum's this evening. At 7 pm: one notification, silent, saying what to take where; a card on Home.
  const mums = trip(page, "To mum's");
  await mums.locator('summary').click();
  await mums.getByRole('button', { name: 'Remind me' }).click();
  await mums.getByTestId('reminder-picker').getByRole('button', { name: /This evening/ }).click();
  await expect(mums.getByTestId('errand-reminder')).toHaveText('I’ll remind you this evening at 7 pm.');
  await app!.advanceClock(Date.UTC(2026, 10, 26, 19) - THURSDAY - 1);
  await expect(page.getByTestId('reminder-due')).toHaveCount(0);
  await app!.advanceClock(1);
  await expect(page.getByTestId('reminder-due')).toHaveCount(1);
  await expect(page.getByTestId('reminder-due')).toContainText("A trip you planned for this evening at 7 pmTo mum's: 2 things, from the bedroom and the kitchen");
  expect((await notifications(page)).shown).toEqual([
    { title: 'A trip you planned', body: "To mum's: 2 things, from the bedroom and the kitchen.", tag: 'tidying-reminder', silent: true },
  ]);
  // The donation's reminder is still to come, said from the evening.
  await expect(donation.getByTestId('errand-reminder')).toHaveText('I’ll remind you tomorrow at 9 am.');

  // Closed, and started the next afternoon: the morning's reminder waits on Home, once, with no notification.
  await app!.stop();
  await open(page, Date.UTC(2026, 10, 27, 15));
  const due = page.getByTestId('reminder-due');
  await expect(due).toHaveCount(1);
  await expect(due.getByRole('heading')).toHaveText('A trip you planned for this morning at 9 am');
  await expect(due).toContainText('Donation: 5 things, from the office, the bedroom and the kitchen');
  await expect(page.getByTestId('home')).not.toContainText(/overdue|late|missed|behind/i);
  expect((await notifications(page)).shown).toEqual([]);
  await expectAccessible(page, 'A reminder that came due, dark');
  await page.screenshot({ path: shotPath('reminder-due-800x600-dark.png') });
  await showTheme(page, 'light');
  await expectAccessible(page, 'A reminder that came due, light');
  await page.screenshot({ path: shotPath('reminder-due-800x600-light.png') });
  await showTheme(page, 'dark');

  // Its way on: the things, where a tick is the tick in the kitchen's own plan.
  await due.getByRole('button', { name: 'Show the things' }).click();
  await expect(donation.getByRole('checkbox', { name: /blender/ })).toBeVisible();
  await donation.getByRole('checkbox', { name: /blender/ }).check();
  await expect(due).toContainText('Donation: 4 things, from the office and the bedroom');
  await page.getByTestId('exit-plan-notice').getByRole('button', { name: 'Open plan' }).click();
  const plan = page.getByTestId('exit-plan-dialog');
  await expect(plan.getByRole('checkbox', { name: 'blender' })).toBeChecked();
  await expect(plan.getByRole('checkbox', { name: 'tupperware' })).not.toBeChecked();
  await plan.getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Started again: it had its showing.
  await app!.stop();
  await open(page, Date.UTC(2026, 10, 27, 16));
  await expect(page.getByTestId('errands').getByTestId('errand').first()).toBeVisible();
  await expect(page.getByTestId('reminder-due')).toHaveCount(0);
  await expect(trip(page, 'Donation').locator('summary')).toHaveText('Donation: 4 things, from the office and the bedroom');
  expect((await notifications(page)).shown).toEqual([]);
});

/** Where Home's trips, a reminder's card or its picker go past the window's edge, in words a failure can carry. */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const problems = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) problems.push('the page scrolls sideways: ' + root.scrollWidth + ' px wide in a ' + width + ' px window');
    for (const element of document.querySelectorAll('.errand, .errand-summary, .reminder-due, .reminder-picker, .reminder-option, .errand-buttons button')) {
      const box = element.getBoundingClientRect();
      if (box.right > width + 0.5) problems.push(element.className + ' ends at ' + Math.round(box.right) + ' px in a ' + width + ' px window');
    }
    return problems;
  })()`);
}

test('a home of eight rooms with long names and long trips fits every window, with a reminder’s card and its picker', async ({ page }) => {
  test.setTimeout(240_000);
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-reminders-wide-'));
  const far = "my sister Margaret-Anne's flat on the other side of the river, past the big roundabout";
  for (let room = 0; room < 8; room += 1) {
    const things = Array.from({ length: 12 }, (_, index) =>
      thing(`r${room}-${index}`, `${['old', 'chipped', 'spare', 'tangled'][index % 4]!} ${['extension lead with a broken switch', 'picture frame', 'board game missing half its pieces', 'winter coat'][index % 4]!} ${index}`, index % 3 === 0 ? 'place' : 'donate', index % 3 === 0 ? far : undefined),
    );
    await endedSession(folder, `visit-${room}`, room % 4, `Room ${room + 1}: the one at the end of the upstairs landing with the sloping ceiling`, things);
  }
  await recordNotifications(page);
  await page.setViewportSize({ width: 800, height: 600 });
  app = await startWebMode({ ...ZONE, TIDY_CLOCK_START: new Date(THURSDAY).toISOString(), TIDY_TEST_CLOCK: 'manual' }, { dataDir: folder, settings: { ...NO_DETECTOR, theme: 'dark' } });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  const longTrip = trip(page, 'To my sister');
  await expect(longTrip.locator('summary')).toContainText('32 things');
  await longTrip.locator('summary').click();
  await longTrip.getByRole('button', { name: 'Remind me' }).click();
  for (const width of [800, 1024, 1440, 2560]) {
    await page.setViewportSize({ width, height: 600 });
    expect(await sideways(page), `${width} px, the picker open`).toEqual([]);
  }
  await longTrip.getByTestId('reminder-picker').getByRole('button', { name: /This evening/ }).click();
  // Main has it (the page says so) before its clock moves.
  await expect(longTrip.getByTestId('errand-reminder')).toHaveText('I’ll remind you this evening at 7 pm.');
  await app.advanceClock(Date.UTC(2026, 10, 26, 19) - THURSDAY);
  await expect(page.getByTestId('reminder-due')).toContainText('To my sister Margaret-Anne');
  for (const width of [2560, 1440, 1024, 800]) {
    await page.setViewportSize({ width, height: 600 });
    expect(await sideways(page), `${width} px, the reminder come due`).toEqual([]);
  }
  await page.getByTestId('reminder-due').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('reminder-due-long-800x600.png') });
});
