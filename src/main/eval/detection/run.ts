/**
 * The detection eval: runs detector configurations (a model and a tiling) over the labelled photos, then judges each
 * at several operating points: the thresholds the app ships, one threshold for all classes, and one per class (both
 * fitted on these photos, so each is also judged leave-one-photo-out). Time is per photo, wall clock, one worker.
 */
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { CocoLabel, DetectedItem, PhotoDetections } from '../../../shared/detection/schema';
import { clutterCoverage, type ClumpCoverage } from './clutter-coverage';
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
  fitPerGroup,
  foldsOf,
  kFold,
  groupCounts,
  groupOf,
  GROUPS,
  leaveOneOut,
  photoCounts,
  precision,
  recall,
  ROOMS_TARGET_PRECISION,
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
  | {
      readonly file: string;
      readonly ms: number;
      readonly cpuMs: number;
      readonly width: number;
      readonly height: number;
      readonly longSide: number;
      readonly candidates: readonly Candidate[];
      /** What the app would make of them (its thresholds, busy parts): what its cards are made from. */
      readonly detections: PhotoDetections;
    }
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
  options: { readonly concurrency?: number } = {},
): Promise<ConfigRun> {
  // Several detectors, each its own worker, take the photos in turn; the photos keep the labels' order.
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 1, labels.photos.length));
  const detectors = Array.from({ length: concurrency }, () => new Detector(withModels(runtime, config.models), { tiling: config.tiling }));
  const photos = new Array<PhotoRun>(labels.photos.length);
  let next = 0;
  const work = async (detector: Detector) => {
    // The first inference pays for loading the model; that is not a photo's time.
    const blank = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).png().toBuffer();
    await detector.candidates(blank, { width: 64, height: 64 });
    while (next < labels.photos.length) {
      const index = next++;
      photos[index] = await runPhoto(detector, labels.photos[index]!, dir, print);
    }
  };
  try {
    await Promise.all(detectors.map(work));
  } finally {
    await Promise.all(detectors.map((detector) => detector.close()));
  }
  return { config, photos };
}

/** One photo through one detector: its candidates and time, or one line saying why it could not be read. */
async function runPhoto(detector: Detector, photo: LabelledPhoto, dir: string, print: (line: string) => void): Promise<PhotoRun> {
  const file = path.join(dir, photo.file);
  try {
    const { width, height } = await sharp(file).metadata();
    if (!width || !height) throw new Error('it has no size');
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { candidates, detections } = await detector.candidates(file, { width, height });
    const used = process.cpuUsage(cpu);
    return { file: photo.file, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, width, height, longSide: Math.max(width, height), candidates, detections };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!detector.running && /could not load|stopped/.test(message)) throw error;
    print(`  ${photo.file}: could not be read (${message.split('\n')[0]}); going on without it.`);
    return { file: photo.file, error: message };
  }
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
  /** The shared rooms only: the same groups over the messy rooms and over the others, apart. */
  readonly messy?: Readonly<Record<GroupOrThings, Score>>;
  readonly tidy?: Readonly<Record<GroupOrThings, Score>>;
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
  /** The clutter boxed by hand, and which of it a card of the app's would outline (the shipped configuration only). */
  readonly clutter?: readonly { readonly file: string; readonly messy: boolean; readonly clumps: readonly ClumpCoverage[] }[];
  /** The shared rooms: the thresholds fitted on every room (what the app would ship); their figures are the folds'. */
  readonly fitted?: { readonly folds: number; readonly oneThreshold: number; readonly perGroup: Thresholds };
}

/** How many folds the shared rooms are cut in: each fold's thresholds are fitted on four fifths of the rooms. */
export const ROOM_FOLDS = 5;

/** Whether the source calls a photo messy: only the shared rooms say. */
const messyOf = (photo: LabelledPhoto): boolean | undefined => (photo.source.kind === 'shared-rooms' ? photo.source.messy : undefined);

function groupScores(photos: readonly LabelledPhoto[], items: readonly DetectedItem[][], keep: (photo: LabelledPhoto) => boolean): Record<GroupOrThings, Score> {
  const image = sumCounts(photos.flatMap((photo, index) => (keep(photo) ? [photoCounts(photo, items[index]!)] : [])));
  return Object.fromEntries(GROUPS.map((group) => [group, score(groupCounts(image, group))])) as Record<GroupOrThings, Score>;
}

function point(name: string, inSample: boolean, photos: readonly LabelledPhoto[], items: readonly DetectedItem[][], thresholds?: Thresholds): OperatingPoint {
  const image = sumCounts(photos.map((photo, index) => photoCounts(photo, items[index]!)));
  const apart = photos.some((photo) => messyOf(photo) !== undefined);
  const boxes = sumCounts(photos.map((photo, index) => boxCounts(photo, items[index]!)));
  const perClass = (counts: Map<CocoLabel, Counts>) => Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)).map(([label, c]) => [label, score(c)]));
  let boxTotal: Counts = { tp: 0, fp: 0, fn: 0 };
  for (const c of boxes.values()) boxTotal = { tp: boxTotal.tp + c.tp, fp: boxTotal.fp + c.fp, fn: boxTotal.fn + c.fn };
  return {
    name,
    inSample,
    ...(thresholds ? { thresholds } : {}),
    groups: groupScores(photos, items, () => true),
    boxes: score(boxTotal),
    perClass: perClass(image),
    boxesPerClass: perClass(boxes),
    ...(apart
      ? { messy: groupScores(photos, items, (photo) => messyOf(photo) === true), tidy: groupScores(photos, items, (photo) => messyOf(photo) === false) }
      : {}),
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
  const rooms = labelled.length > 0 && labelled.every((photo) => messyOf(photo) !== undefined);
  const timing = timeOf(run);
  if (rooms) {
    // The shared rooms are judged left out only: thresholds fitted on other folds, at the rooms' own target.
    const target = ROOMS_TARGET_PRECISION;
    const fold = foldsOf(labelled.map((photo) => ({ file: photo.file, messy: messyOf(photo)! })), ROOM_FOLDS);
    const clutter = read
      .map((photo) => ({ photo: byFile.get(photo.file)!, run: photo }))
      .filter(({ photo }) => photo.otherBoxes.length > 0)
      .map(({ photo, run }) => ({ file: photo.file, messy: messyOf(photo)!, clumps: clutterCoverage(photo, run.detections, run) }));
    return {
      ...timing,
      ...(shipped ? { clutter } : {}),
      points: [
        // The app's thresholds were fitted on these rooms: its row is in sample, the folds' are the honest figures.
        ...(shipped ? [point('as shipped', true, labelled, itemsAt(DETECTION.thresholds), DETECTION.thresholds)] : []),
        point(`one threshold, ${ROOM_FOLDS}-fold`, false, labelled, kFold(photos, fold, (use) => ({ default: fitGlobal(table, use, target) }))),
        point(`per group, ${ROOM_FOLDS}-fold`, false, labelled, kFold(photos, fold, (use) => fitPerGroup(table, use, target))),
      ],
      fitted: { folds: ROOM_FOLDS, oneThreshold: fitGlobal(table, all, target), perGroup: fitPerGroup(table, all, target) },
    };
  }
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
  return { ...timing, points };
}

/** A configuration's photos read and not, and its time per photo. */
function timeOf(run: ConfigRun): Omit<ConfigReport, 'points' | 'fitted'> {
  const read = run.photos.filter((photo): photo is Extract<PhotoRun, { candidates: unknown }> => 'candidates' in photo);
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
  };
}

const pct = (value: number | undefined) => (value === undefined ? '   -' : `${(value * 100).toFixed(0).padStart(3)}%`);
const rp = (s: Score) => `${pct(s.recall)} / ${pct(s.precision)}`;

/** The comparison: one row per configuration and operating point, things first. */
export function formatComparison(reports: readonly ConfigReport[]): string {
  const rooms = reports.some((report) => report.fitted);
  const target = rooms ? ROOMS_TARGET_PRECISION : TARGET_PRECISION;
  const lines = [
    `Recall / precision, image level (does the photo have it?); boxes at IoU 0.5 where the source drew them. Target: precision >= ${target}.`,
    ...(rooms ? [`The ${ROOM_FOLDS}-fold rows are left out: each photo judged with thresholds fitted on the other ${ROOM_FOLDS - 1} folds. "As shipped" is not: the app's thresholds were fitted on these rooms.`] : []),
    `${'configuration'.padEnd(26)} ${'operating point'.padEnd(24)} ${'things'.padEnd(11)} ${'items'.padEnd(11)} ${'furniture'.padEnd(11)} ${'context'.padEnd(11)} ${'boxes'.padEnd(11)}${rooms ? ` ${'messy things'.padEnd(12)} ${'messy items'.padEnd(11)}` : ''} ${'p50 ms'.padStart(7)} ${'1024px'.padStart(7)} ${'cpu ms'.padStart(7)}`,
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
          ...(rooms ? [(p.messy ? rp(p.messy.things) : '').padEnd(12), p.messy ? rp(p.messy.items) : ''.padEnd(11)] : []),
          first ? report.ms.p50.toFixed(0).padStart(7) : ''.padStart(7),
          first && report.ms.p50Large !== undefined ? report.ms.p50Large.toFixed(0).padStart(7) : ''.padStart(7),
          first ? report.ms.cpuP50.toFixed(0).padStart(7) : '',
        ].join(' ').trimEnd(),
      );
    }
    if (report.fitted) {
      const { oneThreshold, perGroup } = report.fitted;
      lines.push(`${''.padEnd(26)} fitted on every room: one threshold ${oneThreshold}; per group: items ${perGroup.default}, ${groupThresholds(perGroup)}`);
    }
  }
  return lines.join('\n');
}

/** Of the clutter boxed by hand, how much a card outlines: per room, per kind, and overall, messy rooms apart. */
export function formatClutterCoverage(clutter: NonNullable<ConfigReport['clutter']>): string {
  const share = (clumps: readonly ClumpCoverage[]) => {
    const spot = clumps.filter((clump) => clump.card === 'spot').length;
    const named = clumps.filter((clump) => clump.card === 'named').length;
    return `${spot + named} of ${clumps.length} (${pct(clumps.length ? (spot + named) / clumps.length : undefined).trim()}: ${spot} by a busy spot, ${named} by a named thing)`;
  };
  const all = clutter.flatMap((photo) => photo.clumps);
  const messy = clutter.filter((photo) => photo.messy).flatMap((photo) => photo.clumps);
  const kinds = [...new Set(all.map((clump) => clump.kind))].sort();
  return [
    `Clutter boxed by hand in ${clutter.length} rooms: ${all.length} clumps. Outlined by a card: ${share(all)}; in the messy rooms ${share(messy)}.`,
    ...kinds.map((kind) => `  ${kind.padEnd(12)} ${share(all.filter((clump) => clump.kind === kind))}`),
    ...clutter.filter((photo) => photo.messy).map((photo) => `  ${photo.file.padEnd(34)} ${share(photo.clumps)}`),
  ].join('\n');
}

/** The furniture and context thresholds of per-group thresholds, in words. */
function groupThresholds(thresholds: Thresholds): string {
  const of = (group: string) => Object.entries(thresholds.perClass ?? {}).find(([label]) => groupOf(label as CocoLabel) === group)?.[1] ?? thresholds.default;
  return `furniture ${of('furniture')}, people and animals ${of('context')}`;
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
