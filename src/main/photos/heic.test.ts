import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { tempFolderSync } from '../../../test-support/temp-folder';
import { HeicDecoder, HeicError, findHeicWorkerFile } from './heic';
import { importPhotos } from './import';
import { PhotoStore } from './store';

/** Real HEIC files made with heif-enc (fixtures/make-heic.sh says how each was made). */
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

const decoder = new HeicDecoder();
afterAll(() => decoder.close());

/** The colour at a point of a photo's stored model copy, as [r, g, b]. */
async function colourAt(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(jpeg).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data];
}

function near(actual: number[], expected: number[], tolerance = 24): void {
  expect(actual.every((value, index) => Math.abs(value - expected[index]!) <= tolerance), `${actual} is not near ${expected}`).toBe(true);
}

/** Imports one HEIC fixture as the app does and reads back its stored copy. */
async function imported(name: string) {
  const store = await PhotoStore.open(tempFolderSync('tidying-heic-'));
  const result = await importPhotos([{ name, bytes: fixture(name) }], { store, now: () => new Date(), heic: decoder });
  expect(result.skipped).toEqual([]);
  const [record] = result.imported;
  const model = readFileSync(store.paths(record!.id).model);
  return { record: record!, model, metadata: await sharp(model).metadata() };
}

const RED = [255, 0, 0];
const GREEN = [0, 192, 0];
const BLUE = [0, 0, 255];
const YELLOW = [255, 255, 0];

describe('HEIC photos decoded with libheif’s WebAssembly build', () => {
  it('imports a phone’s HEIC photo like any other: a JPEG model copy, a thumbnail, no metadata', async () => {
    const { record, metadata, model } = await imported('coffee.heic');
    expect(record).toMatchObject({ originalName: 'coffee.heic', format: 'heic', width: 600, height: 400 });
    expect(metadata).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    // The same photo as the JPEG it was made from (heif-enc at quality 50, so close rather than equal).
    const original = await sharp(path.join(import.meta.dirname, '../detection/fixtures/coffee.jpg')).resize(60, 40).raw().toBuffer();
    const ours = await sharp(model).resize(60, 40).raw().toBuffer();
    const meanDifference = original.reduce((sum, value, index) => sum + Math.abs(value - ours[index]!), 0) / original.length;
    expect(meanDifference).toBeLessThan(8);
  });

  it('turns an iPhone grid upright once: its tiles put together and cropped, irot applied, the EXIF orientation saying the same not applied again', async () => {
    const { record, model, metadata } = await imported('iphone-grid.heic');
    // Stored as 3 x 2 tiles of 128 px (384 x 256) cropped to 360 x 240, turned a quarter clockwise.
    expect(record).toMatchObject({ width: 240, height: 360 });
    expect(metadata.exif).toBeUndefined();
    near(await colourAt(model, 20, 20), RED);
    near(await colourAt(model, 220, 20), GREEN);
    near(await colourAt(model, 20, 340), BLUE);
    near(await colourAt(model, 220, 340), YELLOW);
  });

  it('applies the EXIF orientation of a HEIC that has no rotation of its own', async () => {
    const { record, model } = await imported('exif-rotated.heic');
    // Stored 64 x 96 (sideways) with an EXIF orientation of 6.
    expect(record).toMatchObject({ width: 96, height: 64 });
    near(await colourAt(model, 8, 8), RED);
    near(await colourAt(model, 88, 8), GREEN);
    near(await colourAt(model, 8, 56), BLUE);
    near(await colourAt(model, 88, 56), YELLOW);
  });

  it('converts colours from the photo’s own ICC profile (Display P3) to sRGB', async () => {
    const { model } = await imported('display-p3.heic');
    // sRGB red and green, stored as Display P3 values (about 234,51,35 and 117,251,76) with the P3 profile.
    near(await colourAt(model, 16, 32), RED, 16);
    near(await colourAt(model, 48, 32), [0, 255, 0], 16);
  });

  it('takes the primary image of a file of several, not the first', async () => {
    // The first image is fruits.jpg (512 x 480); the second, coffee.jpg (600 x 400), is the primary one.
    const { record } = await imported('second-is-primary.heic');
    expect(record).toMatchObject({ width: 600, height: 400 });
  });

  it('refuses an image over the pixel limit before decoding it, and a damaged file, with a HeicError each', async () => {
    await expect(decoder.toPng(fixture('coffee.heic'), 600 * 400 - 1)).rejects.toMatchObject({ name: 'HeicError', kind: 'too-large' });
    const damaged = fixture('coffee.heic').subarray(0, 2000);
    await expect(decoder.toPng(damaged, 1e8)).rejects.toBeInstanceOf(HeicError);
    await expect(decoder.toPng(damaged, 1e8)).rejects.toMatchObject({ kind: 'undecodable' });
    // The worker lives on after both.
    expect((await sharp(await decoder.toPng(fixture('coffee.heic'), 1e8)).metadata()).width).toBe(600);
  });

  it('decodes in a worker thread: the main thread goes on while a 12 MP photo decodes', async () => {
    const own = new HeicDecoder();
    onTestFinished(() => own.close());
    const workers: Worker[] = [];
    const started = (worker: Worker) => workers.push(worker);
    process.on('worker', started);
    onTestFinished(() => void process.off('worker', started));
    await own.toPng(fixture('coffee.heic'), 1e8); // the worker is started and libheif loaded
    expect(workers).toHaveLength(1);
    // Its reply says the decode is done; until then this thread counts the turns its event loop takes (none if the
    // decode held it).
    let decoded = false;
    workers[0]!.once('message', () => (decoded = true));
    let turns = 0;
    const turn = () => {
      if (decoded) return;
      turns += 1;
      setImmediate(turn);
    };
    const decoding = own.toPng(fixture('iphone-12mp.heic'), 2e8);
    setImmediate(turn);
    const png = await decoding.finally(() => (decoded = true));
    // Its 48 tiles put together and turned upright by its irot; its EXIF orientation left out, being said already.
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ width: 3024, height: 4032 });
    expect(metadata.orientation).toBeUndefined();
    expect(turns).toBeGreaterThan(10);
  });

  it('stops its worker when idle, and starts one again for the next photo', async () => {
    // The idle time is the test's to move: on a loaded machine a real 20 ms passed before the first photo was back.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const quick = new HeicDecoder({ idleMs: 20 });
      await quick.toPng(fixture('display-p3.heic'), 1e8);
      expect(quick.running).toBe(true);
      vi.advanceTimersByTime(19);
      expect(quick.running).toBe(true);
      vi.advanceTimersByTime(1);
      expect(quick.running).toBe(false);
      await quick.toPng(fixture('display-p3.heic'), 1e8);
      expect(quick.running).toBe(true);
      await quick.close();
      expect(quick.running).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('decodes with nothing but the file’s bytes: the worker and libheif’s bundle require no module of Node’s that reaches files or the network', () => {
    const worker = readFileSync(path.join(import.meta.dirname, 'heic-worker.ts'), 'utf8');
    expect([...worker.matchAll(/^import (?!type )[^;]* from '([^']+)';$/gm)].map((match) => match[1])).toEqual(['node:module', 'node:worker_threads']);
    expect([...worker.matchAll(/\b(?:createRequire|require|import)\s*\(/g)].length, 'one require, of libheif-js').toBe(1);
    expect(worker).toContain("createRequire(import.meta.url)('libheif-js/wasm-bundle')");
    // The bundle is libheif's WebAssembly with its loader, the .wasm inlined (not libheif-js's default entry, whose
    // loader requires fs to read the .wasm): no fs, no path, no net.
    const bundle = createRequire(import.meta.url).resolve('libheif-js/wasm-bundle');
    expect(readFileSync(bundle, 'utf8').trim()).toBe("module.exports = require('./libheif-wasm/libheif-bundle.js')();");
    const inner = readFileSync(path.join(path.dirname(bundle), 'libheif-wasm', 'libheif-bundle.js'), 'utf8');
    expect(inner.match(/\brequire\s*\(|\bimport\s*\(/g)).toBeNull();
  });

  it('finds its worker file from source and in the build', () => {
    expect(findHeicWorkerFile(import.meta.dirname, true)).toEqual({ found: path.join(import.meta.dirname, 'heic-worker.ts') });
    expect(findHeicWorkerFile('/nowhere', false)).toMatchObject({ missing: expect.stringContaining('heic-worker.mjs') });
  });
});
