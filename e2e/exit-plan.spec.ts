import { expect, test, type Page } from '@playwright/test';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expectAccessible } from './support/axe';
import { decide, dialog, firstAnswer, showTheme, startOverwhelmedGuidedSession, lastStep } from './support/page';
import { shotPath } from './support/screenshots';
import { NO_DETECTOR, startWebMode, stopAndRemove, type RunningWebMode } from './support/web-mode';

let app: RunningWebMode | undefined;
let dataDir: string | undefined;

test.afterEach(async () => {
  await stopAndRemove(app, dataDir);
  app = undefined;
  dataDir = undefined;
});

const groupsOf = (page: Page) => page.getByTestId('exit-plan-group');

test('the exit plan: grouped at the end, ticked, kept across restarts, offered once at start, and put away', async ({ page }) => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-exit-plan-'));
  app = await startWebMode({}, { dataDir, settings: NO_DETECTOR });

  // A guided session with no model: trash, two things to the kitchen, one to donate.
  await startOverwhelmedGuidedSession(page, app.url, 'Work');
  await decide(page, 'empty amazon envelope', '1'); // Trash
  await decide(page, 'mug', '1'); // To the kitchen
  await decide(page, 'plate', '1'); // To the kitchen
  await decide(page, 'lamp shade', '3'); // A lamp's: Keep it here, To the shelf, Donate: Donate
  await expect(page.getByTestId('pile-leaving').locator('.count')).toHaveText('2');
  await expect(page.getByTestId('pile-elsewhere').locator('.count')).toHaveText('2');
  await dialog(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  // One to the bin, one to the charity shop: the first step is the donation, the bag people forget.
  await lastStep(page, 'put the lamp shade for the charity shop by the door');

  // The ended session's card shows the plan, grouped by what happens to each thing.
  const plan = page.getByTestId('session-ended').getByTestId('exit-plan');
  await expect(plan).toBeVisible();
  await expect(groupsOf(page)).toHaveText([
    /^Trash.*empty amazon envelope$/,
    /^Donation\s*Bag it.*lamp shade$/,
    /^To the kitchen\s*mug\s*plate$/,
  ]);
  await expect(page.getByTestId('exit-plan-progress')).toHaveText('0 of 4 done');

  // Ticked with the pointer, and from the keyboard (Space on a focused checkbox), untick too.
  await plan.getByRole('checkbox', { name: 'mug' }).check();
  await expect(page.getByTestId('exit-plan-progress')).toHaveText('1 of 4 done');
  await plan.getByRole('checkbox', { name: 'plate' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('exit-plan-progress')).toHaveText('2 of 4 done');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('exit-plan-progress')).toHaveText('1 of 4 done');
  await expect(plan.getByRole('checkbox', { name: 'plate' })).not.toBeChecked();
  // Ticked things are struck through, softly; nothing is red.
  await expect(plan.locator('.exit-plan-name', { hasText: 'mug' })).toHaveCSS('text-decoration-line', 'line-through');

  await plan.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('exit-plan-ended-dark.png') });
  await expectAccessible(page, 'the exit plan in the ended session, dark');
  await showTheme(page, 'light');
  await page.screenshot({ path: shotPath('exit-plan-ended-light.png') });
  await expectAccessible(page, 'the exit plan in the ended session, light');
  await page.setViewportSize({ width: 800, height: 600 });
  await page.screenshot({ path: shotPath('exit-plan-ended-800x600.png') });
  await page.setViewportSize({ width: 1200, height: 760 });

  // Printed: only the summary and the plan, black on white, no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.header')).toBeHidden();
  await expect(page.getByTestId('messages')).toBeHidden();
  await expect(plan.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(plan.getByRole('checkbox', { name: 'mug' })).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(plan.locator('.exit-plan-name', { hasText: 'plate' })).toHaveCSS('color', 'rgb(0, 0, 0)');
  await page.screenshot({ path: shotPath('exit-plan-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // As Markdown: a task list with the tick.
  const downloading = page.waitForEvent('download');
  await plan.getByRole('button', { name: 'Save as Markdown' }).click();
  const markdown = await readFile((await (await downloading).path())!, 'utf8');
  expect(markdown).toContain('## Exit plan\n\n1 of 4 done.');
  expect(markdown).toContain('#### To the kitchen\n\n- [x] mug\n- [ ] plate');
  expect(markdown).toContain('- [ ] lamp shade');

  // A reload keeps the tick; the plan on screen is this session's, so no notice repeats it.
  await page.reload();
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.getByTestId('exit-plan-progress')).toHaveText('1 of 4 done');
  await expect(plan.getByRole('checkbox', { name: 'mug' })).toBeChecked();
  await expect(page.getByTestId('exit-plan-notice')).toHaveCount(0);

  // Tidying starts again on the same data folder: Home, with the room, and one calm line about the plan.
  await app.stop();
  app = await startWebMode({}, { dataDir, settings: NO_DETECTOR });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  const notice = page.getByTestId('exit-plan-notice');
  await expect(notice).toContainText(/^3 things still to take out from (\d{1,2} \w+|\w+ \d{1,2})\./);
  await expect(page.getByTestId('home').getByTestId('room-card')).toContainText('Office');
  await page.screenshot({ path: shotPath('exit-plan-notice-dark.png') });
  await expectAccessible(page, 'the exit plan notice, dark');
  await showTheme(page, 'light');
  await page.screenshot({ path: shotPath('exit-plan-notice-light.png') });
  await expectAccessible(page, 'the exit plan notice, light');
  await page.setViewportSize({ width: 800, height: 600 });
  await page.screenshot({ path: shotPath('exit-plan-notice-800x600.png') });

  // Open: the earlier plan in a dialog, with its tick kept; ticking there moves the notice's count.
  await notice.getByRole('button', { name: 'Open plan' }).click();
  const planDialog = page.getByTestId('exit-plan-dialog');
  await expect(planDialog.getByRole('checkbox', { name: 'mug' })).toBeChecked();
  await expect(planDialog.getByTestId('exit-plan-progress')).toHaveText('1 of 4 done');
  await page.screenshot({ path: shotPath('exit-plan-dialog-800x600.png') });
  await page.setViewportSize({ width: 1200, height: 760 });
  await expectAccessible(page, 'the exit plan dialog, light');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.header')).toBeHidden();
  await page.screenshot({ path: shotPath('exit-plan-dialog-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await showTheme(page, 'dark');
  await page.screenshot({ path: shotPath('exit-plan-dialog-dark.png') });
  await planDialog.getByRole('checkbox', { name: 'empty amazon envelope' }).check();
  await expect(planDialog.getByTestId('exit-plan-progress')).toHaveText('2 of 4 done');
  await planDialog.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toContainText(/^2 things still to take out/);

  // Dismissed: gone now, kept on disk (ticks and when), and not offered at the next start.
  await notice.getByRole('button', { name: 'Dismiss the exit plan' }).click();
  await expect(notice).toHaveCount(0);
  const ended = (await readdir(path.join(dataDir, 'sessions'))).filter((id) => !id.startsWith('.'));
  const ticks = await Promise.all(ended.map((id) => readFile(path.join(dataDir!, 'sessions', id, 'exit-plan.json'), 'utf8').catch(() => undefined)));
  const kept = ticks.filter((text) => text !== undefined).map((text) => JSON.parse(text) as { done: string[]; dismissedAt?: number });
  expect(kept).toHaveLength(1);
  expect(kept[0]!.done).toHaveLength(2);
  expect(kept[0]!.dismissedAt).toEqual(expect.any(Number));

  await app.stop();
  app = await startWebMode({}, { dataDir, settings: NO_DETECTOR });
  // The notice would come with the page's one question at start for open plans: main answers that none is open.
  const openAtStart = firstAnswer(page, 'exitPlan:open');
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  expect(await openAtStart).toMatchObject({ ok: true, output: { plans: [] } });
  await expect(page.getByTestId('exit-plan-notice')).toHaveCount(0);
});

test('one thing of each group: the same four groups and counts in the panel, the summary and the exit plan', async ({ page }) => {
  app = await startWebMode({}, { settings: NO_DETECTOR });
  // A work room: trash, the hallway, a spot in this room, and one not decided.
  await startOverwhelmedGuidedSession(page, app.url, 'Work');
  await decide(page, 'empty amazon envelope', '1'); // Trash
  await decide(page, 'umbrella', '1'); // To the hallway
  await decide(page, 'stapler', '1'); // To the desk drawer
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('sketchbook');
  await dialog(page).getByRole('textbox').press('Enter');
  await dialog(page).getByRole('button', { name: 'Not sure yet' }).click();

  const panel = page.getByRole('complementary', { name: 'Piles' });
  await expect(panel.locator('h3')).toHaveText(['Stays here 1', 'Goes elsewhere in the home 1', 'Leaves the home 1', 'Undecided 1']);
  await expect(page.getByTestId('pile-here')).toContainText('stapler→ desk drawer');
  // Bound for the hallway: never counted as staying.
  await expect(page.getByTestId('pile-elsewhere')).toContainText('umbrella→ hallway');
  await expect(page.getByTestId('pile-leaving')).toContainText('empty amazon envelopetrash');
  await expect(page.getByTestId('pile-undecided')).toContainText('sketchbook');
  await page.screenshot({ path: shotPath('piles-four-groups.png') });

  await dialog(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  await lastStep(page);
  const counts = '1 stays here, 1 goes elsewhere in the home, 1 leaves the home, 1 undecided';
  const ended = page.getByTestId('session-ended');
  await expect(ended.locator('.ended-summary')).toHaveText(`4 things decided: ${counts}.`);
  await expect(page.getByTestId('messages')).toContainText(`Good stopping point. 4 things decided: ${counts}.`);

  // The exit plan: what leaves the home, then what goes elsewhere in it; the stapler stays here and is not in it.
  const plan = ended.getByTestId('exit-plan');
  await expect(plan.getByTestId('exit-plan-leaving').locator('.exit-plan-section-title')).toHaveText('Leaves the home 1');
  await expect(plan.getByTestId('exit-plan-leaving')).toContainText('empty amazon envelope');
  await expect(plan.getByTestId('exit-plan-elsewhere').locator('.exit-plan-section-title')).toHaveText('Goes elsewhere in the home 1');
  await expect(plan.getByTestId('exit-plan-elsewhere')).toContainText('To the hallway');
  await expect(plan.getByTestId('exit-plan-progress')).toHaveText('0 of 2 done');
  await expect(plan).not.toContainText('stapler');
  await plan.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('exit-plan-four-groups.png') });

  const downloading = page.waitForEvent('download');
  await plan.getByRole('button', { name: 'Save as Markdown' }).click();
  const markdown = await readFile((await (await downloading).path())!, 'utf8');
  expect(markdown).toContain(`4 things decided: ${counts}.`);
  expect(markdown).toContain('## Stays here\n\n- stapler → desk drawer');
  expect(markdown).toContain('## Goes elsewhere in the home\n\n- umbrella → hallway');
  expect(markdown).toContain('### Leaves the home (1)');
  expect(markdown).toContain('### Goes elsewhere in the home (1)');
});
