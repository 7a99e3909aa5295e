/**
 * What a re-render of the photo strip costs the page with 150 photos beside 12, in Chromium against web mode, median
 * of 30 (a quick run: 3 photos beside 30, 3 runs): the thumbnails the strip has in the page (those in view and a few
 * either side: WindowedPhotoList) built, styled and laid out again; beside them, in the same run, the same for all 150
 * thumbnails (what the strip cost before it was windowed), and a real re-render: the strip scrolled by its width, the
 * app's scroll handler re-rendering the window through React, and the page laid out. A frame at 60 Hz is 16.7 ms. */
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

interface StripCost {
  /** Thumbnails the strip has in the page. */
  readonly inPage: number;
  /** Median milliseconds to build, style and lay out those again. */
  readonly ms: number;
  /** Median milliseconds to build, style and lay out as many thumbnails as there are photos, where measured. */
  readonly allMs: number | undefined;
  /** Median milliseconds for a scroll of the strip's width: React's re-render of the window and the layout, where measured. */
  readonly scrollMs: number | undefined;
}

type Kind = 'copy' | 'all' | 'scroll';

/**
 * In the page, `runs` times each: a copy of the strip's list as it is put beside it and laid out (`copy`); the same
 * with as many thumbnails as the session has photos, copied round from those in the page (`all`); the strip scrolled
 * by its width, its scroll event handled (the app's handler re-renders the window at once) and the page laid out
 * (`scroll`), which fails unless the window moved each time.
 */
const timeStrip = (photos: number, runs: number, kinds: readonly Kind[]) => `(async () => {
  const list = document.querySelector('.photo-list');
  // Measured at rest: the thumbnails in the page loaded, so no copy starts a fetch that the strip at rest would not.
  const loaded = (image) => new Promise((resolve) => image.complete ? resolve() : (image.onload = image.onerror = resolve));
  await Promise.all([...list.querySelectorAll('img')].map(loaded));
  const build = {
    copy: () => list.cloneNode(true),
    all: () => {
      const copy = list.cloneNode(false);
      copy.classList.remove('photo-list-windowed');
      copy.removeAttribute('style');
      const items = [...list.children];
      for (let index = 0; index < ${photos}; index += 1) {
        const item = items[index % items.length].cloneNode(true);
        item.removeAttribute('style');
        copy.appendChild(item);
      }
      return copy;
    },
  };
  const inPage = list.children.length;
  const shown = () => [...list.children].map((item) => item.getAttribute('aria-posinset')).join();
  const widths = Math.floor((list.scrollWidth - list.clientWidth) / list.clientWidth);
  const times = { copy: [], all: [], scroll: [] };
  for (const kind of ${JSON.stringify(kinds)}) {
    for (let run = 0; run < ${runs}; run += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const before = shown();
      const started = performance.now();
      if (kind === 'scroll') {
        list.scrollLeft = ((run % widths) + 1) * list.clientWidth;
        list.dispatchEvent(new Event('scroll'));
        document.body.offsetHeight;
        times.scroll.push(performance.now() - started);
        if (shown() === before) throw new Error('the strip did not re-render its window on a scroll of its width');
        continue;
      }
      const copy = build[kind]();
      list.parentElement.appendChild(copy);
      copy.getBoundingClientRect();
      document.body.offsetHeight;
      times[kind].push(performance.now() - started);
      copy.remove();
    }
  }
  return { inPage, times };
})()`;

async function stripCost(browser: Browser, photos: number, runs: number, kinds: readonly Kind[]): Promise<StripCost> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidying-bench-strip-'));
  let app: RunningWebMode | undefined;
  try {
    await writeHeavySession(dataDir, { photos, pileItems: 0, messages: 0 });
    await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ theme: 'dark', detection: false }));
    app = await startWebMode({}, { dataDir });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(app.url);
    await page.locator('.photos .count').getByText(String(photos), { exact: true }).waitFor();
    await page.locator('.photo-list li').first().waitFor();
    const { inPage, times } = (await page.evaluate(timeStrip(photos, runs, kinds))) as { inPage: number; times: Record<Kind, number[]> };
    await page.close();
    const median = (kind: Kind) => (times[kind].length > 0 ? percentile(times[kind], 50) : undefined);
    return { inPage, ms: median('copy')!, allMs: median('all'), scrollMs: median('scroll') };
  } finally {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const frame = (ms: number) => (ms < 16.7 ? 'under a frame' : 'over a frame');

export async function measurePhotoStrip(report: SectionReport, { few, many, runs }: { few: number; many: number; runs: number }): Promise<void> {
  report.say(`Photo strip re-rendered in Chromium at 1280x800: its thumbnails in the page built, styled and laid out again (median of ${runs}; one frame at 60 Hz is 16.7 ms)`);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const fewCost = await stripCost(browser, few, runs, ['copy']);
    const line = (what: string, ms: number) => `  ${what.padEnd(54)}${fmt(ms).padStart(10)}`;
    const against = (ms: number) => `   ${(ms / fewCost.ms).toFixed(1)}x; ${frame(ms)}`;
    report.figures([{ name: `${few} photos`, value: fewCost.ms, unit: 'ms' }], ([ms]) => line(`${few} photos, ${fewCost.inPage} thumbnails in the page`, ms!));
    const manyCost = await stripCost(browser, many, runs, ['copy', 'all', 'scroll']);
    const figure = (name: string, value: number, what: string) =>
      report.figures([{ name, value, unit: 'ms', baseline: `${few} photos` }], ([ms]) => line(what, ms!) + against(ms!));
    figure(`${many} photos`, manyCost.ms, `${many} photos, ${manyCost.inPage} thumbnails in the page`);
    figure(`${many} photos, all in the page`, manyCost.allMs!, `${many} photos, all ${many} in the page (unwindowed)`);
    figure(`${many} photos, scrolled a strip's width`, manyCost.scrollMs!, `${many} photos, scrolled: React re-renders the window`);
  } finally {
    await browser.close();
  }
}
