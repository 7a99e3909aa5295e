import { z } from 'zod';
import { DispositionChoiceSchema, type DispositionChoice } from '../questions/schema';

/**
 * What to recommend for a thing, by what kind of thing it is and what the space is for: the guided coach's card
 * choices, and the conversational coach's hint for the item in hand. Data, checked by its schema when loaded, so a
 * row that breaks the card's rules (2-4 choices, none twice) fails at start and in the tests, not on a card.
 */

export const ItemKindSchema = z.enum([
  'packaging',
  'papers',
  'dishes',
  'food',
  'clothes',
  'books',
  'cables',
  'toiletries',
  'bags',
  'umbrella',
  'stationery',
  'remote',
  'toys',
  'electronics',
  'decor',
  'keepsakes',
]);
export type ItemKind = z.infer<typeof ItemKindSchema>;

export const SpaceKindSchema = z.enum(['work', 'sleep', 'craft', 'storage', 'living', 'play', 'kitchen']);
export type SpaceKind = z.infer<typeof SpaceKindSchema>;

const ChoicesSchema = z
  .array(DispositionChoiceSchema)
  .min(2)
  .max(4)
  .refine((choices) => new Set(choices.map((choice) => choice.label.toLowerCase())).size === choices.length, 'a choice is listed twice');

const RowSchema = z.object({
  /** The choices when the space's function has no row of its own, recommended first. */
  anywhere: ChoicesSchema,
  /** Rows for particular functions of the space, recommended first. */
  in: z.partialRecord(SpaceKindSchema, ChoicesSchema).default({}),
});

const TableSchema = z.record(ItemKindSchema, RowSchema);
export type RecommendationTable = z.infer<typeof TableSchema>;

const KEEP: DispositionChoice = { label: 'Keep it here', disposition: 'keep' };
const DONATE: DispositionChoice = { label: 'Donate', disposition: 'donate' };
const TRASH: DispositionChoice = { label: 'Trash', disposition: 'trash' };
const RECYCLE: DispositionChoice = { label: 'Recycle', disposition: 'recycle' };
const FILE: DispositionChoice = { label: 'File it', disposition: 'place', location: 'file box' };
const MEMORY_BOX: DispositionChoice = { label: 'To the memory box', disposition: 'place', location: 'memory box' };
const place = (location: string): DispositionChoice => ({ label: `To the ${location}`, disposition: 'place', location });

export const RECOMMENDATIONS: RecommendationTable = TableSchema.parse({
  packaging: { anywhere: [TRASH, RECYCLE, KEEP] },
  // A pile of old papers is filed or recycled; only in a storage room may it simply stay.
  papers: {
    anywhere: [RECYCLE, FILE, place('office')],
    in: { work: [FILE, RECYCLE, TRASH], storage: [FILE, RECYCLE, KEEP] },
  },
  dishes: { anywhere: [place('kitchen'), KEEP, DONATE], in: { kitchen: [KEEP, DONATE] } },
  food: { anywhere: [TRASH, place('kitchen'), KEEP], in: { kitchen: [KEEP, TRASH] } },
  clothes: {
    anywhere: [place('bedroom wardrobe'), place('laundry'), DONATE],
    in: { sleep: [place('wardrobe'), place('laundry'), DONATE] },
  },
  books: { anywhere: [KEEP, place('bookshelf'), RECYCLE] },
  cables: { anywhere: [KEEP, place('cable drawer'), RECYCLE] },
  toiletries: { anywhere: [place('bathroom'), KEEP, TRASH] },
  bags: { anywhere: [place('bedroom wardrobe'), place('hallway'), DONATE], in: { sleep: [place('wardrobe'), KEEP, DONATE] } },
  umbrella: { anywhere: [place('hallway'), KEEP, DONATE] },
  stationery: { anywhere: [place('desk drawer'), KEEP, DONATE], in: { craft: [place('craft box'), KEEP, DONATE] } },
  remote: { anywhere: [place('TV stand'), KEEP, DONATE] },
  toys: { anywhere: [KEEP, place('toy box'), DONATE] },
  electronics: { anywhere: [KEEP, place('desk drawer'), DONATE] },
  decor: { anywhere: [KEEP, place('shelf'), DONATE] },
  // Never recommended out, and trash is never offered: a keepsake is kept or put away with care.
  keepsakes: { anywhere: [KEEP, MEMORY_BOX, DONATE], in: { storage: [MEMORY_BOX, KEEP] } },
});

/** Words people use, and the detector's COCO class names, for each kind. First match wins, so the order matters. */
const KIND_WORDS: ReadonlyArray<readonly [ItemKind, RegExp]> = [
  ['keepsakes', /\b(photos?|photographs?|picture frames?|frames?|keepsakes?|souvenirs?|mementos?|medals?|trophy|trophies|love letters?|birthday cards?|postcards?|old letters from)\b/],
  ['papers', /\b(papers?|receipts?|mail|letters?|documents?|bills?|invoices?|statements?|forms?|paperwork|notes|post-?its?)\b/],
  ['packaging', /\b(envelopes?|wrappers?|packaging|cardboard|flyers?|leaflets?|tissues?|bottles?|cans?|cartons?|bubble wrap)\b/],
  ['dishes', /\b(mugs?|cups?|plates?|bowls?|glass|wine glass|dish|dishes|cutlery|spoons?|forks?|knife|knives)\b/],
  ['food', /\b(banana|apple|orange|sandwich|broccoli|carrot|hot dog|pizza|donut|cake|food|snacks?|crumbs?|fruit)s?\b/],
  ['clothes', /\b(shirts?|t-shirts?|tee|clothes|socks?|jackets?|jumpers?|sweaters?|trousers|jeans|dress|dresses|hoodies?|laundry|tie|coats?|scarf|scarves|shoes?|pyjamas|pajamas)\b/],
  ['books', /\b(books?|magazines?|notebooks?|comics?|novels?)\b/],
  ['cables', /\b(cables?|cords?|chargers?|adapters?|wires?|usb)\b/],
  ['toiletries', /\b(toothbrush|hair ?dr[iy]er|hairbrush|toiletr\w*|shampoo|deodorant|makeup)\b/],
  ['bags', /\b(bags?|backpacks?|suitcases?|handbags?|tote)\b/],
  ['umbrella', /\bumbrellas?\b/],
  ['stationery', /\b(scissors|tape|stapler|pens?|pencils?|markers?|highlighters?|rulers?|glue)\b/],
  ['remote', /\bremotes?( control)?\b/],
  ['toys', /\b(teddy( bear)?|toys?|balls?|sports ball|frisbee|kite|skateboard|racket|baseball (bat|glove)|skis|snowboard|surfboard|lego|dolls?|puzzles?)\b/],
  ['electronics', /\b(laptop|mouse|keyboard|phone|cell phone|tablet|headphones|earbuds|camera|speaker)s?\b/],
  ['decor', /\b(clock|vase|candles?|ornaments?|plant pot)s?\b/],
];

/** The kind of thing an item is, from its name; undefined when the name says nothing the table knows. */
export function itemKindOf(name: string): ItemKind | undefined {
  const words = name.toLowerCase();
  return KIND_WORDS.find(([, pattern]) => pattern.test(words))?.[0];
}

const SPACE_WORDS: ReadonlyArray<readonly [SpaceKind, RegExp]> = [
  ['kitchen', /\b(kitchen|cook\w*)\b/],
  ['work', /\b(work\w*|office|study|desk|admin|coding|design|writing)\b/],
  ['sleep', /\b(sleep\w*|bed\w*)\b/],
  ['craft', /\b(craft\w*|hobby|hobbies|sewing|painting|drawing|music|models?|studio)\b/],
  ['storage', /\b(storage|store\w*|box room|attic|loft|garage|shed|basement|cellar)\b/],
  ['play', /\b(play\w*|kids?[’']?|children|nursery|toys?)\b/],
  ['living', /\b(living|relax\w*|lounge|sitting|tv)\b/],
];

/** Every use the person's words give the space ("I sleep here but it's also my office": sleep and work). */
export function spaceKindsOf(spaceFunction: string | undefined): SpaceKind[] {
  const words = (spaceFunction ?? '').toLowerCase();
  return SPACE_WORDS.filter(([, pattern]) => pattern.test(words)).map(([kind]) => kind);
}

/** What the space is for, from the person's words ("Work (Design)", "my bedroom"); undefined when unclear. */
export function spaceKindOf(spaceFunction: string | undefined): SpaceKind | undefined {
  return spaceKindsOf(spaceFunction)[0];
}

export type Recommendation =
  | { readonly kind: 'choices'; readonly item: ItemKind; readonly choices: readonly DispositionChoice[] }
  /** The table does not know this thing: ask where it goes rather than guess. */
  | { readonly kind: 'ask' };

/** The table's recommendation for a thing in this space, recommended choice first. */
export function recommendationFor(itemName: string, spaceFunction: string | undefined, table: RecommendationTable = RECOMMENDATIONS): Recommendation {
  const item = itemKindOf(itemName);
  if (!item) return { kind: 'ask' };
  const row = table[item];
  const space = spaceKindOf(spaceFunction);
  return { kind: 'choices', item, choices: (space && row.in[space]) || row.anywhere };
}

/** The recommendation in one line for a prompt: "To the kitchen (recommended), then Keep it here or Donate". */
export function recommendationHint(itemName: string, spaceFunction: string | undefined): string {
  const recommendation = recommendationFor(itemName, spaceFunction);
  if (recommendation.kind === 'ask') return 'not a kind of thing the table knows: ask where it goes rather than guessing';
  const [first, ...rest] = recommendation.choices.map((choice) => `${choice.label}${choice.location && !choice.label.includes(choice.location) ? ` (${choice.location})` : ''}`);
  return `${first} (recommended)${rest.length ? `, then ${rest.join(' or ')}` : ''}`;
}
