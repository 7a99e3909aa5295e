import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startWebMode, type RunningWebMode } from './support/web-mode';
import { dialog, say } from './support/page';
import { shotPath } from './support/screenshots';

/**
 * Logged sessions in the GUI, with the guided coach and no model (it asks its own dialogs): the sessions panel,
 * the read-only replay, resume, delete, and a dialog that survives a reload.
 */

let app: RunningWebMode | undefined;

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

async function open(page: Page) {
  app = await startWebMode();
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
}

const chat = (page: Page) => page.getByTestId('messages');
const pileCount = (page: Page, pile: string) => page.getByTestId(`pile-${pile}`).locator('.count');

/** The guided coach's first question, answered by clicking: the space is for design work. */
async function answerFunction(page: Page) {
  await expect(dialog(page)).toHaveAccessibleName(/What is this space mostly for\?/);
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await dialog(page).getByRole('radio', { name: 'Design' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
}

/** Names the next item in the coach's "what is it" dialog, then picks where it goes on the card that follows. */
async function sortItem(page: Page, item: string, choice: RegExp, reply: string) {
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill(item);
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page)).toHaveAccessibleName(new RegExp(item, 'i'));
  await dialog(page).getByRole('button', { name: choice }).click();
  await expect(chat(page)).toContainText(reply);
}

/**
 * The sessions panel, from the header, or from the pending question's own Sessions button (the guided coach asks
 * one dialog after another, and the page behind a question is inert).
 */
async function openSessions(page: Page, from: 'header' | 'question'): Promise<Locator> {
  const where = from === 'header' ? page.getByRole('banner') : page.getByTestId('question-dialog');
  await where.getByRole('button', { name: 'Sessions' }).click();
  const panel = page.getByRole('dialog', { name: 'Sessions' });
  await expect(panel.getByTestId('session-row').first()).toBeVisible();
  return panel;
}

const row = (panel: Locator, text: string) => panel.getByTestId('session-row').filter({ hasText: text });

test('sessions: a new one, the old one listed, replayed step by step, resumed; another deleted', async ({ page }) => {
  await open(page);
  // The first session: what the space is for, then two items, all by dialogs.
  await say(page, 'idk where to start');
  await answerFunction(page);
  await sortItem(page, 'empty amazon envelope', /^Trash/, 'Empty amazon envelope: trash. Next.');
  await sortItem(page, 'coffee mug', /^To the kitchen/, 'Coffee mug: to the kitchen. Next.');
  await expect(pileCount(page, 'leaving')).toHaveText('1');
  await expect(pileCount(page, 'elsewhere')).toHaveText('1');

  // The coach already asks for the next thing; that question is set aside for the panel and a fresh session.
  await expect(page.getByTestId('question-dialog')).toBeVisible();
  await page.screenshot({ path: shotPath('question-sessions-button.png') });
  let panel = await openSessions(page, 'question');
  await expect(panel.getByTestId('session-row')).toHaveCount(1);
  await expect(row(panel, 'Work (Design)')).toContainText('Live now');
  await panel.getByRole('button', { name: 'New session' }).click();
  await expect(panel).toHaveCount(0);
  // A new session starts from Home, in a room: here a new one.
  await page.getByTestId('home').getByRole('button', { name: 'New room' }).click();
  await expect(chat(page)).not.toContainText('coffee mug');
  await expect(pileCount(page, 'elsewhere')).toHaveText('0');
  // One turn in the new session, so it is logged too.
  await say(page, 'idk where to start');
  await expect(dialog(page)).toHaveAccessibleName(/What is this space mostly for\?/);
  await dialog(page).getByRole('radio', { name: 'Sleep' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('banner')).toContainText('Sleep');

  // A folder with no metadata is listed quietly, with why, never dropped.
  await mkdir(path.join(app!.dataDir, 'sessions', 'left-behind'), { recursive: true });
  panel = await openSessions(page, 'question');
  await expect(panel.getByTestId('session-row')).toHaveCount(2);
  await expect(panel.getByTestId('sessions-unreadable')).toContainText('left-behind: meta.json is missing');
  const first = row(panel, 'Work (Design)');
  await expect(first).toContainText('Unfinished');
  await expect(first).toContainText('2 things decided');
  await expect(first).not.toContainText('Live now');
  await expect(row(panel, 'Sleep')).toContainText('Live now');
  // The live session can be opened but neither resumed nor deleted.
  await expect(row(panel, 'Sleep').getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.screenshot({ path: shotPath('sessions-panel.png') });

  // The first session as a read-only replay.
  await first.getByRole('button', { name: 'Open' }).click();
  const replay = page.getByRole('region', { name: /Looking back/ });
  await expect(replay).toBeVisible();
  const position = page.getByTestId('step-position');
  await expect(position).toContainText(/Step 1 of \d+/);
  const total = Number(/of (\d+)/.exec((await position.textContent()) ?? '')?.[1]);
  // Opened, then a turn per answer: the function, the envelope, the mug, and the question closed by New session.
  expect(total).toBe(5);
  const replayChat = page.getByTestId('timeline-messages');
  await expect(replayChat).not.toContainText('idk where to start');
  await expect(pileCount(page, 'leaving')).toHaveText('0');

  await page.keyboard.press('End');
  await expect(position).toContainText('Step 5 of 5');
  await expect(replayChat).toContainText('Coffee mug: to the kitchen. Next.');
  await expect(page.getByTestId('step-answers')).toContainText('closed without an answer');

  await replay.getByRole('button', { name: 'Step back' }).click();
  await expect(position).toContainText('Step 4 of 5');
  await expect(page.getByTestId('step-answers')).toContainText('To the kitchen');
  await expect(pileCount(page, 'elsewhere')).toHaveText('1');
  await replay.getByRole('button', { name: 'Step back' }).click();
  await expect(position).toContainText('Step 3 of 5');
  await expect(replayChat).not.toContainText('Coffee mug: to the kitchen.');
  await expect(replayChat).toContainText('Empty amazon envelope: trash. Next.');
  await expect(pileCount(page, 'elsewhere')).toHaveText('0');
  await expect(pileCount(page, 'leaving')).toHaveText('1');
  await page.screenshot({ path: shotPath('timeline.png') });

  await replay.getByRole('button', { name: 'Step forward' }).click();
  await expect(position).toContainText('Step 4 of 5');
  await expect(replayChat).toContainText('Coffee mug: to the kitchen. Next.');
  await expect(pileCount(page, 'elsewhere')).toHaveText('1');
  await page.setViewportSize({ width: 640, height: 480 });
  await page.screenshot({ path: shotPath('timeline-small.png') });
  await page.setViewportSize({ width: 1200, height: 760 });

  // Keys: Home to the start, arrows one step; the slider scrubs; Play runs to the end on its own.
  await page.keyboard.press('Home');
  await expect(position).toContainText('Step 1 of 5');
  await page.keyboard.press('ArrowRight');
  await expect(position).toContainText('Step 2 of 5');
  await page.keyboard.press('ArrowLeft');
  await expect(position).toContainText('Step 1 of 5');
  await replay.getByRole('slider', { name: 'Step' }).fill('3');
  await expect(position).toContainText('Step 4 of 5');
  await replay.getByRole('button', { name: 'Play' }).click();
  await expect(replay.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(position).toContainText('Step 5 of 5');
  await expect(replay.getByRole('button', { name: 'Play' })).toBeVisible();
  // Space plays and pauses from the slider too (played from the end, it starts over).
  await replay.getByRole('slider', { name: 'Step' }).focus();
  await page.keyboard.press('Space');
  await expect(replay.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(replay.getByRole('button', { name: 'Play' })).toBeVisible();

  // Back to the live session, where the question the coach asked is waiting again.
  await replay.getByRole('button', { name: 'Back to the live session' }).click();
  await expect(replay).toHaveCount(0);
  await expect(page.getByTestId('question-dialog')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Sleep');

  // Resume the first: its conversation is the live one again.
  panel = await openSessions(page, 'question');
  await row(panel, 'Work (Design)').getByRole('button', { name: 'Resume' }).click();
  await expect(panel).toHaveCount(0);
  await expect(chat(page)).toContainText('Coffee mug: to the kitchen. Next.');
  await expect(page.getByRole('banner')).toContainText('Work (Design)');
  await expect(pileCount(page, 'elsewhere')).toHaveText('1');

  // Delete the other, after saying yes to the question.
  // Its last question was closed when the new session began, so nothing is pending and the header is in reach.
  await expect(page.getByTestId('question-dialog')).toHaveCount(0);
  panel = await openSessions(page, 'header');
  const other = row(panel, 'Sleep');
  await other.getByRole('button', { name: 'Delete' }).click();
  await expect(other).toContainText('Delete this session and its photos? This cannot be undone.');
  await expect(other.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.screenshot({ path: shotPath('sessions-delete-confirm.png') });
  await other.getByRole('button', { name: 'Delete' }).click();
  await expect(panel.getByTestId('session-row')).toHaveCount(1);
  await expect(row(panel, 'Work (Design)')).toContainText('Live now');

  // The live session opens as a replay too; Escape leaves it.
  await row(panel, 'Work (Design)').getByRole('button', { name: 'Open' }).click();
  await expect(replay).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(replay).toHaveCount(0);
  await expect(chat(page)).toContainText('Coffee mug: to the kitchen. Next.');
});

test('a guided dialog open at reload comes back', async ({ page }) => {
  await open(page);
  await say(page, 'idk where to start');
  await expect(dialog(page)).toHaveAccessibleName(/What is this space mostly for\?/);
  await page.reload();
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await answerFunction(page);
  await expect(dialog(page)).toHaveAccessibleName(/nearest thing you can pick up/);
});
