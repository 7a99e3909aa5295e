import type { SessionState } from './schema';

/** A fresh session: Surveying, nothing sorted yet. */
export function newSessionState(id: string, now: number): SessionState {
  return {
    id,
    status: 'active',
    sessionStart: now,
    mode: { kind: 'surveying' },
    anchors: [],
    piles: { belongs: [], out: [], unsure: [] },
    itemsProcessed: 0,
    decisions: [],
    photos: [],
    messages: [],
    queued: [],
  };
}
