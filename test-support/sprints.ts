import { expect } from 'vitest';
import type { SessionState } from '../src/shared/session/schema';

/** The state a resumed session comes back with: as it was, with a sprint that was counting paused (the app was closed). */
export function asResumed(state: SessionState): SessionState {
  const sprint = state.sprint;
  if (state.status !== 'active' || sprint?.phase.kind !== 'running') return state;
  return { ...state, sprint: { ...sprint, phase: { kind: 'paused', elapsedMs: expect.any(Number) as unknown as number } } };
}
