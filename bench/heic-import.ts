/**
 * HEIC import: a 12 MP iPhone-style HEIC (48 tiles, irot, EXIF; src/main/photos/fixtures/iphone-12mp.heic) imported
 * with `importPhotos`, libheif's WebAssembly build decoding it in its worker, beside the same photo as a JPEG (made
 * from the HEIC's own pixels at quality 90) imported in the same run. The first HEIC import starts the worker and
 * loads libheif; it is given apart. A quick run uses the small coffee.heic instead.
 */
import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { HeicDecoder } from '../src/main/photos/heic';
import { importPhotos, PhotoStore } from '../src/main/photos';
import type { SectionReport } from './runner';
import { percentile } from './stats';

const FIXTURES = path.resolve(import.meta.dirname, '../src/main/photos/fixtures');

/** Imports `bytes` into a store of its own (so it is never a duplicate) and returns the milliseconds it took. */
async function timedImport(name: string, bytes: Uint8Array, heic: HeicDecoder): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidying-bench-heic-'));
  try {
    const store = await PhotoStore.open(dir);
    const started = performance.now();
    const result = await importPhotos([{ name, bytes }], { store, now: () => new Date(), heic });
    const ms = performance.now() - started;
    if (result.imported.length !== 1) throw new Error(`${name} was not imported: ${JSON.stringify(result.skipped)}`);
    return ms;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function measureHeicImport(report: SectionReport, { runs, quick }: { runs: number; quick: boolean }): Promise<void> {
  const file = quick ? 'coffee.heic' : 'iphone-12mp.heic';
  const heicBytes = readFileSync(path.join(FIXTURES, file));
  const heic = new HeicDecoder();
  try {
    const pixels = await heic.toPng(heicBytes, 2e8);
    const jpegBytes = await sharp(pixels).jpeg({ quality: 90 }).toBuffer();
    const { width, height } = await sharp(pixels).metadata();
    await heic.close();
    report.say(`HEIC import, ${file}: ${width}x${height}, ${(heicBytes.length / 1024).toFixed(0)} KB as HEIC, ${(jpegBytes.length / 1024).toFixed(0)} KB as JPEG`);

    const first = await timedImport(file, heicBytes, heic);
    const heicMs: number[] = [];
    const jpegMs: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      heicMs.push(await timedImport(file, heicBytes, heic));
      jpegMs.push(await timedImport('same.jpg', jpegBytes, heic));
    }
    const [heicMedian, jpegMedian] = [percentile(heicMs, 50), percentile(jpegMs, 50)];
    report.figures(
      [
        { name: 'HEIC import (median)', value: heicMedian, unit: 'ms', baseline: 'same photo as JPEG (median)' },
        { name: 'same photo as JPEG (median)', value: jpegMedian, unit: 'ms' },
      ],
      ([h, j]) => `  HEIC ${h!.toFixed(0).padStart(6)} ms   JPEG ${j!.toFixed(0).padStart(6)} ms   (${(h! / j!).toFixed(2)}x, median of ${runs})`,
    );
    report.figures(
      [{ name: 'first HEIC import (worker start)', value: first, unit: 'ms', baseline: 'HEIC import (median)' }],
      ([value]) => `  first HEIC import, the worker starting and libheif loading: ${value!.toFixed(0)} ms`,
    );
  } finally {
    await heic.close();
  }
}
