/**
 * What a point holds: the detected things in (or under) the box the person pointed at, best overlap first, with the
 * words a coach says them in. Pure, so the guided coach's routing stays a function of the session and what it heard.
 * People and pets are never things to tidy: they are only said to be there; nor is what people are using (in-use.ts).
 */
import type { CocoLabel, DetectedItem, Focus } from '../../shared/detection/schema';
import type { Point } from '../../shared/pointing/schema';
import { overlapOf, pointsAt, toPixels } from '../../shared/pointing/geometry';
import type { Photo, SessionState } from '../../shared/session/schema';
import { classInfo, isProposable } from '../../shared/detection/classes';
import { inUseIds } from './in-use';
import { proposalOf, type Proposal } from './proposals';
import { areaPhrase } from './where';

/** The classes that are someone, not something. */
const LIVING: ReadonlySet<CocoLabel> = new Set(['person', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe']);

export interface PointedThings {
  readonly photo: Photo;
  /** The photo's place in the strip, from 1. */
  readonly number: number;
  /** Where the person pointed, in words: "on the left", "at the bottom right of photo 2". */
  readonly where: string;
  /** The pointed box on the photo, outlined, with those words. */
  readonly focus: Focus;
  /** Things the coach may propose in the box, best overlap first (decided ones too: pointing again reopens one). */
  readonly things: readonly Proposal[];
  /** The one thing the box means, when one stands out: a click on it, or a box around it alone. */
  readonly one?: Proposal;
  /** Someone is what is there (a person, a pet), when no thing is. */
  readonly living?: string;
  /** What someone is using there (held, or a meal they are at), when no thing the coach may propose is: "bottle". */
  readonly inUse?: string;
  /** What else the detector knows there that is never proposed (furniture, what stays): "the table". */
  readonly around: readonly string[];
}

/** A thing stands out when it overlaps the box at least this well (IoU)... */
const CLEAR_IOU = 0.5;
/** ...and at least this many times better than the next. */
const CLEAR_MARGIN = 2;

/** What the person pointed at, or undefined when the photo is not (or no longer) one of the session's. */
export function thingsAt(state: SessionState, point: Point): PointedThings | undefined {
  const index = state.photos.findIndex((photo) => photo.id === point.photoId);
  const photo = state.photos[index];
  if (!photo) return undefined;
  const number = index + 1;
  const box = toPixels(point.box, photo);
  const where = `${areaPhrase(box, photo)}${state.photos.length > 1 ? ` of photo ${number}` : ''}`;
  const focus: Focus = { photoId: photo.id, box, label: `where you pointed, ${where}` };
  const there = (photo.detections?.items ?? [])
    .filter((item) => pointsAt(box, item.box))
    .map((item) => ({ item, overlap: overlapOf(box, item.box) }))
    .sort((a, b) => b.overlap.iou - a.overlap.iou || b.item.score - a.item.score);
  const used = inUseIds(photo.detections?.items ?? []);
  const proposable = distinct(there.filter(({ item }) => isProposable(item.label) && !isAnchor(state, item) && !used.has(item.id)));
  const inUse = there.find(({ item }) => used.has(item.id) && isProposable(item.label))?.item.name;
  const things = proposable.map(({ item }) => proposalOf(state, photo, number, item));
  const [first, second] = proposable;
  const stands = first && (!second || (first.overlap.iou >= CLEAR_IOU && first.overlap.iou >= CLEAR_MARGIN * second.overlap.iou));
  const living = there.find(({ item }) => LIVING.has(item.label))?.item.label;
  const around = unique(there.filter(({ item }) => !isProposable(item.label) || isAnchor(state, item)).map(({ item }) => nameOf(item))).filter(Boolean).slice(0, 2);
  return {
    photo,
    number,
    where,
    focus,
    things,
    ...(stands ? { one: things[0]! } : {}),
    ...(things.length === 0 && inUse ? { inUse } : {}),
    ...(things.length === 0 && living && !inUse ? { living } : {}),
    around,
  };
}

/** Whether a detected thing (as a proposal) lies in a spot the person pointed at: most of it inside the spot's box. */
export function inSpot(spot: Focus, proposal: Proposal): boolean {
  return proposal.ref.photoId === spot.photoId && overlapOf(spot.box, proposal.focus.box).inside >= 0.5;
}

function isAnchor(state: SessionState, item: DetectedItem): boolean {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return state.anchors.some((anchor) => same(anchor, item.name) || same(anchor, item.label));
}

/** The name a person uses, for things never proposed too (a sink, an oven); never a person's or a pet's. */
function nameOf(item: DetectedItem): string {
  if (LIVING.has(item.label)) return '';
  return classInfo(item.label).name || item.label;
}

/** The same label in the same box twice is one thing found twice. */
function distinct<T extends { item: DetectedItem }>(entries: readonly T[]): T[] {
  return entries.filter(
    (entry, index) =>
      entries.findIndex(
        ({ item }) =>
          item.label === entry.item.label &&
          item.box.x === entry.item.box.x &&
          item.box.y === entry.item.box.y &&
          item.box.width === entry.item.box.width &&
          item.box.height === entry.item.box.height,
      ) === index,
  );
}

function unique(names: readonly string[]): string[] {
  return names.filter((name, index) => names.indexOf(name) === index);
}
