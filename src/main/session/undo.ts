/**
 * Taking an answer back (Undo): what one answer changed in the piles and the decisions, kept beside the session
 * (`LastAnswer`), and the session as it was before it. An answer only ever appends decisions, appends pile entries
 * and removes the entries of the things it decided from wherever they stood, so those three facts undo it exactly.
 */
import { pileCounts } from '../../shared/session/pile-groups';
import type { LastAnswer, PileName, SessionState } from '../../shared/session/schema';

const PILES: readonly PileName[] = ['belongs', 'out', 'unsure'];

/** What an answer changed, from the session before it and after it (the phase and the words are the coach's to add). */
export function answerChanges(before: SessionState, after: SessionState): Pick<LastAnswer, 'added' | 'displaced' | 'decisionsBefore'> {
  const idsIn = (state: SessionState) => new Set(PILES.flatMap((pile) => state.piles[pile].map((entry) => entry.id)));
  const kept = idsIn(after);
  const had = idsIn(before);
  const displaced = PILES.flatMap((pile) =>
    before.piles[pile].flatMap((entry, index) => (kept.has(entry.id) ? [] : [{ pile, index, entry }])),
  );
  const added = PILES.flatMap((pile) => after.piles[pile].filter((entry) => !had.has(entry.id)).map((entry) => entry.id));
  return { added, displaced, decisionsBefore: before.decisions.length };
}

/**
 * The session with the answer taken back: its entries gone, the entries it moved back where they stood, its
 * decisions dropped and the count of things decided following. The phase is the coach's to restore.
 */
export function takeBack(state: SessionState, answer: LastAnswer): SessionState {
  const added = new Set(answer.added);
  const piles = { ...state.piles };
  for (const pile of PILES) {
    const entries = piles[pile].filter((entry) => !added.has(entry.id));
    // In the order they stood, so each goes back to its own place.
    for (const { index, entry } of answer.displaced.filter((each) => each.pile === pile).sort((a, b) => a.index - b.index)) {
      entries.splice(Math.min(index, entries.length), 0, entry);
    }
    piles[pile] = entries;
  }
  const { lastAnswer: _taken, ...rest } = state;
  const next: SessionState = { ...rest, piles, decisions: state.decisions.slice(0, answer.decisionsBefore) };
  return { ...next, itemsProcessed: pileCounts(next).decided };
}
