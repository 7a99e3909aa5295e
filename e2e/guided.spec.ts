import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startWebMode, type RunningWebMode } from './support/web-mode';
import { dialog } from './support/page';
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

  // Item by item: what is it, then where it goes (key 1 picks the first choice).
  for (const item of ['empty amazon envelope', 'old receipts']) {
    await expect(dialog(page).getByRole('button', { name: 'Other...' })).toBeVisible();
    await other(page, item);
    await expect(dialog(page)).toContainText(item, { ignoreCase: true });
    if (item === 'old receipts') await page.screenshot({ path: shotPath('guided-card.png') });
    await page.keyboard.press('1');
  }
  await expect(page.getByTestId('pile-out').locator('.count')).toHaveText('2');

  // Stop for today, from the next dialog.
  await expect(dialog(page).getByRole('radio', { name: 'Stop for today' })).toBeVisible();
  await dialog(page).getByRole('radio', { name: 'Stop for today' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Start a new session')).toBeVisible();
  await expect(page.getByTestId('messages')).toContainText('Good stopping point');
  await expect(page.getByTestId('items-processed')).toHaveText('Items processed: 2');
  await page.screenshot({ path: shotPath('guided-summary.png') });
});
