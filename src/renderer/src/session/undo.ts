import type { LastAnswer, SessionState } from '../../../shared/session/schema';

/**
 * The answer the person can take back now: the coach's last recorded answer, while the session is going on and no
 * Undo for it is already on its way. The card on screen and the chat's echo both offer it.
 */
export function undoable(session: SessionState | undefined): LastAnswer | undefined {
  if (!session || session.status !== 'active' || session.undoChosen !== undefined) return undefined;
  return session.lastAnswer;
}
