/**
 * From the detector's decoded output to what a session keeps: confident detections in photo pixels, one per object
 * (found in the whole photo or in its tiles), and the busy parts of the photo that no detection explains. Pure
 * functions over numbers, tested without a model.
 */
import { COCO_LABELS, type Box, type BusyRegion, type CocoLabel, type DetectedItem } from '../../shared/detection/schema';
import { classInfo } from '../../shared/detection/classes';
import type { RawDetection } from './models';

/** Below this a detector is mostly guessing; the default when no class has a threshold of its own. */
export const MIN_SCORE = 0.25;
/**
 * Two boxes overlapping this much (intersection over union) are one object: the most confident label wins. Furniture
 * is the exception, as a cup fills much of the table it stands on in a close-up.
 */
export const SAME_OBJECT_IOU = 0.5;
export const MAX_ITEMS = 24;
/** A box this much inside another of the same label is the same thing found again (or cut by a tile's edge). */
const NESTED = 0.8;
/** Boxes thinner than this share of the photo's side are noise. */
const MIN_SIDE = 0.02;

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A part of the photo as shares of its width and height (0 to 1): the whole photo, or a tile of it. */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const WHOLE: View = { x: 0, y: 0, width: 1, height: 1 };

/**
 * Which parts of a photo the model looks at, each stretched to its input: the whole photo only, or also two
 * overlapping halves along the long side, or also four overlapping quarters. A tile shows things larger, so small
 * things the whole photo shrinks away can be found; each tile costs one more inference.
 */
export type Tiling = 'whole' | 'halves' | 'quarters';
export const TILINGS = ['whole', 'halves', 'quarters'] as const satisfies readonly Tiling[];
/** A tile's side as a share of the photo's: neighbours overlap by a fifth of it, so a thing on a seam is whole in one. */
const TILE = 0.6;

export function viewsOf(tiling: Tiling, photo: Size): View[] {
  if (tiling === 'whole') return [WHOLE];
  const far = 1 - TILE;
  if (tiling === 'halves') {
    return photo.width >= photo.height
      ? [WHOLE, { x: 0, y: 0, width: TILE, height: 1 }, { x: far, y: 0, width: TILE, height: 1 }]
      : [WHOLE, { x: 0, y: 0, width: 1, height: TILE }, { x: 0, y: far, width: 1, height: TILE }];
  }
  return [WHOLE, ...[0, far].flatMap((y) => [0, far].map((x) => ({ x, y, width: TILE, height: TILE })))];
}

/** A detection in photo pixels, before thresholds and merging. */
export interface Candidate {
  readonly label: CocoLabel;
  readonly score: number;
  readonly box: Box;
}

/** The lowest score a class is kept at: its own threshold, else the default. */
export interface Thresholds {
  readonly default: number;
  readonly perClass?: Readonly<Partial<Record<CocoLabel, number>>>;
}

export const DEFAULT_THRESHOLDS: Thresholds = { default: MIN_SCORE };

export function thresholdOf(thresholds: Thresholds, label: CocoLabel): number {
  return thresholds.perClass?.[label] ?? thresholds.default;
}

/**
 * A model's detections in the input square that `view` of the photo was stretched to, as candidates in photo pixels:
 * well-formed, large enough, clipped to the photo.
 */
export function candidatesIn(detections: readonly RawDetection[], view: View, photo: Size): Candidate[] {
  const candidates: Candidate[] = [];
  for (const raw of detections) {
    const label = COCO_LABELS[raw.cls];
    if (!label || !(raw.score >= 0)) continue;
    const box = toPhotoBox(raw, view, photo);
    if (!box || box.width < MIN_SIDE * photo.width || box.height < MIN_SIDE * photo.height) continue;
    candidates.push({ label, score: Math.min(raw.score, 1), box });
  }
  return candidates;
}

/**
 * Candidates (from one view or several) to items: those at or above their class's threshold, one per object (the most
 * confident label wins), most confident first, at most MAX_ITEMS.
 */
export function itemsFromCandidates(candidates: readonly Candidate[], thresholds: Thresholds = DEFAULT_THRESHOLDS): DetectedItem[] {
  const confident = candidates
    .filter((candidate) => candidate.score >= thresholdOf(thresholds, candidate.label))
    .map((candidate) => ({ ...candidate, score: Math.round(candidate.score * 100) / 100 }))
    .sort((a, b) => b.score - a.score);
  const kept: Candidate[] = [];
  for (const candidate of confident) {
    if (kept.length >= MAX_ITEMS) break;
    if (kept.some((other) => sameObject(other, candidate))) continue;
    kept.push(candidate);
  }
  return kept.map((item, index) => ({ id: String(index + 1), label: item.label, name: classInfo(item.label).name || item.label, score: item.score, box: item.box }));
}

/** Two models' boxes of one label overlapping this much are taken for the same thing. */
export const AGREE_IOU = 0.3;

/**
 * Candidates from two models of the same views, as one list: a thing both found (same label, overlapping boxes) is
 * one candidate whose score is the chance that not both are wrong, 1 - (1 - a)(1 - b), and whose box is their
 * score-weighted mean; what only one found keeps its own score. Agreement is what makes a weak find believable: two
 * differently trained models rarely make the same mistake in the same place.
 */
export function agreeing(first: readonly Candidate[], second: readonly Candidate[]): Candidate[] {
  const a = distinct(first);
  const b = distinct(second);
  const used = new Set<number>();
  const fused: Candidate[] = [];
  for (const one of a) {
    let match = -1;
    let overlap = AGREE_IOU;
    b.forEach((other, index) => {
      if (used.has(index) || other.label !== one.label) return;
      const value = iou(one.box, other.box);
      if (value >= overlap) [match, overlap] = [index, value];
    });
    if (match < 0) {
      fused.push(one);
      continue;
    }
    used.add(match);
    const other = b[match]!;
    fused.push({ label: one.label, score: 1 - (1 - one.score) * (1 - other.score), box: meanBox(one, other) });
  }
  return [...fused, ...b.filter((_, index) => !used.has(index))];
}

/** One model's candidates with the same thing found twice (overlapping cells, overlapping views) kept once. */
function distinct(candidates: readonly Candidate[]): Candidate[] {
  const kept: Candidate[] = [];
  for (const candidate of [...candidates].sort((x, y) => y.score - x.score)) {
    if (!kept.some((other) => other.label === candidate.label && iou(other.box, candidate.box) >= SAME_OBJECT_IOU)) kept.push(candidate);
  }
  return kept;
}

function meanBox(a: Candidate, b: Candidate): Box {
  const w = a.score / (a.score + b.score);
  const mix = (x: number, y: number) => Math.round(x * w + y * (1 - w));
  const x1 = mix(a.box.x, b.box.x);
  const y1 = mix(a.box.y, b.box.y);
  const x2 = mix(a.box.x + a.box.width, b.box.x + b.box.width);
  const y2 = mix(a.box.y + a.box.height, b.box.y + b.box.height);
  return { x: x1, y: y1, width: Math.max(1, x2 - x1), height: Math.max(1, y2 - y1) };
}

const isFixture = (item: Pick<DetectedItem, 'label'>) => classInfo(item.label).role === 'fixture';

/** Boxes that overlap a lot, or a box mostly inside a more confident one of the same label (one bottle, found twice). */
function sameObject(kept: Candidate, candidate: Candidate): boolean {
  if (isFixture(kept) !== isFixture(candidate)) return false;
  if (iou(kept.box, candidate.box) >= SAME_OBJECT_IOU) return true;
  return kept.label === candidate.label && intersection(kept.box, candidate.box) >= NESTED * area(candidate.box);
}

function toPhotoBox(raw: RawDetection, view: View, photo: Size): Box | undefined {
  const corners = [raw.x1, raw.y1, raw.x2, raw.y2].map((value) => (Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : NaN));
  if (!corners.every(Number.isFinite)) return undefined;
  const [x1, y1, x2, y2] = corners as [number, number, number, number];
  if (x2 <= x1 || y2 <= y1) return undefined;
  const px = (share: number) => Math.round((view.x + share * view.width) * photo.width);
  const py = (share: number) => Math.round((view.y + share * view.height) * photo.height);
  const x = px(x1);
  const y = py(y1);
  const width = Math.min(px(x2), photo.width) - x;
  const height = Math.min(py(y2), photo.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : undefined;
}

export function area(box: Box): number {
  return box.width * box.height;
}

export function intersection(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function iou(a: Box, b: Box): number {
  const shared = intersection(a, b);
  return shared === 0 ? 0 : shared / (area(a) + area(b) - shared);
}

/** The photo is cut into GRID x GRID cells to find its busy parts. */
export const GRID = 3;
/** A cell this much busier than the photo's average is worth asking about. */
export const BUSY_FACTOR = 1.15;
/** A cell whose area detections already cover this much is explained by them. */
const EXPLAINED = 0.35;

/**
 * How much edge there is in each cell of a GRID x GRID grid over a grayscale image (mean absolute gradient), row by
 * row: piles, papers and cables are full of edges; walls and floors are not.
 */
export function edgeGrid(gray: Uint8Array, width: number, height: number): number[] {
  const sums = new Array<number>(GRID * GRID).fill(0);
  const counts = new Array<number>(GRID * GRID).fill(0);
  for (let y = 0; y < height - 1; y += 1) {
    const row = Math.min(GRID - 1, Math.floor((y * GRID) / height));
    for (let x = 0; x < width - 1; x += 1) {
      const here = gray[y * width + x]!;
      const gradient = Math.abs(gray[y * width + x + 1]! - here) + Math.abs(gray[(y + 1) * width + x]! - here);
      const cell = row * GRID + Math.min(GRID - 1, Math.floor((x * GRID) / width));
      sums[cell]! += gradient;
      counts[cell]! += 1;
    }
  }
  return sums.map((sum, cell) => (counts[cell] ? sum / counts[cell]! : 0));
}

/**
 * The cells clearly busier than the photo as a whole that detections do not already cover (a detected table or bed
 * does not explain what lies on it, so furniture is left out of the cover), busiest first.
 */
export function busyRegions(grid: readonly number[], photo: Size, items: readonly DetectedItem[]): BusyRegion[] {
  const mean = grid.reduce((sum, value) => sum + value, 0) / grid.length;
  if (!(mean > 0)) return [];
  const things = items.filter((item) => classInfo(item.label).role !== 'fixture' && classInfo(item.label).role !== 'ignore');
  const regions: BusyRegion[] = [];
  grid.forEach((value, cell) => {
    const busyness = value / mean;
    if (busyness < BUSY_FACTOR) return;
    const box = cellBox(cell, photo);
    const covered = things.reduce((sum, item) => sum + intersection(item.box, box), 0) / area(box);
    if (covered >= EXPLAINED) return;
    regions.push({ box, busyness: Math.round(busyness * 100) / 100 });
  });
  return regions.sort((a, b) => b.busyness - a.busyness);
}

function cellBox(cell: number, photo: Size): Box {
  const column = cell % GRID;
  const row = Math.floor(cell / GRID);
  const x = Math.round((column * photo.width) / GRID);
  const y = Math.round((row * photo.height) / GRID);
  return {
    x,
    y,
    width: Math.round(((column + 1) * photo.width) / GRID) - x,
    height: Math.round(((row + 1) * photo.height) / GRID) - y,
  };
}
