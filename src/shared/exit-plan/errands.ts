/**
 * Trips across rooms (docs/rooms.md, "Trips to make"): the exit plans of several sessions, in several rooms, gathered
 * by where their things go, one errand per destination. Each line stays one session's line, so a tick in an errand is
 * a tick in that session's plan and the other way round (both write its exit-plan.json).
 */
import { placeName } from '../text/names';
import { thingsIn, thingsLabel } from './plan';
import type { Errand, ErrandLine, ErrandRoom, Errands, ExitPlanView } from './schema';

/** Trash first, then the household recycling, the recycling points, donation, and the places, as a plan lists them. */
function rank(key: string): number {
  if (key === 'trash') return 0;
  if (key === 'recycle') return 1;
  if (key.startsWith('recycle:')) return 2;
  if (key === 'donate') return 3;
  // "Elsewhere in the home", with no place named, last.
  return key === 'place:' ? 5 : 4;
}

/**
 * The plans' groups merged by destination key (keys already fold case and "the": "The charity shop" and "charity
 * shop" are one), each with the things still to take and the rooms they come from; the errands with things left
 * first, then those all ticked off. Plans are taken oldest first, so an errand is titled as first written.
 */
export function errandsOf(plans: ReadonlyArray<{ readonly plan: ExitPlanView; readonly room?: ErrandRoom | undefined }>): Errands {
  const merged = new Map<string, Omit<Errand, 'left' | 'total' | 'rooms'>>();
  for (const { plan, room } of [...plans].sort((a, b) => a.plan.startedAt - b.plan.startedAt)) {
    for (const group of plan.groups) {
      const lines: ErrandLine[] = group.items.map((item) => ({ ...item, sessionId: plan.sessionId, ...(room ? { room } : {}) }));
      const errand = merged.get(group.key);
      if (errand) errand.lines.push(...lines);
      else merged.set(group.key, { key: group.key, kind: group.kind, title: group.title, ...(group.hint ? { hint: group.hint } : {}), lines });
    }
  }
  return listed([...merged.values()].map(counted));
}

/** The errands as they are once a line of a session's plan is ticked (or unticked): what the page shows at once. */
export function errandsWithTick(errands: Errands, sessionId: string, itemId: string, done: boolean): Errands {
  return listed(
    [...errands.open, ...errands.done].map((errand) =>
      counted({ ...errand, lines: errand.lines.map((line) => (line.sessionId === sessionId && line.ids.includes(itemId) ? { ...line, done } : line)) }),
    ),
  );
}

/** In the plan's order, those with things left first. */
function listed(errands: Errand[]): Errands {
  const sorted = errands.sort((a, b) => rank(a.key) - rank(b.key));
  return { open: sorted.filter((errand) => errand.left > 0), done: sorted.filter((errand) => errand.left === 0) };
}

function counted(errand: Omit<Errand, 'left' | 'total' | 'rooms'>): Errand {
  const left = errand.lines.filter((line) => !line.done);
  const from = new Map<string, ErrandRoom>();
  for (const line of left.length ? left : errand.lines) if (line.room && !from.has(line.room.id)) from.set(line.room.id, line.room);
  return { ...errand, left: thingsIn(left), total: thingsIn(errand.lines), rooms: [...from.values()] };
}

/**
 * A room in a sentence: a name the person gave as they wrote it ("Gran's room"), one made from what the room is for
 * as words ("the office", "the kids’ room").
 */
export function roomWords(room: ErrandRoom): string {
  return room.named ? room.name : placeName(room.name.toLowerCase());
}

/** More rooms than this are said as a count after the first two: a trip's line stays one line. */
const ROOMS_NAMED = 3;

/**
 * "from the office", "from the office and the bedroom", "from the office, Den and the bedroom", and with more rooms
 * "from the office, Den and 4 other rooms"; empty with no rooms.
 */
export function fromRoomsWords(rooms: readonly ErrandRoom[]): string {
  const names = rooms.map(roomWords);
  if (names.length === 0) return '';
  if (names.length > ROOMS_NAMED) return `from ${names.slice(0, 2).join(', ')} and ${names.length - 2} other rooms`;
  return `from ${names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`}`;
}

/** "Donation: 14 things, from the office and the bedroom"; once all are ticked off, "To mum's: all 3 done". */
export function errandWords(errand: Errand): string {
  const from = fromRoomsWords(errand.rooms);
  const count = errand.left > 0 ? thingsLabel(errand.left) : errand.total === 1 ? 'done' : `all ${errand.total} done`;
  // A recycling point's title has its own colon ("Recycling: the pharmacy"): said "Recycling (the pharmacy): 2 things".
  const title = errand.title.replace(/^([^:]+): (.+)$/, '$1 ($2)');
  return `${title}: ${count}${from ? `, ${from}` : ''}`;
}
