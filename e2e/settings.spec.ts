import { expect, test } from '@playwright/test';
import path from 'node:path';
import type { ScriptedModel } from '../test-support/scripted-model';
import { startScenario } from './support/scripted-model';
import { startWebMode, type RunningWebMode } from './support/web-mode';
import { shotPath } from './support/screenshots';
import { expectAccessible } from './support/axe';

let app: RunningWebMode | undefined;
let model: ScriptedModel | undefined;

test.afterEach(async () => {
  await app?.stop();
  await model?.close();
  app = undefined;
  model = undefined;
});

test('settings: the coach choice without a model, and a light theme that stays after a reload', async ({ page }) => {
  app = await startWebMode();
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('radio', { name: /^Guided/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Conversational/ })).toBeDisabled();
  await expect(dialog).toContainText('needs a model: set one up first');
  await expect(dialog.getByTestId('settings-key-state')).toHaveText('none');
  await expect(dialog).toContainText('In web mode the key comes from OPENAI_API_KEY');

  await dialog.getByRole('radio', { name: 'Light' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.screenshot({ path: shotPath('settings-light.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const background = await page.evaluate('getComputedStyle(document.documentElement).backgroundColor');
  expect(background).toBe('rgb(244, 243, 238)');
  await page.screenshot({ path: shotPath('shell-light.png') });
});

test('the debug panel, hidden by default, shows the live state and the session log', async ({ page }) => {
  app = await startWebMode();
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await expect(page.getByTestId('debug-panel')).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('checkbox', { name: /Show the debug panel/ }).check();
  await page.keyboard.press('Escape');
  const panel = page.getByTestId('debug-panel');
  await expect(panel).toContainText('"status": "active"');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('hello');
  await box.press('Enter');
  await expect(panel).toContainText('person-message');
  await expect(panel).toContainText('question-asked');
  await page.screenshot({ path: shotPath('debug-panel.png') });
});

test('a model server chosen from the known servers is probed: each check is listed and the switches follow', async ({ page }) => {
  // A llama.cpp-like server without a vision projector: tools and JSON work, images are refused.
  model = await startScenario('model-probe');
  app = await startWebMode();
  await page.goto(app.url);
  await expect(page.getByTestId('connection')).toHaveText('Connected');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('radio', { name: /OpenAI-compatible server/ }).check();
  const address = dialog.getByRole('textbox', { name: 'Server address' });
  await dialog.getByRole('combobox', { name: 'Known server' }).selectOption({ label: 'llama.cpp server (http://localhost:8080/v1)' });
  await expect(address).toHaveValue('http://localhost:8080/v1');
  await address.fill(model.baseURL);
  await expect(dialog.getByRole('combobox', { name: 'Known server' })).toHaveValue('other');
  await dialog.getByRole('textbox', { name: 'Model name' }).fill('scripted');
  await dialog.getByRole('button', { name: 'Save model' }).click();
  await expect(dialog.getByTestId('model-message')).toHaveText('Saved. It is used from the next reply on.');
  // The header says so at once, not only from the next session (regression: it kept "works offline").
  await expect(page.getByTestId('coach-kind')).toHaveText('CoachGuided, phrased by scripted');
  await expect(dialog.getByRole('checkbox', { name: /Takes images/ })).toBeChecked();

  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByTestId('model-message')).toHaveText(
    'scripted answered: 3 of 4 checks work, 1 does not. Context length: 8,192 tokens (from llama.cpp /props). Takes images is now off.',
  );
  const results = dialog.getByTestId('probe-results');
  await expect(results).toContainText('The server lists 1 model, scripted among them.');
  const status = (capability: string) => results.locator(`[data-capability="${capability}"] .probe-status`);
  await expect(results.getByRole('listitem')).toHaveCount(4);
  await expect(status('tools')).toHaveText('works');
  await expect(status('structured-output')).toHaveText('works (json_schema)');
  await expect(status('streaming-tools')).toHaveText('works');
  await expect(status('vision')).toHaveText('does not work');
  await expect(results.locator('[data-capability="vision"]')).toContainText('image input is not supported');
  await expect(results.locator('[data-capability="vision"]')).toContainText('--mmproj');
  await expect(results.getByTestId('probe-context')).toHaveText('Context length: 8,192 tokens (from llama.cpp /props).');
  await expect(dialog.getByText('the server says 8,192; leave empty to use that')).toBeVisible();
  // The switches follow the probe, and stay the person's to change.
  await expect(dialog.getByRole('checkbox', { name: /Takes images/ })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Takes tool calls/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Conversational/ })).toBeEnabled();
  await expectAccessible(page, 'settings with probe results');
  await results.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('settings-model.png') });

  // Controlled by what main says: the box turns once main has the change.
  await dialog.getByRole('checkbox', { name: /Takes images/ }).click();
  await expect(dialog.getByRole('checkbox', { name: /Takes images/ })).toBeChecked();
  await expect(dialog.getByText('set by hand: Test connection leaves it')).toBeVisible();

  // A context window typed by hand: checked before it is sent, kept once saved.
  const context = dialog.getByRole('textbox', { name: /Context window, in tokens/ });
  await context.fill('12');
  await dialog.getByRole('button', { name: 'Save model' }).click();
  await expect(dialog.getByTestId('model-message')).toHaveText('The context window is a whole number of tokens from 2,048 to 2,000,000, or empty.');
  await context.fill('4,096');
  await dialog.getByRole('button', { name: 'Save model' }).click();
  await expect(dialog.getByTestId('model-message')).toHaveText('Saved. It is used from the next reply on.');
  await context.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('settings-context.png') });
  // Focus stays in the dialog after saving (a disabled button used to drop it), so Escape closes it.
  await expect(dialog.getByRole('button', { name: 'Save model' })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('textbox', { name: /Context window, in tokens/ })).toHaveValue('4096');
  expect(model.mismatches).toEqual([]);
});

test('settings survive a restart of Tidying', async ({ page }) => {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const os = await import('node:os');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-restart-'));
  try {
    app = await startWebMode({}, { dataDir });
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('radio', { name: 'Light' }).check();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('radio', { name: /^More/ }).check();
    // Read back from main (calls on one socket are answered in order): the choice is saved before the stop.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('radio', { name: /^More/ })).toBeChecked();
    await app.stop();

    app = await startWebMode({}, { dataDir });
    await page.goto(app.url);
    await expect(page.getByTestId('connection')).toHaveText('Connected');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('radio', { name: /^More/ })).toBeChecked();
  } finally {
    await app?.stop();
    app = undefined;
    await rm(dataDir, { recursive: true, force: true });
  }
});
