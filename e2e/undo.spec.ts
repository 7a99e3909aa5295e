import { expect, test } from '@playwright/test';
import { startWebMode, type RunningWebMode } from './support/web-mode';
import { dialog, toThingCard } from './support/page';
import { shotPath } from './support/screenshots';

let app: RunningWebMode | undefined;

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

test('an answer read from typed words is recorded with an Undo: taken back, the chat says so and the same card comes back', async ({ page }) => {
  app = await startWebMode();
  await page.goto(app.url);
  await toThingCard(page, 'old mug');

  // Sure words: recorded at once, and the next card shows what was recorded, with its Undo.
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('bin it, its chipped');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');
  await expect(dialog(page).getByTestId('card-undo')).toContainText('Old mug: trash');
  await page.screenshot({ path: shotPath('guided-undo-on-card.png') });

  // Taken back (the card's U key): nothing decided, the mug's card again, and the chat says what was taken back.
  await page.keyboard.press('u');
  await expect(page.getByTestId('things-decided')).toHaveText('Nothing decided yet');
  await expect(dialog(page).getByTestId('card-undo')).toHaveCount(0);
  await expect(dialog(page)).toContainText('old mug', { ignoreCase: true });
  const messages = page.getByTestId('messages');
  await expect(messages).toContainText('Taken back: Old mug: trash. Nothing is recorded for it now.');
  await expect(messages.locator('.message-undone')).toHaveCount(1);

  // Answered again: only the new answer counts.
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('it lives in the kitchen');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');
  await expect(dialog(page).getByTestId('card-undo')).toContainText('Old mug: to the kitchen');

  // Stopped for today: the chat keeps the answer taken back, struck through, and nothing is offered to take back.
  await dialog(page).getByRole('button', { name: 'Stop for today' }).click();
  await expect(page.getByTestId('session-ended')).toBeVisible();
  await expect(messages.locator('.message-undone')).toContainText('Taken back');
  await expect(messages.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');
  await messages.locator('.message-undone').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('guided-undo-in-chat.png') });
});
