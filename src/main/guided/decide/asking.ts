/**
 * The cards and replies every phase shares: a thing's card (named, carried over from last time, or a detected thing
 * proposed with its outline) and its choices, the decision aid, "what did you mean?", noted, paused, overwhelmed by a
 * thing (a pivot elsewhere), and the break after "I'm stuck" once too often.
 */
import type { DetectionRef } from '../../../shared/detection/schema';
import type { DispositionChoice } from '../../../shared/questions/schema';
import type { SessionState } from '../../../shared/session/schema';
import { detectionThing } from '../../../shared/session/pile-groups';
import { proposalFor, type Proposal } from '../../detection/proposals';
import type { Action } from '../actions';
import { cardChoices } from '../cards';
import type { Input } from '../input';
import type { ActiveState, GuidedState, PhaseOf } from '../phases';
import { CARRIED_WHERE, LEAVE_IT, STUCK_BREAK, type Decision } from './decision';
import { sameName, unique } from './names';

export function askAbout<P extends GuidedState>(item: string, next: P, active: ActiveState = activeOf(next), state?: SessionState): Decision {
  // A thing the person pointed at and named: its card shows where they pointed.
  const pointed = 'currentFocus' in next && next.currentFocus && next.currentItem === item ? next.currentFocus : undefined;
  // Going round the unsure pile, the things of one name there are one card ("12 books"), as they are one line.
  const unsure = next.phase === 'refining' && state ? state.piles.unsure.filter((entry) => sameName(entry.name, item)) : [];
  const several = unsure.length;
  // Things the detector found and the person was unsure of are still only seen: "not sure" said nothing of them.
  const detected = state !== undefined && unsure.length > 0 && unsure.every((entry) => isDetectedThing(state, entry.thing));
  return {
    action: {
      kind: 'askItemDecision',
      item,
      choices: choicesFor(item, active, { inPlace: false, several: several > 1, detected }),
      ...(pointed ? { where: pointed.label, focus: [pointed] } : {}),
      ...(several > 1 ? { count: several } : {}),
    },
    next,
  };
}


/** A card for an item left unsure last time, saying so where a detected thing's card says where it is. */
export function askCarried(item: string, here: PhaseOf<'sorting'>): Decision {
  return { action: { kind: 'askItemDecision', item, choices: cardChoices(item, here.active), where: CARRIED_WHERE }, next: { ...here, currentItem: item } };
}

export type Proposed = Pick<Extract<Action, { kind: 'askItemDecision' }>, 'picked' | 'pointed' | 'spotThings' | 'inPlace'>;

/**
 * A card for a detected thing: its name, where it is, and its outline; `how` says whether the coach picked it for a
 * person who was stuck, the person pointed at it, or it looks put away already.
 */
export function propose<P extends PhaseOf<'sorting' | 'refining'>>(proposal: Proposal, here: P, how: Proposed): Decision {
  const { currentFocus: _focus, ...rest } = here;
  const { currentGroup: _group, ...single } = rest as typeof rest & { currentGroup?: unknown };
  return {
    action: {
      kind: 'askItemDecision',
      item: proposal.name,
      choices: choicesFor(proposal.name, here.active, { inPlace: how.inPlace === true, several: false, detected: true }),
      where: proposal.where,
      detection: proposal.ref,
      ...how,
      focus: [proposal.focus],
    },
    next: { ...single, currentItem: proposal.name, currentDetection: proposal.ref } as GuidedState,
  };
}

const ALREADY_IN_PLACE: DispositionChoice = { label: 'Already in place', disposition: 'keep' };

/**
 * A card's choices for a thing or for several of one kind: the recommendation table's, worded for several ("Keep
 * them here"), never the bin first for what only the detector saw (`detected`); for what looks put away, "Already in
 * place" first.
 */
export function choicesFor(name: string, active: ActiveState, card: { inPlace: boolean; several: boolean; detected: boolean }): DispositionChoice[] {
  const table = cardChoices(name, active, card.detected).map((choice) => (card.several ? { ...choice, label: choice.label.replace(/\bit\b/, 'them') } : choice));
  if (!card.inPlace) return table;
  return [ALREADY_IN_PLACE, ...table.filter((choice) => choice.disposition !== 'keep')].slice(0, 4);
}

export function aid(
  state: SessionState,
  item: string,
  active: ActiveState,
  returnTo: PhaseOf<'decisionSupport'>['returnTo'],
  detection: DetectionRef | undefined,
): Decision {
  const seen = detection && proposalFor(state, detection);
  return {
    action: {
      kind: 'decisionAid',
      item,
      function: active.function,
      choices: [...cardChoices(item, active, detection !== undefined).slice(0, 3), LEAVE_IT],
      ...(seen ? { where: seen.where, focus: [seen.focus] } : {}),
    },
    next: { phase: 'decisionSupport', active, stuckItem: item, ...(detection ? { stuckDetection: detection } : {}), returnTo },
  };
}

export function overwhelmed(trigger: string | undefined, phase: PhaseOf<'sorting' | 'refining'>): Decision {
  if (!trigger) return { action: { kind: 'energyCheck', reason: 'overwhelmed' }, next: phase };
  // Overwhelmed by one thing after another: a pivot each time, as "I'm stuck" changes the approach, and the third a break.
  const stuck = (phase.active.stuck ?? 0) + 1;
  if (stuck >= STUCK_BREAK) return offerBreak(phase);
  const active = { ...phase.active, stuck };
  const anchor = active.anchors.find((candidate) => !sameName(candidate, trigger));
  const location = anchor?.replace(/^(?:the|my|a|an)\s+/i, '') || 'nearest clear surface';
  // Turned elsewhere, nothing stays in hand: the card just answered must not come straight back. The piles of a split
  // being refined wait for another day too, as when a split is declined.
  const waiting = phase.phase === 'refining' ? phase.categories.flatMap((category) => category.items) : [];
  return {
    action: { kind: 'pivotAway', trigger, location },
    next: { phase: 'sorting', active: { ...active, later: unique([...active.later, trigger, ...waiting]), pivot: location } },
  };
}


export function clarify(heard: string, item: string | undefined, next: GuidedState): Decision {
  return { action: { kind: 'askClarify', heard, about: item ? 'disposition' : 'item', ...(item ? { item } : {}) }, next };
}

export function noted(phase: PhaseOf<'sorting' | 'refining'>, input: Extract<Input, { kind: 'function' | 'anchors' }>): Decision {
  const active =
    input.kind === 'function'
      ? { ...phase.active, function: input.function }
      : { ...phase.active, anchors: unique([...phase.active.anchors, ...input.anchors]) };
  return { action: { kind: 'ackProgress', reason: 'noted' }, next: { ...phase, active } };
}

/** Stuck again and again: a break is offered ("Stop here for today?"), and the run of "I'm stuck" starts over. */
export function offerBreak(phase: PhaseOf<'sorting' | 'refining' | 'decisionSupport'>): Decision {
  return { action: { kind: 'energyCheck', reason: 'overwhelmed' }, next: unstuck(phase) };
}

export function unstuck<P extends Exclude<GuidedState, { phase: 'surveying' }>>(phase: P): P {
  const { stuck: _stuck, unread: _unread, ...active } = phase.active;
  return { ...phase, active };
}

export function paused(phase: GuidedState): Decision {
  return { action: { kind: 'ackProgress', reason: 'paused' }, next: phase };
}

/** Whether a pile entry is a thing the detector found (its key is a detection's), not one the person named. */
function isDetectedThing(state: SessionState, thing: string | undefined): boolean {
  return thing !== undefined && state.decisions.some((decision) => decision.detection !== undefined && detectionThing(decision.detection) === thing);
}

function activeOf(phase: GuidedState): ActiveState {
  if (phase.phase === 'surveying') throw new Error('Surveying has no active state yet.');
  return phase.active;
}
