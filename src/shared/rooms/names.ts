import { spaceKindOf, type SpaceKind } from '../recommendations/table';
import type { RoomRef } from './ref';

/** The room a use of a space makes (src/shared/recommendations holds the one vocabulary for what a space is for). */
const ROOM_NAMES: Readonly<Record<SpaceKind, string>> = {
  work: 'Office',
  sleep: 'Bedroom',
  craft: 'Craft room',
  storage: 'Storage room',
  living: 'Living room',
  play: 'Kids’ room',
  kitchen: 'Kitchen',
};

/** The longest a name made from the person's words is (a name they give is theirs, RoomNameSchema). */
const ROOM_NAME_WORDS = 40;

/** What a room with no name of its own is called before anyone says what it is for. */
export const NEW_ROOM = 'New room';

/**
 * A room's name from what it is for: "Work (Design)" is the office, "Sleep" the bedroom; words no use names are
 * the name themselves, as a heading ("bathroom and laundry" is "Bathroom and laundry"). Undefined with no words.
 */
export function roomNameFor(space: string | undefined): string | undefined {
  const kind = spaceKindOf(space);
  if (kind) return ROOM_NAMES[kind];
  const whole = space?.split(/[(,;]/)[0]?.trim() ?? '';
  // A long answer is cut after a whole word ("the one at the end of the upstairs landing…" is not "…the upstai").
  const cut = whole.slice(0, ROOM_NAME_WORDS + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = whole.length <= ROOM_NAME_WORDS ? whole : lastSpace > 0 ? cut.slice(0, lastSpace).trim() : whole.slice(0, ROOM_NAME_WORDS);
  return words ? words[0]!.toUpperCase() + words.slice(1) : undefined;
}

/** A room as its card and its sessions name it: the person's name, else one from what it is for, else "New room". */
export function roomName(room: { readonly name?: string | undefined }, space: string | undefined): string {
  return room.name ?? roomNameFor(space) ?? NEW_ROOM;
}

/**
 * The room in a sentence, after "your": a name the person gave is theirs as they wrote it ("your Den"); one made from
 * what the room is for reads as words ("your office", "your kids’ room").
 */
export function roomPhrase(room: RoomRef, space: string | undefined): string {
  if (room.name) return room.name;
  const made = roomNameFor(space);
  return made ? made[0]!.toLowerCase() + made.slice(1) : 'room';
}
