import { z } from 'zod';
import type { Disposition } from '../questions/schema';
import { spaceKindsOf, type SpaceKind } from '../recommendations/table';
import type { PileItem, Piles, SessionState } from './schema';

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

export type GroupedPiles = Readonly<Record<PileGroup, readonly PileItem[]>>;

/** The piles as the four groups, each in the order its items were decided. */
export function groupedPiles(state: ThisSpace & { piles: Piles }): GroupedPiles {
  const groups: Record<PileGroup, PileItem[]> = { here: [], elsewhere: [], leaving: [], undecided: [] };
  const items = [...state.piles.belongs, ...state.piles.out, ...state.piles.unsure].sort((a, b) => a.decidedAt - b.decidedAt);
  const seen = new Set<string>();
  for (const item of items) {
    // An item is listed once, even if a hand-edited or old state holds its id twice.
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    groups[groupOf(item, state)!].push(item);
  }
  return groups;
}

/** "1 stays here, 1 goes elsewhere in the home, 2 leave the home, 0 undecided". */
export function groupCountsText(groups: GroupedPiles): string {
  return PILE_GROUPS.map((group) => PILE_GROUP_WORDS[group].count(groups[group].length)).join(', ');
}

export type PileCounts = Readonly<Record<PileGroup, number>> & { readonly text: string };

/** How many things each group holds, and the same in words, for summaries and prompts. */
export function pileCounts(state: ThisSpace & { piles: Piles }): PileCounts {
  const groups = groupedPiles(state);
  return {
    here: groups.here.length,
    elsewhere: groups.elsewhere.length,
    leaving: groups.leaving.length,
    undecided: groups.undecided.length,
    text: groupCountsText(groups),
  };
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
