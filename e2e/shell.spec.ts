import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { startWebMode, type RunningWebMode } from './support/web-mode';
import { shotPath } from './support/screenshots';

let app: RunningWebMode;

test.beforeEach(async () => {
  app = await startWebMode();
});

test.afterEach(async () => {
  await app.stop();
});

/** Fails the test on any console error or CSP violation the page reports. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('the shell loads and shows the session state pushed from main', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.getByTestId('mode')).toContainText('Surveying');
  for (const pile of ['here', 'elsewhere', 'leaving', 'undecided']) {
    await expect(page.getByTestId(`pile-${pile}`).locator('.count')).toHaveText('0');
  }
  await expect(page.getByTestId('things-decided')).toHaveText('Nothing decided yet');
  await expect(page.getByRole('region', { name: 'Photos of the room' })).toContainText('Drop a folder of photos of the room anywhere on this window, or use Add photos.');
  // The token moved out of the address bar.
  expect(page.url()).not.toContain('token');
  await page.screenshot({ path: shotPath('shell-empty.png') });
  expect(problems).toEqual([]);
});

test('a message round-trips through main and survives a reload', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(app.url);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('The desk is buried under paper.');
  await box.press('Enter');
  await expect(page.getByTestId('messages')).toContainText('The desk is buried under paper.');
  await expect(box).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.getByTestId('messages')).toContainText('The desk is buried under paper.');
  await page.screenshot({ path: shotPath('shell-message.png') });
  expect(problems).toEqual([]);
});

test('a change made elsewhere appears without any reload or polling', async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  const other = new WebSocket(`${app.origin.replace('http', 'ws')}/ipc?token=${app.token}`, { origin: app.origin });
  await new Promise((resolve) => other.once('open', resolve));
  other.send(JSON.stringify({ type: 'invoke', id: 'x1', channel: 'chat:send', input: { text: 'Sent from another window' } }));
  await expect(page.getByTestId('messages')).toContainText('Sent from another window');
  other.close();
});

test('the page explains itself when opened without the printed link', async ({ page }) => {
  await page.goto(app.origin);
  await expect(page.getByRole('heading', { name: 'Tidying' })).toBeVisible();
  await expect(page.getByText('This page needs the link')).toBeVisible();
  await page.screenshot({ path: shotPath('missing-token.png') });
});
