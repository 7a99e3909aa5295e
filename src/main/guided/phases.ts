/**
 * The guided coach's phases (seed 001). The schemas live in src/shared so the GUI, the session file and the replay
 * read the same data; this module adds what main needs around them: the starting phase and how a phase shows in
 * the conversational `mode` the header already understands.
 */
import type { Mode, SessionState } from '../../shared/session/schema';
import type { GuidedPhase, GuidedState, ReturnPhase } from '../../shared/session/guided';

export { GuidedStateSchema } from '../../shared/session/guided';
export type { ActiveState, Category, GuidedPhase, GuidedState, ReturnPhase } from '../../shared/session/guided';

export type PhaseOf<P extends GuidedPhase> = Extract<GuidedState, { phase: P }>;

/** A new session starts by surveying, knowing nothing yet. */
export function initialPhase(): PhaseOf<'surveying'> {
  return { phase: 'surveying', gatheredAnchors: [] };
}

/** The session's guided phase; a session the guided coach has not touched yet is surveying. */
export function phaseOf(state: SessionState): GuidedState {
  return state.guided ?? initialPhase();
}

/**
 * The phase the guided coach takes a conversational session over in (a handover): what the conversation found (the
 * space's function, what stays) is kept, and sorting goes on from the next thing.
 */
export function phaseFromConversation(state: SessionState): GuidedState {
  const anchors = state.anchors.map((anchor) => anchor.slice(0, 200));
  const fn = state.spaceFunction?.slice(0, 200);
  if (!fn || state.mode.kind === 'surveying') return { phase: 'surveying', gatheredAnchors: anchors, ...(fn ? { gatheredFunction: fn } : {}) };
  return { phase: 'sorting', active: { function: fn, anchors, later: [] } };
}

/**
 * The closest conversational mode, so the header stays meaningful: splitting and refining are sorting of a kind,
 * and an ended session is winding down.
 */
export function modeFor(state: SessionState): Mode {
  if (state.status === 'ended') {
    return { kind: 'windingDown', nextTime: state.ending?.nextTime ?? [], ...(state.ending ? { sessionSummary: state.ending.summary } : {}) };
  }
  const guided = phaseOf(state);
  switch (guided.phase) {
    case 'surveying':
      return { kind: 'surveying' };
    case 'sorting':
    case 'refining':
      return { kind: 'sorting', ...(guided.currentItem ? { currentItem: guided.currentItem } : {}) };
    case 'splitting':
      return { kind: 'sorting' };
    case 'decisionSupport':
      return { kind: 'decisionSupport', stuckItem: guided.stuckItem };
  }
}

/** The data a phase would return to after decision support, or undefined for phases that never hand off. */
export function returnPhaseOf(guided: GuidedState): ReturnPhase | undefined {
  if (guided.phase !== 'sorting' && guided.phase !== 'refining') return undefined;
  const { active: _active, ...rest } = guided;
  return rest;
}
