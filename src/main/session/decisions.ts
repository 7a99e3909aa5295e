import type { DetectionRef } from '../../shared/detection/schema';
import type { Disposition } from '../../shared/questions/schema';
import { detectionThing, pileCounts, thingOfEntry } from '../../shared/session/pile-groups';
import type { PileItem, PileName, SessionState } from '../../shared/session/schema';
import { firstSighting } from '../detection/twins';

export type Outcome = Disposition | 'unsure';

/** Where each answer sends an item (seed 003): out of the room, staying, or not decided yet. */
export function pileFor(outcome: Outcome): PileName | undefined {
  switch (outcome) {
    case 'trash':
    case 'donate':
    case 'recycle':
      return 'out';
    case 'place':
    case 'keep':
      return 'belongs';
    case 'unsure':
      return 'unsure';
    case 'skip':
      return undefined;
  }
}

/** One answer about one thing, as a coach hands it over. */
export interface DecisionRecord {
  readonly item: string;
  readonly outcome: Outcome;
  readonly location?: string;
  /** The detected thing it is, when the coach proposed it from the photos: never proposed again. */
  readonly detection?: DetectionRef;
  /** The thing, when the coach holds it by its key (a thing of the unsure pile going round again). */
  readonly thing?: string;
}

/**
 * The thing a record is about: a detected thing is its detection (two books on a shelf are two things, whatever
 * they are called); a thing the person or the model named is that name, the name it was given once (so answering
 * about "sketchbook" again moves the sketchbook).
 */
export function thingOfRecord(record: Pick<DecisionRecord, 'item' | 'detection' | 'thing'>): string {
  return record.thing ?? (record.detection ? detectionThing(record.detection) : `name:${record.item.trim().toLowerCase()}`);
}

/**
 * Applies one answer about one thing: the thing moves to its pile (out of whichever pile held it: a thing is never in
 * two), the decision is remembered, and the count of things decided follows. A skip changes no pile: a thing left
 * for now stays where it was, and one in no pile is counted as skipped.
 */
export function recordDecision(
  state: SessionState,
  answer: DecisionRecord & { readonly at: number; readonly id: string; readonly group?: string },
): SessionState {
  const pile = pileFor(answer.outcome);
  // A thing seen in two overlapping photos is one thing: it is decided as its first sighting, whichever was shown.
  const decision = answer.detection ? { ...answer, detection: firstSighting(state, answer.detection) } : answer;
  const thing = thingOfRecord(decision);
  let piles = state.piles;
  if (pile) {
    const others = (entries: readonly PileItem[]) => entries.filter((entry) => !isThingOf(entry, decision));
    const entry: PileItem = {
      id: decision.id,
      name: decision.item,
      thing,
      outcome: decision.outcome as PileItem['outcome'],
      ...(decision.location ? { location: decision.location } : {}),
      decidedAt: decision.at,
    };
    piles = { belongs: others(piles.belongs), out: others(piles.out), unsure: others(piles.unsure) };
    piles = { ...piles, [pile]: [...piles[pile], entry] };
  }
  const next: SessionState = {
    ...state,
    piles,
    decisions: [
      ...state.decisions,
      {
        item: decision.item,
        thing,
        outcome: decision.outcome,
        ...(decision.location ? { location: decision.location } : {}),
        at: decision.at,
        ...(decision.detection ? { detection: decision.detection } : {}),
        ...(decision.group ? { group: decision.group } : {}),
      },
    ],
  };
  return { ...next, itemsProcessed: pileCounts(next).decided };
}

/** Whether a pile entry is the thing a record is about; an entry from before things were told apart is known by its name, as it was then. */
export function isThingOf(entry: PileItem, record: Pick<DecisionRecord, 'item' | 'detection' | 'thing'>): boolean {
  if (entry.thing || record.thing) return thingOfEntry(entry) === thingOfRecord(record);
  return !record.detection && entry.name.trim().toLowerCase() === record.item.trim().toLowerCase();
}

/**
 * The things one answer decided: one, or several on a group card ("the 12 books on the shelf"), each recorded as
 * itself with its own id, the group's decisions sharing the first one's id as `group`.
 */
export function recordDecisions(
  state: SessionState,
  decisions: ReadonlyArray<DecisionRecord & { readonly id: string }>,
  at: number,
): SessionState {
  const group = decisions.length > 1 ? decisions[0]!.id : undefined;
  return decisions.reduce((current, decision) => recordDecision(current, { ...decision, at, ...(group ? { group } : {}) }), state);
}
