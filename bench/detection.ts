/**
 * The on-device detector: time per 1024 px photo beside the import of the same photo, the worker's cold start, the
 * memory it takes, the install size it adds, 100 photos imported with detection beside the import alone, and the
 * first thing the coach names after 100 photos of rooms are dropped.
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
import { fmt } from './format';
import { measureFirstNamedThing } from './first-named-thing';
import { withGeneratedPhotos } from './photo-import';
import type { SectionReport } from './runner';
import { percentile } from './stats';

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

export async function measureDetection(report: SectionReport, { count, runs, quick }: { count: number; runs: number; quick: boolean }): Promise<void> {
  const lookup = findDetectorRuntime();
  if (!('found' in lookup)) throw new Error(lookup.missing);
  const runtime = lookup.found;
  const samples = await photos1024();
  report.say(`On-device detection (${runtime.models.map((model) => model.spec.id).join(' + ')}: tfjs's and TensorFlow Lite's WebAssembly builds in a worker; ${os.availableParallelism()} cores here)`);

  // Cold start: a new worker, from nothing to the first photo's result. Memory is sampled from before it starts.
  const memory = sampler();
  const detector = new Detector(runtime);
  try {
    const first = samples[0]!;
    const coldStarted = performance.now();
    await detector.detect(first.bytes, first);
    const firstResultMs = performance.now() - coldStarted;
    if (detector.loadMs === undefined) throw new Error('The detector gave its first result without saying how long loading took.');
    report.figures(
      [
        { name: 'cold start to the first result', value: firstResultMs, unit: 'ms' },
        { name: 'model load and warm-up', value: detector.loadMs, unit: 'ms' },
      ],
      ([firstResult, load]) => `  cold start                  ${fmt(firstResult!).padStart(14)}  to the first result (loading the model and a warm-up run: ${fmt(load!)})`,
    );

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
    report.figures(
      [
        { name: 'detection per photo p50', value: percentile(detect, 50), unit: 'ms', baseline: 'import per photo p50' },
        { name: 'detection per photo p90', value: percentile(detect, 90), unit: 'ms' },
        { name: 'inference per photo p50', value: percentile(infer, 50), unit: 'ms' },
      ],
      ([p50, p90, inferP50]) => `  per 1024 px photo, warm     p50 ${fmt(p50!).padStart(10)}  p90 ${fmt(p90!)}  (inference alone p50 ${fmt(inferP50!)}; goal: p50 under 400 ms, issue 22)`,
    );
    const peak = memory.stop();
    report.figures(
      [
        { name: 'RSS at most while detecting', value: peak / 2 ** 20, unit: 'MB', baseline: 'RSS before the worker' },
        { name: 'RSS before the worker', value: memory.before / 2 ** 20, unit: 'MB' },
      ],
      ([peakMb, beforeMb]) =>
        `  memory                      ${(peakMb! - beforeMb!).toFixed(0).padStart(11)} MB more at the peak (RSS ${beforeMb!.toFixed(0)} MB before the worker, ${peakMb!.toFixed(0)} MB at most while detecting)`,
    );
    const detectP50 = percentile(detect, 50);
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
    report.figures(
      [{ name: 'import per photo p50', value: percentile(importTimes, 50), unit: 'ms' }],
      ([importP50]) => `  import of the same photo    p50 ${fmt(importP50!).padStart(10)}  detection = ${(detectP50 / importP50!).toFixed(1)}x the import (${runs} runs over the test photos)`,
    );
  } finally {
    // The sampler and the worker end even when a run fails.
    memory.stop();
    await detector.close();
  }

  const root = path.resolve(import.meta.dirname, '..');
  report.figures(
    [
      { name: 'install size added', value: folderBytes(runtime.dir) / 1e6, unit: 'MB', baseline: "node_modules' size" },
      { name: "node_modules' size", value: folderBytes(path.join(root, 'node_modules')) / 1e6, unit: 'MB' },
    ],
    ([install, all]) => `  install size added          ${install!.toFixed(1).padStart(11)} MB  (${((install! / all!) * 100).toFixed(1)}% of node_modules' ${all!.toFixed(0)} MB; goal: under 60 MB)`,
  );

  // Phone-sized photos: the import alone, then the import with detection as the app runs it.
  await withGeneratedPhotos(count, quick, async ({ files }) => {
    const workers = defaultWorkers();
    const importSeconds = await importRun(files);
    report.figures([{ name: `${count} photos, import alone`, value: importSeconds, unit: 's' }], ([seconds]) => `  ${count} photos, import alone     ${seconds!.toFixed(2).padStart(8)} s`);
    const withDetectionSeconds = await importRun(files, workers);
    report.figures(
      [{ name: `${count} photos, import + detection`, value: withDetectionSeconds, unit: 's', baseline: `${count} photos, import alone` }],
      ([seconds]) => `  import + detection          ${seconds!.toFixed(2).padStart(8)} s  ${(seconds! / importSeconds).toFixed(2)}x the import alone, ${workers} worker${workers === 1 ? '' : 's'} (goal: under 2.5x, issue 35)`,
    );
    // One worker beside two, whichever the app picks here: what the second core buys.
    const other = workers === 1 ? 2 : 1;
    const otherSeconds = await importRun(files, other);
    const words = other === 1 ? 'one worker' : 'two workers';
    report.figures(
      [{ name: `${count} photos, import + detection with ${words}`, value: otherSeconds, unit: 's', baseline: `${count} photos, import alone` }],
      ([seconds]) => `  with ${words.padEnd(22)}${seconds!.toFixed(2).padStart(8)} s  ${(seconds! / importSeconds).toFixed(2)}x`,
    );
  });

  // What the person waits for: the coach naming a thing after the drop, through the whole app.
  await measureFirstNamedThing(report, { count: quick ? 6 : count, quick });
}
