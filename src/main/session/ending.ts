import { pileCounts } from '../../shared/session/pile-groups';
import type { SessionState } from '../../shared/session/schema';

/**
 * The session ended, with the summary and next-time list given (by the model), else what winding down gathered,
 * else the plain facts of the piles.
 */
export function endedSession(state: SessionState, endedAt: number, given: { summary?: string; nextTime?: string[] } = {}): SessionState {
  const modeData = state.mode.kind === 'windingDown' ? state.mode : undefined;
  const { unsure } = state.piles;
  const facts = `${state.itemsProcessed} items processed: ${pileCounts(state).text}.`;
  const nextTime =
    given.nextTime ?? (modeData?.nextTime.length ? modeData.nextTime : unsure.slice(0, 3).map((item) => `Decide on: ${item.name}`));
  return { ...state, status: 'ended', ending: { summary: given.summary ?? modeData?.sessionSummary ?? facts, nextTime, endedAt } };
}
