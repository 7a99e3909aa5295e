/**
 * `npm run eval -- --detection`: the app's detector configuration over the labelled photos, per class and overall;
 * `--compare` runs every configuration of the installed models (each alone and all together in each tiling, other
 * sets on the whole photo) and prints them side by side; `--clutter` judges the clutter model instead (clutter.ts). The JSON goes to --json FILE, else to eval-results/ (git-ignored).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findDetectorRuntime } from '../../detection/runtime';
import { existsSync } from 'node:fs';
import type { DetectorRuntime } from '../../detection/runtime';
import { formatClutterNaming, runClutterEval } from './clutter';
import { DEFAULT_PHOTOS_DIR, readLabels, SHARED_ROOMS_DIR, type Labels } from './labels';
import { RECORDED_FILE, TODAY, writeRecorded } from './recorded';
import { configName, configurations, detectionJson, evaluate, formatClutterCoverage, formatComparison, formatPerClass, runConfig, type ConfigReport, type ConfigRun } from './run';

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../../../../eval-results');

export interface DetectionEvalOptions {
  readonly compare: boolean;
  readonly photos?: string;
  readonly json?: string;
  /** Keep the candidates of the app's configuration and of CenterNet alone for the unit test of the choice. */
  readonly record?: boolean;
  /** Detectors run side by side (each its own worker); 1 unless asked. */
  readonly workers?: number;
  /** Judge the clutter model (clutter.ts) instead of the detectors. */
  readonly clutter?: boolean;
}

export async function runDetectionEval(options: DetectionEvalOptions, deps: { readonly print: (text: string) => void }): Promise<number> {
  const { print } = deps;
  const lookup = findDetectorRuntime();
  if (!('found' in lookup)) {
    print(lookup.missing);
    return 2;
  }
  const dir = path.resolve(options.photos ?? DEFAULT_PHOTOS_DIR);
  if (dir === SHARED_ROOMS_DIR && !existsSync(dir)) {
    print(`The shared rooms are not here: ${dir} does not exist. They sit beside the project (../shared/rooms), not in it, so a clone on its own has none.`);
    return 2;
  }
  let labels;
  try {
    labels = await readLabels(dir);
  } catch (error) {
    print((error as Error).message);
    return 2;
  }
  const runtime = lookup.found;
  if (options.clutter) return clutterEval(runtime, labels, dir, options.json, print);
  const configs = configurations(runtime, options.compare);
  if (options.record && !configs.some((config) => configName(config) === configName(TODAY))) configs.push(TODAY);
  print(`Detection eval: ${labels.photos.length} labelled photos in ${path.relative(process.cwd(), dir) || '.'}; ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}.`);
  const reports: ConfigReport[] = [];
  const runs: ConfigRun[] = [];
  for (const [index, config] of configs.entries()) {
    print(`Running ${configName(config)}...`);
    const run = await runConfig(runtime, config, labels, dir, print, { concurrency: options.workers ?? 1 });
    runs.push(run);
    reports.push(evaluate(run, labels, index === 0));
  }
  const shipped = reports[0]!;
  if (shipped.photos === 0) {
    print(`\nNo photo could be read, so there is nothing to judge.`);
    return 1;
  }
  print(
    shipped.fitted
      ? `\n${shipped.name}, as the app runs it:`
      : `\n${shipped.name}, as the app runs it (its thresholds were fitted on these photos: see "left out" below for an honest figure):`,
  );
  print(formatPerClass(shipped.points[0]!));
  const { ms } = shipped;
  const large = ms.p50Large === undefined ? '' : `; p50 of the ${ms.large} photos of about 1024 px: ${ms.p50Large.toFixed(0)} ms`;
  print(`\nTime per photo: p50 ${ms.p50.toFixed(0)} ms, p90 ${ms.p90.toFixed(0)} ms${large} (wall clock; CPU time p50 ${ms.cpuP50.toFixed(0)} ms).`);
  if (shipped.unreadable.length > 0) print(`Not read: ${shipped.unreadable.join(', ')}.`);
  if (shipped.clutter?.length) print(`\n${formatClutterCoverage(shipped.clutter)}`);
  print(`\n${formatComparison(reports)}`);
  const out = path.resolve(options.json ?? path.join(RESULTS_DIR, `detection-${new Date().toISOString().replace(/[:.]/g, '-')}.json`));
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(detectionJson(reports, labels), null, 2)}\n`);
  print(`\nJSON: ${out}`);
  if (options.record) {
    const kept = [runs[0]!, runs.find((run) => configName(run.config) === configName(TODAY))!];
    await writeRecorded(RECORDED_FILE, runtime.id, kept);
    print(`Candidates of ${kept.map((run) => configName(run.config)).join(' and ')}: ${path.relative(process.cwd(), RECORDED_FILE)}`);
  }
  return 0;
}

async function clutterEval(runtime: DetectorRuntime, labels: Labels, dir: string, json: string | undefined, print: (text: string) => void): Promise<number> {
  print(`Clutter eval: ${labels.photos.length} labelled photos in ${path.relative(process.cwd(), dir) || '.'}; ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}.`);
  const photos = await runClutterEval(runtime, labels, dir, print);
  print(formatClutterNaming(photos));
  const out = path.resolve(json ?? path.join(RESULTS_DIR, `clutter-${new Date().toISOString().replace(/[:.]/g, '-')}.json`));
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ runtime: runtime.id, photos }, null, 2)}\n`);
  print(`\nJSON: ${out}`);
  return 0;
}
