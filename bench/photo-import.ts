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
import { seededRandom } from './stats';

export interface PhotoImportReport {
  photos: number;
  width: number;
  height: number;
  meanFileMb: number;
  import: { seconds: number; photosPerSecond: number; imported: number };
  bare: { seconds: number; photosPerSecond: number };
  rssMb: { beforeImport: number; peakDuringImport: number };
}

const WIDTH = 4000;
const HEIGHT = 3000;
const SAMPLE_MS = 20;
/** Kept between runs: generating 100 photos takes longer than importing them. */
const CACHE_DIR = path.join(os.tmpdir(), 'tidying-bench-photos-v1');

const mb = (bytes: number) => bytes / (1024 * 1024);

/**
 * Smooth colour fields (a tiny random image scaled up) overlaid with Gaussian grain: roughly the size and
 * entropy of a phone photo, where a flat colour would compress to almost nothing and decode unrealistically fast.
 */
export async function generatedPhotos(count: number): Promise<string[]> {
  await fs.mkdir(CACHE_DIR, { recursive: true });
  const name = (i: number) => `photo-${String(i).padStart(3, '0')}.jpg`;
  const files = Array.from({ length: count }, (_, i) => path.join(CACHE_DIR, name(i)));
  const missing: { file: string; seed: number }[] = [];
  for (const [i, file] of files.entries()) {
    if (!(await fs.stat(file).catch(() => undefined))) missing.push({ file, seed: i + 1 });
  }
  if (missing.length === 0) return files;
  const noise = { type: 'gaussian', mean: 128, sigma: 24 } as const;
  const grain = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise } })
    .raw()
    .toBuffer();
  for (const { file, seed } of missing) {
    const random = seededRandom(seed);
    const field = Buffer.from(Array.from({ length: 16 * 12 * 3 }, () => Math.floor(random() * 256)));
    const temp = `${file}.tmp`;
    await sharp(field, { raw: { width: 16, height: 12, channels: 3 } })
      .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
      .composite([{ input: grain, raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'soft-light' }])
      .jpeg({ quality: 90 })
      .toFile(temp);
    await fs.rename(temp, file);
  }
  return files;
}

export async function measurePhotoImport(count = Number(process.env.BENCH_PHOTOS ?? 100)): Promise<PhotoImportReport> {
  const files = await generatedPhotos(count);
  const sizes = await Promise.all(files.map(async (f) => (await fs.stat(f)).size));
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
      { store, now: () => new Date(), maxFiles: Math.max(count, 1) },
    );
    const importSeconds = (performance.now() - importStart) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    if (result.imported.length !== count) {
      throw new Error(`imported ${result.imported.length} of ${count}: ${JSON.stringify(result.skipped.slice(0, 3))}`);
    }

    const bareStart = performance.now();
    for (const file of files) await sharp(file).resize(1024, 1024, { fit: 'inside' }).jpeg().toBuffer();
    const bareSeconds = (performance.now() - bareStart) / 1000;

    return {
      photos: count,
      width: WIDTH,
      height: HEIGHT,
      meanFileMb: mb(sizes.reduce((a, b) => a + b, 0) / Math.max(count, 1)),
      import: { seconds: importSeconds, photosPerSecond: count / importSeconds, imported: result.imported.length },
      bare: { seconds: bareSeconds, photosPerSecond: count / bareSeconds },
      rssMb: { beforeImport: mb(beforeImport), peakDuringImport: mb(peak) },
    };
  } finally {
    await fs.rm(storeDir, { recursive: true, force: true });
  }
}
