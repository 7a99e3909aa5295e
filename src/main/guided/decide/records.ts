/**
 * What an answer records in the piles and what the coach says about it: the things an answer is about
 * (`recordsOf`), the instruction after it (a bag to the door every BAG_EVERY things out), the unsure pile after it,
 * what to offer next by name, and the summary when it is time to stop.
 */
import { firstStepOf } from '../../../shared/exit-plan/first-step';
import type { PileItem, SessionState } from '../../../shared/session/schema';
import { decidedText, groupedPiles, lineName, pileCounts, pileLines, thingOfEntry } from '../../../shared/session/pile-groups';
import { carriedLeft } from '../../carry-over/leftovers';
import { isThingOf, type DecisionRecord } from '../../session/decisions';
import type { Action } from '../actions';
import type { Input } from '../input';
import type { GuidedState, PhaseOf } from '../phases';
import { BAG_EVERY } from './decision';
import { inHandOf } from './in-hand';
import { nonEmpty, sameName, unique } from './names';

export function instruction(state: SessionState, records: readonly [DecisionRecord, ...DecisionRecord[]], refining: boolean): Action {
  const [record] = records;
  const { item, outcome } = record;
  const count = records.length > 1 ? { count: records.length } : {};
  switch (outcome) {
    case 'trash':
    case 'donate':
    case 'recycle': {
      const moving = (entry: PileItem) => records.some((each) => isThingOf(entry, each));
      const before = state.piles.out.filter((entry) => !moving(entry)).length;
      const out = before + records.length;
      const at = record.location ? { location: record.location } : {};
      // Every BAG_EVERY things out, a bag to the door: said when this answer crosses a multiple of it.
      return Math.floor(out / BAG_EVERY) > Math.floor(before / BAG_EVERY)
        ? { kind: 'instructBag', item, outcome, ...at, out, ...count }
        : { kind: 'instructTrash', item, outcome, ...at, ...count };
    }
    case 'place':
      return { kind: 'instructPlace', item, location: record.location ?? 'its place', ...count };
    case 'unsure':
      return { kind: 'instructUnsure', item, unsure: unsureAfter(state, records).length, later: refining, ...count };
    case 'keep':
    case 'skip':
      return { kind: 'instructNext', item, outcome, ...count };
  }
}

/** The last card when the session ends with things leaving the home (shared/exit-plan/first-step.ts). */
export function firstStepCard(state: SessionState): Extract<Action, { kind: 'askFirstStep' }> | undefined {
  const step = firstStepOf(state);
  return step && { kind: 'askFirstStep', ...step };
}

/** What the person can do when it is time to stop: the facts, and what is left for next time. */
export function summaryOf(state: SessionState, phase: GuidedState): Extract<Action, { kind: 'summary' }> {
  const { unsure } = state.piles;
  const counts = pileCounts(state);
  const later = phase.phase === 'surveying' ? [] : phase.active.later;
  const areas = later.filter((entry) => !unsure.some((item) => sameName(item.name, entry)));
  // Things of one name left unsure are one line with their count ("book ×2"), as the piles show them.
  const undecided = [...pileLines(groupedPiles(state).undecided).map(lineName), ...carriedLeft(state)];
  const nextTime = [
    ...undecided.slice(0, 3).map((item) => `Decide on: ${item}`),
    ...areas.slice(0, 3).map((area) => `${area.charAt(0).toUpperCase()}${area.slice(1)}`),
  ];
  return {
    kind: 'summary',
    summary: decidedText(counts),
    nextTime,
    processed: counts.decided,
    counts: counts.text,
    leaving: counts.leaving,
  };
}

/** Things the photos show that nobody has decided on yet, to offer as the next item. */
export function suggestions(state: SessionState): string[] {
  const decided = state.decisions.map((decision) => decision.item);
  const visible = state.photos.flatMap((photo) => photo.facts?.visibleItems ?? []);
  return unique(visible.filter((item) => !decided.some((done) => sameName(done, item)))).slice(0, 4);
}

/** The unsure pile's names once the records are applied: the things they are about leave it, and join it again when unsure. */
export function unsureAfter(state: SessionState, records: readonly DecisionRecord[]): string[] {
  const others = state.piles.unsure.filter((entry) => !records.some((record) => isThingOf(entry, record))).map((entry) => entry.name);
  return [...others, ...records.filter((record) => record.outcome === 'unsure').map((record) => record.item)];
}

export function needsLocation(input: Extract<Input, { kind: 'disposition' }>): boolean {
  return input.outcome === 'place' && !input.location;
}

/**
 * The things an answer is about. The card in hand is a group of detected things (each decided), or one detected
 * thing, or (while refining) every thing of that name in the unsure pile, going round again so each moves instead of
 * being counted twice, or the thing the person named.
 */
export function recordsOf(state: SessionState, input: Extract<Input, { kind: 'disposition' }>, phase: PhaseOf<'sorting' | 'refining'>): readonly [DecisionRecord, ...DecisionRecord[]] {
  const { item, outcome } = input;
  const answer = { item, outcome, ...(input.location ? { location: input.location } : {}) };
  const { currentDetection, currentGroup } = inHandOf(phase, item);
  if (currentGroup) return nonEmpty(currentGroup.map((detection) => ({ ...answer, detection })));
  if (currentDetection) return [{ ...answer, detection: currentDetection }];
  const unsure = phase.phase === 'refining' ? state.piles.unsure.filter((entry) => sameName(entry.name, item)) : [];
  const [first, ...more] = unsure.map((entry) => ({ ...answer, thing: thingOfEntry(entry) }));
  return first ? [first, ...more] : [answer];
}
