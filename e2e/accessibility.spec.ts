/**
 * axe-core on every screen a first session shows, in both themes: zero serious or critical violations (WCAG 2.1 A
 * and AA, colour contrast included). The walk uses a real photo, so the detector's close-ups are on the cards.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectAccessible } from './support/axe';
import { chooseTheme, dialog, say } from './support/page';
import { startWebMode, type RunningWebMode } from './support/web-mode';

const PHOTO = path.resolve(import.meta.dirname, '../src/main/detection/fixtures/coffee.jpg');

let app: RunningWebMode | undefined;
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

/** The photo, and a file that is not one, so the import report has a reason to show. */
async function dropPhoto(page: Page) {
  const data = readFileSync(PHOTO).toString('base64');
  const transfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob('${data}'), (char) => char.charCodeAt(0));
    transfer.items.add(new File([bytes], 'coffee.jpg', { type: 'image/jpeg' }));
    transfer.items.add(new File(['shopping list'], 'notes.txt', { type: 'text/plain' }));
    return transfer;
  })()`);
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
}

async function other(page: Page, text: string) {
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill(text);
  await dialog(page).getByRole('textbox').press('Enter');
}

for (const theme of ['dark', 'light'] as const) {
  test(`every screen of a first session passes axe, ${theme} theme`, async ({ page }) => {
    app = await startWebMode();
    await page.goto(app.url);
    await expect(page.getByTestId('connection')).toHaveText('Connected');
    await chooseTheme(page, theme);
    await expectAccessible(page, 'the empty window');

    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByTestId('settings-dialog')).toBeVisible();
    await expectAccessible(page, 'Settings');
    await page.getByTestId('settings-dialog').getByRole('button', { name: 'Close' }).click();

    // A photo: the import report, and the first card (a choice with follow-ups).
    await dropPhoto(page);
    await expect(page.getByTestId('import-summary')).toContainText('1 photo added, 1 left out.');
    await expect(dialog(page).getByRole('radio', { name: 'Work' })).toBeVisible();
    await expectAccessible(page, 'the import report and the first card');
    await dialog(page).getByRole('radio', { name: 'Work' }).click();
    await expect(dialog(page).getByRole('radio', { name: 'Design' })).toBeVisible();
    await expectAccessible(page, 'a choice card with its follow-up');
    await expect(page.locator('.photos .detecting')).toHaveCount(0, { timeout: 120_000 });
    await dialog(page).getByRole('button', { name: 'Done' }).click();

    // What stays: detected things, each in a close-up.
    await expect(dialog(page).getByRole('checkbox', { name: 'table' })).toBeVisible();
    await expectAccessible(page, 'the anchors card with close-ups');
    await dialog(page).getByRole('checkbox', { name: 'table' }).check();
    await dialog(page).getByRole('button', { name: 'Done' }).click();

    // A disposition card with its close-up, then the whole photo, then "Other..." open.
    await expect(dialog(page).getByRole('heading', { name: 'cup' })).toBeVisible();
    await expectAccessible(page, 'a disposition card');
    await dialog(page).getByRole('button', { name: 'Whole photo' }).click();
    await expectAccessible(page, 'a disposition card showing the whole photo');
    await dialog(page).getByRole('button', { name: 'Other...' }).click();
    await expectAccessible(page, 'a disposition card with its own words open');
    await dialog(page).getByRole('textbox').fill('somewhere else');
    await dialog(page).getByRole('textbox').press('Enter');

    // A text card: where it lives. (Waited for by its own box: the card before's "Other..." box is a textbox too, and
    // on a loaded machine it is still there, dimmed while its answer is on its way, when this line first looks.)
    await expect(dialog(page).locator('textarea.dialog-text')).toBeVisible();
    await expectAccessible(page, 'a text card');
    await dialog(page).getByRole('textbox').fill('kitchen');
    await dialog(page).getByRole('textbox').press('Enter');

    // "What's next" with a busy spot, then too much: a yes/no card.
    await expect(dialog(page).getByRole('heading', { name: /There’s .*: what’s the nearest thing there\?/ })).toBeVisible();
    await expectAccessible(page, 'a card pointing at a busy spot');
    await other(page, 'too much');
    await expect(dialog(page).getByRole('button', { name: /yes/i })).toBeVisible();
    await expectAccessible(page, 'a yes/no card');
    await dialog(page).getByRole('button', { name: /yes/i }).click();

    // The summary, the sessions panel, a replay.
    await expect(page.getByText('Start a new session')).toBeVisible();
    await expectAccessible(page, 'the summary');
    await page.getByRole('region', { name: 'Photos of the room' }).getByRole('button', { name: /^View coffee\.jpg/ }).click();
    await page.getByRole('dialog', { name: 'coffee.jpg' }).getByRole('button', { name: 'Outline everything found' }).click();
    await expectAccessible(page, 'the large view of a photo, everything found outlined');
    await page.keyboard.press('Escape');
    // A new session starts on Home, where the room just tidied is waiting; this one is a new room.
    await page.getByRole('button', { name: 'Start a new session' }).click();
    await expect(page.getByTestId('home').getByTestId('room-card')).toHaveCount(1);
    await expectAccessible(page, 'Home');
    await page.getByTestId('home').getByRole('button', { name: 'New room', exact: true }).click();
    await say(page, 'hello');
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Sessions' }).click();
    const panel = page.getByRole('dialog', { name: 'Sessions' });
    await expect(panel.getByTestId('session-row')).toHaveCount(2);
    await expectAccessible(page, 'the sessions panel');
    await panel.getByTestId('session-row').filter({ hasText: 'Work' }).getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('region', { name: /Looking back/ })).toBeVisible();
    await expectAccessible(page, 'a replay');
  });
}
