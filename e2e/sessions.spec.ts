import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startWebMode, type RunningWebMode } from './support/web-mode';

/**
 * Logged sessions in the GUI, with the guided coach and no model (it asks its own dialogs): the sessions panel,
 * the read-only replay, resume, delete, and a dialog that survives a reload.
 */

const SHOTS = path.resolve(import.meta.dirname, 'screenshots');

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

async function say(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

const dialog = (page: Page) => page.getByRole('dialog');
const chat = (page: Page) => page.getByTestId('messages');
const pileCount = (page: Page, pile: string) => page.getByTestId(`pile-${pile}`).locator('.count');

/** The guided coach's first question, answered by clicking: the space is for design work. */
async function answerFunction(page: Page) {
  await expect(dialog(page)).toHaveAccessibleName(/What is this space mostly for\?/);
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await dialog(page).getByRole('radio', { name: 'Design' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page)).toHaveCount(0);
}

/** Names an item, then picks where it goes on the card the coach shows. */
async function sortItem(page: Page, item: string, choice: RegExp, reply: string) {
  await say(page, item);
  await dialog(page).getByRole('button', { name: choice }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(chat(page)).toContainText(reply);
}

async function openSessions(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Sessions' }).click();
  const panel = page.getByRole('dialog', { name: 'Sessions' });
  await expect(panel.getByTestId('session-row').first()).toBeVisible();
  return panel;
}

const row = (panel: Locator, text: string) => panel.getByTestId('session-row').filter({ hasText: text });

test('sessions: a new one, the old one listed, replayed step by step, resumed; another deleted', async ({ page }) => {
  await open(page);
  // The first session: three turns with the guided coach.
  await say(page, 'idk where to start');
  await answerFunction(page);
  await expect(chat(page)).toContainText('clearly rubbish');
  await sortItem(page, 'empty amazon envelope', /^Trash/, 'Empty amazon envelope: trash. Next.');
  await sortItem(page, 'coffee mug', /^To the kitchen/, 'Coffee mug: to the kitchen. Next.');
  await expect(pileCount(page, 'out')).toHaveText('1');
  await expect(pileCount(page, 'belongs')).toHaveText('1');

  // A fresh session from the panel.
  let panel = await openSessions(page);
  await expect(panel.getByTestId('session-row')).toHaveCount(1);
  await expect(row(panel, 'Work (Design)')).toContainText('Live now');
  await panel.getByRole('button', { name: 'New session' }).click();
  await expect(panel).toHaveCount(0);
  await expect(chat(page)).not.toContainText('coffee mug');
  await expect(pileCount(page, 'belongs')).toHaveText('0');
  // One turn in the new session, so it is logged too.
  await say(page, 'idk where to start');
  await expect(dialog(page)).toHaveAccessibleName(/What is this space mostly for\?/);
  await dialog(page).getByRole('radio', { name: 'Sleep' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // A folder with no metadata is listed quietly, with why, never dropped.
  await mkdir(path.join(app!.dataDir, 'sessions', 'left-behind'), { recursive: true });
  panel = await openSessions(page);
  await expect(panel.getByTestId('session-row')).toHaveCount(2);
  await expect(panel.getByTestId('sessions-unreadable')).toContainText('left-behind: meta.json is missing');
  const first = row(panel, 'Work (Design)');
  await expect(first).toContainText('Unfinished');
  await expect(first).toContainText('2 items processed');
  await expect(first).not.toContainText('Live now');
  await expect(row(panel, 'Sleep')).toContainText('Live now');
  // The live session can be opened but neither resumed nor deleted.
  await expect(row(panel, 'Sleep').getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.screenshot({ path: path.join(SHOTS, 'sessions-panel.png') });

  // The first session as a read-only replay.
  await first.getByRole('button', { name: 'Open' }).click();
  const replay = page.getByRole('region', { name: /Looking back/ });
  await expect(replay).toBeVisible();
  const position = page.getByTestId('step-position');
  await expect(position).toContainText(/Step 1 of \d+/);
  const total = Number(/of (\d+)/.exec((await position.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThanOrEqual(4);
  const replayChat = page.getByTestId('timeline-messages');
  await expect(replayChat).not.toContainText('coffee mug');

  await page.keyboard.press('End');
  await expect(position).toContainText(`Step ${total} of ${total}`);
  await expect(replayChat).toContainText('Coffee mug: to the kitchen. Next.');
  await expect(pileCount(page, 'belongs')).toHaveText('1');
  await expect(page.getByTestId('step-answers')).toContainText('To the kitchen');

  await replay.getByRole('button', { name: 'Step back' }).click();
  await expect(position).toContainText(`Step ${total - 1} of ${total}`);
  await expect(replayChat).not.toContainText('Coffee mug: to the kitchen.');
  await expect(replayChat).toContainText('Empty amazon envelope: trash. Next.');
  await expect(pileCount(page, 'belongs')).toHaveText('0');
  await expect(pileCount(page, 'out')).toHaveText('1');
  await page.screenshot({ path: path.join(SHOTS, 'timeline.png') });

  await replay.getByRole('button', { name: 'Step forward' }).click();
  await expect(position).toContainText(`Step ${total} of ${total}`);
  await expect(pileCount(page, 'belongs')).toHaveText('1');
  await page.setViewportSize({ width: 640, height: 480 });
  await page.screenshot({ path: path.join(SHOTS, 'timeline-small.png') });
  await page.setViewportSize({ width: 1200, height: 760 });

  // Keys: Home to the start, Right one on; Space plays to the end.
  await page.keyboard.press('Home');
  await expect(position).toContainText(`Step 1 of ${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(position).toContainText(`Step 2 of ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(position).toContainText(`Step 1 of ${total}`);
  await replay.getByRole('slider', { name: 'Step' }).fill(String(total - 2));
  await expect(position).toContainText(`Step ${total - 1} of ${total}`);
  await replay.getByRole('button', { name: 'Play' }).click();
  await expect(replay.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(position).toContainText(`Step ${total} of ${total}`, { timeout: 5000 });
  await expect(replay.getByRole('button', { name: 'Play' })).toBeVisible();

  await replay.getByRole('button', { name: 'Back to the live session' }).click();
  await expect(replay).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sessions' })).toBeFocused();
  await expect(page.getByRole('banner')).toContainText('Sleep');

  // Resume the first: its conversation is the live one again.
  panel = await openSessions(page);
  await row(panel, 'Work (Design)').getByRole('button', { name: 'Resume' }).click();
  await expect(panel).toHaveCount(0);
  await expect(chat(page)).toContainText('Coffee mug: to the kitchen. Next.');
  await expect(page.getByRole('banner')).toContainText('Work (Design)');
  await expect(pileCount(page, 'belongs')).toHaveText('1');

  // Delete the other, after saying yes to the question.
  panel = await openSessions(page);
  const other = row(panel, 'Sleep');
  await other.getByRole('button', { name: 'Delete' }).click();
  await expect(other).toContainText('Delete this session and its photos? This cannot be undone.');
  await expect(other.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.screenshot({ path: path.join(SHOTS, 'sessions-delete-confirm.png') });
  await other.getByRole('button', { name: 'Delete' }).click();
  await expect(panel.getByTestId('session-row')).toHaveCount(1);
  await expect(row(panel, 'Work (Design)')).toContainText('Live now');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
});

test('a guided dialog open at reload comes back', async ({ page }) => {
  await open(page);
  await say(page, 'idk where to start');
  await expect(dialog(page)).toHaveAccessibleName(/What is this space mostly for\?/);
  await page.reload();
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await answerFunction(page);
  await expect(chat(page)).toContainText('clearly rubbish');
});
