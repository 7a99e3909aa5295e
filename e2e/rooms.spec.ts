/**
 * Rooms that remember (docs/rooms.md), in web mode with no model and the clock injected (TIDY_CLOCK_START, standing
 * still there: TIDY_TEST_CLOCK): three sessions in one home office over four weeks. The first makes the room; the
 * second and third start from Home, confirm the room with one card and ask nothing already answered; the room's page
 * shows the three visits as a chart with its table, and its first photos beside its latest.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expectAccessible } from './support/axe';
import { dialog, dropFiles, pressAndWaitForNextCard, say, showTheme, lastStep } from './support/page';
import { shotPath } from './support/screenshots';
import { startWebMode, stopAndRemove, type RunningWebMode } from './support/web-mode';

const FIXTURES = path.resolve(import.meta.dirname, '../src/main/detection/fixtures');

let app: RunningWebMode | undefined;
let folder: string | undefined;

test.afterEach(async () => {
  await stopAndRemove(app, folder);
  app = undefined;
  folder = undefined;
});

/** The three visits: a first one, one three weeks later, and one a week after that. */
const FIRST = '2026-09-01T09:00:00Z';
const SECOND = '2026-09-22T09:00:00Z';
const THIRD = '2026-09-29T18:00:00Z';

/** Web mode on the data folder with its clock standing at `at` (the page words every time by main's clock). */
async function openAt(page: Page, at: string): Promise<void> {
  await app?.stop();
  app = await startWebMode({ TIDY_CLOCK_START: at, TIDY_TEST_CLOCK: 'manual' }, { dataDir: folder! });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
}

const photo = (name: string, folder = FIXTURES) => ({ name, data: readFileSync(path.join(folder, name)) });
/** A kitchen counter with two bottles and a cup, nobody there (src/main/eval/detection/photos/SOURCES.md). */
const KITCHEN = path.resolve(import.meta.dirname, '../src/main/eval/detection/photos');

/**
 * A screenshot of all of Home or a room's page: each scrolls inside the window under the header, so the window is made
 * as tall as the page for the shot, then set back.
 */
async function wholePage(page: Page, testId: 'home' | 'room-page', name: string) {
  const size = page.viewportSize()!;
  const height = (await page.evaluate(`(() => { const main = document.querySelector('[data-testid="${testId}"]'); return Math.ceil(main.getBoundingClientRect().top + main.scrollHeight); })()`)) as number;
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path: shotPath(name) });
  await page.setViewportSize(size);
}

/** The heading of the card on screen (a choice card's prompt, or a thing's name). */
const cardTitle = (page: Page) => dialog(page).locator('h2').first();

/** A card about the space itself: what it is for, or what has to stay. Never asked again in a room the coach knows. */
const SPACE_QUESTION = /mostly for|has to stay here/;

test('three sessions in one room over weeks: the second and third ask nothing already answered; Home and the room show the progress', async ({ page }) => {
  test.setTimeout(600_000);
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-rooms-'));
  await writeFile(path.join(folder, 'settings.json'), JSON.stringify({ theme: 'dark' }));
  await page.setViewportSize({ width: 1280, height: 860 });

  // 1 September: no rooms yet, so the window opens on the session. A photo of the room, what the room is for, what
  // stays; then one thing out to recycling, one left undecided, and stop for today.
  await openAt(page, FIRST);
  await expect(page.getByTestId('home')).toHaveCount(0);
  await dropFiles(page, [photo('kitchen.jpg', KITCHEN)]);
  await expect(dialog(page)).toContainText('What is this space mostly for?');
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await expect(page.locator('.photos .detecting')).toHaveCount(0, { timeout: 120_000 });
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page)).toContainText('What has to stay here');
  if (await dialog(page).getByRole('button', { name: 'Other...' }).count()) await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('desk, shelves');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page).getByRole('button', { name: 'Not sure yet' })).toBeVisible();
  await page.keyboard.press('1');
  await expect(page.getByTestId('things-decided')).not.toHaveText('Nothing decided yet');
  await expect(dialog(page).getByRole('button', { name: 'Not sure yet' })).toBeVisible();
  // Several of a kind are one card: taken one at a time, so one thing is left undecided.
  if (await dialog(page).getByRole('button', { name: 'One at a time' }).count()) await dialog(page).getByRole('button', { name: 'One at a time' }).click();
  await expect(cardTitle(page)).not.toHaveText(/^\d+ /);
  const leftUndecided = (await cardTitle(page).textContent())!;
  await dialog(page).getByRole('button', { name: 'Not sure yet' }).click();
  await expect(page.getByTestId('pile-undecided').locator('.count')).not.toHaveText('0');
  await dialog(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  await lastStep(page, 'for the recycling');
  const plan = page.getByTestId('session-ended').getByTestId('exit-plan');
  await plan.getByRole('checkbox').first().check();
  await expect(page.getByTestId('exit-plan-progress')).not.toHaveText(/^0 of/);

  // 22 September: the window opens on Home, with the office, when it was last visited and what waits there.
  await openAt(page, SECOND);
  const home = page.getByTestId('home');
  await expect(home).toBeVisible();
  const office = home.getByTestId('room-card').filter({ hasText: 'Office' });
  await expect(office).toContainText('Last visit 3 weeks ago');
  await expect(office).toContainText('1 undecided thing');
  await expect(home).not.toContainText(/overdue|score|less than/i);
  await expectAccessible(page, 'Home, dark theme');
  await page.screenshot({ path: shotPath('rooms-home-dark.png') });

  // Picking it: one card confirms the room; then what was left undecided, first. Nothing about the space is asked.
  await office.getByRole('button', { name: 'Tidy here' }).click();
  await expect(cardTitle(page)).toHaveText('Still your office, with the desk and the shelves staying?');
  await expect(dialog(page).getByRole('radio', { name: 'Yes' })).toBeVisible();
  await expect(dialog(page).getByRole('radio', { name: 'Something changed' })).toBeVisible();
  await expectAccessible(page, 'the returning card, dark theme');
  await page.screenshot({ path: shotPath('rooms-returning-card.png') });
  await page.keyboard.press('1');
  await expect(cardTitle(page)).toHaveText(leftUndecided);
  await expect(dialog(page).locator('.dialog-where')).toHaveText('Left unsure last time');
  await pressAndWaitForNextCard(page, '1');
  await expect(cardTitle(page)).not.toHaveText(SPACE_QUESTION);
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('old magazines');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(cardTitle(page)).toHaveText('Old magazines');
  await pressAndWaitForNextCard(page, '1');
  await expect(cardTitle(page)).not.toHaveText(SPACE_QUESTION);
  await dialog(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  await lastStep(page, 'put the bottle for the recycling by the door');
  await expect(page.getByTestId('session-ended')).toBeVisible();

  // 29 September: photos dropped on Home ask which room they are of, the rooms as one-tap choices.
  await openAt(page, THIRD);
  await expect(home).toBeVisible();
  await expect(office).toContainText('Last visit last week');
  await dropFiles(page, [photo('coffee.jpg')]);
  const which = page.getByTestId('which-room');
  await expect(which.getByRole('heading')).toHaveText('Which room is this?');
  await expect(which.getByRole('button')).toHaveText([/^1Office/, '2New room', 'Cancel']);
  await expectAccessible(page, 'Which room is this?');
  await page.screenshot({ path: shotPath('rooms-which-room.png') });
  await page.keyboard.press('1');
  await expect(cardTitle(page)).toHaveText('Still your office, with the desk and the shelves staying?');
  // The photo comes in while the card is read; the detector looks at it on this computer.
  await expect(page.getByTestId('import-summary')).toContainText('1 photo added.');
  await expect(page.locator('.photos .detecting')).toHaveCount(0, { timeout: 120_000 });
  await page.keyboard.press('1');
  await expect(page.getByTestId('messages')).toContainText('Picking up where you stopped last time: Work. Start with one easy thing: the cup');
  await expect(dialog(page).getByRole('button', { name: 'Not sure yet' })).toBeVisible();
  await expect(cardTitle(page)).not.toHaveText(SPACE_QUESTION);
  await pressAndWaitForNextCard(page, '1');
  await expect(cardTitle(page)).not.toHaveText(SPACE_QUESTION);
  await dialog(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  await expect(page.getByTestId('session-ended')).toBeVisible();

  // Home: the month across rooms; the office's page: three visits as a chart, the same numbers as a table.
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('month')).toContainText('3 visits to 1 room');
  await wholePage(page, 'home', 'rooms-home-month.png');
  await office.getByRole('button', { name: 'Progress' }).click();
  const room = page.getByTestId('room-page');
  await expect(room.getByRole('heading', { level: 1 })).toHaveText('Office');
  await expect(room.locator('.progress-chart svg g rect').first()).toBeVisible();
  const table = room.getByRole('table', { name: 'Things decided at each visit, in the four groups: the numbers' });
  await expect(table.locator('tbody tr th')).toHaveText(['1 Sep', '22 Sep', '29 Sep']);
  await expect(table.locator('tfoot tr th')).toHaveText('All');
  await expect(room.getByTestId('room-totals')).toContainText('3 visits');
  await expect(room.getByTestId('room-look-first')).toContainText(/1 Sep: 1 photo, \d+ loose things? the detector could see/);
  await expect(room.getByTestId('room-look-latest')).toContainText(/29 Sep: 1 photo, \d+ loose things? the detector could see/);
  await expect(room).not.toContainText(/overdue|score|less than|worse|behind/i);
  // The page scrolls inside the window, under the header: the window itself never does (a pixel of rounding aside).
  expect(await page.evaluate('document.documentElement.scrollHeight <= window.innerHeight + 1')).toBe(true);
  await expectAccessible(page, 'a room’s page, dark theme');
  await wholePage(page, 'room-page', 'rooms-room-dark.png');
  await showTheme(page, 'light');
  await expectAccessible(page, 'a room’s page, light theme');
  await wholePage(page, 'room-page', 'rooms-room-light.png');
  await page.setViewportSize({ width: 800, height: 600 });
  await expect(room.getByRole('button', { name: 'Tidy here' })).toBeInViewport();
  await page.screenshot({ path: shotPath('rooms-room-800x600.png') });
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  await room.getByRole('button', { name: '← Home' }).click();
  await expect(home).toBeVisible();
  await expectAccessible(page, 'Home, light theme');
  await page.screenshot({ path: shotPath('rooms-home-800x600-light.png') });
});

test('a room can be renamed, a session moved to a new room, and deleting a room asks what becomes of its sessions', async ({ page }) => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-rooms-'));
  await writeFile(path.join(folder, 'settings.json'), JSON.stringify({ theme: 'light', detection: false }));
  await openAt(page, FIRST);
  await say(page, 'hello');
  await dialog(page).getByRole('radio', { name: 'Sleep' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await dialog(page).getByRole('textbox').fill('bed');
  await dialog(page).getByRole('textbox').press('Enter');
  // The card just answered stays up while main takes the answer: Stop for today is pressed on the one after it.
  await expect(dialog(page)).not.toContainText('What has to stay here');
  await dialog(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  // Ended before Tidying closes (closed mid-stop, the session would reopen where it was, not on Home).
  await expect(page.getByTestId('session-ended')).toBeVisible();

  await openAt(page, SECOND);
  const card = page.getByTestId('room-card');
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Progress' }).click();
  const room = page.getByTestId('room-page');
  await room.getByRole('button', { name: 'Rename' }).click();
  await room.getByRole('textbox', { name: 'The room’s name' }).fill('Kids’ room');
  await room.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(room.getByRole('heading', { level: 1 })).toHaveText('Kids’ room');

  // Moved to a room of its own, the session leaves this one empty; deleting the empty room asks nothing more.
  await room.getByRole('combobox', { name: /Move the visit of 1 Sep to/ }).selectOption({ label: 'A new room' });
  await room.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(room.getByTestId('room-visit')).toHaveCount(0);
  await room.getByRole('button', { name: 'Delete room…' }).click();
  await expect(page.getByTestId('delete-room-dialog')).toContainText('It has no sessions.');
  await page.getByTestId('delete-room-dialog').getByRole('button', { name: 'Delete room' }).click();
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Bedroom');

  // A room with a session: deleting it asks, and keeping it changes nothing.
  await card.getByRole('button', { name: 'Progress' }).click();
  await room.getByRole('button', { name: 'Delete room…' }).click();
  const asked = page.getByTestId('delete-room-dialog');
  await expect(asked).toContainText('What becomes of its session?');
  await expectAccessible(page, 'deleting a room');
  await asked.getByRole('button', { name: 'Keep it' }).click();
  await expect(room.getByTestId('room-visit')).toHaveCount(1);

  // Photos dropped on a room's own page are of that room: nothing asks which, and its visit starts knowing it.
  await dropFiles(page, [photo('coffee.jpg')]);
  await expect(cardTitle(page)).toHaveText(/^Still your bedroom/);
  await expect(page.getByTestId('which-room')).toHaveCount(0);
  await expect(page.getByTestId('import-summary')).toContainText('1 photo added.');
});
