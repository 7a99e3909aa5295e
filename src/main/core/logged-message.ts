import type { ChatMessage } from '../../shared/session/schema';
import type { LogEventOf } from '../session-log';

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
