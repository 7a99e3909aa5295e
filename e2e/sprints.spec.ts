import { expect, test, type Page } from '@playwright/test';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expectAccessible } from './support/axe';
import { decide, dialog } from './support/page';
import { replayCheck } from './support/replay';
import { shotPath } from './support/screenshots';
import { NO_DETECTOR, startWebMode, stopAndRemove, type RunningWebMode } from './support/web-mode';


let app: RunningWebMode | undefined;
let dataDir: string | undefined;

test.afterEach(async () => {
  await stopAndRemove(app, dataDir);
  app = undefined;
  dataDir = undefined;
});

const sprint = (page: Page) => page.getByTestId('sprint');

// Sprints of a minute and breaks of three (TIDY_SPRINT_MS, TIDY_BREAK_MS), on a clock that moves only when the test
// moves it (TIDY_TEST_CLOCK): a sprint runs out where the test says, however slow the machine.
const SHORT = { TIDY_SPRINT_MS: '60000', TIDY_BREAK_MS: '180000', TIDY_TEST_CLOCK: 'manual' };

test('a sprint runs out: the coach finishes the thing in hand, checks in, a break is quiet and skippable, winding down ends with the summary, after photos sit beside the before with the exit plan; the log replays', async ({ page }) => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-sprints-'));
  app = await startWebMode(SHORT, { dataDir, settings: NO_DETECTOR });
  // Photos of the room start the session (and its first sprint): they are the before.
  const photos = path.join(dataDir, 'photos-to-add');
  await mkdir(path.join(photos, 'room'), { recursive: true });
  for (const [name, tint] of [['desk.jpg', '#6a5f55'], ['floor.jpg', '#5f6a55']] as const) {
    await writeFile(path.join(photos, 'room', name), await sharp({ create: { width: 800, height: 600, channels: 3, background: tint } }).jpeg().toBuffer());
  }
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(path.join(photos, 'room'));
  await expect(page.getByTestId('import-summary')).toContainText('2 photos added');
  await expect(sprint(page)).toContainText('Sprint 1');
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await dialog(page).getByRole('textbox').fill('desk');
  await dialog(page).getByRole('textbox').press('Enter');

  // Time is up while the coach waits to hear what the thing is: nothing interrupts, the header says so calmly.
  await expect(dialog(page)).toContainText('nearest thing you can pick up');
  await expect(sprint(page)).toContainText('under a minute left');
  await app.advanceClock(60_000);
  await expect(sprint(page)).toContainText('finishing this one');
  await expect(dialog(page)).toContainText('nearest thing you can pick up');
  await decide(page, 'coffee mug', '1');

  // The mug done, the check-in: keys pick at once.
  await expect(dialog(page)).toHaveAccessibleName('That’s a minute. How is your energy?');
  for (const [index, name] of ['Keep going: another minute', 'A 3-minute break', 'Wind down for today'].entries()) {
    await expect(dialog(page).getByRole('radio', { name, exact: true })).toHaveAttribute('aria-keyshortcuts', String(index + 1));
  }
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');
  await page.screenshot({ path: shotPath('sprint-check-in.png') });
  await expectAccessible(page, 'the sprint check-in');
  await page.keyboard.press('2');

  // A break: no card, a quiet timer in the header that can be skipped.
  await expect(dialog(page)).toHaveCount(0);
  await expect(sprint(page)).toContainText('Break');
  await expect(sprint(page)).toContainText('3 min');
  await expect(page.getByTestId('messages')).toContainText('A 3-minute break. The timer is quiet');
  await page.screenshot({ path: shotPath('sprint-break.png') });
  await expectAccessible(page, 'a break');
  // The timer is main's, and so is the time the page words it by: a minute on, then a reload, finds it where main has it.
  await app.advanceClock(60_000);
  await expect(sprint(page)).toContainText('2 min');
  await page.reload();
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(sprint(page)).toContainText('Break');
  await expect(sprint(page)).toContainText('2 min');
  await sprint(page).getByRole('button', { name: 'Skip break' }).click();

  // Back: the next sprint counts and the coach picks up with the next thing.
  await expect(sprint(page)).toContainText('Sprint 2');
  await expect(dialog(page)).toContainText('nearest thing you can pick up');
  // The timer can be paused from the card itself.
  await dialog(page).getByRole('button', { name: 'Pause timer' }).click();
  await expect(sprint(page)).toContainText('paused');
  await dialog(page).getByRole('button', { name: 'Resume timer' }).click();
  await expect(sprint(page)).toContainText('under a minute left');
  await app.advanceClock(60_000);
  await expect(sprint(page)).toContainText('finishing this one');
  await decide(page, 'old receipts', '1');
  await expect(dialog(page)).toHaveAccessibleName('That’s a minute. How is your energy?');
  await page.keyboard.press('3');

  // Wind down: the summary, with no timer left in the header.
  await expect(page.getByText('Start a new session')).toBeVisible();
  await expect(page.getByTestId('messages')).toContainText('Good stopping point');
  await expect(page.getByTestId('things-decided')).toHaveText('2 things decided');
  await expect(sprint(page)).toHaveCount(0);

  // An after photo, then the summary: before and after side by side, and the exit plan.
  await writeFile(path.join(photos, 'desk-now.jpg'), await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a8f95' } }).jpeg().toBuffer());
  const ended = page.getByTestId('session-ended');
  const picking = page.waitForEvent('filechooser');
  await ended.getByRole('button', { name: 'Add after photos' }).click();
  await (await picking).setFiles([path.join(photos, 'desk-now.jpg')]);
  await expect(ended.getByTestId('after-photos').locator('.photo-name')).toHaveText(['desk-now.jpg']);
  await expect(ended.getByTestId('before-photos').locator('.photo-name')).toHaveCount(2);
  await expect(ended.getByTestId('what-moved')).toHaveText(/^What moved: /);
  await expect(ended.getByTestId('exit-plan')).toBeVisible();
  await page.screenshot({ path: shotPath('sprint-wound-down.png') });

  await app.stop();
  app = undefined;
  const [session] = await readdir(path.join(dataDir, 'sessions'));
  const stdout = await replayCheck(dataDir);
  expect(stdout).toMatch(/Check: all \d+ turns went the way the log says\./);
  // The log holds the sprint's end, the after photo, and the choices at both check-ins.
  const log = await readFile(path.join(dataDir, 'sessions', session!, 'log.jsonl'), 'utf8');
  expect(log).toContain('"type":"sprint","change":{"kind":"due"');
  expect(log).toContain('"stage":"after"');
});
