/**
 * "Stop for today" on every card and in the header, by keyboard alone, in a guided session with no model: on a choice
 * card (Tab to it), a thing's card (its key, S), a text card ("where does it live?", Tab past the empty field) and the
 * header, each straight to the summary. Then the button on each kind of card at 800x600 and 1920x1080, dark and light:
 * inside the card, beside the other ways out, never among the choices.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { thingsDecided } from '../src/shared/session/pile-groups';
import { chooseTheme, dialog, say } from './support/page';
import { shotPath } from './support/screenshots';
import { startWebMode, type RunningWebMode } from './support/web-mode';

let app: RunningWebMode | undefined;

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const stopOn = (scope: Locator) => scope.getByRole('button', { name: 'Stop for today', exact: true });

/** Presses Tab (Shift+Tab with `backwards`) until `target` has focus, as a person finding it would. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element.ownerDocument.activeElement === element)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('Tab never reached it');
}

/** The summary a person sees once the session has wound down: "Session ended", and nothing decided on the way. */
async function expectSummary(page: Page, processed: number): Promise<void> {
  await expect(page.getByTestId('session-ended')).toBeVisible();
  await expect(page.getByTestId('session-ended').getByRole('heading', { name: 'Session ended' })).toBeFocused();
  await expect(page.getByTestId('messages')).toContainText('Good stopping point');
  await expect(page.getByTestId('things-decided')).toHaveText(thingsDecided(processed));
  await expect(dialog(page)).toHaveCount(0);
}

/** From the summary, by keyboard: a new session (on Home, in a new room: docs/rooms.md), and its first words. */
async function startAgain(page: Page): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: 'Start a new session' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByTestId('home').getByRole('button', { name: 'New room', exact: true }));
  await page.keyboard.press('Enter');
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeEnabled();
  await box.focus();
  await page.keyboard.type('hello');
  await page.keyboard.press('Enter');
}

/** The survey by keys: Work (its follow-up: Design), then "desk" stays; the coach asks what the nearest thing is. */
async function surveyByKeys(page: Page): Promise<void> {
  await expect(dialog(page).getByRole('radio', { name: 'Work' })).toBeFocused();
  await page.keyboard.press('1');
  await page.keyboard.press('1');
  await expect(dialog(page).getByRole('textbox')).toBeFocused();
  await page.keyboard.type('desk');
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { level: 2 })).toContainText('nearest thing');
}

/** "What is it?" answered with its "Other..." key and the words; the thing's own card comes up. */
async function nameThing(page: Page, item: string): Promise<void> {
  const other = dialog(page).getByRole('button', { name: 'Other...' });
  await page.keyboard.press((await other.getAttribute('aria-keyshortcuts'))!);
  await page.keyboard.type(item);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByText('Where does this go?')).toBeVisible();
}

test('by keyboard alone: "Stop for today" on a choice card, a thing’s card, a text card and in the header, each to the summary', async ({ page }) => {
  // Main's clock moves only when the test moves it: no card closes by itself on the way, however slow the machine.
  app = await startWebMode({ TIDY_TEST_CLOCK: 'manual' });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  // Nothing has happened yet: nothing to stop.
  await expect(stopOn(page.locator('header'))).toHaveCount(0);

  // A choice card ("What is this space for?"): Tab from the first option to the way out.
  await say(page, 'hello');
  const card = dialog(page);
  await expect(card.getByRole('radio', { name: 'Work' })).toBeFocused();
  await expect(stopOn(card)).toHaveAttribute('aria-keyshortcuts', 'S');
  await page.screenshot({ path: shotPath('stop-choice-card.png') });
  await tabTo(page, stopOn(card));
  await page.keyboard.press('Enter');
  await expectSummary(page, 0);
  await page.screenshot({ path: shotPath('stop-summary.png') });

  // A thing's card ("Where does this go?"): its key, S, with the first choice in focus.
  await startAgain(page);
  await surveyByKeys(page);
  await nameThing(page, 'coffee mug');
  await expect(dialog(page).getByRole('button', { name: /To the kitchen/ })).toBeFocused();
  await page.screenshot({ path: shotPath('stop-disposition-card.png') });
  await page.keyboard.press('s');
  await expectSummary(page, 0);
  // Nothing was recorded for the mug on the card.
  await expect(page.getByRole('complementary', { name: 'Piles' })).not.toContainText('coffee mug');

  // A text card ("Where does the lamp live?"): the field has focus and takes every letter; Tab leads out of it.
  await startAgain(page);
  await surveyByKeys(page);
  await nameThing(page, 'reading lamp');
  const otherKey = await dialog(page).getByRole('button', { name: 'Other...' }).getAttribute('aria-keyshortcuts');
  await page.keyboard.press(otherKey!);
  await page.keyboard.type('somewhere else');
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText('Where does the reading lamp live?');
  await expect(dialog(page).getByRole('textbox')).toBeFocused();
  await page.keyboard.type('s');
  await expect(dialog(page).getByRole('textbox')).toHaveValue('s');
  await page.keyboard.press('Backspace');
  await page.screenshot({ path: shotPath('stop-text-card.png') });
  await tabTo(page, stopOn(dialog(page)));
  await page.keyboard.press('Enter');
  await expectSummary(page, 0);

  // The header: once no card is up (this one is let go and its five minutes pass), Shift+Tab from the message box
  // reaches it; while one is up, the header's Stop for today is behind it.
  await startAgain(page);
  await expect(dialog(page)).toBeVisible();
  await app.advanceClock(5 * 60_000);
  await expect(dialog(page)).toHaveCount(0);
  const header = stopOn(page.locator('header'));
  await expect(header).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).focus();
  await tabTo(page, header, true);
  await page.screenshot({ path: shotPath('stop-header.png') });
  await page.keyboard.press('Enter');
  await expectSummary(page, 0);
  await expect(header).toHaveCount(0);
});

/** The button sits inside the card, below its choices, and the card does not scroll sideways. */
async function expectStopFits(page: Page): Promise<void> {
  const card = dialog(page);
  const stop = stopOn(card);
  await expect(stop).toBeVisible();
  const [cardBox, stopBox] = [await card.boundingBox(), await stop.boundingBox()];
  expect(stopBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
  expect(stopBox!.x + stopBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // Apart from the choices: in the card's foot, with the other ways out.
  await expect(card.locator('.dialog-foot').getByRole('button', { name: 'Stop for today', exact: true })).toBeVisible();
}

for (const theme of ['dark', 'light'] as const) {
  test(`fits every kind of card at 800x600 and 1920x1080, ${theme} theme`, async ({ page }) => {
    app = await startWebMode();
    await page.goto(app.url);
    await expect(page.getByTestId('connection')).toHaveText('Connected');
    await chooseTheme(page, theme);
    const shots = async (name: string) => {
      for (const [width, height] of [
        [800, 600],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expectStopFits(page);
        // A card taller than the window scrolls: the shot shows its foot, where the button is.
        await stopOn(dialog(page)).scrollIntoViewIfNeeded();
        await page.screenshot({ path: shotPath(`stop-${name}-${width}x${height}-${theme}.png`) });
      }
    };

    await say(page, 'hello');
    await page.getByRole('dialog').getByRole('radio', { name: 'Work' }).click();
    await shots('choice-card');
    await dialog(page).getByRole('radio', { name: 'Design' }).click();
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await expect(dialog(page).getByRole('textbox')).toBeFocused();
    await shots('text-card');
    await page.keyboard.type('desk');
    await page.keyboard.press('Enter');
    await nameThing(page, 'coffee mug');
    await shots('disposition-card');
    // A yes/no card whose yes is the stop ("Stop here for today?") has no second one.
    const otherKey = await dialog(page).getByRole('button', { name: 'Other...' }).getAttribute('aria-keyshortcuts');
    await page.keyboard.press(otherKey!);
    await page.keyboard.type('this is too much');
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByRole('heading', { level: 2 })).toContainText('Stop here for today?');
    await expect(stopOn(dialog(page))).toHaveCount(0);
    await page.keyboard.press('y');
    await expect(page.getByTestId('session-ended')).toBeVisible();
  });
}
