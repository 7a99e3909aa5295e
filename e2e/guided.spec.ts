import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startWebMode, type RunningWebMode } from './support/web-mode';
import { dialog, say, lastStep } from './support/page';
import { shotPath } from './support/screenshots';

let app: RunningWebMode | undefined;

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

/** Types into a dialog's "Other..." field and sends it. */
async function other(page: Page, text: string) {
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  const field = dialog(page).getByRole('textbox');
  await field.fill(text);
  await field.press('Enter');
}

test('with no model: photos in, guided through sorting by dialogs only, to the summary', async ({ page }) => {
  app = await startWebMode();
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.getByTestId('coach-kind')).toContainText('Guided (works offline)');
  await expect(page.getByTestId('messages')).toContainText('it all works offline');

  // Photos dropped on the window start the session.
  const photo = (await sharp({ create: { width: 800, height: 600, channels: 3, background: '#5a6b5f' } }).jpeg().toBuffer()).toString('base64');
  const data = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob('${photo}'), (char) => char.charCodeAt(0));
    transfer.items.add(new File([bytes], 'desk.jpg', { type: 'image/jpeg' }));
    return transfer;
  })()`);
  await page.dispatchEvent('main', 'drop', { dataTransfer: data });
  await expect(page.getByTestId('import-summary')).toContainText('1 photo added.');

  // What the room is for, then what stays.
  await expect(dialog(page)).toBeVisible();
  await page.screenshot({ path: shotPath('guided-function.png') });
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page).getByRole('textbox')).toBeVisible();
  await dialog(page).getByRole('textbox').fill('desk, lamp');
  await dialog(page).getByRole('textbox').press('Enter');

  // Item by item: what is it, then where it goes (the envelope's first choice is Trash; receipts in a work room are
  // filed first, and the second choice shreds them for recycling).
  for (const [item, key] of [['empty amazon envelope', '1'], ['old receipts', '2']] as const) {
    await expect(dialog(page).getByRole('button', { name: 'Other...' })).toBeVisible();
    await other(page, item);
    await expect(dialog(page)).toContainText(item, { ignoreCase: true });
    if (item === 'old receipts') {
      await expect(dialog(page).locator('.choice-recommended')).toContainText('File it');
      await page.screenshot({ path: shotPath('guided-card.png') });
    }
    await page.keyboard.press(key);
  }
  await expect(page.getByTestId('pile-leaving').locator('.count')).toHaveText('2');

  // Stop for today, from the next dialog.
  await expect(dialog(page).getByRole('button', { name: 'Stop for today', exact: true })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  // Things leave the home: the last card is one small step of the trip out, done now.
  await expect(dialog(page)).toContainText('One small thing before you go');
  await page.screenshot({ path: shotPath('guided-last-step.png') });
  await lastStep(page, 'One small thing before you go', 'It’s by the door');
  await expect(page.getByText('Start a new session')).toBeVisible();
  await expect(page.getByTestId('messages')).toContainText('Good stopping point');
  await expect(page.getByTestId('messages')).toContainText('The first trip is ready by the door.');
  await expect(page.getByTestId('things-decided')).toHaveText('2 things decided');
  await page.screenshot({ path: shotPath('guided-summary.png') });
});

test('keys everywhere: numbers pick in every card, a follow-up takes focus, and "Other..." has its own key', async ({ page }) => {
  app = await startWebMode();
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await say(page, 'hello');

  // What the space is for: 1 is Work, whose follow-up takes focus; 3 there is Coding, and that is the answer.
  await expect(dialog(page).getByRole('radio', { name: 'Work' })).toBeFocused();
  await expect(dialog(page).getByRole('radio', { name: 'Work' })).toHaveAttribute('aria-keyshortcuts', '1');
  await page.keyboard.press('1');
  await expect(dialog(page).getByRole('radio', { name: 'Design' })).toBeFocused();
  await page.keyboard.press('3');
  await expect(page.locator('.facts')).toContainText('Work (Coding)');

  // What stays, typed; then "what's next": its "Other..." key opens the field, which takes the words.
  await dialog(page).getByRole('textbox').fill('desk');
  await dialog(page).getByRole('textbox').press('Enter');
  const otherButton = dialog(page).getByRole('button', { name: 'Other...' });
  await expect(otherButton).toBeVisible();
  const otherKey = (await otherButton.getAttribute('aria-keyshortcuts'))!;
  await page.keyboard.press(otherKey);
  await expect(dialog(page).getByRole('textbox')).toBeFocused();
  await page.keyboard.type('old mug');
  await page.keyboard.press('Enter');

  // The card: its "Other..." key too, Escape closes the field again, and 1 answers.
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Old mug');
  const cardOther = dialog(page).getByRole('button', { name: 'Other...' });
  await page.keyboard.press((await cardOther.getAttribute('aria-keyshortcuts'))!);
  await expect(dialog(page).getByRole('textbox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page).getByRole('textbox')).toHaveCount(0);
  await page.keyboard.press('1');
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');

  // "What's next" again: the key of "Stop for today" answers it at once.
  const stop = dialog(page).getByRole('button', { name: 'Stop for today', exact: true });
  await expect(stop).toBeVisible();
  await page.keyboard.press((await stop.getAttribute('aria-keyshortcuts'))!);
  await expect(page.getByText('Start a new session')).toBeVisible();
});
