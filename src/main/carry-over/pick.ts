/**
 * Which earlier session's leftovers a new session is offered: per space only the latest session counts (it is where
 * the last one stopped), and of those the most recent one that left something and was neither taken up nor declined.
 */
import type { CarryOver } from '../../shared/carry-over/schema';
import type { SessionMeta } from '../../shared/sessions/schema';

/** `sessions` newest first (as `listSessions` gives them); `currentId` is the new session, never its own source. */
export function pickCarryOver(sessions: readonly SessionMeta[], declined: ReadonlySet<string>, currentId: string): CarryOver | undefined {
  const takenUp = new Set(sessions.flatMap((session) => (session.carriedFrom ? [session.carriedFrom] : [])));
  const spaces = new Set<string>();
  for (const session of sessions) {
    if (session.id === currentId) continue;
    const space = session.spaceFunction?.trim().toLowerCase() ?? '';
    if (spaces.has(space)) continue;
    spaces.add(space);
    const left = session.leftovers;
    if (!left || left.unsure.length + left.nextTime.length === 0) continue;
    if (declined.has(session.id) || takenUp.has(session.id)) continue;
    return { from: session.id, ...(session.spaceFunction?.trim() ? { space: session.spaceFunction.trim().slice(0, 200) } : {}), ...left };
  }
  return undefined;
}
