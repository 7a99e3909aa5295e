import { decidedText, groupedPiles, lineName, pileCounts, pileLines } from '../../shared/session/pile-groups';
import type { SessionState } from '../../shared/session/schema';

/**
 * The session ended, with the summary and next-time list given (by the model), else what winding down gathered,
 * else the plain facts of the piles.
 */
export function endedSession(state: SessionState, endedAt: number, given: { summary?: string; nextTime?: string[] } = {}): SessionState {
  const modeData = state.mode.kind === 'windingDown' ? state.mode : undefined;
  const facts = decidedText(pileCounts(state));
  const undecided = pileLines(groupedPiles(state).undecided);
  const nextTime = given.nextTime ?? (modeData?.nextTime.length ? modeData.nextTime : undecided.slice(0, 3).map((line) => `Decide on: ${lineName(line)}`));
  return { ...state, status: 'ended', ending: { summary: given.summary ?? modeData?.sessionSummary ?? facts, nextTime, endedAt } };
}
