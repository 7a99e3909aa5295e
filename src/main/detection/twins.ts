/**
 * A thing seen in two overlapping photos is one thing. Each photo's `overlaps` say where it shows part of an earlier
 * photo (`overlap.ts`, found when its detections came in); a detected item of the later photo whose box, mapped into
 * the earlier photo, lies where an item of the same label lies there is a later sighting of that item. Chains are
 * followed (photo 3 overlaps photo 2, which overlaps photo 1), so every sighting leads to the thing's first sighting:
 * the one to propose, and the one a decision about any of its sightings is about. Pure, over the session's photos.
 */
import type { DetectedItem, DetectionRef, PhotoOverlap } from '../../shared/detection/schema';
import { iou } from '../../shared/pointing/geometry';
import type { Photo } from '../../shared/session/schema';
import { detectionThing } from '../../shared/session/pile-groups';

export const TWINS = {
  /**
   * Boxes of the same label overlapping this much (intersection over union, both cut to the part the two photos
   * share) are one thing. Chosen by `npm run eval -- --overlap` (docs/detection.md): lower merges neighbours of the
   * same kind, higher lets a duplicate through when the alignment is a few pixels off.
   */
  minIou: 0.5,
} as const;

/** The session's photos, in the order the session has them (the order the strip numbers them). */
export interface WithPhotos {
  readonly photos: readonly Pick<Photo, 'id' | 'width' | 'height' | 'detections' | 'overlaps'>[];
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const known = new WeakMap<WithPhotos['photos'], ReadonlyMap<string, DetectionRef>>();

/**
 * Every later sighting of a thing, by its thing key (`detectionThing`: `<photoId>#<itemId>`), with the thing's first
 * sighting (never itself a later sighting). Items of one photo are never one thing, and a first sighting has at most
 * one later sighting in each photo. `minIou` is for the eval, which tries others than the app's.
 */
export function twinsOf(state: WithPhotos, minIou: number = TWINS.minIou): ReadonlyMap<string, DetectionRef> {
  const cached = minIou === TWINS.minIou ? known.get(state.photos) : undefined;
  if (cached) return cached;
  const first = new Map<string, DetectionRef>();
  const order = new Map(state.photos.map((photo, index) => [photo.id, index]));
  for (const [index, photo] of state.photos.entries()) {
    const items = photo.detections?.items ?? [];
    if (items.length === 0 || !photo.overlaps) continue;
    const matches: { readonly item: DetectedItem; readonly sighting: DetectionRef; readonly iou: number; readonly earlier: number }[] = [];
    for (const overlap of photo.overlaps) {
      const earlier = order.get(overlap.photoId);
      // Only an earlier photo: its sightings are settled already, and no chain can loop.
      if (earlier === undefined || earlier >= index) continue;
      const seen = state.photos[earlier]!;
      const alike = likeness(seen, photo, overlap);
      for (const item of items) {
        for (const other of seen.detections?.items ?? []) {
          if (other.label !== item.label) continue;
          const iou = alike(item.box, other.box);
          if (iou < minIou) continue;
          const ref = { photoId: seen.id, itemId: other.id };
          matches.push({ item, sighting: first.get(detectionThing(ref)) ?? ref, iou, earlier });
        }
      }
    }
    // Best match first, one to one: each item is one thing, and a thing is at most one item of this photo.
    matches.sort((x, y) => y.iou - x.iou || x.earlier - y.earlier || x.item.id.localeCompare(y.item.id));
    const matched = new Set<string>();
    const taken = new Set<string>();
    for (const { item, sighting } of matches) {
      const thing = detectionThing(sighting);
      if (matched.has(item.id) || taken.has(thing)) continue;
      matched.add(item.id);
      taken.add(thing);
      first.set(detectionThing({ photoId: photo.id, itemId: item.id }), sighting);
    }
  }
  if (minIou === TWINS.minIou) known.set(state.photos, first);
  return first;
}

/**
 * How alike a box of the later photo and a box of the earlier one are where the two photos overlap: the IoU of the
 * later box mapped into the earlier photo and the earlier box, both cut to the part the photos share (a thing at the
 * edge of one photo is whole in the other, its box there larger); 0 for boxes outside that part.
 */
export function likeness(earlier: Pick<Photo, 'width' | 'height'>, later: Pick<Photo, 'width' | 'height'>, overlap: Pick<PhotoOverlap, 'scale' | 'dx' | 'dy'>): (laterBox: Rect, earlierBox: Rect) => number {
  const shared = clip(mapBox({ x: 0, y: 0, width: later.width, height: later.height }, overlap), { x: 0, y: 0, width: earlier.width, height: earlier.height });
  return (laterBox, earlierBox) => {
    const mapped = shared && clip(mapBox(laterBox, overlap), shared);
    const there = shared && clip(earlierBox, shared);
    return mapped && there ? iou(mapped, there) : 0;
  };
}

/** The first sighting of the thing this detected item shows: the item itself unless an earlier photo saw it. */
export function firstSighting(state: WithPhotos, ref: DetectionRef): DetectionRef {
  return twinsOf(state).get(detectionThing(ref)) ?? ref;
}

/** A box of the later photo in the earlier photo's pixels. */
export function mapBox(box: Rect, overlap: Pick<PhotoOverlap, 'scale' | 'dx' | 'dy'>): Rect {
  return { x: overlap.scale * box.x + overlap.dx, y: overlap.scale * box.y + overlap.dy, width: overlap.scale * box.width, height: overlap.scale * box.height };
}

/** The box cut to the frame, or undefined when nothing of it is inside. */
function clip(box: Rect, frame: Rect): Rect | undefined {
  const x = Math.max(box.x, frame.x);
  const y = Math.max(box.y, frame.y);
  const width = Math.min(box.x + box.width, frame.x + frame.width) - x;
  const height = Math.min(box.y + box.height, frame.y + frame.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : undefined;
}
