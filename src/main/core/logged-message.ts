import type { ChatMessage, SessionState } from '../../shared/session/schema';
import type { StateStore } from '../effects';
import type { LogEvent, LogEventOf } from '../session-log';
import { queueMessage, type SessionRuntime } from './session-runtime';

/** The person's message as the session showed it, from its log line (replay and resume rebuild it the same way). */
export function messageFromLog(event: LogEventOf<'person-message'>): ChatMessage {
  return {
    id: event.messageId ?? `line-${event.seq}`,
    role: 'person',
    text: event.text,
    at: event.sentAt ?? event.at,
    ...(event.photoIds ? { photoIds: event.photoIds } : {}),
  };
}

/**
 * Plays one logged event of a finished turn into a session, as it first happened live: a message is queued, photos
 * are added, and a started turn runs through the runtime (whose effects serve the logged results). Resume and the
 * replay check both go through here, so they cannot drift apart.
 */
export async function applyLoggedEvent(event: LogEvent, state: StateStore<SessionState>, runtime: SessionRuntime): Promise<void> {
  if (event.type === 'person-message' && event.messageId) {
    state.set(queueMessage(state.get(), messageFromLog(event)));
  } else if (event.type === 'photos-imported') {
    const current = state.get();
    state.set({ ...current, photos: [...current.photos, ...event.photos] });
  } else if (event.type === 'turn-started') {
    await runtime.runTurn(event, new AbortController().signal);
  }
}
