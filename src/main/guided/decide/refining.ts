/**
 * Splitting and refining the unsure pile (the rows From Splitting and From Refining of the table in index.ts): the
 * suggested split confirmed, renamed, merged or declined, then each pile's things one card at a time, a finished pile
 * moving on to the next and the last one ending with an energy check.
 */
import type { SessionState } from '../../../shared/session/schema';
import { proposalFor } from '../../detection/proposals';
import { returnPhaseOf, type Category, type PhaseOf } from '../phases';
import { editCategories } from '../split';
import { aid, askAbout, clarify, noted, offerBreak, overwhelmed, paused, propose } from './asking';
import { STUCK_BREAK, type Decision, type Heard, type Router } from './decision';
import { detectionOf, handsFree } from './in-hand';
import { nonEmpty, sameName, unique } from './names';
import { pointedAt } from './pointing';
import { instruction, needsLocation, recordsOf } from './records';

export function splitting(state: SessionState, phase: PhaseOf<'splitting'>, input: Heard): Decision {
  const { active } = phase;
  if (input.kind === 'silent') return paused(phase);
  const declined = input.kind === 'overwhelmed' || input.kind === 'help' || (input.kind === 'split' && input.edit.kind === 'decline');
  if (declined) {
    const items = phase.categories.flatMap((category) => category.items);
    return {
      action: { kind: 'ackProgress', reason: 'splitDeclined' },
      next: { phase: 'sorting', active: { ...active, later: unique([...active.later, ...items]) } },
    };
  }
  if (input.kind === 'split' && input.edit.kind !== 'decline') {
    const categories = refinable(editCategories(phase.categories, input.edit));
    const first = categories[0].items[0];
    return askAbout(first, { phase: 'refining', active, categories, currentItem: first }, active, state);
  }
  // Anything else: show the suggestion again, so the person can confirm, change or decline it.
  const unsure = phase.categories.reduce((sum, category) => sum + category.items.length, 0);
  return { action: { kind: 'instructSplit', unsure, categories: phase.categories }, next: phase };
}

export function refining(state: SessionState, phase: PhaseOf<'refining'>, input: Heard, router: Router): Decision {
  const { active, categories } = phase;
  const [current, ...rest] = categories;
  switch (input.kind) {
    case 'oneAtATime':
      return router.askAgain(state, phase);
    case 'item':
      return askAbout(input.item, { ...handsFree(phase), currentItem: input.item, ...(input.focus ? { currentFocus: input.focus } : {}) }, active);
    case 'pointed':
      return pointedAt(state, phase, input.point, router);
    case 'thing': {
      const chosen = proposalFor(state, input.ref);
      return chosen ? propose(chosen, handsFree(phase), {}) : router.askAgain(state, phase);
    }
    case 'disposition': {
      if (needsLocation(input)) return { action: { kind: 'askWhereLive', item: input.item }, next: { ...phase, currentItem: input.item } };
      const records = recordsOf(state, input, phase);
      const later = input.outcome === 'unsure' ? unique([...active.later, input.item]) : active.later;
      const [left, ...alsoLeft] = current.items.filter((item) => !sameName(item, input.item));
      const nextActive = { ...active, later };
      if (left !== undefined) {
        return {
          action: instruction(state, records, true),
          next: { phase: 'refining', active: nextActive, categories: [{ name: current.name, items: [left, ...alsoLeft] }, ...rest] },
          records,
        };
      }
      const [upNext, ...after] = rest;
      if (!upNext) return { action: { kind: 'energyCheck', reason: 'categoriesDone' }, next: { phase: 'sorting', active: nextActive }, records };
      return {
        action: { kind: 'ackProgress', reason: 'categoryDone', item: input.item, outcome: input.outcome, finished: current.name, upNext: upNext.name },
        next: { phase: 'refining', active: nextActive, categories: [upNext, ...after] },
        records,
      };
    }
    case 'help': {
      const stuck = (active.stuck ?? 0) + 1;
      if (stuck >= STUCK_BREAK) return offerBreak(phase);
      const item = input.item ?? phase.currentItem ?? current.items[0];
      return aid(state, item, { ...active, stuck }, returnPhaseOf(phase) ?? { phase: 'sorting' }, detectionOf(phase, item).currentDetection);
    }
    case 'overwhelmed':
      return overwhelmed(input.trigger, phase);
    case 'silent':
      return paused(phase);
    case 'unclear':
      return clarify(input.text, phase.currentItem, phase);
    case 'function':
    case 'anchors':
      return noted(phase, input);
    case 'begin':
    case 'next':
    case 'keepGoing':
    case 'split': {
      // Moving on from the thing in hand leaves it for now, as in sorting, and the next one comes.
      if (input.kind === 'next' && phase.currentItem) return refining(state, phase, { kind: 'disposition', item: phase.currentItem, outcome: 'skip' }, router);
      const item = phase.currentItem ?? current.items[0];
      return askAbout(item, { ...phase, currentItem: item }, active, state);
    }
  }
}

type Refinable = PhaseOf<'refining'>['categories'];

function refinable(categories: readonly Category[]): Refinable {
  const kept = categories.filter((category): category is Refinable[number] => category.items.length > 0);
  return nonEmpty(kept);
}
