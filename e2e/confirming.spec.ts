import { expect, test } from '@playwright/test';
import { startWebMode, type RunningWebMode } from './support/web-mode';
import { dialog, toThingCard } from './support/page';
import { shotPath } from './support/screenshots';

let app: RunningWebMode | undefined;

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

test('a question on a card is answered there, and words that could send a thing away are confirmed before anything is recorded', async ({ page }) => {
  app = await startWebMode();
  await page.goto(app.url);
  await toThingCard(page, 'old mug');

  // A question back instead of an answer: the same card, with the answer on it.
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('whats the difference between recycle and bin?');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page).getByTestId('card-note')).toContainText('Not sure: it waits in a pile to decide later');
  await expect(dialog(page)).toContainText('old mug', { ignoreCase: true });
  await page.screenshot({ path: shotPath('guided-question-answered.png') });

  // Words that do not say where it goes: "Which did you mean?", the best reading first, nothing recorded yet.
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('I don’t want to keep it');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page)).toContainText('Which did you mean?');
  // The best reading first (key 1), the runner-up beside it (key 2), and Other.
  await expect(dialog(page).getByRole('radio', { name: 'Give it away' })).toHaveAttribute('aria-keyshortcuts', '1');
  await expect(dialog(page).getByRole('radio', { name: 'Keep it here' })).toHaveAttribute('aria-keyshortcuts', '2');
  await expect(dialog(page).getByRole('radio')).toHaveCount(2);
  await expect(page.getByTestId('things-decided')).toHaveText('Nothing decided yet');
  await page.screenshot({ path: shotPath('guided-confirm-reading.png') });

  // The person picks: that is what is recorded, and nothing goes to the out pile.
  await dialog(page).getByRole('radio', { name: 'Keep it here' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');
  await expect(page.getByTestId('messages')).toContainText('Old mug: stays');
});
