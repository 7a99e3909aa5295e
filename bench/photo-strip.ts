/**
 * What the photo strip costs the page with 150 thumbnails beside 12: the strip's elements built, styled and laid out
 * again (the work a re-render of the strip asks of the browser), median of 30 (a quick run: fewer thumbnails and runs), in Chromium against web mode.
 * A frame at 60 Hz is 16.7 ms; the strip would be virtualised if 150 thumbnails cost more than that.
 */
import { chromium, type Browser } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import { writeHeavySession } from '../e2e/support/heavy-session';
import { startWebMode, type RunningWebMode } from '../e2e/support/web-mode';
import { fmt } from './format';
import type { SectionReport } from './runner';
import { percentile } from './stats';

async function stripCost(browser: Browser, photos: number, runs: number): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidying-bench-strip-'));
  let app: RunningWebMode | undefined;
  try {
    await writeHeavySession(dataDir, { photos, pileItems: 0, messages: 0 });
    await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ theme: 'dark', detection: false }));
    app = await startWebMode({}, { dataDir });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(app.url);
    await page.locator(`.photo-list li:nth-child(${photos})`).waitFor();
    const times = (await page.evaluate(`(async () => {
      const list = document.querySelector('.photo-list');
      const times = [];
      for (let run = 0; run < ${runs}; run += 1) {
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
    await page.close();
    return percentile(times, 50);
  } finally {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measurePhotoStrip(report: SectionReport, { few, many, runs }: { few: number; many: number; runs: number }): Promise<void> {
  report.say(`Photo strip, built, styled and laid out again in Chromium (median of ${runs}; one frame at 60 Hz is 16.7 ms)`);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const fewMs = await stripCost(browser, few, runs);
    report.figures([{ name: `${few} thumbnails`, value: fewMs, unit: 'ms' }], ([ms]) => `  ${String(few).padStart(3)} thumbnails          ${fmt(ms!).padStart(10)}`);
    report.figures(
      [{ name: `${many} thumbnails`, value: await stripCost(browser, many, runs), unit: 'ms', baseline: `${few} thumbnails` }],
      ([ms]) => `  ${String(many).padStart(3)} thumbnails          ${fmt(ms!).padStart(10)}   ${(ms! / fewMs).toFixed(1)}x; ${ms! < 16.7 ? 'under a frame, so the strip is not virtualised' : 'over a frame: virtualise the strip'}`,
    );
  } finally {
    await browser.close();
  }
}
