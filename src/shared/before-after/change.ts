/**
 * Change you can see: for each after photo that shows the same view as a before photo, what the on-device detector
 * found in both, counted the same way: the movable things it recognised (what the coach could propose: cups,
 * bottles, books, bags...; never furniture, people or pets) and how much of the photo they cover. Plain words say
 * what it measures and what it cannot see.
 */
import { isProposable } from '../detection/classes';
import type { Box, PhotoDetections } from '../detection/schema';
import type { Photo } from '../session/schema';
import { SAME_VIEW, viewSimilarity } from './view';

/** What the detector saw of the movable things in one photo. */
export interface ThingsSeen {
  readonly count: number;
  /** The share of the photo their boxes cover, 0 to 1 (overlaps counted once). */
  readonly share: number;
  readonly boxes: readonly Box[];
}

export type ViewChange =
  /** The same view, both photos read by the detector: the counts. */
  | { readonly kind: 'measured'; readonly after: Photo; readonly before: Photo; readonly was: ThingsSeen; readonly now: ThingsSeen }
  /** The same view, but the detector has nothing for one of them (still looking, could not read it, or turned off). */
  | { readonly kind: 'unread'; readonly after: Photo; readonly before: Photo; readonly unread: readonly Photo[] }
  /** No before photo shows this view. */
  | { readonly kind: 'other-view'; readonly after: Photo }
  /** A photo kept from before views were compared: there is nothing to compare it with. */
  | { readonly kind: 'no-view'; readonly after: Photo };

/** The movable things the detector recognised in a photo, counted, with the share of the photo they cover. */
export function thingsSeen(photo: Pick<Photo, 'width' | 'height'>, detections: PhotoDetections): ThingsSeen {
  const boxes = detections.items.filter((item) => isProposable(item.label)).map((item) => item.box);
  return { count: boxes.length, share: unionArea(boxes, photo) / (photo.width * photo.height), boxes };
}

/**
 * For each after photo, the before photo showing the same view (the most alike, if alike enough) and what changed
 * there. A before photo may be the view of several after photos.
 */
export function viewChanges(photos: readonly Photo[]): ViewChange[] {
  const before = photos.filter((photo) => photo.stage === 'before');
  return photos
    .filter((photo) => photo.stage === 'after')
    .map((after): ViewChange => {
      const view = after.view;
      if (!view) return { kind: 'no-view', after };
      const match = before
        .flatMap((candidate) => (candidate.view ? [{ photo: candidate, similarity: viewSimilarity(candidate.view, view) }] : []))
        .filter(({ similarity }) => similarity >= SAME_VIEW)
        .sort((a, b) => b.similarity - a.similarity)[0];
      if (!match) return { kind: before.some((candidate) => candidate.view) ? 'other-view' : 'no-view', after };
      const was = match.photo.detections;
      const now = after.detections;
      if (!was || !now) return { kind: 'unread', after, before: match.photo, unread: [...(was ? [] : [match.photo]), ...(now ? [] : [after])] };
      return { kind: 'measured', after, before: match.photo, was: thingsSeen(match.photo, was), now: thingsSeen(after, now) };
    });
}

/** What a comparison found, in one or two plain sentences. */
export function viewChangeText(change: ViewChange): string {
  const name = change.after.fileName;
  switch (change.kind) {
    case 'measured': {
      const { was, now } = change;
      const counts = `${name} shows the same view as ${change.before.fileName}. Things the detector could see there: ${was.count} before, ${now.count} after.`;
      if (was.count === 0 && now.count === 0) return counts;
      return `${counts} Their outlines covered ${percent(was.share)} of the photo before, ${percent(now.share)} after.`;
    }
    case 'unread': {
      const which = change.unread.map((photo) => photo.fileName).join(' or ');
      return `${name} shows the same view as ${change.before.fileName}, but the detector has nothing for ${which} (it may still be looking, could not read it, or is turned off), so there is no count for this pair.`;
    }
    case 'other-view':
      return `${name} does not show the same view as any before photo, so there is nothing to compare it with.`;
    case 'no-view':
      return `${name} was not compared with the before photos: they were added before Tidying could compare photos.`;
  }
}

/** What the counts measure and what they cannot see, said once beside them. */
export const VIEW_CHANGE_NOTE =
  'It counts only the things the detector recognises, such as cups, bottles, books and bags, not papers, clothes or cables. It can miss things, and it can see one where there is none or take one for two, so the counts are a rough guide. The same view means the two photos look alike in light and shape.';

function percent(share: number): string {
  if (share <= 0) return '0%';
  const whole = Math.round(share * 100);
  return whole < 1 ? 'under 1%' : `${whole}%`;
}

/** The area the boxes cover together, inside the photo, each part counted once (boxes cut into a grid at their edges). */
function unionArea(boxes: readonly Box[], photo: Pick<Photo, 'width' | 'height'>): number {
  const clipped = boxes
    .map((box) => ({ x1: Math.max(0, box.x), y1: Math.max(0, box.y), x2: Math.min(photo.width, box.x + box.width), y2: Math.min(photo.height, box.y + box.height) }))
    .filter((box) => box.x2 > box.x1 && box.y2 > box.y1);
  const xs = [...new Set(clipped.flatMap((box) => [box.x1, box.x2]))].sort((a, b) => a - b);
  const ys = [...new Set(clipped.flatMap((box) => [box.y1, box.y2]))].sort((a, b) => a - b);
  let total = 0;
  for (let i = 0; i + 1 < xs.length; i += 1) {
    for (let j = 0; j + 1 < ys.length; j += 1) {
      const [x, y] = [(xs[i]! + xs[i + 1]!) / 2, (ys[j]! + ys[j + 1]!) / 2];
      if (clipped.some((box) => x > box.x1 && x < box.x2 && y > box.y1 && y < box.y2)) total += (xs[i + 1]! - xs[i]!) * (ys[j + 1]! - ys[j]!);
    }
  }
  return total;
}
