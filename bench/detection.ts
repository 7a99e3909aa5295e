/**
 * The on-device detector: time per 1024 px photo beside the import of the same photo, the worker's cold start, the
 * memory it takes, the install size it adds, and 100 photos imported with detection beside the import alone.
 */
import { promises as fs, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { Detector } from '../src/main/detection/detector';
import { findDetectorRuntime } from '../src/main/detection/runtime';
import { DetectionService, defaultWorkers } from '../src/main/detection/service';
import { createLogger } from '../src/main/log/logger';
import { importPhotos, PhotoStore } from '../src/main/photos';
import { generatedPhotos } from './photo-import';
import { percentile } from './stats';

export interface DetectionReport {
  installBytes: number;
  nodeModulesBytes: number;
  coldStart: { firstResultMs: number; loadMs: number };
  perPhoto: { runs: number; detect: { p50: number; p90: number }; infer: { p50: number }; importP50: number };
  memory: { beforeMb: number; peakMb: number };
  hundred: { photos: number; workers: number; importSeconds: number; withDetectionSeconds: number; twoWorkersSeconds: number };
}

const FIXTURES = path.resolve(import.meta.dirname, '../src/main/detection/fixtures');
const SAMPLE_MS = 20;

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(file);
    else if (entry.isFile()) total += statSync(file).size;
  }
  return total;
}

/** The real photos of the tests, scaled up to a 1024 px long side as the import stores them for the coaches. */
async function photos1024(): Promise<{ name: string; bytes: Buffer; width: number; height: number }[]> {
  const names = (await fs.readdir(FIXTURES)).filter((name) => name.endsWith('.jpg'));
  return Promise.all(
    names.map(async (name) => {
      const { data, info } = await sharp(path.join(FIXTURES, name)).resize(1024, 1024, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
      return { name, bytes: data, width: info.width, height: info.height };
    }),
  );
}

function sampler() {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), SAMPLE_MS);
  return { before, stop: () => (clearInterval(timer), peak) };
}

/** Imports `files` into a fresh store and, when `workers` is given, detects each photo as it is stored. */
async function importRun(files: readonly string[], workers?: number): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidying-bench-detect-'));
  const logger = createLogger({ sink: () => {} });
  const service = workers ? new DetectionService({ logger, deliver: () => Promise.resolve(true), onProgress: () => {}, workers }) : undefined;
  try {
    const store = await PhotoStore.open(dir);
    const started = performance.now();
    await importPhotos(
      files.map((file) => ({ path: file })),
      {
        store,
        now: () => new Date(),
        maxFiles: files.length,
        ...(service ? { onImported: (record) => service.request({ sessionId: 'bench', photosDir: dir, photos: [record] }) } : {}),
      },
    );
    await service?.idle();
    return (performance.now() - started) / 1000;
  } finally {
    await service?.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function measureDetection(count = 100, runs = 30): Promise<DetectionReport> {
  const lookup = findDetectorRuntime();
  if (!('found' in lookup)) throw new Error(lookup.missing);
  const runtime = lookup.found;
  const samples = await photos1024();

  // Cold start: a new worker, from nothing to the first photo's result. Memory is sampled from before it starts.
  const memory = sampler();
  const detector = new Detector(runtime);
  const first = samples[0]!;
  const coldStarted = performance.now();
  await detector.detect(first.bytes, first);
  const firstResultMs = performance.now() - coldStarted;

  // Per photo, warm: each detection beside the import of the same photo (decode, two copies, store).
  const detect: number[] = [];
  const infer: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const photo = samples[run % samples.length]!;
    const started = performance.now();
    const { timing } = await detector.detect(photo.bytes, photo);
    detect.push(performance.now() - started);
    infer.push(timing.inferMs);
  }
  const peak = memory.stop();
  await detector.close();
  const importTimes: number[] = [];
  const storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidying-bench-import-'));
  try {
    for (let run = 0; run < runs; run += 1) {
      const store = await PhotoStore.open(path.join(storeDir, String(run)));
      const photo = samples[run % samples.length]!;
      const started = performance.now();
      await importPhotos([{ name: photo.name, bytes: photo.bytes }], { store, now: () => new Date() });
      importTimes.push(performance.now() - started);
    }
  } finally {
    await fs.rm(storeDir, { recursive: true, force: true });
  }

  // A hundred phone-sized photos: the import alone, then the import with detection as the app runs it.
  const files = await generatedPhotos(count);
  const workers = defaultWorkers();
  const importSeconds = await importRun(files);
  const withDetectionSeconds = await importRun(files, workers);
  // Two workers, whatever the app would pick here: what a second spare core buys.
  const twoWorkersSeconds = workers === 2 ? withDetectionSeconds : await importRun(files, 2);

  const root = path.resolve(import.meta.dirname, '..');
  return {
    installBytes: folderBytes(runtime.dir),
    nodeModulesBytes: folderBytes(path.join(root, 'node_modules')),
    coldStart: { firstResultMs, loadMs: detector.loadMs ?? Number.NaN },
    perPhoto: {
      runs,
      detect: { p50: percentile(detect, 50), p90: percentile(detect, 90) },
      infer: { p50: percentile(infer, 50) },
      importP50: percentile(importTimes, 50),
    },
    memory: { beforeMb: memory.before / 2 ** 20, peakMb: peak / 2 ** 20 },
    hundred: { photos: count, workers, importSeconds, withDetectionSeconds, twoWorkersSeconds },
  };
}
