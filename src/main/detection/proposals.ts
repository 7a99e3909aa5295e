/**
 * What the detections offer a coach: the next thing to propose (easy wins first, never one already decided or one
 * that has to stay), the things that may have to stay, the busy spots (spots.ts) as cards, and the outline and words
 * for each. Pure functions of the session, so the guided coach's routing stays pure with detections as its input.
 */
import type { Box, DetectedItem, DetectionRef, Focus } from '../../shared/detection/schema';
import type { Photo, SessionState } from '../../shared/session/schema';
import { MAX_FOCUS } from '../../shared/questions/schema';
import { classInfo, easeRank, isProposable } from '../../shared/detection/classes';
import { detectionThing } from '../../shared/session/pile-groups';
import { halfOf, isClutter, spotAt, spotsIn, spotWords, type Sight } from './spots';
import { inUseIds } from './in-use';
import { firstSighting, twinsOf } from './twins';
import { whereOf } from './where';

/** A detected thing the coach can put on a card. */
export interface Proposal {
  /** What the piles will call it ("cup"). */
  readonly name: string;
  /** Where it is, in words ("on the table, left side", with the photo when there are several). */
  readonly where: string;
  readonly ref: DetectionRef;
  readonly focus: Focus;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Photos the detector has looked at, in the order the person added them, with their number in the strip. */
function detectedPhotos(state: SessionState): { photo: Photo; number: number; items: readonly DetectedItem[] }[] {
  return state.photos.flatMap((photo, index) => (photo.detections ? [{ photo, number: index + 1, items: photo.detections.items }] : []));
}

/** A detected thing of the session's `number`th photo as a card shows it: its name, where it is, its outline. */
export function proposalOf(state: SessionState, photo: Photo, number: number, item: DetectedItem): Proposal {
  const where = whereOf(item, { width: photo.width, height: photo.height, items: photo.detections?.items ?? [] });
  const inPhoto = state.photos.length > 1 ? `${where}, photo ${number}` : where;
  return {
    name: item.name,
    where: inPhoto,
    ref: { photoId: photo.id, itemId: item.id },
    focus: { photoId: photo.id, box: item.box, label: `${item.name}, ${inPhoto}` },
  };
}

/** Whether the thing is decided: a detected thing seen in two overlapping photos is decided as its first sighting. */
export function isDecided(state: SessionState, ref: DetectionRef): boolean {
  const first = firstSighting(state, ref);
  const is = (decided: DetectionRef | undefined, one: DetectionRef) => decided?.photoId === one.photoId && decided.itemId === one.itemId;
  return state.decisions.some((decision) => is(decision.detection, ref) || is(decision.detection, first));
}

/**
 * Things to decide on, best first: what leaves the room, then what has an obvious home, then the rest; within that,
 * the detector's most confident first. Never something decided already, an anchor, a person or pet, or what people
 * are using (in-use.ts: held, or a meal they are at).
 */
export function proposals(state: SessionState, anchors: readonly string[] = state.anchors): Proposal[] {
  // A thing seen again in a later, overlapping photo is proposed once: as its first sighting.
  const twins = twinsOf(state);
  // Decided detected things, once for the whole list (a long session has hundreds of decisions and photos).
  const decided = new Set(state.decisions.flatMap((decision) => (decision.detection ? [detectionThing(decision.detection)] : [])));
  const isOpen = (photo: Photo, item: DetectedItem) => !decided.has(detectionThing({ photoId: photo.id, itemId: item.id }));
  const ranked = detectedPhotos(state).flatMap(({ photo, number, items }) => {
    const used = inUseIds(items);
    return items
      .filter((item) => isProposable(item.label) && !used.has(item.id) && !anchors.some((anchor) => same(anchor, item.name) || same(anchor, item.label)))
      .filter((item) => !twins.has(detectionThing({ photoId: photo.id, itemId: item.id })))
      .filter((item) => isOpen(photo, item))
      // The same label in the same box twice is one thing found twice: decided when either is.
      .filter((item) => !items.some((twin) => twin.id !== item.id && twin.label === item.label && sameBox(twin.box, item.box) && !isOpen(photo, twin)))
      .map((item) => ({ item, proposal: proposalOf(state, photo, number, item) }));
  });
  return ranked
    .sort((a, b) => easeRank(a.item.label) - easeRank(b.item.label) || b.item.score - a.item.score)
    .map(({ proposal }) => proposal);
}

const sameBox = (a: DetectedItem['box'], b: DetectedItem['box']) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/** Detected things that people often keep in place (furniture, a laptop, a plant): offered as anchors, each once. */
export function anchorCandidates(state: SessionState, limit = 6): { names: string[]; focus: Focus[] } {
  const names: string[] = [];
  const focus: Focus[] = [];
  for (const { photo, number, items } of detectedPhotos(state)) {
    for (const item of items) {
      if (!classInfo(item.label).anchor || names.length >= limit) continue;
      const proposal = proposalOf(state, photo, number, item);
      // Every chair of twelve bedrooms would be more outlines than a card shows (a turn failed on it).
      if (focus.length < MAX_FOCUS) focus.push(proposal.focus);
      if (!names.some((name) => same(name, item.name))) names.push(item.name);
    }
  }
  return { names, focus };
}

/** Up to `limit` things the detector named, for a sentence ("a cup, a bottle and a book"), with their outlines. */
export function seenThings(state: SessionState, limit = 3): { names: string[]; focus: Focus[] } {
  const names: string[] = [];
  const focus: Focus[] = [];
  for (const proposal of proposals(state, [])) {
    if (names.some((name) => same(name, proposal.name))) continue;
    if (names.length >= limit) break;
    names.push(proposal.name);
    focus.push(proposal.focus);
  }
  return { names, focus };
}

/** One card about a busy spot: look at the whole spot, at a half of it, or take just one thing from it. */
export interface SpotCard {
  /** Names the card for the whole session (photo, spot, step): a card the person was stuck on is not shown again. */
  readonly key: string;
  readonly step: 'whole' | 'half' | 'one';
  /** The spot in words, with its photo when there are several: "the pile on the bed in photo 2". */
  readonly spot: string;
  /** What is there, plainly ("a pile"), and where, with its photo ("on the floor, by the bed, in photo 2"). */
  readonly sight: Sight;
  readonly at: string;
  /**
   * Part of the mess: something the detector could not name left on a bed, a table, a sofa, a chair or the floor. Such
   * a spot is asked about among the first cards, between the things it named (guided/decide/spots.ts).
   */
  readonly mess: boolean;
  /** For `half`: which half, in words ("the left half of the pile on the bed in photo 2"). */
  readonly half?: string;
  readonly focus: Focus;
}

/**
 * The busy spots of every photo the detector has looked at (spots.ts), the one with the most standing there first
 * across the photos, each as its cards: the whole spot, then smaller steps (a half of it, one thing from it). A meal
 * people are at is no part of a spot (in-use.ts): a table they eat at is not a busy spot.
 */
export function busySpots(state: SessionState): SpotCard[][] {
  const several = state.photos.length > 1;
  const spots = detectedPhotos(state).flatMap(({ photo, number, items }) => {
    const used = inUseIds(items);
    const seen = { width: photo.width, height: photo.height, detections: { ...photo.detections!, items: items.filter((item) => !used.has(item.id)) } };
    return spotsIn(seen).map((spot) => ({ photo, seen, number, spot }));
  });
  // A stable sort: equally busy spots keep the photos' order.
  return spots
    .sort((a, b) => b.spot.amount - a.spot.amount)
    .map(({ photo, seen, number, spot }) => {
      const words = spotWords(spot, several ? number : undefined);
      const at = spotAt(spot, several ? number : undefined);
      const mess = isClutter(spot) && spot.unnamed.length > 0;
      const card = (step: SpotCard['step'], box: Box, label: string, extra: { half?: string } = {}): SpotCard => ({
        key: `${photo.id}#${spot.id}#${step}`,
        step,
        spot: words,
        sight: spot.sight,
        at,
        mess,
        ...extra,
        focus: { photoId: photo.id, box, label },
      });
      const half = halfOf(spot, seen);
      const halfWords = half && `the ${half.side} half of ${words}`;
      return [
        card('whole', spot.box, words),
        ...(half && halfWords ? [card('half', half.box, halfWords, { half: halfWords })] : []),
        card('one', spot.box, words),
      ];
    });
}

/**
 * The detected thing a coach's words are about ("the blue mug on the left"): an undecided one whose name is in the
 * text, the one whose side of the photo the text also names if there are several. Lets a model's card show an
 * outline without the model having to know any ids.
 */
export function proposalMatching(state: SessionState, text: string): Proposal | undefined {
  const words = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, ' ')} `;
  const named = proposals(state, []).filter((proposal) => words.includes(` ${proposal.name.toLowerCase()} `));
  const sided = named.find((proposal) =>
    proposal.where
      .split(/[ ,]+/)
      .filter((word) => ['left', 'right', 'top', 'bottom', 'middle'].includes(word))
      .some((word) => words.includes(` ${word} `)),
  );
  return sided ?? named[0];
}

/** The proposal for a detected thing named by its ref, if the session still has it. */
export function proposalFor(state: SessionState, ref: DetectionRef): Proposal | undefined {
  const index = state.photos.findIndex((photo) => photo.id === ref.photoId);
  const photo = state.photos[index];
  const item = photo?.detections?.items.find((candidate) => candidate.id === ref.itemId);
  return photo && item ? proposalOf(state, photo, index + 1, item) : undefined;
}
