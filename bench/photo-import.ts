/**
 * Photo import throughput: `importPhotos` over generated 12-megapixel JPEGs, beside a bare sharp resize of the same
 * files in the same run, and the peak resident memory of the process during the import.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { importPhotos, PhotoStore } from '../src/main/photos';
import type { SectionReport } from './runner';
import { seededRandom } from './stats';

/** What a phone takes; a quick run uses smaller photos, generated faster. */
const FULL = { width: 4000, height: 3000 };
const QUICK = { width: 1200, height: 900 };
const SAMPLE_MS = 20;
/** Full-size photos are kept between runs: generating 100 takes longer than importing them. */
const CACHE_DIR = path.join(os.tmpdir(), 'tidying-bench-photos-v1');

export interface GeneratedPhotos {
  readonly files: string[];
  readonly width: number;
  readonly height: number;
}

/**
 * `count` generated photos for `use`: full-size ones from the cache, or (quick) small ones in a folder that is
 * removed afterwards, so a quick run leaves nothing behind.
 */
export async function withGeneratedPhotos<T>(count: number, quick: boolean, use: (photos: GeneratedPhotos) => Promise<T>): Promise<T> {
  if (!quick) return use({ files: await generatedPhotos(count, CACHE_DIR, FULL), ...FULL });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidying-bench-photos-quick-'));
  try {
    return await use({ files: await generatedPhotos(count, dir, QUICK), ...QUICK });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => bytes / (1024 * 1024);

/**
 * Smooth colour fields (a tiny random image scaled up) overlaid with Gaussian grain: roughly the size and
 * entropy of a phone photo, where a flat colour would compress to almost nothing and decode unrealistically fast.
 */
async function generatedPhotos(count: number, dir: string, { width, height }: { width: number; height: number }): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true });
  const name = (i: number) => `photo-${String(i).padStart(3, '0')}.jpg`;
  const files = Array.from({ length: count }, (_, i) => path.join(dir, name(i)));
  const missing: { file: string; seed: number }[] = [];
  for (const [i, file] of files.entries()) {
    if (!(await fs.stat(file).catch(() => undefined))) missing.push({ file, seed: i + 1 });
  }
  if (missing.length === 0) return files;
  const noise = { type: 'gaussian', mean: 128, sigma: 24 } as const;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise } })
    .raw()
    .toBuffer();
  for (const { file, seed } of missing) {
    const random = seededRandom(seed);
    const field = Buffer.from(Array.from({ length: 16 * 12 * 3 }, () => Math.floor(random() * 256)));
    const temp = `${file}.tmp`;
    await sharp(field, { raw: { width: 16, height: 12, channels: 3 } })
      .resize(width, height, { kernel: 'cubic' })
      .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
      .jpeg({ quality: 90 })
      .toFile(temp);
    await fs.rename(temp, file);
  }
  return files;
}

export async function measurePhotoImport(report: SectionReport, count: number, quick: boolean): Promise<void> {
  await withGeneratedPhotos(count, quick, async ({ files, width, height }) => {
    const sizes = await Promise.all(files.map(async (f) => (await fs.stat(f)).size));
    report.say(`Photo import, ${count} generated ${width}x${height} JPEGs (mean ${mb(sizes.reduce((a, b) => a + b, 0) / count).toFixed(1)} MB)`);
    const storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidying-bench-store-'));
    try {
      const store = await PhotoStore.open(storeDir);
      // The import runs first, so its memory peak is not inflated by what the comparison loop leaves allocated.
      const beforeImport = process.memoryUsage.rss();
      let peak = beforeImport;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, SAMPLE_MS);
      const importStart = performance.now();
      const result = await importPhotos(
        files.map((file) => ({ path: file })),
        { store, now: () => new Date(), maxFiles: count },
      );
      const importSeconds = (performance.now() - importStart) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      if (result.imported.length !== count) {
        throw new Error(`imported ${result.imported.length} of ${count}: ${JSON.stringify(result.skipped.slice(0, 3))}`);
      }
      const rate = (perSecond: number, seconds: number) => `${perSecond.toFixed(1).padStart(6)} photos/s  (${seconds.toFixed(2)} s)`;
      const importRate = count / importSeconds;
      report.figures([{ name: 'importPhotos', value: importRate, unit: 'photos/s', baseline: 'bare sharp resize' }], ([value]) => `  importPhotos (this app)   ${rate(value!, importSeconds)}`);

      const bareStart = performance.now();
      for (const file of files) await sharp(file).resize(1024, 1024, { fit: 'inside' }).jpeg().toBuffer();
      const bareSeconds = (performance.now() - bareStart) / 1000;
      const bareRate = count / bareSeconds;
      report.figures([{ name: 'bare sharp resize', value: bareRate, unit: 'photos/s' }], ([value]) => `  bare sharp resize         ${rate(value!, bareSeconds)}`);
      report.say(`  this app / bare           ${(importRate / bareRate).toFixed(2).padStart(6)}x`);
      report.figures(
        [{ name: 'peak RSS during import', value: mb(peak), unit: 'MB', baseline: 'RSS before import' }, { name: 'RSS before import', value: mb(beforeImport), unit: 'MB' }],
        ([during, before]) => `  peak RSS during import    ${during!.toFixed(0)} MB (${before!.toFixed(0)} MB before)`,
      );
    } finally {
      await fs.rm(storeDir, { recursive: true, force: true });
    }
  });
}
