import type { IntakeState } from './intake';

/**
 * Photos still coming in, in words: "Preparing 13 of 30", with the file at hand for the import panel
 * ("Preparing 13 of 30: desk.jpg"), and what waits to follow; undefined when none are coming in.
 */
export function photosComingIn(state: IntakeState, { file = false }: { file?: boolean } = {}): string | undefined {
  const waiting = 'waiting' in state && state.waiting ? ` (${state.waiting} more to follow)` : '';
  if (state.phase === 'sending') return `Sending ${state.sent + 1} of ${state.total}${file ? `: ${state.currentFile}` : ''}${waiting}`;
  if (state.phase !== 'importing') return undefined;
  if (state.progress) return `Preparing ${state.progress.done} of ${state.total}${file ? `: ${state.progress.currentFile}` : ''}${waiting}`;
  return `${state.total > 0 ? `Preparing ${state.total} photo${state.total === 1 ? '' : 's'}…` : 'Choosing photos…'}${waiting}`;
}
