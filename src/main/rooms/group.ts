/**
 * Which room a session goes in when nobody chose one: the sessions from before rooms existed (on first start), and
 * sessions that come from elsewhere (an imported archive) or were started while the rooms file could not be read.
 * Sessions of the same kind of space go together: "Work (Design)" and "work" are both the office. Only the rooms
 * file changes; the sessions stay as they are.
 */
import { roomName, roomNameFor } from '../../shared/rooms/names';
import type { Room } from '../../shared/rooms/schema';
import type { SessionMeta } from '../../shared/sessions/schema';

/** The room for sessions that never said what their space was for; the person can rename, merge or move them. */
export const NO_SPACE_ROOM = 'Other sessions';

/** The name sessions of this space are grouped under. */
function groupName(space: string | undefined): string {
  return roomNameFor(space) ?? NO_SPACE_ROOM;
}

const key = (name: string) => name.toLowerCase();

/**
 * Puts each session in the room of its kind of space: an existing room of that name (a room's name is the person's,
 * or the one its latest session's space gives it), else a new one. Sessions are taken oldest first, so a new room's
 * first session is its oldest. Returns the rooms, changed (the ones given are not).
 */
export function groupBySpace(
  rooms: readonly Room[],
  sessions: readonly SessionMeta[],
  spaceOf: (room: Room) => string | undefined,
  make: { newId: () => string; now: number },
): Room[] {
  const result = rooms.map((room) => ({ ...room, sessions: [...room.sessions] }));
  const byName = new Map(result.map((room) => [key(roomName(room, spaceOf(room))), room]));
  for (const session of [...sessions].sort((a, b) => a.startedAt - b.startedAt)) {
    const name = groupName(session.spaceFunction);
    let room = byName.get(key(name));
    if (!room) {
      // A name no space gives is written down, so the room keeps it; the others follow what the room is for.
      room = { id: make.newId(), ...(name === NO_SPACE_ROOM ? { name } : {}), createdAt: make.now, sessions: [] };
      result.push(room);
      byName.set(key(name), room);
    }
    room.sessions.push(session.id);
  }
  return result;
}
