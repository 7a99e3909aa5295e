import type { IntakeState } from './intake';

/** Photos still coming in, in a few words for a card's foot, counted as the import panel counts them ("Adding photos: 40 of 100"); undefined when none are. */
export function photosComingIn(state: IntakeState): string | undefined {
  const waiting = 'waiting' in state && state.waiting ? ` (${state.waiting} more to follow)` : '';
  if (state.phase === 'sending') return `Sending photos: ${Math.min(state.sent + 1, state.total)} of ${state.total}${waiting}`;
  if (state.phase !== 'importing') return undefined;
  if (state.progress) return `Adding photos: ${state.progress.done} of ${state.total}${waiting}`;
  return state.total > 0 ? `Adding ${state.total} photo${state.total === 1 ? '' : 's'}…${waiting}` : `Choosing photos…${waiting}`;
}
