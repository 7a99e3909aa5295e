/**
 * From the detector's raw output to what a session keeps: confident detections in photo pixels, one per object,
 * and the busy parts of the photo that no detection explains. Pure functions over numbers, tested without a model.
 */
import { COCO_LABELS, type Box, type BusyRegion, type DetectedItem } from '../../shared/detection/schema';
import { classInfo } from '../../shared/detection/classes';

/** Below this the CenterNet detector is mostly guessing (its own demo uses 0.2; we ask for a little more). */
export const MIN_SCORE = 0.25;
/**
 * Two boxes overlapping this much (intersection over union) are one object: the most confident label wins. Furniture
 * is the exception, as a cup fills much of the table it stands on in a close-up.
 */
export const SAME_OBJECT_IOU = 0.5;
export const MAX_ITEMS = 24;
/** A box this much inside another of the same label is the same thing found again. */
const NESTED = 0.8;
/** Boxes thinner than this share of the photo's side are noise. */
const MIN_SIDE = 0.02;

/** One row of the detector's output: corners in input pixels, a score and a 0-based COCO class. */
export const ROW_LENGTH = 6;

export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * Rows (x1, y1, x2, y2, score, class; corners in the `inputSize` square the photo was stretched to) to items in
 * photo pixels: confident, large enough, one per object (the most confident label wins), most confident first.
 */
export function itemsFromRows(rows: ArrayLike<number>, inputSize: number, photo: Size): DetectedItem[] {
  const candidates: Omit<DetectedItem, 'id'>[] = [];
  for (let row = 0; row + ROW_LENGTH <= rows.length; row += ROW_LENGTH) {
    const at = (offset: number) => rows[row + offset]!;
    const [x1, y1, x2, y2, score, cls] = [at(0), at(1), at(2), at(3), at(4), at(5)];
    if (!(score >= MIN_SCORE) || !Number.isInteger(cls)) continue;
    const label = COCO_LABELS[cls];
    if (!label) continue;
    const box = toPhotoBox([x1, y1, x2, y2], inputSize, photo);
    if (!box || box.width < MIN_SIDE * photo.width || box.height < MIN_SIDE * photo.height) continue;
    candidates.push({ label, name: classInfo(label).name || label, score: Math.round(Math.min(score, 1) * 100) / 100, box });
  }
  candidates.sort((a, b) => b.score - a.score);
  const kept: Omit<DetectedItem, 'id'>[] = [];
  for (const candidate of candidates) {
    if (kept.length >= MAX_ITEMS) break;
    if (kept.some((other) => sameObject(other, candidate))) continue;
    kept.push(candidate);
  }
  return kept.map((item, index) => ({ id: String(index + 1), ...item }));
}

const isFixture = (item: Pick<DetectedItem, 'label'>) => classInfo(item.label).role === 'fixture';

/** Boxes that overlap a lot, or a box mostly inside a more confident one of the same label (one bottle, found twice). */
function sameObject(kept: Omit<DetectedItem, 'id'>, candidate: Omit<DetectedItem, 'id'>): boolean {
  if (isFixture(kept) !== isFixture(candidate)) return false;
  if (iou(kept.box, candidate.box) >= SAME_OBJECT_IOU) return true;
  return kept.label === candidate.label && intersection(kept.box, candidate.box) >= NESTED * area(candidate.box);
}

function toPhotoBox(corners: readonly number[], inputSize: number, photo: Size): Box | undefined {
  const [x1, y1, x2, y2] = corners.map((value) => (Number.isFinite(value) ? Math.min(Math.max(value / inputSize, 0), 1) : NaN)) as [
    number,
    number,
    number,
    number,
  ];
  if (![x1, y1, x2, y2].every(Number.isFinite) || x2 <= x1 || y2 <= y1) return undefined;
  const x = Math.round(x1 * photo.width);
  const y = Math.round(y1 * photo.height);
  const width = Math.min(Math.round(x2 * photo.width), photo.width) - x;
  const height = Math.min(Math.round(y2 * photo.height), photo.height) - y;
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
