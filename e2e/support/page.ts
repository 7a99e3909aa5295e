import { expect, type JSHandle, type Page } from '@playwright/test';

/** The one dialog open at a time: a question card, a guided step, Sessions or Settings. */
export const dialog = (page: Page) => page.getByRole('dialog');

/** Types a message into the message box and sends it with Enter, as a person would. */
export async function say(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/**
 * Answers a card's "Other..." with what the thing is, waits for its card, sends it where `key` picks, and waits for
 * that card to go. (Without the last wait, on a busy machine the next step could open "Other..." on the card just
 * answered, still up while main took the answer, and type into a box that went with it.)
 */
export async function decide(page: Page, item: string, key: string): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill(item);
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page)).toContainText(item, { ignoreCase: true });
  await pressAndWaitForNextCard(page, key);
}

/**
 * Answers the open card with a key and waits for that card to go (the next card, or none). On a busy machine the card
 * just answered stays up while main takes the answer: a step that looks for the next card at once can act on it.
 */
export async function pressAndWaitForNextCard(page: Page, key: string): Promise<void> {
  const card = await dialog(page).elementHandle();
  await page.keyboard.press(key);
  await card!.waitForElementState('hidden');
  await card!.dispose();
}

/**
 * Opens a page on a running web mode without a model and starts a guided session the shortest way: an overwhelmed
 * first message, the room's purpose, and the coach's "one small thing" question left open.
 */
export async function startOverwhelmedGuidedSession(page: Page, url: string, roomFunction: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await say(page, 'idk where to start');
  await dialog(page).getByRole('radio', { name: roomFunction }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page)).toContainText('nearest thing you can pick up');
}

/** Files as the browser hands them over on a drop: each a name and its bytes, a JPEG unless its type is given. */
export function filesTransfer(page: Page, files: readonly { name: string; data: Buffer | string; type?: string }[]): Promise<JSHandle> {
  const encoded = files.map((file) => ({ name: file.name, type: file.type ?? 'image/jpeg', data: Buffer.from(file.data).toString('base64') }));
  // A string, run in the page: the e2e code is typed for Node, which has no DataTransfer.
  return page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    for (const file of ${JSON.stringify(encoded)}) {
      const bytes = Uint8Array.from(atob(file.data), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  })()`);
}

/**
 * Drops files on the window as a person would (see `filesTransfer`). `on` is what they land on (with a card open,
 * its backdrop: the page behind it is inert).
 */
export async function dropFiles(page: Page, files: readonly { name: string; data: Buffer | string; type?: string }[], on = 'main'): Promise<void> {
  await page.dispatchEvent(on, 'drop', { dataTransfer: await filesTransfer(page, files) });
}

/** Light theme picked the way a person does, in Settings; the page's theme attribute says it took. */
export async function chooseTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  if (theme === 'light') {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('settings-dialog').getByRole('radio', { name: 'Light' }).check();
    await page.getByTestId('settings-dialog').getByRole('button', { name: 'Close' }).click();
  }
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** A theme put straight on the page, for screenshots of a screen where Settings cannot be opened. */
export async function showTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate(`document.documentElement.dataset.theme = '${theme}'; document.documentElement.style.colorScheme = '${theme}'`);
}

/**
 * Main's answer to the page's first `channel` call over web mode's socket, for a test that must know the answer has
 * come before it checks that what the answer would bring is absent. Call it before the page loads.
 */
export function firstAnswer(page: Page, channel: string): Promise<unknown> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      let id: string | undefined;
      socket.on('framesent', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type: string; id?: string; channel?: string };
        if (id === undefined && frame.type === 'invoke' && frame.channel === channel) id = frame.id;
      });
      socket.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type: string; result?: { id: string } };
        if (id !== undefined && frame.type === 'result' && frame.result?.id === id) resolve(frame.result);
      });
    });
  });
}

/**
 * From a fresh page on a guided session: says hello, answers that the room is for work and the desk stays, names
 * `item` as the nearest thing, and waits for its card.
 */
export async function toThingCard(page: Page, item: string): Promise<void> {
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await say(page, 'hi');
  await dialog(page).getByRole('radio', { name: 'Work' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await dialog(page).getByRole('textbox').fill('desk');
  await dialog(page).getByRole('textbox').press('Enter');
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill(item);
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page)).toContainText(item, { ignoreCase: true });
}

/**
 * The last card of a session that ends with things leaving the home: one small step of the trip out ("put the 2
 * things for the charity shop in a bag by the door"), said done or left for later; `asks` is what it must ask.
 */
export async function lastStep(page: Page, asks: string | RegExp = 'One small thing before you go', answer: 'It’s by the door' | 'Later' = 'Later'): Promise<void> {
  const card = dialog(page);
  await expect(card).toContainText(asks);
  await card.getByRole('radio', { name: answer }).click();
  await card.getByRole('button', { name: 'Done' }).click();
}
