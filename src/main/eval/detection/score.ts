/**
 * How well detections match the labels: per photo and class (image level: was a class the photo has named, and was a
 * class it does not have named?) and per box where the source drew boxes (matched at IoU 0.5). Thresholds are fitted
 * here too: one for all classes, or one per class, each judged on photos it was not fitted on (leave one photo out).
 * Pure functions over numbers.
 */
import { COCO_LABELS, type Box, type CocoLabel, type DetectedItem } from '../../../shared/detection/schema';
import { classInfo } from '../../../shared/detection/classes';
import { iou, itemsFromCandidates, type Candidate, type Thresholds } from '../../detection/postprocess';
import { judged, type LabelledPhoto } from './labels';

/** The precision a detector must keep; recall is compared at it (issue 22). */
export const TARGET_PRECISION = 0.7;
/** On the shared rooms the goal is higher (issue 35): things and the coach's items at precision 0.8 or more. */
export const ROOMS_TARGET_PRECISION = 0.8;
export const BOX_IOU = 0.5;
/** The thresholds tried, from the floor of the candidates up. */
export const THRESHOLD_GRID = Array.from({ length: 33 }, (_, i) => Math.round((0.1 + i * 0.025) * 1000) / 1000);
/** How many false finds one more true find may cost, per class, when fitting per-class thresholds (tried in turn). */
const TRADE_OFFS = [1, 1.5, 2, 7 / 3, 3, 4, 6] as const;

/**
 * Things to move (what the coach proposes), furniture (landmarks), and context (people, animals, vehicles: never
 * proposed). `things` is the first two together: what the comparison is judged on.
 */
export type Group = 'items' | 'furniture' | 'context';
export const GROUPS = ['items', 'furniture', 'context', 'things'] as const;
export type GroupOrThings = (typeof GROUPS)[number];

export function groupOf(label: CocoLabel): Group {
  const { role } = classInfo(label);
  if (role === 'fixture') return 'furniture';
  return role === 'ignore' ? 'context' : 'items';
}

const inGroup = (label: CocoLabel, group: GroupOrThings) => (group === 'things' ? groupOf(label) !== 'context' : groupOf(label) === group);

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export const recall = (c: Counts) => (c.tp + c.fn === 0 ? undefined : c.tp / (c.tp + c.fn));
export const precision = (c: Counts) => (c.tp + c.fp === 0 ? undefined : c.tp / (c.tp + c.fp));
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });
const add = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn });

/** A photo's image-level counts per class: found and there, found but not there, there but not found. */
export function photoCounts(photo: LabelledPhoto, items: readonly Pick<DetectedItem, 'label'>[]): Map<CocoLabel, Counts> {
  const found = new Set(items.map((item) => item.label));
  const counts = new Map<CocoLabel, Counts>();
  for (const label of new Set([...found, ...photo.present])) {
    const truth = judged(photo, label);
    if (truth === 'maybe') continue;
    const c = zero();
    if (found.has(label) && truth === 'present') c.tp = 1;
    else if (found.has(label)) c.fp = 1;
    else c.fn = 1;
    counts.set(label, c);
  }
  return counts;
}

/** A photo's box counts per class, for the classes its source boxed: greedy matching, most confident first. */
export function boxCounts(photo: LabelledPhoto, items: readonly Pick<DetectedItem, 'label' | 'score' | 'box'>[]): Map<CocoLabel, Counts> {
  const counts = new Map<CocoLabel, Counts>();
  for (const label of new Set(photo.boxes.map((box) => box.label))) {
    const truths: Box[] = photo.boxes.filter((box) => box.label === label).map((box) => box.box);
    const used = new Set<number>();
    const c = zero();
    for (const item of items.filter((candidate) => candidate.label === label).sort((a, b) => b.score - a.score)) {
      let best = -1;
      let bestIou = BOX_IOU;
      truths.forEach((truth, index) => {
        const overlap = iou(item.box, truth);
        if (!used.has(index) && overlap >= bestIou) [best, bestIou] = [index, overlap];
      });
      if (best >= 0) {
        used.add(best);
        c.tp += 1;
      } else c.fp += 1;
    }
    c.fn = truths.length - used.size;
    counts.set(label, c);
  }
  return counts;
}

export function sumCounts(perPhoto: readonly Map<CocoLabel, Counts>[]): Map<CocoLabel, Counts> {
  const total = new Map<CocoLabel, Counts>();
  for (const counts of perPhoto) for (const [label, c] of counts) total.set(label, add(total.get(label) ?? zero(), c));
  return total;
}

export function groupCounts(perClass: ReadonlyMap<CocoLabel, Counts>, group: GroupOrThings): Counts {
  let total = zero();
  for (const [label, c] of perClass) if (inGroup(label, group)) total = add(total, c);
  return total;
}

/** One photo's candidates, as a detector configuration gave them. */
export interface PhotoCandidates {
  readonly photo: LabelledPhoto;
  readonly candidates: readonly Candidate[];
}

/** The image-level counts of each photo when every class is kept at `threshold`. */
function uniformCounts(photos: readonly PhotoCandidates[], threshold: number): Map<CocoLabel, Counts>[] {
  return photos.map(({ photo, candidates }) => photoCounts(photo, itemsFromCandidates(candidates, { default: threshold })));
}

/** Counts at every threshold of the grid, per photo: fitting on any subset of photos is then a sum. */
export type Sweep = readonly Map<CocoLabel, Counts>[][];

export function sweep(photos: readonly PhotoCandidates[]): Sweep {
  return THRESHOLD_GRID.map((threshold) => uniformCounts(photos, threshold));
}

const things = (perClass: ReadonlyMap<CocoLabel, Counts>) => groupCounts(perClass, 'things');

/**
 * The one threshold with the best recall of things at TARGET_PRECISION or more on the photos `use` picks (the
 * highest of the grid when none reaches it, which finds the least).
 */
export function fitGlobal(table: Sweep, use: (index: number) => boolean, target = TARGET_PRECISION): number {
  let best: { threshold: number; recall: number } | undefined;
  THRESHOLD_GRID.forEach((threshold, t) => {
    const c = things(sumCounts(table[t]!.filter((_, index) => use(index))));
    const p = precision(c);
    const r = recall(c) ?? 0;
    if (p !== undefined && p >= target && (!best || r > best.recall)) best = { threshold, recall: r };
  });
  return best?.threshold ?? THRESHOLD_GRID.at(-1)!;
}

/**
 * A threshold per group of classes (the items the coach proposes, the furniture it names places by, the people and
 * animals it keeps clear of) on the photos `use` picks: the pair of item and furniture thresholds with the best
 * recall of things at `target` precision or more, and the context threshold with the best recall of its own at it.
 * A group holds many classes, so this learns the groups, where one threshold per class learns a handful of photos.
 */
export function fitPerGroup(table: Sweep, use: (index: number) => boolean, target = TARGET_PRECISION): Thresholds {
  const perThreshold = table.map((perPhoto) => sumCounts(perPhoto.filter((_, index) => use(index))));
  const at = (group: Group, t: number) => groupCounts(perThreshold[t]!, group);
  let things: { items: number; furniture: number; recall: number } | undefined;
  THRESHOLD_GRID.forEach((_, i) =>
    THRESHOLD_GRID.forEach((__, f) => {
      const c = add(at('items', i), at('furniture', f));
      const p = precision(c);
      const r = recall(c) ?? 0;
      if (p !== undefined && p >= target && (!things || r > things.recall)) things = { items: i, furniture: f, recall: r };
    }),
  );
  let context: { t: number; recall: number } | undefined;
  THRESHOLD_GRID.forEach((_, t) => {
    const c = at('context', t);
    const p = precision(c);
    const r = recall(c) ?? 0;
    if (p !== undefined && p >= target && (!context || r > context.recall)) context = { t, recall: r };
  });
  const last = THRESHOLD_GRID.length - 1;
  const threshold = { items: THRESHOLD_GRID[things?.items ?? last]!, furniture: THRESHOLD_GRID[things?.furniture ?? last]!, context: THRESHOLD_GRID[context?.t ?? last]! };
  return thresholdsPerGroup(threshold);
}

/** Thresholds that give each class its group's. */
export function thresholdsPerGroup(threshold: Readonly<Record<Group, number>>): Thresholds {
  const perClass: Partial<Record<CocoLabel, number>> = {};
  for (const label of COCO_LABELS) if (threshold[groupOf(label)] !== threshold.items) perClass[label] = threshold[groupOf(label)];
  return { default: threshold.items, perClass };
}

/**
 * Which of k folds each photo is in: messy and tidy photos dealt out in turn apart (in file order), so every fold
 * has its share of both and the same photos always fall together.
 */
export function foldsOf(photos: readonly { readonly file: string; readonly messy: boolean }[], k: number): number[] {
  const fold = new Array<number>(photos.length);
  for (const messy of [true, false]) {
    photos
      .map((photo, index) => ({ photo, index }))
      .filter(({ photo }) => photo.messy === messy)
      .sort((a, b) => a.photo.file.localeCompare(b.photo.file))
      .forEach(({ index }, turn) => (fold[index] = turn % k));
  }
  return fold;
}

/** Items per photo when each photo is judged with thresholds fitted on the other folds only. */
export function kFold(photos: readonly PhotoCandidates[], fold: readonly number[], fit: (use: (index: number) => boolean) => Thresholds): DetectedItem[][] {
  const fitted = new Map<number, Thresholds>();
  for (const f of new Set(fold)) fitted.set(f, fit((index) => fold[index] !== f));
  return photos.map(({ candidates }, index) => itemsFromCandidates(candidates, fitted.get(fold[index]!)!));
}

/**
 * A threshold per class on the photos `use` picks: for each trade-off k, each class takes the threshold that
 * maximises its true finds minus k times its false ones (classes never found keep the global threshold); the k whose
 * thresholds give the best recall of things at TARGET_PRECISION or more on those photos wins.
 */
export function fitPerClass(table: Sweep, photos: readonly PhotoCandidates[], use: (index: number) => boolean): Thresholds {
  const global = fitGlobal(table, use);
  const perThreshold = table.map((perPhoto) => sumCounts(perPhoto.filter((_, index) => use(index))));
  let best: { thresholds: Thresholds; recall: number } | undefined;
  for (const k of TRADE_OFFS) {
    const perClass: Partial<Record<CocoLabel, number>> = {};
    for (const label of COCO_LABELS) {
      let chosen: { threshold: number; value: number } | undefined;
      THRESHOLD_GRID.forEach((threshold, t) => {
        const c = perThreshold[t]!.get(label) ?? zero();
        const value = c.tp - k * c.fp;
        const closer = chosen && value === chosen.value && Math.abs(threshold - global) < Math.abs(chosen.threshold - global);
        if (!chosen || value > chosen.value || closer) chosen = { threshold, value };
      });
      if (chosen && chosen.threshold !== global) perClass[label] = chosen.threshold;
    }
    const thresholds: Thresholds = { default: global, perClass };
    const c = things(sumCounts(photos.filter((_, index) => use(index)).map(({ photo, candidates }) => photoCounts(photo, itemsFromCandidates(candidates, thresholds)))));
    const p = precision(c);
    const r = recall(c) ?? 0;
    if (p !== undefined && p >= TARGET_PRECISION && (!best || r > best.recall)) best = { thresholds, recall: r };
  }
  return best?.thresholds ?? { default: global };
}

/** Items per photo when each photo is judged with thresholds fitted on all the other photos. */
export function leaveOneOut(photos: readonly PhotoCandidates[], fit: (use: (index: number) => boolean) => Thresholds): DetectedItem[][] {
  return photos.map(({ candidates }, held) => itemsFromCandidates(candidates, fit((index) => index !== held)));
}
