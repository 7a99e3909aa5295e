import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { NO_DETECTOR, startWebMode, type RunningWebMode } from './support/web-mode';
import { dialog, startOverwhelmedGuidedSession } from './support/page';

let app: RunningWebMode | undefined;

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
});

test('a session’s summary downloads as Markdown from the Sessions panel', async ({ page }) => {
  app = await startWebMode({}, { settings: NO_DETECTOR });
  // Overwhelmed ("idk"), the guided coach asks only what the room is for, then for one small thing.
  await startOverwhelmedGuidedSession(page, app.url, 'Work');
  await dialog(page).getByRole('button', { name: 'Other...' }).click();
  await dialog(page).getByRole('textbox').fill('empty amazon envelope');
  await dialog(page).getByRole('textbox').press('Enter');
  await expect(dialog(page)).toContainText('empty amazon envelope', { ignoreCase: true });
  await page.keyboard.press('1');
  await expect(page.getByTestId('pile-leaving').locator('.count')).toHaveText('1');

  await dialog(page).getByRole('button', { name: 'Sessions' }).click();
  const panel = page.getByRole('dialog', { name: 'Sessions' });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Summary' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tidying-\d{4}-\d{2}-\d{2}\.md$/);
  const markdown = await readFile((await download.path())!, 'utf8');
  expect(markdown).toContain('# Tidying session');
  expect(markdown).toContain('Space for: Work');
  expect(markdown).toContain('## Leaves the home');
  expect(markdown).toContain('- empty amazon envelope (trash)');
  await expect(panel).toContainText('The summary was saved as');
});
