import { expect, test, type Page } from '@playwright/test';
import type { ScriptedModel } from '../test-support/scripted-model';
import { modelEnv, startScenario, stopWithModel } from './support/scripted-model';
import { startWebMode, type RunningWebMode } from './support/web-mode';
import { dialog, say } from './support/page';
import { shotPath } from './support/screenshots';

let model: ScriptedModel | undefined;
let app: RunningWebMode | undefined;

/** Web mode whose coach follows `e2e/scenarios/<scenario>.json`. */
async function open(page: Page, scenario: string, env: Record<string, string> = {}) {
  model = await startScenario(scenario);
  app = await startWebMode({ ...modelEnv(model), ...env });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
}

const coachSaid = (page: Page, text: string) => expect(page.getByTestId('messages')).toContainText(text);

test.afterEach(async () => {
  const mismatches = await stopWithModel(app, model);
  app = undefined;
  model = undefined;
  // Every answer reached the model as the scenario expects.
  expect(mismatches).toEqual([]);
});

test('a choice question answered by clicking, with its follow-up', async ({ page }) => {
  await open(page, 'choice-follow-up');
  await say(page, 'idk where to start');
  await expect(dialog(page)).toHaveAccessibleName('What is this room mostly for?');
  const done = dialog(page).getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await expect(dialog(page).getByText('What kind of work?')).toHaveCount(0);
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  const kind = dialog(page).getByRole('group', { name: 'What kind of work?' });
  await expect(kind).toBeVisible();
  await kind.getByRole('radio', { name: 'Design' }).click();
  await page.screenshot({ path: shotPath('dialog-choice.png') });
  await done.click();
  await expect(dialog(page)).toHaveCount(0);
  await coachSaid(page, 'A design workspace. What must stay?');
  await expect(page.getByRole('banner')).toContainText('Work (Design)');
});

test('a disposition card answered with key 1 moves the item to its pile', async ({ page }) => {
  await open(page, 'disposition-card');
  await say(page, "let's start sorting");
  const card = dialog(page);
  await expect(card).toHaveAccessibleName('Blue mug with a chipped handle, on the windowsill');
  const recommended = card.getByRole('button', { name: /Kitchen cupboard/ });
  await expect(recommended).toContainText('Recommended');
  await expect(recommended).toContainText('→ kitchen cupboard');
  await expect(recommended).toBeFocused();
  await expect(card.getByRole('button', { name: 'Not sure yet' })).toHaveAttribute('aria-keyshortcuts', '4');
  await expect(card.getByTestId('time-left')).toContainText('This card waits about 5 min');
  await page.screenshot({ path: shotPath('dialog-disposition.png') });
  // A small window: the card scrolls inside itself rather than spilling off screen.
  await page.setViewportSize({ width: 560, height: 420 });
  await page.screenshot({ path: shotPath('dialog-disposition-small.png') });
  await page.setViewportSize({ width: 1200, height: 760 });
  await page.keyboard.press('1');
  await expect(card).toHaveCount(0);
  const belongs = page.getByTestId('pile-elsewhere');
  await expect(belongs.locator('.count')).toHaveText('1');
  await expect(belongs).toContainText('blue mug with a chipped handle');
  await expect(belongs).toContainText('→ kitchen cupboard');
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');
  await coachSaid(page, 'Mug: kitchen. Next: the envelope by the chair.');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.screenshot({ path: shotPath('piles-after-card.png') });
});

test('a card answered in the person\'s own words through "Other..."', async ({ page }) => {
  await open(page, 'card-other');
  await say(page, "let's start sorting");
  const card = dialog(page);
  await card.getByRole('button', { name: 'Other...' }).click();
  const own = card.getByRole('textbox', { name: 'In your own words' });
  await expect(own).toBeFocused();
  // Digits typed here are words, not shortcuts.
  await own.fill("my sister's, she picks it up Friday");
  await page.screenshot({ path: shotPath('dialog-other.png') });
  await own.press('Enter');
  await expect(card).toHaveCount(0);
  await coachSaid(page, 'Got it: it goes back to your sister.');
  for (const pile of ['here', 'elsewhere', 'leaving', 'undecided']) {
    await expect(page.getByTestId(`pile-${pile}`).locator('.count')).toHaveText('0');
  }
});

test('the typing indicator and the draft show while the coach streams', async ({ page }) => {
  await open(page, 'streaming-reply');
  await say(page, 'hello');
  const typing = page.getByTestId('coach-typing');
  await expect(typing).toBeVisible();
  await expect(typing).toContainText('Let us start');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  await page.screenshot({ path: shotPath('coach-thinking.png') });
  await coachSaid(page, 'Hello. Let us start with one small corner of the room.');
  await expect(typing).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
});

test('Stop ends a slow reply and the session goes on', async ({ page }) => {
  await open(page, 'slow-reply');
  await say(page, 'hello');
  await expect(page.getByTestId('coach-typing')).toBeVisible();
  // Stop once the slow request is really with the model, so the scenario's steps stay in step.
  await expect.poll(() => model?.requests.length).toBe(1);
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('coach-typing')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
  await say(page, 'are you still there?');
  await coachSaid(page, 'Yes. What is this room for?');
  await expect(page.getByTestId('messages')).not.toContainText('never seen');
});

test('a pending question is shown again after a reload', async ({ page }) => {
  await open(page, 'choice-follow-up');
  await say(page, 'idk where to start');
  await expect(dialog(page)).toHaveAccessibleName('What is this room mostly for?');
  await page.reload();
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(dialog(page)).toHaveAccessibleName('What is this room mostly for?');
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await dialog(page).getByRole('radio', { name: 'Design' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await coachSaid(page, 'A design workspace.');
});

test('a card can be answered with the keyboard alone', async ({ page }) => {
  await open(page, 'keyboard-card');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.focus();
  await page.keyboard.type("let's start sorting");
  await page.keyboard.press('Enter');
  const card = dialog(page);
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('aria-modal', 'true');
  const [recycle, keep, unsure, other] = ['Recycle', 'Keep', 'Not sure yet', 'Other...'].map((name) =>
    card.getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) }),
  );
  await expect(recycle!).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(keep!).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(unsure!).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(other!).toBeFocused();
  // Then Stop for today, the sprint timer's pause, the card's own Add photos and Add from phone, and its way to the
  // Sessions panel is the last stop.
  const stop = card.getByRole('button', { name: 'Stop for today', exact: true });
  const pause = card.getByRole('button', { name: 'Pause timer' });
  const addPhotos = card.getByRole('button', { name: 'Add photos' });
  const addFromPhone = card.getByRole('button', { name: 'Add from phone' });
  const sessions = card.getByRole('button', { name: 'Sessions' });
  await page.keyboard.press('Tab');
  await expect(stop).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(pause).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(addPhotos).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(addFromPhone).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(sessions).toBeFocused();
  // Focus stays in the dialog: Tab wraps to the first control, Shift+Tab back to the last.
  await page.keyboard.press('Tab');
  await expect(recycle!).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(sessions).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(addFromPhone).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(addPhotos).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(pause).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(stop).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(other!).toBeFocused();
  // Enter opens "Other...", Escape closes the field (not the dialog) and returns to the button.
  await page.keyboard.press('Enter');
  const own = card.getByRole('textbox', { name: 'In your own words' });
  await expect(own).toBeFocused();
  await page.keyboard.type('3');
  await expect(own).toHaveValue('3');
  await page.screenshot({ path: shotPath('dialog-keyboard-other.png') });
  await page.keyboard.press('Escape');
  await expect(own).toHaveCount(0);
  await expect(card).toBeVisible();
  await expect(other!).toBeFocused();
  // The next number after the choices is "Not sure yet".
  await page.keyboard.press('3');
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('pile-undecided')).toContainText('tangle of black cables');
  await coachSaid(page, 'Cables can wait.');
  await expect(box).toBeFocused();
});

test('a question left unanswered closes when main says its time is up', async ({ page }) => {
  // Main's clock moves only when the test moves it: the card's five minutes pass where the test says.
  await open(page, 'card-timeout', { TIDY_TEST_CLOCK: 'manual' });
  await say(page, "let's start sorting");
  const card = dialog(page);
  await expect(card).toHaveAccessibleName('Broken desk lamp');
  const timeLeft = card.getByTestId('time-left');
  await expect(timeLeft).toContainText('This card waits about 5 min');
  // The page words the time left by main's clock.
  await app!.advanceClock(4.5 * 60_000);
  await expect(timeLeft).toContainText('This card closes in 30 s');
  await app!.advanceClock(30_000 - 1);
  await expect(timeLeft).toContainText('This card closes in 1 s');
  await app!.advanceClock(1);
  await expect(card).toHaveCount(0);
  await coachSaid(page, 'No rush. We can leave the lamp for now.');
  await expect(page.getByTestId('things-decided')).toHaveText('Nothing decided yet');
});

test('a yes/no question by key, then the session ends with a summary and a fresh start', async ({ page }) => {
  await open(page, 'wrap-up');
  await say(page, "let's start sorting");
  await coachSaid(page, 'First: the papers on the chair.');
  await say(page, 'I need to stop');
  await expect(dialog(page)).toHaveAccessibleName('Is that it for today?');
  await page.screenshot({ path: shotPath('dialog-confirm.png') });
  await page.keyboard.press('y');
  const ended = page.getByTestId('session-ended');
  await expect(ended).toContainText('You cleared the chair and looked at the papers.');
  await expect(ended.getByRole('listitem')).toHaveText(['Sort the papers on the chair', 'Decide on the moving boxes']);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await coachSaid(page, 'Good stopping point. The rest can wait.');
  await page.screenshot({ path: shotPath('session-ended.png') });
  // A new session starts from Home, in a room: the one just tidied is there now.
  await ended.getByRole('button', { name: 'Start a new session' }).click();
  await expect(page.getByTestId('home').getByTestId('room-card')).toHaveCount(1);
  await page.getByTestId('home').getByRole('button', { name: 'New room' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByTestId('messages')).not.toContainText('Good stopping point');
});

test('a retry and a model problem are told calmly in place', async ({ page }) => {
  await open(page, 'model-trouble');
  await say(page, 'hello');
  const notice = page.getByTestId('coach-notice');
  await expect(notice).toContainText('Trying again');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  await page.screenshot({ path: shotPath('coach-retrying.png') });
  await expect(notice).toContainText('refused the API key');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: shotPath('coach-error.png') });
});
