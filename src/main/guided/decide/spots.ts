/**
 * Busy spots while sorting (the spots themselves: detection/proposals.ts `busySpots`): the mess asked about between
 * the things the detector named, a spot card ("There's a pile on the floor, by the bed"), passing one, and the card
 * for when nothing detected is left (a spot, a smaller step at it, one small thing anywhere, then a break).
 */
import { isProposable } from '../../../shared/detection/classes';
import type { SessionState } from '../../../shared/session/schema';
import type { Offer } from '../../detection/offers';
import { busySpots, type SpotCard } from '../../detection/proposals';
import type { Action } from '../actions';
import type { ActiveState, PhaseOf } from '../phases';
import { offerBreak } from './asking';
import type { Decision } from './decision';
import { includesName, unique } from './names';
import { suggestions } from './records';

/**
 * The mess comes first: a busy spot where something the detector could not name is left on a bed, a table, a sofa, a
 * chair or the floor (`SpotCard.mess`) is asked about between the things it named, not after all of them. It comes
 * first when the first thing the detector would offer is not itself left about, and after each thing the detector
 * named; after a thing the person named (from a spot card, most often), a thing the detector named. The spots take
 * turns, one per thing the person named, while things left about are offered, and each is asked at least once before
 * what is not left about. Cards the person passed never come back.
 */
export function messSpot(state: SessionState, passedCards: readonly string[], next: Offer): SpotCard | undefined {
  const last = state.decisions.at(-1);
  if (last ? !last.detection : next.clutter) return undefined;
  const spots = busySpots(state).filter((cards) => cards[0]!.mess);
  const named = state.decisions.filter((decision) => !decision.detection).length;
  if (!next.clutter && named >= spots.length) return undefined;
  const passed = new Set(passedCards);
  const wholes = spots.map((cards) => cards[0]!).filter((card) => !passed.has(card.key));
  return wholes[named % Math.max(wholes.length, 1)];
}

/** A busy spot card: what is there and where ("There's a pile on the floor, by the bed"), outlined. */
export function askAtSpot(state: SessionState, here: PhaseOf<'sorting'>, card: SpotCard, extra: Partial<Extract<Action, { kind: 'askWhatIsIt' }>> = {}): Decision {
  return {
    action: { kind: 'askWhatIsIt', suggestions: suggestions(state), spot: card.spot, sight: card.sight, at: card.at, ...extra, focus: [card.focus] },
    next: { ...here, currentSpot: card.key },
  };
}

/**
 * A busy spot card passed: never shown again. Passed while things the detector named are left (`early`), it is kept
 * apart, so the first card after they run out still says so.
 */
export function passing(active: ActiveState, key: string, early: boolean): Pick<ActiveState, 'passed' | 'passedEarly'> {
  return early ? { passedEarly: unique([...(active.passedEarly ?? []), key]) } : { passed: unique([...(active.passed ?? []), key]) };
}

/** The "one small thing, anywhere" card, as `currentSpot` names it. */
export const SMALLER = 'smaller';
/** Stuck on the plain card ("what's the nearest thing?"): the smaller step comes next. */
export const SMALLER_AFTER_PLAIN = 'plain';

/**
 * The card for when nothing detected is left: a busy spot (the busiest first, taking turns as the person names
 * things there), or the nearest thing. `stuckOn` is the card the person was just stuck on: after a whole spot comes
 * a smaller step at it (a half of it, one thing from it), after a smaller step another spot; a card the person was
 * stuck on never comes back. With no spot card left: one small thing anywhere, and stuck on that, a break.
 */
export function whatIsIt(state: SessionState, here: PhaseOf<'sorting'>, stuckOn?: string): Decision {
  const spots = busySpots(state);
  const passed = new Set([...(here.active.passed ?? []), ...(here.active.passedEarly ?? [])]);
  const open = (card: SpotCard) => !passed.has(card.key) && card.key !== stuckOn;
  // Fresh asks take turns over the spots, one per thing the person has named, so the same one is not asked forever.
  const named = state.decisions.filter((decision) => !decision.detection).length;
  const card = stuckOn ? afterStuck(spots, stuckOn, open) : freshSpot(spots, open, named);
  const suggested = suggestions(state);
  if (card) {
    const step = card.step === 'whole' ? {} : card.step === 'half' ? { step: 'half' as const, ...(card.half ? { half: card.half } : {}) } : { step: 'one' as const };
    const news = card.step === 'whole' && !knowsNothingIsLeft(state, here, stuckOn) ? whatWasNamed(state) : {};
    return askAtSpot(state, here, card, { ...step, ...news });
  }
  if (stuckOn === SMALLER) return offerBreak(here);
  if (stuckOn) return { action: { kind: 'askWhatIsIt', suggestions: suggested, smaller: true }, next: { ...here, currentSpot: SMALLER } };
  const news = knowsNothingIsLeft(state, here, stuckOn) ? {} : whatWasNamed(state);
  return { action: { kind: 'askWhatIsIt', suggestions: suggested, ...('namedNothing' in news ? news : {}) }, next: here };
}

/**
 * What the first card after the detected things says about them: that they are all done (`ranOut`), or, when the
 * detector looked at the photos and named nothing the coach could propose, that it could not name anything itself
 * (`namedNothing`): the person points or types from there.
 */
function whatWasNamed(state: SessionState): { ranOut: true } | { namedNothing: true } | Record<string, never> {
  const looked = state.photos.filter((photo) => photo.detections);
  if (looked.length === 0) return {};
  const named = looked.some((photo) => photo.detections!.items.some((item) => isProposable(item.label)));
  return named ? { ranOut: true } : { namedNothing: true };
}

/**
 * Whether the person already knows the coach has run out of things it can name, so a spot card need not say so
 * again: they have been stuck on a spot card, or they have named a thing themselves since the coach last named one
 * (from the photos, or left unsure last time). Read from the session rather than kept in it, so a recorded session
 * with a single spot card replays as it was. New photos whose things are all decided make it news again.
 */
function knowsNothingIsLeft(state: SessionState, here: PhaseOf<'sorting'>, stuckOn: string | undefined): boolean {
  if ((stuckOn && stuckOn !== SMALLER && stuckOn !== SMALLER_AFTER_PLAIN) || (here.active.passed?.length ?? 0) > 0) return true;
  const carried = state.carriedOver?.unsure ?? [];
  const last = state.decisions.at(-1);
  return last !== undefined && !last.detection && !includesName(carried, last.item);
}

/** After "I'm stuck": at a whole spot, a smaller step there; at a smaller step, the next spot; else any card left. */
function afterStuck(spots: readonly SpotCard[][], stuckOn: string, open: (card: SpotCard) => boolean): SpotCard | undefined {
  const at = spots.findIndex((cards) => cards.some((card) => card.key === stuckOn));
  const smaller = at >= 0 && spots[at]![0]!.key === stuckOn ? spots[at]!.slice(1).find(open) : undefined;
  const others = at >= 0 ? [...spots.slice(at + 1), ...spots.slice(0, at)] : spots;
  return smaller ?? others.map((cards) => cards[0]!).find(open) ?? spots.flat().find(open);
}

function freshSpot(spots: readonly SpotCard[][], open: (card: SpotCard) => boolean, turn: number): SpotCard | undefined {
  const wholes = spots.map((cards) => cards[0]!).filter(open);
  return wholes[turn % Math.max(wholes.length, 1)] ?? spots.flat().find(open);
}
