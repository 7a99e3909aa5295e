/**
 * One journey through the desktop app, written once and run twice: in the Electron stand-in under Vitest
 * (src/main/electron/desktop-journey.test.ts) and in real Electron with Playwright's `_electron` where a binary
 * exists (e2e/electron.spec.ts). It drives only the window and what a person does around it (a native dialog, a
 * drop from the file manager, quitting and starting again); each runtime supplies those through a driver.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './page-expect';

export interface DesktopDriver {
  /** The app's window, as it is now (a restart opens a new one). */
  page(): Page;
  /** The app's next native Open dialog answers with these paths, as if the person picked them. */
  answerOpenDialog(paths: string[]): Promise<void>;
  /** Files or folders dragged from the file manager and dropped in the middle of the window. */
  drop(paths: string[]): Promise<void>;
  /** Quits the app as the person would and starts it again on the same user data; resolves once it shows. */
  restart(): Promise<void>;
}

/** A room photo: a gradient with a block, so the thumbnail shows something and the detector has a busy spot. */
async function roomPhoto(file: string, width: number, height: number, tint: string): Promise<string> {
  const block = await sharp({ create: { width: Math.round(width / 3), height: Math.round(height / 4), channels: 3, background: '#c9a27a' } })
    .png()
    .toBuffer();
  await writeFile(
    file,
    await sharp({ create: { width, height, channels: 3, background: tint } })
      .composite([{ input: block, left: Math.round(width / 5), top: Math.round(height / 2) }])
      .jpeg()
      .toBuffer(),
  );
  return file;
}

export interface JourneyPhotos {
  /** A folder as a person would drop it: two photos (one nested), a note and a hidden file. */
  room: string;
  /** A folder the person chooses in the native dialog: one photo of the room after tidying, and a note. */
  after: string;
}

export async function journeyPhotos(root: string): Promise<JourneyPhotos> {
  const room = path.join(root, 'room');
  await mkdir(path.join(room, 'corner'), { recursive: true });
  await roomPhoto(path.join(room, 'desk.jpg'), 1200, 900, '#55705f');
  await roomPhoto(path.join(room, 'corner', 'floor.jpg'), 900, 1200, '#6a6f7a');
  await writeFile(path.join(room, 'notes.txt'), 'shopping list');
  await writeFile(path.join(room, '.DS_Store'), 'hidden');
  const after = path.join(root, 'now');
  await mkdir(after);
  await roomPhoto(path.join(after, 'desk-now.jpg'), 1200, 900, '#8a8f95');
  await writeFile(path.join(after, 'notes.txt'), 'done for today');
  return { room, after };
}

const card = (page: Page) => page.getByRole('dialog');

/** A photo shown from the app's own protocol: loaded, with real pixels. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: { naturalWidth: number }) => img.naturalWidth)).toBeGreaterThan(0);
}

/** Names a thing on the coach's "what's the nearest thing there?" card; its own card follows. */
async function nameThing(page: Page, item: string): Promise<void> {
  await card(page).getByRole('button', { name: 'Other...' }).click();
  await card(page).getByRole('textbox').fill(item);
  await card(page).getByRole('textbox').press('Enter');
  await expect(card(page)).toHaveAccessibleName(new RegExp(`^${item}$`, 'i'));
  await expect(card(page)).toContainText('Where does this go?');
}

/**
 * A folder of photos dropped on the window, the coach's cards answered by click and by key, the session ended
 * with its exit plan (ticked by click and by key) and a folder of after photos chosen in the native dialog, the app quit and
 * started again, and the session replayed step by step from Sessions.
 */
export async function desktopJourney(desktop: DesktopDriver, photos: JourneyPhotos): Promise<void> {
  let page = desktop.page();
  await expect(page.getByTestId('mode')).toContainText('Surveying');
  await expect(page.getByTestId('coach-kind')).toContainText('Guided (works offline)');

  // The folder, dropped: the photos in it and its subfolder come in, the rest is left out, and the thumbnails
  // come from the app's own protocol.
  await desktop.drop([photos.room]);
  await expect(page.getByTestId('import-summary')).toContainText('2 photos added, 1 left out.');
  const thumbnails = page.getByRole('region', { name: 'Photos of the room' }).getByRole('button', { name: /^View / });
  await expect(thumbnails).toHaveCount(2);
  for (const image of await thumbnails.locator('img').all()) await expectLoaded(image);

  // What the space is for, by click; what stays, typed.
  await expect(card(page)).toHaveAccessibleName('What is this space mostly for?');
  await card(page).getByRole('radio', { name: 'Work' }).click();
  await card(page).getByRole('button', { name: 'Done' }).click();
  await expect(card(page)).toContainText('What has to stay here');
  await card(page).getByRole('textbox').fill('desk, lamp');
  await card(page).getByRole('textbox').press('Enter');

  // The coach asks for the nearest thing (at a busy spot of a photo, once the detector has looked); each thing named
  // is sorted: by key twice, then by click.
  await expect(card(page)).toContainText('nearest thing');
  await nameThing(page, 'empty amazon envelope');
  await expect(card(page).getByRole('button', { name: /^Trash/ })).toBeVisible();
  await page.keyboard.press('1');
  await expect(page.getByTestId('things-decided')).toHaveText('1 thing decided');
  await nameThing(page, 'mug');
  await page.keyboard.press('1'); // To the kitchen
  await expect(page.getByTestId('things-decided')).toHaveText('2 things decided');
  await nameThing(page, 'lamp shade');
  await card(page).getByRole('button', { name: /Donate/ }).click();
  await expect(page.getByTestId('things-decided')).toHaveText('3 things decided');

  // Stop for today: first one small step of the trip out (a tie between the bin and the charity shop goes to the
  // donation), then the ended session's exit plan, grouped by what happens to each thing.
  await card(page).getByRole('button', { name: 'Stop for today', exact: true }).click();
  await expect(card(page)).toContainText('put the lamp shade for the charity shop by the door');
  await card(page).getByRole('radio', { name: 'It’s by the door' }).click();
  await card(page).getByRole('button', { name: 'Done' }).click();
  const ended = page.getByTestId('session-ended');
  const plan = ended.getByTestId('exit-plan');
  await expect(plan.getByTestId('exit-plan-group')).toHaveText([/^Trash.*empty amazon envelope$/, /^Donation.*lamp shade$/, /^To the kitchen\s*mug$/]);
  await expect(plan.getByTestId('exit-plan-progress')).toHaveText('0 of 3 done');
  await plan.getByRole('checkbox', { name: 'mug' }).check();
  await plan.getByRole('checkbox', { name: 'lamp shade' }).focus();
  await page.keyboard.press('Space');
  await expect(plan.getByTestId('exit-plan-progress')).toHaveText('2 of 3 done');

  // A folder chosen in the native dialog: its photo comes in as an after photo, beside the before ones.
  const beforeAfter = ended.getByTestId('before-after');
  const before = beforeAfter.getByTestId('before-photos').locator('.photo-name');
  await expect(before).toHaveCount(2);
  expect((await before.allTextContents()).sort()).toEqual(['desk.jpg', 'floor.jpg']);
  await desktop.answerOpenDialog([photos.after]);
  await beforeAfter.getByRole('button', { name: 'Add after photos' }).click();
  await expect(beforeAfter.getByTestId('after-photos').locator('.photo-name')).toHaveText(['desk-now.jpg']);
  await expectLoaded(beforeAfter.getByTestId('after-photos').locator('img').first());

  // Quit and start again: the plan still has one thing to take out, and says so.
  await desktop.restart();
  page = desktop.page();
  await expect(page.getByTestId('exit-plan-notice')).toContainText(/^1 thing still to take out from/);

  // The ended session, replayed from Sessions, step by step.
  await page.getByRole('banner').getByRole('button', { name: 'Sessions' }).click();
  const sessions = page.getByRole('dialog', { name: 'Sessions' });
  const row = sessions.getByTestId('session-row').filter({ hasText: 'Work' });
  await expect(row).toContainText('3 things decided');
  await row.getByRole('button', { name: 'Open' }).click();
  const replay = page.getByRole('region', { name: /Looking back/ });
  const position = page.getByTestId('step-position');
  // Opened, then a step per answer: the space with what stays, the envelope, the mug, the lamp shade, stopping.
  await expect(position).toContainText('Step 1 of 6');
  const answers = page.getByTestId('step-answers');
  const leaving = page.getByTestId('pile-leaving').locator('.count');
  // Focus moves to the replay once it has shown (its keys work from then on): wait for it, as a person's eyes would.
  await expect(replay).toBeFocused();
  await page.keyboard.press('End');
  await expect(position).toContainText('Step 6 of 6');
  await expect(answers).toContainText('→ Stop for today');
  await expect(leaving).toHaveText('2');
  await replay.getByRole('button', { name: 'Step back' }).click();
  await expect(position).toContainText('Step 5 of 6');
  await expect(answers).toContainText('→ Donate');
  await replay.getByRole('button', { name: 'Step back' }).click();
  await expect(position).toContainText('Step 4 of 6');
  await expect(answers).toContainText('→ To the kitchen');
  await expect(leaving).toHaveText('1');
  await replay.getByRole('button', { name: 'Back to the live session' }).click();
  await expect(replay).toHaveCount(0);
}
