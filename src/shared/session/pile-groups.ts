import { z } from 'zod';
import type { Disposition } from '../questions/schema';
import { spaceKindsOf, type SpaceKind } from '../recommendations/table';
import type { DetectionRef } from '../detection/schema';
import { counted } from '../text/names';
import type { Decision, PileItem, Piles, SessionState } from './schema';

/**
 * The one piles vocabulary every surface uses (the piles panel, the summaries, the exit plan, the prompts, the
 * log's readable lines). The session keeps the seed's three piles (belongs / out / unsure); a person sees four
 * groups, because a thing bound for the hallway is in the belongs pile yet does not stay in this space.
 */
export const PileGroupSchema = z.enum(['here', 'elsewhere', 'leaving', 'undecided']);
export type PileGroup = z.infer<typeof PileGroupSchema>;

/** In the order they are shown. */
export const PILE_GROUPS: readonly PileGroup[] = PileGroupSchema.options;

export interface PileGroupWords {
  /** A heading: "Stays here". */
  readonly title: string;
  /** One line under the heading. */
  readonly hint: string;
  /** A count in a sentence: "1 stays here", "2 stay here". */
  readonly count: (n: number) => string;
}

export const PILE_GROUP_WORDS: Readonly<Record<PileGroup, PileGroupWords>> = {
  here: { title: 'Stays here', hint: 'In this space', count: (n) => `${n} ${n === 1 ? 'stays' : 'stay'} here` },
  elsewhere: {
    title: 'Goes elsewhere in the home',
    hint: 'Each to where it lives',
    count: (n) => `${n} ${n === 1 ? 'goes' : 'go'} elsewhere in the home`,
  },
  leaving: {
    title: 'Leaves the home',
    hint: 'Trash, recycling, donation',
    count: (n) => `${n} ${n === 1 ? 'leaves' : 'leave'} the home`,
  },
  undecided: { title: 'Undecided', hint: 'Deciding later is fine', count: (n) => `${n} undecided` },
};

/** What the session's space is: the person's words for what it is for. */
export type ThisSpace = Pick<SessionState, 'spaceFunction'>;

/**
 * Rooms of a home, and what makes that room this space: a use of the space (src/shared/recommendations holds the one
 * vocabulary for what a space is for; "Sleep" is a bedroom), or, for rooms no use names, the function's own words.
 * A destination naming a room is elsewhere in the home unless it is the room being tidied.
 */
const ROOMS: ReadonlyArray<{ readonly room: RegExp; readonly thisSpace: SpaceKind | RegExp }> = [
  { room: /\b(kitchen|pantry)\b/, thisSpace: 'kitchen' },
  { room: /\b(bathroom|toilet|loo|shower)\b/, thisSpace: /\b(bathroom|bath|toilet|shower)\b/ },
  { room: /\bbedroom\b/, thisSpace: 'sleep' },
  { room: /\b(hallway|hall|entryway|entrance|front door|porch|landing|stairs)\b/, thisSpace: /\b(hallway|hall|entryway|entrance)\b/ },
  { room: /\b(living room|lounge|sitting room)\b/, thisSpace: 'living' },
  { room: /\b(dining room)\b/, thisSpace: /\b(dining|eat\w*)\b/ },
  { room: /\b(office|study)\b/, thisSpace: 'work' },
  { room: /\b(playroom|nursery|kids[’']? room)\b/, thisSpace: 'play' },
  { room: /\b(laundry|utility room)\b/, thisSpace: /\b(laundry|utility)\b/ },
  { room: /\b(garage|shed|attic|loft|basement|cellar|box room|storage room)\b/, thisSpace: 'storage' },
  { room: /\b(car|another room|other room|downstairs|upstairs|elsewhere)\b/, thisSpace: /(?!)/ },
];

/** Spots a room has: a destination naming one (and no other room) is a place in this space. */
const SPOTS =
  /\b(here|this room|this space|shelf|shelves|bookshelf|bookcase|drawers?|desk|table|box|boxes|wardrobe|closet|cupboard|cabinet|dresser|chest|trunk|stand|rack|hooks?|wall|basket|tray|bin|bed|nightstand|bedside|windowsill|sill|organi[sz]er|holder|crate|cubby)\b/;

/**
 * Whether a destination is in the space being tidied: a room of the home is this space only when the space's
 * function says so; a spot (a shelf, a drawer) is in this space; anything else (a room we do not know, "mum's")
 * is somewhere else, so it is never counted as staying.
 */
export function isInThisSpace(location: string, space: ThisSpace): boolean {
  const where = location.toLowerCase();
  const room = ROOMS.find((entry) => entry.room.test(where));
  if (room) {
    const purpose = (space.spaceFunction ?? '').toLowerCase();
    const { thisSpace } = room;
    return (typeof thisSpace === 'string' ? spaceKindsOf(purpose).includes(thisSpace) : thisSpace.test(purpose)) || room.room.test(purpose);
  }
  return SPOTS.test(where);
}

/** The group of one answer, from what was decided and where it goes; a skip is in no group. */
export function groupOf(entry: { outcome: Disposition | 'unsure'; location?: string | undefined }, space: ThisSpace): PileGroup | undefined {
  switch (entry.outcome) {
    case 'trash':
    case 'donate':
    case 'recycle':
      return 'leaving';
    case 'keep':
      return 'here';
    case 'place':
      return entry.location?.trim() && isInThisSpace(entry.location, space) ? 'here' : 'elsewhere';
    case 'unsure':
      return 'undecided';
    case 'skip':
      return undefined;
  }
}

/** The thing a detected item is, for the whole session. */
export function detectionThing(ref: DetectionRef): string {
  return `${ref.photoId}#${ref.itemId}`;
}

/** The thing a pile entry is; an entry from before things were told apart is a thing of its own. */
export function thingOfEntry(entry: Pick<PileItem, 'id' | 'thing'>): string {
  return entry.thing ?? `entry:${entry.id}`;
}

/** The thing a decision was about, when the session knows it (older sessions knew only detected things). */
export function thingOfDecision(decision: Pick<Decision, 'thing' | 'detection'>): string | undefined {
  return decision.thing ?? (decision.detection ? detectionThing(decision.detection) : undefined);
}

export type GroupedPiles = Readonly<Record<PileGroup, readonly PileItem[]>>;

/** The piles as the four groups, each in the order its things were decided; a thing is in one group only. */
export function groupedPiles(state: ThisSpace & { piles: Piles }): GroupedPiles {
  const groups: Record<PileGroup, PileItem[]> = { here: [], elsewhere: [], leaving: [], undecided: [] };
  const items = [...state.piles.belongs, ...state.piles.out, ...state.piles.unsure].sort((a, b) => a.decidedAt - b.decidedAt);
  // A thing is listed once, even if a hand-edited or old state holds it twice: where it was put last.
  const latest = new Map(items.map((item) => [thingOfEntry(item), item] as const));
  for (const item of latest.values()) groups[groupOf(item, state)!].push(item);
  for (const group of PILE_GROUPS) groups[group].sort((a, b) => a.decidedAt - b.decidedAt);
  return groups;
}

/**
 * Things decided and left for now ("skip"), not in any pile: the last decision of each, in order. A thing skipped and
 * then decided is in its pile; a thing in a pile and then skipped stays in its pile.
 */
export function skippedThings(state: { piles: Piles; decisions: readonly Decision[] }): Decision[] {
  const inPiles = new Set([...state.piles.belongs, ...state.piles.out, ...state.piles.unsure].map(thingOfEntry));
  const skipped = new Map<string, Decision>();
  state.decisions.forEach((decision, index) => {
    if (decision.outcome !== 'skip') return;
    // An older session's skip of a thing it could not name is a thing of its own.
    const thing = thingOfDecision(decision) ?? `decision:${index}`;
    if (!inPiles.has(thing)) {
      skipped.delete(thing);
      skipped.set(thing, decision);
    }
  });
  return [...skipped.values()];
}

/** "1 stays here, 1 goes elsewhere in the home, 2 leave the home, 0 undecided" (and the skipped, when there are any). */
export function groupCountsText(groups: GroupedPiles, skipped = 0): string {
  return countsText(Object.fromEntries(PILE_GROUPS.map((group) => [group, groups[group].length])) as Record<PileGroup, number>, skipped);
}

/** The same from the counts alone (a room's totals, which are sums of sessions' counts). */
export function countsText(counts: Readonly<Record<PileGroup, number>>, skipped = 0): string {
  return [...PILE_GROUPS.map((group) => PILE_GROUP_WORDS[group].count(counts[group])), ...(skipped ? [SKIPPED_WORDS.count(skipped)] : [])].join(', ');
}

export const SKIPPED_WORDS = { title: 'Skipped for now', count: (n: number) => `${n} skipped for now` } as const;

export type PileCounts = Readonly<Record<PileGroup, number>> & {
  /** Things left for now, in no pile. */
  readonly skipped: number;
  /** Every thing decided: the four groups and the skipped. */
  readonly decided: number;
  /** The groups' counts in words: "1 stays here, …, 0 undecided, 2 skipped for now". */
  readonly text: string;
};

/** How many things each group holds, the skipped, their sum, and the same in words, for every surface that counts. */
export function pileCounts(state: ThisSpace & { piles: Piles; decisions: readonly Decision[] }): PileCounts {
  const groups = groupedPiles(state);
  const skipped = skippedThings(state).length;
  const [here, elsewhere, leaving, undecided] = PILE_GROUPS.map((group) => groups[group].length) as [number, number, number, number];
  return { here, elsewhere, leaving, undecided, skipped, decided: here + elsewhere + leaving + undecided + skipped, text: groupCountsText(groups, skipped) };
}

/** "21 things decided: 10 stay here, …": the one headline every summary opens with (calm when it is none). */
export function decidedText(counts: PileCounts): string {
  return counts.decided === 0 ? 'Nothing was decided this time, and that is fine.' : `${thingsDecided(counts.decided)}: ${counts.text}.`;
}

/** "1 thing decided", "21 things decided", "Nothing decided yet". */
export function thingsDecided(count: number): string {
  if (count === 0) return 'Nothing decided yet';
  return `${count} ${count === 1 ? 'thing' : 'things'} decided`;
}

/** One line of a group as a person reads it: things of one name that go the same way, with how many ("book ×12"). */
export interface PileLine {
  readonly name: string;
  readonly count: number;
  readonly outcome: PileItem['outcome'];
  readonly location?: string;
  /** The entries the line stands for, in the order decided. */
  readonly ids: readonly string[];
  /** When its first thing was decided. */
  readonly decidedAt: number;
}

/** A group's things as lines: things of one name going the same way (and to the same place) share a line. */
export function pileLines(items: readonly PileItem[]): PileLine[] {
  const lines = new Map<string, { name: string; outcome: PileItem['outcome']; location?: string; ids: string[]; decidedAt: number }>();
  for (const item of items) {
    const key = [item.name.trim().toLowerCase(), item.outcome, item.location?.trim().toLowerCase().replace(/^the\s+/, '') ?? ''].join('\u0000');
    const line = lines.get(key);
    if (line) line.ids.push(item.id);
    else lines.set(key, { name: item.name, outcome: item.outcome, ...(item.location ? { location: item.location } : {}), ids: [item.id], decidedAt: item.decidedAt });
  }
  return [...lines.values()].map((line) => ({ ...line, count: line.ids.length }));
}

/** The skipped things as lines, things of one name counted together: `[{ name: 'book', count: 2 }]`. */
export function skippedLines(state: { piles: Piles; decisions: readonly Decision[] }): Array<{ name: string; count: number }> {
  const lines = new Map<string, { name: string; count: number }>();
  for (const decision of skippedThings(state)) {
    const key = decision.item.trim().toLowerCase();
    const line = lines.get(key);
    if (line) line.count += 1;
    else lines.set(key, { name: decision.item, count: 1 });
  }
  return [...lines.values()];
}

/** A line's name with its count where there are several: "books ×12" (the name in the plural, then how many). */
export function lineName(line: Pick<PileLine, 'name' | 'count'>): string {
  return line.count > 1 ? `${counted(line.count, line.name).slice(String(line.count).length + 1)} ×${line.count}` : line.name;
}

/**
 * A short note beside an item, where its group's title does not say it already: how a thing leaves the home, or
 * where it goes. Kept, undecided and placed-with-no-destination need none.
 */
export function outcomeNote(item: Pick<PileItem, 'outcome' | 'location'>): string | undefined {
  switch (item.outcome) {
    case 'unsure':
    case 'keep':
      return undefined;
    case 'place':
      return item.location ? `→ ${item.location}` : undefined;
    default:
      // Recycling that is not the household bin says where: "recycle → pharmacy".
      return item.location ? `${item.outcome} → ${item.location}` : item.outcome;
  }
}
