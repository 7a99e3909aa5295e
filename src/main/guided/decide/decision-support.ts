/**
 * Decision support: the aid for a thing the person is stuck on (the rows From DecisionSupport of the table in
 * index.ts). A decision, moving on or anything else goes back to the phase before, routed as that phase would route
 * it; stuck again on the same thing leaves it for now.
 */
import type { SessionState } from '../../../shared/session/schema';
import type { GuidedState, PhaseOf } from '../phases';
import { aid, clarify, offerBreak, paused } from './asking';
import { STUCK_BREAK, type Decision, type Heard, type Router } from './decision';
import { sameName } from './names';

export function decisionSupport(state: SessionState, phase: PhaseOf<'decisionSupport'>, input: Heard, router: Router): Decision {
  const { active, stuckItem, stuckDetection, returnTo } = phase;
  // Back where it came from, with the stuck item in hand (so its answer is recorded as the detected thing it is).
  const back = { ...returnTo, active, currentItem: stuckItem, ...(stuckDetection ? { currentDetection: stuckDetection } : {}) } as GuidedState;
  switch (input.kind) {
    case 'help': {
      const stuck = (active.stuck ?? 0) + 1;
      if (stuck >= STUCK_BREAK) return offerBreak(phase);
      const item = input.item ?? stuckItem;
      if (!sameName(item, stuckItem)) return aid(state, item, { ...active, stuck }, returnTo, undefined);
      // Stuck again on the same thing: it is left for now, and on to another one.
      return router.route({ ...state, guided: { ...back, active: { ...active, stuck } } as GuidedState }, { kind: 'disposition', item: stuckItem, outcome: 'skip' });
    }
    case 'silent':
      return paused(phase);
    case 'unclear':
      return clarify(input.text, stuckItem, phase);
    case 'next':
    case 'keepGoing':
    case 'begin':
      // Moving on is a fine outcome: the item is skipped for now.
      return router.decide({ ...state, guided: back }, { kind: 'disposition', item: stuckItem, outcome: 'skip' });
    default:
      return router.decide({ ...state, guided: back }, input);
  }
}
