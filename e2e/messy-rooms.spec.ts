/**
 * Issue 35: twelve messy bedrooms from ../shared/rooms (real, lived-in: clothes on beds and floors, shelves of books),
 * no model. The mess comes first: the first card, and most of the first five, are about what lies on a bed, a floor,
 * a desk or a chair (a pile the detector cannot name, said plainly, or a thing left there), and none is books standing
 * on a shelf or anything that looks put away. The screenshots of
 * the first five cards go to test-results/shared-rooms/, never into the project: the photos are not ours to copy.
 * A clone without the folder skips this and says why.
 */
import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_ROOMS_DIR } from '../src/main/eval/detection/labels';
import { dialog, dropFiles } from './support/page';
import { startWebMode, type RunningWebMode } from './support/web-mode';

const SHOTS = path.resolve(import.meta.dirname, '../test-results/shared-rooms');
const BEDROOMS = [
  'doordetect-bedroom-03.jpg',
  'doordetect-bedroom-06.jpg',
  'gdmessyroom-bedroom-02.jpg',
  'gdmessyroom-bedroom-03.jpg',
  'gdmessyroom-bedroom-05.jpg',
  'gdmessyroom-bedroom-12.jpg',
  'gdmessyroom-bedroom-14.jpg',
  'gdmessyroom-bedroom-15.jpg',
  'scannet-bedroom-1.jpg',
  'scannet-bedroom-2.jpg',
  'scannet-bedroom-3.jpg',
  'scannet-bedroom-4.jpg',
];
/** Where a card's thing or pile is left out, in the card's words: a bed, a floor, a table or desk, a chair, a sofa. */
const LEFT_OUT = /\b(on|in front of|by) the (bed|floor|table|desk|chair|sofa)|\bpile\b/i;

let app: RunningWebMode | undefined;
test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

/**
 * The card as a person reads it: its heading and where it says the thing is ('none' while no card is up). Read from the
 * page at once, never waiting on a card that is between one and the next.
 */
async function cardWords(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const card = document.querySelector('[data-testid="question-dialog"]');
    if (!card) return 'none';
    const heading = card.querySelector('h2')?.textContent ?? '';
    const where = card.querySelector('.dialog-where')?.textContent;
    return where ? heading + ' | ' + where : heading;
  })()`);
}

test('twelve messy bedrooms: the first five cards are the mess on beds, floors and desks, not what stands on shelves', async ({ page }) => {
  test.skip(!existsSync(SHARED_ROOMS_DIR), `${SHARED_ROOMS_DIR} is not here: it sits beside the project, not in it.`);
  test.setTimeout(600_000);
  app = await startWebMode({ TIDY_TEST_CLOCK: 'manual' });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await dropFiles(page, BEDROOMS.map((file) => ({ name: file, data: readFileSync(path.join(SHARED_ROOMS_DIR, file)) })));
  await expect(page.getByTestId('import-summary')).toContainText(`${BEDROOMS.length} photos added.`, { timeout: 120_000 });
  await expect(page.locator('.photos .detecting')).toHaveCount(0, { timeout: 240_000 });
  await dialog(page).getByRole('radio', { name: 'Sleep' }).click();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await expect(dialog(page)).toContainText('What has to stay here');
  await dialog(page).getByRole('checkbox', { name: 'None of these' }).check();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  // The card just answered stays up while main takes the answer: the first card is the one after it.
  await expect(dialog(page)).not.toContainText('What has to stay here');

  // What the person says is nearest in each pile: different things, as in a real heap.
  const nearest = ['jeans', 'hoodie', 'socks', 'towel', 'charger'];
  const cards: string[] = [];
  for (let card = 1; cards.length < 5; card += 1) {
    await expect(dialog(page).getByRole('heading', { level: 2 })).toBeVisible();
    await expect.poll(() => cardWords(page)).not.toBe('none');
    const words = await cardWords(page);
    const decided = await page.getByTestId('things-decided').textContent();
    cards.push(words);
    await page.screenshot({ path: path.join(SHOTS, `messy-bedrooms-card-${card}.png`) });
    if (await dialog(page).getByRole('button', { name: 'Not sure yet' }).count()) {
      // A thing it named: where it goes, by key.
      await page.keyboard.press('1');
    } else {
      // A pile it could not name: the person names the nearest thing in a word, and decides it.
      await dialog(page).getByRole('button', { name: 'Other...' }).click();
      const name = nearest.shift()!;
      await dialog(page).getByRole('textbox').fill(name);
      await dialog(page).getByRole('textbox').press('Enter');
      await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(new RegExp(name, 'i'));
      await page.keyboard.press('1');
    }
    // Two bottles side by side read the same: the next card is told from this one by the things decided too.
    const key = async () => `${await cardWords(page)} | ${await page.getByTestId('things-decided').textContent()}`;
    await expect.poll(key).not.toBe(`${words} | ${decided}`);
    // A choice that goes somewhere with no place yet asks where it lives: a follow-up, not a card of its own.
    if (/^Where (does|do) .* live\?/.test((await dialog(page).locator('h2').textContent()) ?? '')) {
      const asked = await key();
      await dialog(page).getByRole('textbox').fill('the wardrobe');
      await dialog(page).getByRole('button', { name: 'Send' }).click();
      await expect.poll(key).not.toBe(asked);
    }
  }
  console.log(`The first five cards in twelve messy bedrooms:\n${cards.map((words, index) => `  ${index + 1}. ${words}`).join('\n')}`);
  expect(cards[0], 'the first card is about the mess').toMatch(LEFT_OUT);
  // Piles on beds and floors come between the things it named, not after all of them; nothing put away comes first.
  expect(cards.filter((words) => LEFT_OUT.test(words)).length, `the mess first: ${cards.join(' / ')}`).toBeGreaterThanOrEqual(3);
  for (const words of cards) expect(words).not.toMatch(/Already in place|^\d* ?books?\b/i);
});
