/**
 * The detection eval: runs detector configurations (a model and a tiling) over the labelled photos, then judges each
 * at several operating points: the thresholds the app ships, one threshold for all classes, and one per class (both
 * fitted on these photos, so each is also judged leave-one-photo-out). Time is per photo, wall clock, one worker.
 */
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { CocoLabel, DetectedItem } from '../../../shared/detection/schema';
import { DETECTION } from '../../detection/configuration';
import { Detector } from '../../detection/detector';
import { MODEL_IDS, type ModelId } from '../../detection/models';
import { itemsFromCandidates, TILINGS, type Candidate, type Thresholds, type Tiling } from '../../detection/postprocess';
import { withModels, type DetectorRuntime } from '../../detection/runtime';
import type { Labels, LabelledPhoto } from './labels';
import {
  boxCounts,
  fitGlobal,
  fitPerClass,
  groupCounts,
  groupOf,
  GROUPS,
  leaveOneOut,
  photoCounts,
  precision,
  recall,
  sumCounts,
  sweep,
  TARGET_PRECISION,
  type Counts,
  type GroupOrThings,
  type PhotoCandidates,
} from './score';

/** One model, or several whose finds are combined (`agreeing`), and the parts of the photo they look at. */
export interface DetectionConfig {
  readonly models: readonly ModelId[];
  readonly tiling: Tiling;
}

export const configName = (config: DetectionConfig) => `${config.models.join('+')} ${config.tiling}`;

export type PhotoRun =
  | { readonly file: string; readonly ms: number; readonly cpuMs: number; readonly longSide: number; readonly candidates: readonly Candidate[] }
  | { readonly file: string; readonly error: string };

export interface ConfigRun {
  readonly config: DetectionConfig;
  readonly photos: readonly PhotoRun[];
}

/**
 * Every configuration the installed models allow, the app's own first: each model alone and all of them together in
 * every tiling, and every other set of them on the whole photo (tiles cost three or five inferences a model: over the
 * budget for more than one).
 */
export function configurations(runtime: DetectorRuntime, compare: boolean): DetectionConfig[] {
  const shipped: DetectionConfig = { models: runtime.models.map((model) => model.spec.id), tiling: DETECTION.tiling };
  if (!compare) return [shipped];
  const installed = MODEL_IDS.filter((id) => runtime.installed.includes(id));
  const sets = installed.reduce<ModelId[][]>((all, id) => [...all, ...all.map((set) => [...set, id]), [id]], []).sort((a, b) => a.length - b.length);
  const all = sets.flatMap((models) => (models.length === 1 || models.length === installed.length ? TILINGS : (['whole'] as const)).map((tiling) => ({ models, tiling })));
  return [shipped, ...all.filter((config) => configName(config) !== configName(shipped))];
}

/**
 * Runs one configuration over the photos. A photo the detector cannot read gets one line and the run goes on; a
 * model that cannot load stops the run (no photo would do better).
 */
export async function runConfig(
  runtime: DetectorRuntime,
  config: DetectionConfig,
  labels: Labels,
  dir: string,
  print: (line: string) => void,
): Promise<ConfigRun> {
  const detector = new Detector(withModels(runtime, config.models), { tiling: config.tiling });
  const photos: PhotoRun[] = [];
  try {
    // The first inference pays for loading the model; that is not a photo's time.
    const blank = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).png().toBuffer();
    await detector.candidates(blank, { width: 64, height: 64 });
    for (const photo of labels.photos) {
      const file = path.join(dir, photo.file);
      try {
        const { width, height } = await sharp(file).metadata();
        if (!width || !height) throw new Error('it has no size');
        const started = performance.now();
        const cpu = process.cpuUsage();
        const { candidates } = await detector.candidates(file, { width, height });
        itemsFromCandidates(candidates, DETECTION.thresholds);
        const used = process.cpuUsage(cpu);
        photos.push({ file: photo.file, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, longSide: Math.max(width, height), candidates });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!detector.running && /could not load|stopped/.test(message)) throw error;
        print(`  ${photo.file}: could not be read (${message.split('\n')[0]}); going on without it.`);
        photos.push({ file: photo.file, error: message });
      }
    }
  } finally {
    await detector.close();
  }
  return { config, photos };
}

export interface Score {
  readonly recall: number | undefined;
  readonly precision: number | undefined;
  readonly counts: Counts;
}

const score = (counts: Counts): Score => ({ recall: recall(counts), precision: precision(counts), counts });

export interface OperatingPoint {
  readonly name: string;
  /** Fitted on the same photos it is judged on. */
  readonly inSample: boolean;
  readonly thresholds?: Thresholds;
  readonly groups: Readonly<Record<GroupOrThings, Score>>;
  readonly boxes: Score;
  readonly perClass: Readonly<Partial<Record<CocoLabel, Score>>>;
  readonly boxesPerClass: Readonly<Partial<Record<CocoLabel, Score>>>;
}

export interface ConfigReport {
  readonly config: DetectionConfig;
  readonly name: string;
  readonly photos: number;
  readonly unreadable: readonly string[];
  /**
   * Wall-clock time per photo (p50, p90, and p50 of the photos of about 1024 px), and the CPU time the process spent
   * on it (all threads): on a shared machine the wall clock waits for other work, the CPU time much less so.
   */
  readonly ms: { readonly p50: number; readonly p90: number; readonly p50Large: number | undefined; readonly large: number; readonly cpuP50: number };
  readonly points: readonly OperatingPoint[];
}

function point(name: string, inSample: boolean, photos: readonly LabelledPhoto[], items: readonly DetectedItem[][], thresholds?: Thresholds): OperatingPoint {
  const image = sumCounts(photos.map((photo, index) => photoCounts(photo, items[index]!)));
  const boxes = sumCounts(photos.map((photo, index) => boxCounts(photo, items[index]!)));
  const perClass = (counts: Map<CocoLabel, Counts>) => Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)).map(([label, c]) => [label, score(c)]));
  let boxTotal: Counts = { tp: 0, fp: 0, fn: 0 };
  for (const c of boxes.values()) boxTotal = { tp: boxTotal.tp + c.tp, fp: boxTotal.fp + c.fp, fn: boxTotal.fn + c.fn };
  return {
    name,
    inSample,
    ...(thresholds ? { thresholds } : {}),
    groups: Object.fromEntries(GROUPS.map((group) => [group, score(groupCounts(image, group))])) as Record<GroupOrThings, Score>,
    boxes: score(boxTotal),
    perClass: perClass(image),
    boxesPerClass: perClass(boxes),
  };
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A "1024 px photo": its long side within a few pixels of 1024. */
const LARGE = 1000;

export function evaluate(run: ConfigRun, labels: Labels, shipped: boolean): ConfigReport {
  const read = run.photos.filter((photo): photo is Extract<PhotoRun, { candidates: unknown }> => 'candidates' in photo);
  const byFile = new Map(labels.photos.map((photo) => [photo.file, photo]));
  const photos: PhotoCandidates[] = read.map((photo) => ({ photo: byFile.get(photo.file)!, candidates: photo.candidates }));
  const labelled = photos.map(({ photo }) => photo);
  const table = sweep(photos);
  const all = () => true;
  const itemsAt = (thresholds: Thresholds) => photos.map(({ candidates }) => itemsFromCandidates(candidates, thresholds));
  const global = fitGlobal(table, all);
  const perClass = fitPerClass(table, photos, all);
  const before: Thresholds = { default: 0.25 };
  const points = [
    ...(shipped ? [point('as shipped', true, labelled, itemsAt(DETECTION.thresholds), DETECTION.thresholds)] : []),
    // The threshold the app had before the eval, for every configuration alike.
    point('at 0.25', false, labelled, itemsAt(before), before),
    point('one threshold', true, labelled, itemsAt({ default: global }), { default: global }),
    point('one threshold, left out', false, labelled, leaveOneOut(photos, (use) => ({ default: fitGlobal(table, use) }))),
    point('per class', true, labelled, itemsAt(perClass), perClass),
    point('per class, left out', false, labelled, leaveOneOut(photos, (use) => fitPerClass(table, photos, use))),
  ];
  const ms = read.map((photo) => photo.ms);
  const large = read.filter((photo) => photo.longSide >= LARGE).map((photo) => photo.ms);
  return {
    config: run.config,
    name: configName(run.config),
    photos: read.length,
    unreadable: run.photos.filter((photo) => 'error' in photo).map((photo) => photo.file),
    ms: {
      p50: percentile(ms, 50),
      p90: percentile(ms, 90),
      p50Large: large.length ? percentile(large, 50) : undefined,
      large: large.length,
      cpuP50: percentile(read.map((photo) => photo.cpuMs), 50),
    },
    points,
  };
}

const pct = (value: number | undefined) => (value === undefined ? '   -' : `${(value * 100).toFixed(0).padStart(3)}%`);
const rp = (s: Score) => `${pct(s.recall)} / ${pct(s.precision)}`;

/** The comparison: one row per configuration and operating point, things first. */
export function formatComparison(reports: readonly ConfigReport[]): string {
  const lines = [
    `Recall / precision, image level (does the photo have it?); boxes at IoU 0.5 where the source drew them. Target: precision >= ${TARGET_PRECISION}.`,
    `${'configuration'.padEnd(26)} ${'operating point'.padEnd(24)} ${'things'.padEnd(11)} ${'items'.padEnd(11)} ${'furniture'.padEnd(11)} ${'context'.padEnd(11)} ${'boxes'.padEnd(11)} ${'p50 ms'.padStart(7)} ${'1024px'.padStart(7)} ${'cpu ms'.padStart(7)}`,
  ];
  for (const report of reports) {
    for (const [index, p] of report.points.entries()) {
      const first = index === 0;
      lines.push(
        [
          (first ? report.name : '').padEnd(26),
          `${p.name}${p.thresholds && p.inSample && !p.thresholds.perClass ? ` (${p.thresholds.default})` : ''}`.padEnd(24),
          rp(p.groups.things),
          rp(p.groups.items),
          rp(p.groups.furniture),
          rp(p.groups.context),
          rp(p.boxes),
          first ? report.ms.p50.toFixed(0).padStart(7) : ''.padStart(7),
          first && report.ms.p50Large !== undefined ? report.ms.p50Large.toFixed(0).padStart(7) : ''.padStart(7),
          first ? report.ms.cpuP50.toFixed(0).padStart(7) : '',
        ].join(' ').trimEnd(),
      );
    }
  }
  return lines.join('\n');
}

/** Per class, at one operating point: how many photos have it, found, missed, named wrongly. */
export function formatPerClass(p: OperatingPoint): string {
  const lines = [`${'class'.padEnd(16)} ${'group'.padEnd(9)} ${'found'.padStart(5)} ${'missed'.padStart(6)} ${'wrong'.padStart(5)}  recall / precision   boxes`];
  for (const [label, s] of Object.entries(p.perClass) as [CocoLabel, Score][]) {
    const boxes = p.boxesPerClass[label];
    lines.push(
      `${label.padEnd(16)} ${groupOf(label).padEnd(9)} ${String(s.counts.tp).padStart(5)} ${String(s.counts.fn).padStart(6)} ${String(s.counts.fp).padStart(5)}  ${rp(s)}      ${boxes ? rp(boxes) : ''}`,
    );
  }
  for (const group of GROUPS) lines.push(`${`all ${group}`.padEnd(26)} ${String(p.groups[group].counts.tp).padStart(5)} ${String(p.groups[group].counts.fn).padStart(6)} ${String(p.groups[group].counts.fp).padStart(5)}  ${rp(p.groups[group])}`);
  lines.push(`${'all boxes'.padEnd(26)} ${String(p.boxes.counts.tp).padStart(5)} ${String(p.boxes.counts.fn).padStart(6)} ${String(p.boxes.counts.fp).padStart(5)}  ${rp(p.boxes)}`);
  return lines.join('\n');
}

/** What the JSON file holds: enough to compare two runs. */
export function detectionJson(reports: readonly ConfigReport[], labels: Labels): object {
  return {
    kind: 'tidying-detection-eval',
    version: 1,
    at: new Date().toISOString(),
    machine: { cores: os.availableParallelism(), load: os.loadavg().map((value) => Math.round(value * 100) / 100) },
    photos: labels.photos.length,
    targetPrecision: TARGET_PRECISION,
    reports,
  };
}
