/**
 * Judging the app's overlaps and twins against the crop geometry (pure; the run and the unit test on recorded
 * detections both score with it).
 *
 * The truth about a pair of windows: which things the detector saw in both. A thing seen in both is an item of the
 * second window and one of the first with the same label whose boxes, put in one frame by the true alignment and cut
 * to the part both windows show, overlap at IoU SAME_IOU or more (matched one to one, best first): the twins logic
 * itself with the true alignment. Then, with the alignment the app found (if any) and the twins threshold tried:
 * - a thing seen in both that twins does not make one is a duplicate that gets through (two cards);
 * - two items made one that the truth keeps apart are wrongly merged, unless they are the same label and overlap
 *   at IoU NEAR_IOU or more in the true frame (neighbours, or one thing whose boxes differ): those are counted apart
 *   as unsure, since crops cannot tell;
 * - the same place named differently in the two windows (a cup, then a bowl) is a duplicate no twins can catch.
 * Only things count (not people, pets or vehicles, which are never proposed).
 */
import { classInfo } from '../../../shared/detection/classes';
import type { DetectedItem, PhotoOverlap } from '../../../shared/detection/schema';
import { detectionThing } from '../../../shared/session/pile-groups';
import { OVERLAP } from '../../detection/overlap';
import { likeness, twinsOf, type WithPhotos } from '../../detection/twins';
import type { PairKind } from './pans';

/** Same label and at least this IoU in the true frame: the same thing, seen twice. */
export const SAME_IOU = 0.5;
/** Same label and at least this IoU in the true frame, yet not the same by the truth: crops cannot say. */
export const NEAR_IOU = 0.1;
/** An alignment this far off (a share of the first photo's long side, at B's worst corner) is wrong. */
export const TOLERATED_ERROR = 0.02;

type Transform = Pick<PhotoOverlap, 'scale' | 'dx' | 'dy'>;

/** A window as the app stores it: a photo of its own, with what the detector found there. */
export interface WindowPhoto {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly items: readonly DetectedItem[];
}

/**
 * A pair as the app saw it: two windows, the true alignment (pans only) and the best the app's alignment found, with
 * its score (absent when nothing could be compared); it is an overlap when the score is high enough (`foundAt`).
 */
export interface SeenPair {
  readonly source: string;
  readonly name: string;
  /** `other photo`: the two windows are from two different photos. */
  readonly kind: PairKind | 'other photo';
  readonly a: string;
  readonly b: string;
  readonly truth?: Transform;
  readonly best?: Transform & { readonly score: number };
}

/** The overlap the app takes from a pair at this least score, if any. */
export function foundAt(pair: SeenPair, minScore: number = OVERLAP.minScore): Transform | undefined {
  return pair.best && pair.best.score >= minScore ? pair.best : undefined;
}

export interface TwinCounts {
  /** Things seen in both windows (by the truth): each is two cards without twins. */
  readonly seenTwice: number;
  /** Of those, the ones twins did not make one: a duplicate that gets through. */
  readonly through: number;
  /** The same place named differently in the two windows: two cards whatever twins does. */
  readonly namedTwice: number;
  /** Two things made one (the truth keeps them apart). */
  readonly wronglyMerged: number;
  /** Made one where the truth cannot say: the same label, near each other, boxes unlike. */
  readonly unsure: number;
  /** Things in the two windows together: the cards without twins. */
  readonly things: number;
}

const isThing = (item: DetectedItem) => classInfo(item.label).role !== 'ignore';

function statePair(a: WindowPhoto, b: WindowPhoto, overlap: Transform | undefined): WithPhotos {
  const photo = (window: WindowPhoto) => ({ id: window.id, width: window.width, height: window.height, detections: { items: [...window.items], busy: [] } });
  return { photos: [photo(a), { ...photo(b), ...(overlap ? { overlaps: [{ photoId: a.id, ...overlap }] } : {}) }] };
}

/** The twins of one pair judged against its truth, at a twins threshold, with the overlap the app found (if any). */
export function judgeTwins(a: WindowPhoto, b: WindowPhoto, pair: Pick<SeenPair, 'truth'>, found: Transform | undefined, minIou: number): TwinCounts {
  const merged = twinsOf(statePair(a, b, found), minIou);
  const truth = pair.truth ? twinsOf(statePair(a, b, pair.truth), SAME_IOU) : new Map();
  const alike = pair.truth ? likeness(a, b, pair.truth) : () => 0;
  const byId = new Map(a.items.map((item) => [item.id, item]));
  const key = (item: DetectedItem) => detectionThing({ photoId: b.id, itemId: item.id });
  let seenTwice = 0;
  let through = 0;
  let namedTwice = 0;
  let wronglyMerged = 0;
  let unsure = 0;
  for (const item of b.items.filter(isThing)) {
    const same = truth.get(key(item));
    const made = merged.get(key(item));
    if (same) {
      seenTwice += 1;
      if (made?.itemId !== same.itemId) through += 1;
    } else if (a.items.some((other) => other.label !== item.label && isThing(other) && alike(item.box, other.box) >= SAME_IOU)) {
      namedTwice += 1;
    }
    if (made && made.itemId !== same?.itemId) {
      const other = byId.get(made.itemId)!;
      if (alike(item.box, other.box) >= NEAR_IOU) unsure += 1;
      else wronglyMerged += 1;
    }
  }
  return { seenTwice, through, namedTwice, wronglyMerged, unsure, things: a.items.filter(isThing).length + b.items.filter(isThing).length };
}

export function addTwinCounts(counts: readonly TwinCounts[]): TwinCounts {
  const total = { seenTwice: 0, through: 0, namedTwice: 0, wronglyMerged: 0, unsure: 0, things: 0 };
  for (const c of counts) for (const field of Object.keys(total) as (keyof TwinCounts)[]) total[field] += c[field];
  return total;
}

/**
 * Every pair's twins, added up, with the overlaps found at `minScore` (none at all when it is undefined: the app
 * without twins) and twins at `minIou`; pairs whose windows are not all there are left out.
 */
export function judgeAll(windows: ReadonlyMap<string, WindowPhoto>, pairs: readonly SeenPair[], minScore: number | undefined, minIou: number): TwinCounts {
  return addTwinCounts(
    pairs.flatMap((pair) => {
      const a = windows.get(pair.a);
      const b = windows.get(pair.b);
      return a && b ? [judgeTwins(a, b, pair, minScore === undefined ? undefined : foundAt(pair, minScore), minIou)] : [];
    }),
  );
}
