/**
 * What the photo strip costs the page with 150 thumbnails beside 12: the strip's elements built, styled and laid out
 * again (the work a re-render of the strip asks of the browser), median of 30, in Chromium against web mode.
 * A frame at 60 Hz is 16.7 ms; the strip would be virtualised if 150 thumbnails cost more than that.
 */
import { chromium } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import { writeHeavySession } from '../e2e/support/heavy-session';
import { startWebMode } from '../e2e/support/web-mode';
import { percentile } from './stats';

export interface PhotoStripReport {
  readonly few: { photos: number; ms: number };
  readonly many: { photos: number; ms: number };
}

const RUNS = 30;

async function stripCost(photos: number): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidying-bench-strip-'));
  await writeHeavySession(dataDir, { photos, pileItems: 0, messages: 0 });
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ theme: 'dark', detection: false }));
  const app = await startWebMode({}, { dataDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(app.url);
    await page.locator(`.photo-list li:nth-child(${photos})`).waitFor();
    const times = (await page.evaluate(`(async () => {
      const list = document.querySelector('.photo-list');
      const times = [];
      for (let run = 0; run < ${RUNS}; run += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const started = performance.now();
        const copy = list.cloneNode(true);
        list.parentElement.appendChild(copy);
        copy.getBoundingClientRect();
        document.body.offsetHeight;
        times.push(performance.now() - started);
        copy.remove();
      }
      return times;
    })()`)) as number[];
    return percentile(times, 50);
  } finally {
    await browser.close();
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measurePhotoStrip(): Promise<PhotoStripReport> {
  return { few: { photos: 12, ms: await stripCost(12) }, many: { photos: 150, ms: await stripCost(150) } };
}
