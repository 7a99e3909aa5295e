/**
 * Busy spots: the places in a photo where things stand, busiest first, each said as a person says what they see and
 * where ("a pile on the bed", "a pile on the floor, by the bed", "something in front of the TV", or by where it is in
 * the photo: "something at the lower left"). Made from a photo's detections alone: the movable things the detector
 * named and the busy parts of the photo it could not name (piles, papers). Pure geometry over boxes; no model.
 *
 * People and animals are never part of a spot and a spot is never on one: a thing mostly inside a person's or an
 * animal's box (held, worn, sat on) is left out, and a spot that would cover one is cut back until it does not
 * (`clearOfLiving`), or dropped.
 */
import { classInfo, isLiving, isProposable } from '../../shared/detection/classes';
import type { Box, BusyRegion, CocoLabel, DetectedItem, PhotoDetections } from '../../shared/detection/schema';
import { isHeld } from './in-use';
import { area, intersection, type Size } from './postprocess';
import { areaPhrase, onTheFloor, SURFACE_UPPER, surfaceUnder } from './where';

/** A spot may share at most this much of its area with people and animals, and never its centre. */
export const MAX_LIVING_SHARE = 0.15;
/** A busy part of the photo nothing could name counts as this many things: a pile is at least a couple of things. */
export const UNNAMED_WEIGHT = 2;
/** Less than this standing in a place does not make it busy (one cup on a table is not a busy spot). */
export const MIN_AMOUNT = 2;
/** Things closer than this share of the photo's long side stand together. */
const NEAR = 0.06;
/** The outline leaves this share of the photo's long side around what stands there. */
const MARGIN = 0.02;

export type SpotKind = 'on' | 'floor' | 'near' | 'area';
/** What a spot card says is there: a pile where clothes and the like are heaped, something elsewhere, or things it named. */
export type Sight = 'a pile' | 'something' | 'a few things';

export interface Spot {
  /** Names the spot among the photo's spots, the same for the same detections (for remembering it). */
  readonly id: string;
  /** `on` a piece of furniture, on the `floor`, `near` a piece of furniture, or only somewhere in the photo (`area`). */
  readonly kind: SpotKind;
  /** What is outlined: what stands there, with a small margin. */
  readonly box: Box;
  /** The movable things the detector named there; never a person or an animal. */
  readonly things: readonly DetectedItem[];
  /** Busy parts of the photo there that the detector could not name. */
  readonly unnamed: readonly BusyRegion[];
  /** How much stands there: each thing counts one, each unnamed busy part `UNNAMED_WEIGHT`. */
  readonly amount: number;
  /** What is there, plainly: "a pile" (on a bed, a sofa, a chair, the floor), "something", or "a few things" it named. */
  readonly sight: Sight;
  /** Where it is, without the photo: "on the bed", "on the floor, by the bed", "by the sofa", "at the lower left". */
  readonly at: string;
  /** The spot as a thing to look at, without the photo: "the pile on the bed", "the spot by the sofa". */
  readonly place: string;
}

export interface SpotPhoto extends Size {
  readonly detections: PhotoDetections;
}

type Piece = { readonly box: Box; readonly thing: DetectedItem } | { readonly box: Box; readonly region: BusyRegion };

interface Group {
  readonly key: string;
  /** The furniture the things stand on, for `on` groups. */
  readonly surface?: DetectedItem;
  readonly pieces: Piece[];
}

/** The photo's busy spots, the one with the most standing there first. */
export function spotsIn(photo: SpotPhoto): Spot[] {
  const { items, busy } = photo.detections;
  const living = items.filter((item) => isLiving(item.label)).map((item) => item.box);
  const furniture = items.filter((item) => classInfo(item.label).role === 'fixture');
  const things = items.filter((item) => isProposable(item.label) && !isHeld(item.box, living));
  const groups = groupsOf(things, busy, furniture, living, photo);
  const placed = groups.flatMap((group) => {
    const settled = settle(group.pieces, living, photo);
    return settled ? [spotOf(group, settled, furniture, { ...photo, items })] : [];
  });
  // Two spots that read the same are one place to the person: the busier one stays.
  const ranked = placed.sort((a, b) => byAmount(a.spot, b.spot));
  const once = ranked.filter(({ spot }, index) => ranked.findIndex((other) => other.spot.at === spot.at) === index);
  // Two places by the same furniture that read alike ("around the oven", "by the oven") say which side "by" is.
  const byTheSame = (landmark: Landmark) => once.filter((other) => other.landmark?.furniture.id === landmark.furniture.id).length > 1;
  return once.map(({ spot, landmark }) => {
    if (!landmark || !byTheSame(landmark)) return spot;
    const near = nearPlace(spot.box, landmark, true, furniture, photo);
    return worded(spot, spot.kind === 'floor' ? `on the floor, ${near}` : near);
  });
}

/** Whether a spot is part of the mess: things left on a bed, a table, a sofa, a chair or the floor. */
export function isClutter(spot: Spot): boolean {
  return spot.kind === 'on' || spot.kind === 'floor';
}

/** Whether a box shares little enough with people and animals to be pointed at, and its centre is on none. */
export function clearOfLiving(box: Box, living: readonly Box[]): boolean {
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  if (living.some((other) => centre.x > other.x && centre.x < other.x + other.width && centre.y > other.y && centre.y < other.y + other.height)) {
    return false;
  }
  return livingShare(box, living) <= MAX_LIVING_SHARE;
}

/** The boxes of the people and animals in a photo's detections. */
export function livingBoxes(detections: PhotoDetections): Box[] {
  return detections.items.filter((item) => isLiving(item.label)).map((item) => item.box);
}

/**
 * A smaller part of a spot to start with: the half (left or right, or upper or lower for a tall spot) where more
 * of it stands, if that half is clear of people and animals too. Places named only by where they are have none
 * ("the left half of the lower left" says nothing).
 */
export function halfOf(spot: Spot, photo: SpotPhoto): { box: Box; side: 'left' | 'right' | 'upper' | 'lower' } | undefined {
  if (spot.kind === 'area') return undefined;
  const living = livingBoxes(photo.detections);
  const wide = spot.box.width >= spot.box.height;
  const first = wide ? { ...spot.box, width: Math.round(spot.box.width / 2) } : { ...spot.box, height: Math.round(spot.box.height / 2) };
  const second = wide
    ? { ...spot.box, x: first.x + first.width, width: spot.box.width - first.width }
    : { ...spot.box, y: first.y + first.height, height: spot.box.height - first.height };
  const halves = [
    { box: first, side: wide ? ('left' as const) : ('upper' as const) },
    { box: second, side: wide ? ('right' as const) : ('lower' as const) },
  ].filter((half) => half.box.width > 0 && half.box.height > 0 && clearOfLiving(half.box, living));
  const weight = (box: Box) =>
    spot.things.reduce((sum, thing) => sum + intersection(thing.box, box) / area(thing.box), 0) +
    spot.unnamed.reduce((sum, region) => sum + (UNNAMED_WEIGHT * intersection(region.box, box)) / area(region.box), 0);
  // The busier half; the first (left, upper) when they are even.
  return halves.sort((a, b) => weight(b.box) - weight(a.box))[0];
}

function livingShare(box: Box, living: readonly Box[]): number {
  // Summed, so people standing in front of each other count twice: on the safe side.
  return living.reduce((sum, other) => sum + intersection(box, other), 0) / area(box);
}

/**
 * Things standing on a piece of furniture go with it (the whole top of the table is one place); the rest stand
 * together when they are close; a busy part nothing named joins the furniture it is mostly on (above its foot), or
 * things it overlaps, or stands alone. A busy part on a person or an animal is none of these.
 */
function groupsOf(things: readonly DetectedItem[], busy: readonly BusyRegion[], furniture: readonly DetectedItem[], living: readonly Box[], photo: Size): Group[] {
  const surfaces = furniture.filter((item) => classInfo(item.label).surface === true);
  const on = new Map<string, { surface: DetectedItem; pieces: Piece[] }>();
  const loose: DetectedItem[] = [];
  for (const thing of things) {
    const surface = surfaceUnder(thing, surfaces);
    if (surface) {
      const group = on.get(surface.id) ?? { surface, pieces: [] };
      group.pieces.push({ box: thing.box, thing });
      on.set(surface.id, group);
    } else {
      loose.push(thing);
    }
  }
  const clusters = clustersOf(loose, NEAR * Math.max(photo.width, photo.height)).map((cluster) => ({
    key: `at${cluster.map((thing) => thing.id).join('.')}`,
    pieces: cluster.map((thing): Piece => ({ box: thing.box, thing })),
  }));
  const alone: Group[] = [];
  busy.forEach((region, index) => {
    if (!clearOfLiving(region.box, living)) return;
    const under = surfaces
      .map((surface) => ({ surface, shared: intersection(region.box, surface.box) }))
      .filter(({ surface, shared }) => shared >= 0.5 * area(region.box) && aboveTheFoot(clip(region.box, surface.box), surface))
      .sort((a, b) => b.shared - a.shared)[0];
    if (under) {
      const group = on.get(under.surface.id) ?? { surface: under.surface, pieces: [] };
      group.pieces.push({ box: clip(region.box, under.surface.box), region });
      on.set(under.surface.id, group);
      return;
    }
    const cluster = clusters.find((candidate) => intersection(union(candidate.pieces.map((piece) => piece.box)), region.box) >= 0.25 * area(region.box));
    if (cluster) cluster.pieces.push({ box: region.box, region });
    else alone.push({ key: `busy${index + 1}`, pieces: [{ box: region.box, region }] });
  });
  return [...[...on.values()].map(({ surface, pieces }) => ({ key: `on${surface.id}`, surface, pieces })), ...clusters, ...alone];
}

/** A busy part lies on a bed, a sofa, a chair or a bench when the middle of what it covers there is above its foot. */
function aboveTheFoot(part: Box, surface: DetectedItem): boolean {
  return surface.label === 'dining table' || part.y + part.height / 2 <= surface.box.y + SURFACE_UPPER * surface.box.height;
}

/** Things within `near` pixels of each other, linked in chains (single linkage), in the detector's order. */
function clustersOf(things: readonly DetectedItem[], near: number): DetectedItem[][] {
  const parent = things.map((_, index) => index);
  const root = (index: number): number => (parent[index] === index ? index : (parent[index] = root(parent[index]!)));
  things.forEach((a, i) =>
    things.forEach((b, j) => {
      if (j > i && gap(a.box, b.box) <= near) parent[root(j)] = root(i);
    }),
  );
  const clusters = new Map<number, DetectedItem[]>();
  things.forEach((thing, index) => clusters.set(root(index), [...(clusters.get(root(index)) ?? []), thing]));
  return [...clusters.values()];
}

function gap(a: Box, b: Box): number {
  const dx = Math.max(0, a.x - (b.x + b.width), b.x - (a.x + a.width));
  const dy = Math.max(0, a.y - (b.y + b.height), b.y - (a.y + a.height));
  return Math.max(dx, dy);
}

const amountOf = (pieces: readonly Piece[]) => pieces.reduce((sum, piece) => sum + ('thing' in piece ? 1 : UNNAMED_WEIGHT), 0);

/**
 * The pieces a spot can keep and its outline: while the outline covers a person or an animal, the spot keeps the
 * side of them where more stands, or else loses the piece that leaves it covering the least. Nothing is left when
 * too little stands there.
 */
function settle(pieces: readonly Piece[], living: readonly Box[], photo: Size): { pieces: Piece[]; box: Box } | undefined {
  let kept = [...pieces];
  while (amountOf(kept) >= MIN_AMOUNT) {
    const box = outline(kept.map((piece) => piece.box), photo);
    if (clearOfLiving(box, living)) return { pieces: kept, box };
    const blocker = [...living].sort((a, b) => intersection(box, b) - intersection(box, a))[0]!;
    const middle = blocker.x + blocker.width / 2;
    const left = kept.filter((piece) => piece.box.x + piece.box.width / 2 < middle);
    const right = kept.filter((piece) => piece.box.x + piece.box.width / 2 >= middle);
    if (left.length > 0 && right.length > 0) {
      kept = amountOf(left) >= amountOf(right) ? left : right;
      continue;
    }
    const covered = (rest: readonly Piece[]) => (rest.length ? livingShare(outline(rest.map((piece) => piece.box), photo), living) : 0);
    const worst = kept.reduce((best, piece) => (covered(kept.filter((one) => one !== piece)) < covered(kept.filter((one) => one !== best)) ? piece : best));
    kept = kept.filter((piece) => piece !== worst);
  }
  return undefined;
}

type Landmark = { readonly furniture: DetectedItem; readonly relation: string };

/**
 * A spot, with the furniture it is by when it is `near` one or on the floor by one (its words then depend on the
 * photo's other spots). Floor first: things left there are on it, whatever furniture stands near.
 */
function spotOf(
  group: Group,
  settled: { pieces: Piece[]; box: Box },
  furniture: readonly DetectedItem[],
  photo: Size & { readonly items: readonly DetectedItem[] },
): { spot: Spot; landmark?: Landmark } {
  const things = settled.pieces.flatMap((piece) => ('thing' in piece ? [piece.thing] : []));
  const unnamed = settled.pieces.flatMap((piece) => ('region' in piece ? [{ ...piece.region, box: piece.box }] : []));
  const amount = amountOf(settled.pieces);
  const base = { id: group.key, box: settled.box, things, unnamed, amount };
  if (group.surface) return { spot: worded({ ...base, kind: 'on' }, `on ${theName(group.surface, furniture, photo)}`, group.surface) };
  const landmark = landmarkBy(settled.box, furniture, photo);
  const floor = amountOf(settled.pieces.filter((piece) => onTheFloor(piece.box, photo))) * 2 >= amount;
  if (floor) {
    const by = landmark && { ...landmark, relation: landmark.relation === 'around' ? 'by' : landmark.relation };
    return { spot: worded({ ...base, kind: 'floor' }, by ? `on the floor, ${nearPlace(settled.box, by, false, furniture, photo)}` : 'on the floor'), ...(by ? { landmark: by } : {}) };
  }
  if (landmark) return { spot: worded({ ...base, kind: 'near' }, nearPlace(settled.box, landmark, false, furniture, photo)), landmark };
  return { spot: worded({ ...base, kind: 'area' }, areaAt(settled.box, photo)) };
}

/** Furniture a pile lies on (not a table, where busy parts are papers and cables as often as a heap). */
const PILED_ON: ReadonlySet<CocoLabel> = new Set(['bed', 'couch', 'chair', 'bench']);

/**
 * A spot's words, from where it is: what is there said plainly (a pile on a bed, a sofa, a chair or the floor; on a
 * table or elsewhere, something; only things it named, a few things) and the spot as a thing to look at.
 */
function worded(spot: Omit<Spot, 'sight' | 'at' | 'place'>, at: string, surface?: DetectedItem): Spot {
  const piled = spot.kind === 'floor' || (surface !== undefined && PILED_ON.has(surface.label));
  const sight: Sight = spot.unnamed.length === 0 ? 'a few things' : piled ? 'a pile' : 'something';
  return { ...spot, sight, at, place: `${NOUN[sight]} ${at}` };
}

const NOUN: Readonly<Record<Sight, string>> = { 'a pile': 'the pile', something: 'the spot', 'a few things': 'the things' };

/**
 * "by the oven"; when another place in the photo is near the same furniture (`shared`), "by" says which side ("to
 * the right of the oven"), since "around the oven" and "by the oven" read alike.
 */
function nearPlace(box: Box, landmark: Landmark, shared: boolean, furniture: readonly DetectedItem[], photo: Size): string {
  const f = landmark.furniture.box;
  const side = box.x + box.width / 2 < f.x + f.width / 2 ? 'to the left of' : 'to the right of';
  return `${shared && landmark.relation === 'by' ? side : landmark.relation} ${theName(landmark.furniture, furniture, photo)}`;
}

/** "the bed", or with where it is when the photo has more than one of that name: "the chair on the left". */
function theName(item: DetectedItem, furniture: readonly DetectedItem[], photo: Size): string {
  const name = `the ${classInfo(item.label).name}`;
  const twins = furniture.filter((other) => classInfo(other.label).name === classInfo(item.label).name);
  return twins.length > 1 ? `${name} ${areaPhrase(item.box, photo)}` : name;
}

/** Wall-hung or raised things have what stands below them under them; the rest have it in front. */
const RAISED = new Set(['tv', 'microwave', 'clock']);

/**
 * The piece of furniture a spot is by: below it and mostly within its width ("in front of the bed", "under the
 * TV"), level with it and close beside it ("by the sofa"), or around it ("around the sink"). The biggest such one
 * is the clearest landmark.
 */
function landmarkBy(box: Box, furniture: readonly DetectedItem[], photo: Size): Landmark | undefined {
  const found = furniture.flatMap((item) => {
    const f = item.box;
    const across = (Math.min(box.x + box.width, f.x + f.width) - Math.max(box.x, f.x)) / box.width;
    const level = (Math.min(box.y + box.height, f.y + f.height) - Math.max(box.y, f.y)) / box.height;
    const centreX = box.x + box.width / 2;
    const centreY = box.y + box.height / 2;
    if (centreX > f.x && centreX < f.x + f.width && centreY > f.y && centreY < f.y + f.height) return [{ item, relation: 'around' }];
    if (across >= 0.5 && box.y + box.height > f.y + f.height && box.y >= f.y + f.height / 2) {
      return [{ item, relation: RAISED.has(item.label) ? 'under' : 'in front of' }];
    }
    if (level >= 0.5 && across < 0.5 && gap(box, f) <= Math.max(box.width, 0.1 * photo.width)) return [{ item, relation: 'by' }];
    return [];
  });
  const best = found.sort((a, b) => area(b.item.box) - area(a.item.box))[0];
  return best && { furniture: best.item, relation: best.relation };
}

/** Where in the photo, as a place: "the lower left", "the top", "the middle", "the right side". */
export function areaPlace(box: Box, photo: Size): string {
  const cx = (box.x + box.width / 2) / photo.width;
  const cy = (box.y + box.height / 2) / photo.height;
  const column = cx < 1 / 3 ? 'left' : cx > 2 / 3 ? 'right' : 'middle';
  const row = cy < 1 / 3 ? 'upper' : cy > 2 / 3 ? 'lower' : 'middle';
  if (column === 'middle') return row === 'upper' ? 'the top' : row === 'lower' ? 'the bottom' : 'the middle';
  return row === 'middle' ? `the ${column} side` : `the ${row} ${column}`;
}

/** Where in the photo, as where something is: "at the lower left", "on the right side", "in the middle". */
function areaAt(box: Box, photo: Size): string {
  const place = areaPlace(box, photo);
  return place === 'the middle' ? 'in the middle' : place.endsWith(' side') ? `on ${place}` : `at ${place}`;
}

/** Where the spot is, with its photo: "on the bed in photo 2", "on the floor, by the bed, in photo 2", "at the lower left of photo 3". */
export function spotAt(spot: Spot, photoNumber: number | undefined): string {
  if (spot.kind === 'area') return `${spot.at} of ${photoNumber === undefined ? 'the photo' : `photo ${photoNumber}`}`;
  if (photoNumber === undefined) return spot.at;
  return spot.kind === 'floor' && spot.at.includes(',') ? `${spot.at}, in photo ${photoNumber}` : `${spot.at} in photo ${photoNumber}`;
}

/** The spot with its photo, as a thing to look at: "the pile on the bed in photo 2", "the spot at the lower left of photo 3". */
export function spotWords(spot: Spot, photoNumber: number | undefined): string {
  return `${NOUN[spot.sight]} ${spotAt(spot, photoNumber)}`;
}

/** More standing there first; then the busier unnamed parts, then the more covered, then top to bottom. */
function byAmount(a: Spot, b: Spot): number {
  const busyness = (spot: Spot) => spot.unnamed.reduce((sum, region) => sum + region.busyness, 0);
  const covered = (spot: Spot) => [...spot.things, ...spot.unnamed].reduce((sum, piece) => sum + area(piece.box), 0);
  return b.amount - a.amount || busyness(b) - busyness(a) || covered(b) - covered(a) || a.box.y - b.box.y || a.box.x - b.box.x;
}

function outline(boxes: readonly Box[], photo: Size): Box {
  const margin = Math.round(MARGIN * Math.max(photo.width, photo.height));
  const around = union(boxes);
  const x = Math.max(0, around.x - margin);
  const y = Math.max(0, around.y - margin);
  return {
    x,
    y,
    width: Math.min(photo.width, around.x + around.width + margin) - x,
    height: Math.min(photo.height, around.y + around.height + margin) - y,
  };
}

function union(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  return {
    x,
    y,
    width: Math.max(...boxes.map((box) => box.x + box.width)) - x,
    height: Math.max(...boxes.map((box) => box.y + box.height)) - y,
  };
}

function clip(box: Box, within: Box): Box {
  const x = Math.max(box.x, within.x);
  const y = Math.max(box.y, within.y);
  return { x, y, width: Math.max(1, Math.min(box.x + box.width, within.x + within.width) - x), height: Math.max(1, Math.min(box.y + box.height, within.y + within.height) - y) };
}
