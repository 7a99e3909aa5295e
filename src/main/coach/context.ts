import type { ModelMessage } from 'ai';
import { groupedPiles, groupOf, lineName, PILE_GROUP_WORDS, pileCounts, pileLines } from '../../shared/session/pile-groups';
import type { Decision, SessionState } from '../../shared/session/schema';
import { recommendationHint } from '../../shared/recommendations/table';
import { minutesLeft } from '../../shared/sprints/sprint';
import { roomPhrase } from '../../shared/rooms/names';
import { carriedLeft } from '../carry-over/leftovers';
import { detectedInPhoto } from '../detection/offers';
import { earlierTurns } from './history';

/** Seed 003's template context sizes. */
export const FIRST_UNSURE = 5;
export const LAST_DECISIONS = 10;

/** What every coach template is rendered with: the mode's data, the session-level fields, a piles summary. */
export function templateContext(
  state: SessionState,
  options: { now: number; history: readonly ModelMessage[]; recentTurns: number; droppedTurns: number },
) {
  const { kind: _kind, ...modeData } = state.mode;
  const counts = pileCounts(state);
  const unsure = pileLines(groupedPiles(state).undecided);
  return {
    ...modeData,
    function: state.spaceFunction,
    anchors: state.anchors,
    // The recommendation table's word on the item in hand (src/shared/recommendations): a hint, not an order.
    ...(state.mode.kind === 'sorting' && state.mode.currentItem ? { recommendation: recommendationHint(state.mode.currentItem, state.spaceFunction) } : {}),
    itemsProcessed: counts.decided,
    minutesElapsed: Math.max(0, Math.floor((options.now - state.sessionStart) / 60_000)),
    ...(state.sprint ? { sprint: { number: state.sprint.number, phase: state.sprint.phase.kind, minutesLeft: minutesLeft(state.sprint, options.now) } } : {}),
    piles: {
      ...counts,
      // The first undecided things, those of one name on one line ("book ×2"), and how many more there are.
      firstUnsure: unsure.slice(0, FIRST_UNSURE).map(lineName),
      moreUnsure: unsure.slice(FIRST_UNSURE).reduce((sum, line) => sum + line.count, 0),
      lastDecisions: state.decisions.slice(-LAST_DECISIONS).map((decision) => ({ ...decision, group: groupWords(decision, state) })),
    },
    photos: state.photos.flatMap((photo) => {
      const detected = detectedInPhoto(state, photo);
      if (!photo.facts && detected.things.length === 0) return [];
      return [{ name: photo.fileName, ...photo.facts, detected: detected.things, moreDetected: detected.more }];
    }),
    earlier: earlierTurns(options.history, options.recentTurns, options.droppedTurns),
    // Next time: what the person took up from the last session, the items not decided yet.
    carried: state.carriedOver ? { unsure: carriedLeft(state), nextTime: state.carriedOver.nextTime } : undefined,
    // A room the person came back to (docs/rooms.md): what it is for and what stays are known, not to be asked again.
    room: state.room && state.carriedOver ? { name: roomPhrase(state.room, state.carriedOver.space) } : undefined,
  };
}

/** A decision's group as the person sees it ("goes elsewhere in the home"); a skip has none. */
function groupWords(decision: Decision, state: SessionState): string | undefined {
  const group = groupOf(decision, state);
  return group ? PILE_GROUP_WORDS[group].title.toLowerCase() : undefined;
}
