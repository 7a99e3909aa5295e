import { test } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startWebMode } from './support/web-mode';
import { writeHeavySession } from './support/heavy-session';

test('probe', async ({ page }) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-probe-'));
  await writeHeavySession(dataDir, { photos: 40, pileItems: 40, messages: 120 });
  const app = await startWebMode({}, { dataDir });
  try {
    for (const [w, h] of [[1280, 800], [800, 600], [2560, 1440]]) {
      await page.setViewportSize({ width: w!, height: h! });
      await page.goto(app.url);
      await page.getByTestId('connection').getByText('Connected').waitFor();
      await page.waitForTimeout(500);
      const m = await page.evaluate(`({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth, sh: document.documentElement.scrollHeight, ch: document.documentElement.clientHeight })`);
      console.log(w, h, JSON.stringify(m));
      await page.screenshot({ path: `/tmp/probe-${w}.png` });
    }
  } finally {
    await app.stop();
  }
});
