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

/** Whether anything has happened in the session yet: the person wrote, pointed, added photos or took up last time's. */
export function sessionBegun(state: SessionState): boolean {
  return state.carriedOver !== undefined || state.photos.length > 0 || state.queued.length > 0 || state.messages.some((message) => message.role === 'person');
}
