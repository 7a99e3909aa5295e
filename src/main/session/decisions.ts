import type { DetectionRef } from '../../shared/detection/schema';
import type { Disposition } from '../../shared/questions/schema';
import type { PileItem, PileName, SessionState } from '../../shared/session/schema';

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

const sameItem = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Applies one answer: the item moves to its pile (leaving the unsure pile if it was there), the decision is
 * remembered, and the count of processed items goes up. A skip changes no pile but still counts: the person
 * dealt with the item for now.
 */
export function recordDecision(
  state: SessionState,
  decision: { item: string; outcome: Outcome; location?: string; at: number; id: string; detection?: DetectionRef },
): SessionState {
  const pile = pileFor(decision.outcome);
  const piles = {
    belongs: state.piles.belongs,
    out: state.piles.out,
    unsure: state.piles.unsure.filter((entry) => !(pile && pile !== 'unsure' && sameItem(entry.name, decision.item))),
  };
  if (pile) {
    const entry: PileItem = {
      id: decision.id,
      name: decision.item,
      outcome: decision.outcome as PileItem['outcome'],
      ...(decision.location ? { location: decision.location } : {}),
      decidedAt: decision.at,
    };
    piles[pile] = [...piles[pile].filter((existing) => !sameItem(existing.name, decision.item)), entry];
  }
  return {
    ...state,
    piles,
    itemsProcessed: state.itemsProcessed + 1,
    decisions: [
      ...state.decisions,
      {
        item: decision.item,
        outcome: decision.outcome,
        ...(decision.location ? { location: decision.location } : {}),
        at: decision.at,
        ...(decision.detection ? { detection: decision.detection } : {}),
      },
    ],
  };
}
