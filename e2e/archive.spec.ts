import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NO_DETECTOR, startWebMode, type RunningWebMode } from './support/web-mode';
import { dialog, startOverwhelmedGuidedSession } from './support/page';
import { shotPath } from './support/screenshots';

const apps: RunningWebMode[] = [];

test.afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
});

test('a session exported on one machine opens on another, and a second copy is refused kindly', async ({ page }) => {
  const first = await startWebMode({}, { settings: NO_DETECTOR });
  apps.push(first);
  await startOverwhelmedGuidedSession(page, first.url, 'Work');
  await dialog(page).getByRole('button', { name: 'Sessions' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Sessions' }).getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tidying-session-\d{4}-\d{2}-\d{2}-[\w-]{1,8}\.tar\.gz$/);
  const archive = (await download.path())!;

  // Another machine: a fresh data folder.
  const second = await startWebMode({}, { settings: NO_DETECTOR });
  apps.push(second);
  await page.goto(second.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await page.getByRole('button', { name: 'Sessions' }).click();
  await page.getByTestId('session-file-input').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/gzip', buffer: await readFile(archive) });
  await expect(page.getByRole('button', { name: /Back to the live session/ })).toBeVisible();
  await page.getByRole('button', { name: /Step forward/ }).click();
  await expect(page.getByText('idk where to start')).toBeVisible();
  await page.screenshot({ path: shotPath('archive-opened.png') });
  await page.getByRole('button', { name: /Back to the live session/ }).click();

  // Dropped again on the window: already here, said plainly.
  const bytes = (await readFile(archive)).toString('base64');
  const data = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob('${bytes}'), (char) => char.charCodeAt(0));
    transfer.items.add(new File([bytes], 'session.tar.gz', { type: 'application/gzip' }));
    return transfer;
  })()`);
  await page.dispatchEvent('main', 'drop', { dataTransfer: data });
  await expect(page.getByRole('alert')).toContainText('That session could not be opened: That session is already here: open it from Sessions.');
});

test('a session’s log.jsonl dropped on the window opens as a replay', async ({ page }) => {
  const first = await startWebMode({}, { settings: NO_DETECTOR });
  apps.push(first);
  await startOverwhelmedGuidedSession(page, first.url, 'Sleep');
  const { readdir } = await import('node:fs/promises');
  const [sessionId] = await readdir(path.join(first.dataDir, 'sessions'));
  const log = (await readFile(path.join(first.dataDir, 'sessions', sessionId!, 'log.jsonl'))).toString('base64');

  const second = await startWebMode({}, { settings: NO_DETECTOR });
  apps.push(second);
  await page.goto(second.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  const data = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob('${log}'), (char) => char.charCodeAt(0));
    transfer.items.add(new File([bytes], 'log.jsonl', { type: 'application/json' }));
    return transfer;
  })()`);
  await page.dispatchEvent('main', 'drop', { dataTransfer: data });
  await expect(page.getByRole('button', { name: /Back to the live session/ })).toBeVisible();
  await page.getByRole('button', { name: /Step forward/ }).click();
  await expect(page.getByText('idk where to start')).toBeVisible();
});
