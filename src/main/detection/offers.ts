/**
 * What the coach offers next from the photos, as a person sees a room: several things of one kind in one place are
 * one thing to decide ("the 12 books on the table in photo 9"), the mess first (things left on a bed, a table, a sofa,
 * a chair or the floor), things that look put away (books standing in a row, a clock up on the wall) last and once
 * ("already in place?"), and no more than three cards in a row about the same kind of thing. Pure functions of the
 * session, like the rest of the proposals.
 */
import type { Box, CocoLabel, DetectedItem, DetectionRef, Focus } from '../../shared/detection/schema';
import { easeRank } from '../../shared/detection/classes';
import { counted } from '../../shared/text/names';
import type { Decision, Photo, SessionState } from '../../shared/session/schema';
import { area, type Size } from './postprocess';
import { proposals, type Proposal } from './proposals';
import { groundOf, relationOf, sideOf } from './where';

/** One card's worth of detected things: a thing alone, or several of one kind in one place. */
export interface Offer {
  /** The detector's class: what "the same kind of thing" means for the order of cards. */
  readonly label: CocoLabel;
  /** What one of them is called ("book"). */
  readonly name: string;
  /** Where it is, or where they are: "on the table, left side, photo 2". */
  readonly where: string;
  /** The first of them (the most confident), and every one, that first: a thing alone is a group of one. */
  readonly refs: readonly [DetectionRef, ...DetectionRef[]];
  /** The outline of all of them together, then each one's (at most a dozen in all). */
  readonly focus: readonly [Focus, ...Focus[]];
  /** They look put away (standing in a row, up on a wall): offered last, as "already in place?". */
  readonly inPlace: boolean;
  /** They stand where things are left about (on a bed, a table, a sofa, a chair, the floor): offered first. */
  readonly clutter: boolean;
  /** How sure the detector is of them: the best score among them. */
  readonly score: number;
}

/** Several of one kind this close (a gap under this share of the larger one's shorter side) are in one place. */
const NEAR = 0.75;
/** A row: bottoms level within this share of the things' typical height, gaps under this share of their width. */
const ROW_LEVEL = 0.3;
const ROW_GAP = 0.6;
/** Things in a row this many or more look put away (books on a shelf, jars along a counter's back). */
const ROW_MIN = 3;
/** Cards in a row about one kind of thing, at most. */
export const SAME_KIND_RUN = 3;

interface Seen {
  readonly proposal: Proposal;
  readonly item: DetectedItem;
  readonly photoIndex: number;
}

/**
 * Every undecided detected thing the coach may propose, as cards: groups of one kind in one place, single things,
 * and what looks put away, in the order they are best offered: what is left about on a bed, a table, a sofa, a chair
 * or the floor first, what is in place last; within each, easy wins first, the detector's surest first.
 */
export function offers(state: SessionState, anchors: readonly string[] = state.anchors): Offer[] {
  const seen = proposals(state, anchors).flatMap((proposal): Seen[] => {
    const photoIndex = state.photos.findIndex((photo) => photo.id === proposal.ref.photoId);
    const item = state.photos[photoIndex]?.detections?.items.find((candidate) => candidate.id === proposal.ref.itemId);
    return item ? [{ proposal, item, photoIndex }] : [];
  });
  // The same label in the same box twice is one thing found twice (proposals puts it down once either is decided).
  const once = seen.filter(
    (entry, index) => !seen.some((other, earlier) => earlier < index && other.photoIndex === entry.photoIndex && other.item.label === entry.item.label && sameBox(other.item.box, entry.item.box)),
  );
  const result: Offer[] = [];
  for (const cluster of clusters(once)) {
    const photo = state.photos[cluster[0]!.photoIndex]!;
    const others = photo.detections?.items ?? [];
    result.push(offerOf(cluster, photo, others, state.photos.length > 1 ? cluster[0]!.photoIndex + 1 : undefined));
  }
  return result.sort((a, b) => Number(a.inPlace) - Number(b.inPlace) || Number(b.clutter) - Number(a.clutter) || easeRank(a.label) - easeRank(b.label) || b.score - a.score);
}

/**
 * The next card: the first offer, unless the last cards were already this many about its kind of thing, then the
 * first of another kind (when there is one).
 */
export function nextOffer(state: SessionState, anchors: readonly string[] = state.anchors): Offer | undefined {
  const all = offers(state, anchors);
  const run = lastRun(state);
  if (run.cards < SAME_KIND_RUN) return all[0];
  return all.find((offer) => offer.label !== run.label) ?? all[0];
}

/** The kind of detected thing the last cards were about, and how many cards in a row (a group is one card). */
export function lastRun(state: Pick<SessionState, 'decisions' | 'photos'>): { label?: CocoLabel; cards: number } {
  const cards = cardsOf(state.decisions);
  const kindOf = (decision: Decision) => (decision.detection ? labelOf(state, decision.detection) : undefined);
  const last = cards.at(-1);
  const label = last && kindOf(last);
  if (!label) return { cards: 0 };
  let count = 0;
  for (let index = cards.length - 1; index >= 0 && kindOf(cards[index]!) === label; index -= 1) count += 1;
  return { label, cards: count };
}

/** The detector's class of a detected thing, if the session still has it. */
export function labelOf(state: Pick<SessionState, 'photos'>, ref: DetectionRef): CocoLabel | undefined {
  return state.photos.find((photo) => photo.id === ref.photoId)?.detections?.items.find((item) => item.id === ref.itemId)?.label;
}

/** One decision per card: the things of a group decided together count once. */
function cardsOf(decisions: readonly Decision[]): Decision[] {
  return decisions.filter((decision, index) => !decision.group || decisions[index - 1]?.group !== decision.group);
}

/** Things of one kind in one photo that stand near each other (or on the same surface), as clusters, single-linkage. */
function clusters(seen: readonly Seen[]): Seen[][] {
  const groups: Seen[][] = [];
  const byKind = new Map<string, Seen[]>();
  for (const entry of seen) {
    const key = `${entry.photoIndex}\u0000${entry.item.label}`;
    byKind.set(key, [...(byKind.get(key) ?? []), entry]);
  }
  for (const kind of byKind.values()) {
    const parent = kind.map((_, index) => index);
    const root = (index: number): number => (parent[index] === index ? index : (parent[index] = root(parent[index]!)));
    for (let a = 0; a < kind.length; a += 1) {
      for (let b = a + 1; b < kind.length; b += 1) {
        if (together(kind[a]!.item, kind[b]!.item)) parent[root(a)] = root(b);
      }
    }
    const byRoot = new Map<number, Seen[]>();
    kind.forEach((entry, index) => byRoot.set(root(index), [...(byRoot.get(root(index)) ?? []), entry]));
    groups.push(...byRoot.values());
  }
  return groups;
}

/** Two things of one kind are in one place when they nearly touch. */
function together(a: DetectedItem, b: DetectedItem): boolean {
  const gapX = Math.max(0, Math.max(a.box.x, b.box.x) - Math.min(a.box.x + a.box.width, b.box.x + b.box.width));
  const gapY = Math.max(0, Math.max(a.box.y, b.box.y) - Math.min(a.box.y + a.box.height, b.box.y + b.box.height));
  const side = Math.max(Math.min(a.box.width, a.box.height), Math.min(b.box.width, b.box.height));
  return Math.hypot(gapX, gapY) <= NEAR * side;
}

function offerOf(cluster: readonly Seen[], photo: Size & { readonly id: string }, others: readonly DetectedItem[], number: number | undefined): Offer {
  const ranked = [...cluster].sort((a, b) => b.item.score - a.item.score);
  const first = ranked[0]!;
  if (ranked.length === 1) {
    const { proposal, item } = first;
    const clutter = groundOf(item, others, photo) !== undefined;
    return { label: item.label, name: proposal.name, where: proposal.where, refs: [proposal.ref], focus: [proposal.focus], inPlace: onTheWall(item, others, photo), clutter, score: item.score };
  }
  const items = ranked.map((entry) => entry.item);
  const box = union(items.map((item) => item.box));
  const relations = new Set(items.map((item) => relationOf(item, others, photo)));
  const [relation] = relations;
  const side = sideOf(box, photo);
  const place = relations.size === 1 && relation ? `${relation}, ${side}` : side;
  const where = number ? `${place}, photo ${number}` : place;
  const name = first.proposal.name;
  const refs = ranked.map((entry) => entry.proposal.ref) as [DetectionRef, ...DetectionRef[]];
  return {
    label: first.item.label,
    name,
    where,
    refs,
    focus: [{ photoId: photo.id, box, label: `${counted(items.length, name)}, ${where}` }, ...ranked.slice(0, 11).map((entry) => entry.proposal.focus)],
    inPlace: inARow(items),
    // Most of them left about: the group is part of the mess.
    clutter: items.filter((item) => groundOf(item, others, photo) !== undefined).length * 2 > items.length,
    score: first.item.score,
  };
}

/** Things standing in a neat row, side by side with their bottoms level: put away, not left about. */
function inARow(items: readonly DetectedItem[]): boolean {
  if (items.length < ROW_MIN) return false;
  const sorted = [...items].sort((a, b) => a.box.x - b.box.x);
  const heights = sorted.map((item) => item.box.height).sort((a, b) => a - b);
  const widths = sorted.map((item) => item.box.width).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)]!;
  const width = widths[Math.floor(widths.length / 2)]!;
  const bottoms = sorted.map((item) => item.box.y + item.box.height);
  const level = Math.max(...bottoms) - Math.min(...bottoms) <= ROW_LEVEL * height;
  const close = sorted.every((item, index) => index === 0 || item.box.x - (sorted[index - 1]!.box.x + sorted[index - 1]!.box.width) <= ROW_GAP * width);
  return level && close;
}

/** A clock (or the like) up on a wall: in the top half of the photo, on no surface. */
function onTheWall(item: DetectedItem, others: readonly DetectedItem[], photo: Size): boolean {
  if (item.label !== 'clock') return false;
  const centre = item.box.y + item.box.height / 2;
  return centre < photo.height / 2 && !groundOf(item, others) && area(item.box) < (photo.width * photo.height) / 4;
}

const sameBox = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

function union(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * A photo's undecided detected things for a model's prompt, as the cards would offer them, best first: "cup (on the
 * table, left side)", "12 books (on the table, bottom; one card for all of them)", "12 books (top left; they look put
 * away)". At most `limit` lines, with how many more things there are, so the prompt stays small with many photos.
 */
export function detectedInPhoto(state: SessionState, photo: Pick<Photo, 'id'>, limit = 6): { things: string[]; more: number } {
  const here = offers(state).filter((offer) => offer.refs[0].photoId === photo.id);
  const shown = here.slice(0, limit);
  const things = shown.map((offer) => {
    const several = offer.refs.length > 1;
    const what = several ? counted(offer.refs.length, offer.name) : offer.name;
    const where = offer.where.replace(/, photo \d+$/, '');
    const notes = [where, ...(several ? ['one card for all of them'] : []), ...(offer.inPlace ? [`${several ? 'they look' : 'it looks'} put away already`] : [])];
    return `${what} (${notes.join('; ')})`;
  });
  const more = here.slice(limit).reduce((sum, offer) => sum + offer.refs.length, 0);
  return { things, more };
}

/**
 * The group a coach's words are about: several of one kind in one place, named in the plural or with their count
 * ("the 12 books on the table", "books on the shelf"), the one whose place the words also name if there are several.
 * Lets a model's card stand for every one of them without the model knowing any ids.
 */
export function groupMatching(state: SessionState, text: string): Offer | undefined {
  const words = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ')} `;
  const groups = offers(state).filter((offer) => offer.refs.length > 1);
  const named = groups.filter((offer) => {
    const plural = counted(2, offer.name).replace(/^2 /, '').toLowerCase();
    return words.includes(` ${plural} `);
  });
  const byCount = named.find((offer) => words.includes(` ${offer.refs.length} `));
  const placed = named.find((offer) => offer.where.toLowerCase().split(/[ ,]+/).filter((word) => word.length > 3).some((word) => words.includes(` ${word} `)));
  return byCount ?? placed ?? named[0];
}
