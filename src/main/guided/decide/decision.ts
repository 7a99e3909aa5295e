/**
 * What one turn of the guided coach decides (`Decision`), the constants the coach, its cards and its tests share,
 * what a phase hears, and the router a phase hands a turn on to.
 */
import type { DispositionChoice } from '../../../shared/questions/schema';
import type { SessionState } from '../../../shared/session/schema';
import type { DecisionRecord } from '../../session/decisions';
import type { Action } from '../actions';
import type { Input } from '../input';
import type { GuidedState } from '../phases';

/** Every this many things in the out pile, the coach suggests bagging them up. */
export const BAG_EVERY = 5;

/** What a carried-over item's card says in place of where it is. */
export const CARRIED_WHERE = 'left unsure last time';

export interface Decision {
  readonly action: Action;
  readonly next: GuidedState;
  /** The things an answer decided, to record in the piles (the coach applies them with `recordDecisions`): one, or a group's. */
  readonly records?: readonly [DecisionRecord, ...DecisionRecord[]];
  /** Said in the chat before the action (the coach carrying on after "no" to stopping). */
  readonly preface?: Extract<Action, { kind: 'ackProgress' }>;
  /** Shown on the card above its question: the answer to a question the person asked back. */
  readonly note?: string;
}

/** The "I'm stuck" in a row that offers a break instead of another approach. */
export const STUCK_BREAK = 3;

/** On the decision aid's card: deferring is always allowed, and saying so is a smaller step than deciding. */
export const LEAVE_IT: DispositionChoice = { label: 'Leave it for now', disposition: 'skip' };

/** What a phase hears: `route` answers stopping, winding down, carrying on, readings to confirm and questions itself; only surveying hears room answers. */
export type Heard = Exclude<Input, { kind: 'stop' | 'windDown' | 'carryOn' | 'tentative' | 'question' | RoomAnswer['kind'] }>;
/** The answers to ConfirmRoom, which only surveying asks. */
export type RoomAnswer = Extract<Input, { kind: 'sameRoom' | 'roomChanged' }>;

/**
 * The router, handed to the phases that pass a turn on (back through `decide`, to the phase the session is in, or to
 * the question it was at), so no phase file imports index.ts and the phases stay free of import cycles.
 */
export interface Router {
  readonly decide: (state: SessionState, input: Input) => Decision;
  readonly route: (state: SessionState, input: Input) => Decision;
  readonly askAgain: (state: SessionState, phase: GuidedState) => Decision;
}
