import { z } from 'zod';
import { DispositionChoiceSchema, type DispositionChoice } from '../questions/schema';
import { editDistance } from '../text/distance';
import { bareName, headNoun, headPhrase } from '../text/names';

/**
 * What to recommend for a thing, by what kind of thing it is and what the space is for: the guided coach's card
 * choices, and the conversational coach's hint for the item in hand. Data, checked by its schema when loaded, so a
 * row that breaks the card's rules (2-4 choices, none twice) fails at start and in the tests, not on a card.
 */

export const ItemKindSchema = z.enum([
  'rubbish',
  'packaging',
  'wrapping',
  'papers',
  'dishes',
  'food',
  'clothes',
  'books',
  'cables',
  'toiletries',
  'medicines',
  'batteries',
  'bags',
  'umbrella',
  'stationery',
  'remote',
  'toys',
  'tools',
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
// Recycling that is not the household bin: the `location` says where it goes (piles show "recycle → pharmacy").
const SHRED: DispositionChoice = { label: 'Shred it', disposition: 'recycle', location: 'shredder' };
const PHARMACY: DispositionChoice = { label: 'Back to a pharmacy', disposition: 'recycle', location: 'pharmacy' };
const BATTERY_RECYCLING: DispositionChoice = { label: 'Battery recycling', disposition: 'recycle', location: 'battery recycling point' };
const E_WASTE: DispositionChoice = { label: 'Electronics recycling', disposition: 'recycle', location: 'electronics recycling point' };
const FILE: DispositionChoice = { label: 'File it', disposition: 'place', location: 'file box' };
const MEMORY_BOX: DispositionChoice = { label: 'To the memory box', disposition: 'place', location: 'memory box' };
const place = (location: string): DispositionChoice => ({ label: `To the ${location}`, disposition: 'place', location });

export const RECOMMENDATIONS: RecommendationTable = TableSchema.parse({
  rubbish: { anywhere: [TRASH, RECYCLE] },
  // Bottles, cans, jars and cardboard go to recycling, not the bin.
  packaging: { anywhere: [RECYCLE, TRASH, KEEP] },
  // Shipping envelopes and bubble wrap are mostly plastic or mixed: the bin, recycling second.
  wrapping: { anywhere: [TRASH, RECYCLE, KEEP] },
  // A pile of old papers is recycled, shredded (anything with a name or a number on it) or filed; only in a
  // storage room may it simply stay.
  papers: {
    anywhere: [RECYCLE, SHRED, FILE],
    in: { work: [FILE, SHRED, RECYCLE], storage: [FILE, KEEP, SHRED, RECYCLE] },
  },
  dishes: { anywhere: [place('kitchen'), KEEP, DONATE], in: { kitchen: [KEEP, DONATE] } },
  // Food is put away first: the bin only when the person says it is finished or gone off (then it is rubbish).
  food: { anywhere: [place('kitchen'), KEEP, TRASH], in: { kitchen: [KEEP, TRASH] } },
  clothes: {
    anywhere: [place('bedroom wardrobe'), place('laundry'), DONATE],
    in: { sleep: [place('wardrobe'), place('laundry'), DONATE] },
  },
  books: { anywhere: [KEEP, place('bookshelf'), RECYCLE] },
  cables: { anywhere: [KEEP, place('cable drawer'), E_WASTE] },
  toiletries: { anywhere: [place('bathroom'), KEEP, TRASH] },
  // Never the bin: old medicines go back to a pharmacy.
  medicines: { anywhere: [PHARMACY, place('medicine cabinet'), KEEP] },
  batteries: { anywhere: [BATTERY_RECYCLING, KEEP, place('kitchen drawer')] },
  bags: { anywhere: [place('bedroom wardrobe'), place('hallway'), DONATE], in: { sleep: [place('wardrobe'), KEEP, DONATE] } },
  umbrella: { anywhere: [place('hallway'), KEEP, DONATE] },
  stationery: { anywhere: [place('desk drawer'), KEEP, DONATE], in: { craft: [place('craft box'), KEEP, DONATE] } },
  remote: { anywhere: [place('TV stand'), KEEP, DONATE] },
  toys: { anywhere: [KEEP, place('toy box'), DONATE] },
  tools: { anywhere: [place('toolbox'), place('garage'), KEEP], in: { storage: [KEEP, place('toolbox')] } },
  electronics: { anywhere: [KEEP, place('desk drawer'), E_WASTE, DONATE] },
  decor: { anywhere: [KEEP, place('shelf'), DONATE] },
  // Never recommended out, and trash is never offered: a keepsake is kept or put away with care.
  keepsakes: { anywhere: [KEEP, MEMORY_BOX, DONATE], in: { storage: [MEMORY_BOX, KEEP] } },
});

/**
 * Words people use, and the detector's names, for each kind, in the singular ("crisp packet", "battery"); a word
 * given in the plural is that plural only ("tablets" are medicines, a "tablet" electronics). A word is in one kind.
 */
export const KIND_WORDS: Readonly<Record<ItemKind, string>> = {
  rubbish:
    'rubbish, trash, garbage, junk, litter, wrapper, crisp packet, crisp bag, chip bag, sweet wrapper, takeaway, takeaway box, ' +
    'takeaway container, takeout, takeout box, takeout container, pizza box, tissue, used tissue, gum, chewing gum, napkin, straw, ' +
    'tea bag, teabag, peel, banana peel, apple core, cotton bud, q-tip, packet, bin bag, paper cup, disposable cup, can ring',
  packaging: 'cardboard, box, shoebox, shoe box, bottle, can, carton, jar, packaging, parcel, package',
  wrapping: 'envelope, padded envelope, bubble wrap',
  papers:
    'paper, receipt, mail, junk mail, post, letter, document, bill, invoice, statement, bank statement, payslip, form, paperwork, note, ' +
    'post-it, sticky note, magazine, newspaper, catalogue, catalog, leaflet, flyer, brochure, pamphlet, menu, coupon, voucher, manual, ' +
    'instructions, warranty, printout, ticket, folder, wrapping paper',
  dishes:
    'mug, cup, teacup, plate, bowl, glass, wine glass, dish, cutlery, crockery, spoon, fork, knife, tumbler, saucer, tupperware, ' +
    'lunchbox, lunch box, water bottle, flask, thermos, pan, saucepan, teapot, jug, chopsticks',
  food:
    'food, snack, crumb, fruit, banana, apple, orange, sandwich, broccoli, carrot, hot dog, pizza, donut, doughnut, cake, biscuit, ' +
    'cookie, chocolate, sweet, candy, crisps, chips, leftovers, bread, cereal',
  clothes:
    'clothes, clothing, laundry, washing, shirt, t-shirt, tshirt, tee, top, blouse, sock, jacket, coat, jumper, sweater, sweatshirt, ' +
    'hoodie, fleece, cardigan, blazer, suit, trousers, jeans, pants, shorts, leggings, tights, skirt, dress, pyjamas, pajamas, onesie, ' +
    'underwear, knickers, bra, vest, tie, scarf, hat, cap, beanie, glove, mitten, belt, uniform, robe, dressing gown, swimsuit, ' +
    'shoe, trainer, sneaker, boot, welly, wellies, sandal, slipper, heels, flip-flop, flip flop, hanger, coat hanger',
  books: 'book, notebook, notepad, comic, novel, textbook, cookbook, paperback, hardback, journal, diary, sketchbook, dictionary, atlas',
  cables:
    'cable, cord, charger, phone charger, laptop charger, adapter, adaptor, wire, usb cable, charging cable, extension lead, ' +
    'extension cord, plug, power strip, hdmi',
  toiletries:
    'toiletries, toiletry, toothbrush, toothpaste, hair dryer, hair drier, hairdryer, hairbrush, comb, shampoo, conditioner, ' +
    'deodorant, makeup, make-up, razor, lotion, perfume, soap, moisturiser, moisturizer, nail polish, nail file, nail clippers, ' +
    'hairspray, mascara, lipstick, towel, sun cream, sunscreen, shower gel, hair tie, toilet paper, toilet roll',
  medicines:
    'medicine, medication, meds, pill, tablets, painkiller, paracetamol, ibuprofen, aspirin, antibiotic, prescription, inhaler, ' +
    'vitamin, supplement, cough syrup, cough medicine, pill bottle, blister pack, ointment, antihistamine, eye drops',
  batteries: 'battery, aa, aaa, button cell',
  bags: 'bag, backpack, rucksack, suitcase, handbag, tote, tote bag, purse, wallet, holdall, duffel bag, gym bag, shopping bag, sleeping bag',
  umbrella: 'umbrella, brolly',
  stationery:
    'stationery, scissors, tape, sellotape, stapler, staple, pen, pencil, pencil case, marker, highlighter, felt tip, crayon, ruler, ' +
    'glue, glue stick, eraser, rubber, sharpener, paper clip, paperclip, hole punch, stamp',
  remote: 'remote, remote control, clicker',
  toys:
    'toy, teddy, teddy bear, soft toy, cuddly toy, stuffed animal, plushie, doll, action figure, lego, duplo, playmobil, puzzle, ' +
    'jigsaw, game, board game, playing cards, ball, sports ball, frisbee, kite, skateboard, racket, tennis racket, baseball bat, ' +
    'baseball glove, ski, skis, snowboard, surfboard, nerf, yo-yo, marble, train set',
  tools:
    'tool, toolbox, tool box, toolkit, hammer, screwdriver, spanner, wrench, drill, pliers, saw, tape measure, measuring tape, ' +
    'nail, screw, bolt, allen key, spirit level, chisel, sandpaper, glue gun, ladder, torch, flashlight, multitool, stud finder, ' +
    'soldering iron, bike pump',
  electronics:
    'electronics, gadget, laptop, mouse, keyboard, phone, cell phone, mobile, mobile phone, smartphone, iphone, tablet, ipad, kindle, ' +
    'e-reader, headphones, headphone, earbuds, earphones, airpods, camera, speaker, console, controller, game controller, router, ' +
    'modem, hard drive, usb stick, memory stick, calculator, smartwatch, power bank, printer, monitor, webcam, microphone, vape',
  decor:
    'clock, vase, candle, ornament, plant pot, plant, potted plant, poster, print, painting, artwork, cushion, throw, lamp, mirror, ' +
    'figurine, fairy lights, rug',
  keepsakes:
    'keepsake, souvenir, memento, heirloom, photo, photograph, picture, picture frame, photo frame, frame, photo album, album, ' +
    'scrapbook, medal, trophy, award, love letter, birthday card, christmas card, greeting card, postcard, yearbook, drawing',
};

/** Each word or phrase people use, to its kind; a word listed under two kinds is an error, found at load. */
export function kindIndex(words: Readonly<Record<ItemKind, string>>): ReadonlyMap<string, ItemKind> {
  const index = new Map<string, ItemKind>();
  for (const kind of ItemKindSchema.options) {
    for (const word of words[kind].split(',').map((entry) => entry.trim())) {
      const earlier = index.get(word);
      if (earlier) throw new Error(`The recommendation table lists "${word}" under both ${earlier} and ${kind}.`);
      index.set(word, kind);
    }
  }
  return index;
}

const KIND_OF_WORD = kindIndex(KIND_WORDS);

/**
 * Names a keepsake whatever the thing is: someone gone, an occasion, or someone close it came from ("my late dad's
 * watch", "nan's ring", "wedding dress", "letters from my mum").
 */
const SENTIMENT = new RegExp(
  [
    "\\b(?:late|heirloom|inherited|wedding|love|memorial|grand(?:ma|pa|mother|father|ad|dad|mum|mom|mummy|mommy)|gran|granny|nan|nana|nanna)(?:'s|’s|s)?\\b",
    // A gift or a letter from someone close: "letters from my mum", "the card from my sister".
    '\\bfrom (?:my |our )?(?:mum|mom|dad|mother|father|sister|brother|son|daughter|kids?|children|husband|wife|partner|boyfriend|girlfriend|friend|best friend|aunt|auntie|uncle|cousin|niece|nephew)\\b',
  ].join('|'),
);
/** Names rubbish when nothing else in the name does: "an empty thing", "used ones". */
const SPENT = /^(?:empty|used)$/;
/** Food the person says is finished or gone off is rubbish: "mouldy bread", "half-eaten sandwich". */
const SPOILT = /\b(?:rotten|mouldy|moldy|stale|expired|spoilt|spoiled|half[- ]eaten|gone off|out of date|past its date)\b/;
/** Things that hold or count other things: "a bag of old chargers" is cables, "a pile of mail" papers. */
const CONTAINERS = new Set(
  (
    'bag box pile stack heap bunch load lot pair handful basket crate drawer jar tin tub bundle set collection bucket sack packet pack ' +
    'tube roll piece bit sheet couple ton mountain bin folder envelope tray case bottle carton'
  ).split(' '),
);

/** A word and the singulars it may be the plural of: "batteries" -> battery, "boxes" -> box, "knives" -> knife. */
function forms(word: string): string[] {
  const singulars = [
    word.replace(/ies$/, 'y'),
    word.replace(/ves$/, 'f'),
    word.replace(/ves$/, 'fe'),
    word.replace(/(?:s|x|z|ch|sh)es$/, (ending) => ending.slice(0, -2)),
    word.replace(/s$/, ''),
  ];
  return [word, ...singulars.filter((singular) => singular !== word)];
}

/** The kind of a word or phrase as written, or as the plural of one the table knows. */
function kindOfWord(words: string): ItemKind | undefined {
  const head = words.split(' ');
  const last = head.pop()!;
  for (const form of forms(last)) {
    const kind = KIND_OF_WORD.get([...head, form].join(' '));
    if (kind) return kind;
  }
  return undefined;
}

/** One-word entries of the table, for typos. */
const SINGLE_WORDS = [...KIND_OF_WORD.keys()].filter((word) => !word.includes(' '));

/** A typo of one word the table knows ("chargrs", "recipts"), when it is long enough to tell and only one kind fits. */
function kindOfTypo(word: string): ItemKind | undefined {
  if (word.length < 6 || !/^[a-z]+$/.test(word)) return undefined;
  const kinds = new Set(
    SINGLE_WORDS.filter((known) => known[0] === word[0] && forms(word).some((form) => editDistance(form, known) === 1)).map((known) => KIND_OF_WORD.get(known)!),
  );
  return kinds.size === 1 ? [...kinds][0] : undefined;
}

/**
 * The kind of thing an item is, from its name; undefined when the name says nothing the table knows. What decides
 * is the head noun with the word before it ("crisp packet", "tea bag"), then the head noun alone ("phone charger"
 * is a charger, "shoe box" a box), then the other words ("toy car"), then a typo of any of them. A container's contents say what it is ("bag of old
 * chargers"); someone gone or an occasion makes a keepsake; "empty" or "used" with nothing else known is rubbish, and
 * so is food said to be gone off.
 */
export function itemKindOf(name: string): ItemKind | undefined {
  const lower = bareName(name.toLowerCase());
  const contents = /^(.+?)\s+of\s+(.+)$/.exec(lower);
  if (contents && CONTAINERS.has(forms(headNoun(contents[1]!)).find((form) => CONTAINERS.has(form)) ?? '')) {
    const inside = itemKindOf(contents[2]!);
    if (inside) return inside;
  }
  if (SENTIMENT.test(lower)) return 'keepsakes';
  const words = headPhrase(lower);
  // Right to left: the head and the two words ending in it first ("tea bag" is rubbish, not a bag).
  const pairs = words.slice(1).map((word, index) => `${words[index]} ${word}`).reverse();
  const singles = [...words].reverse();
  const kind =
    [...pairs.slice(0, 1), ...singles.slice(0, 1), ...pairs.slice(1), ...singles.slice(1)].map(kindOfWord).find(Boolean) ??
    singles.map(kindOfTypo).find(Boolean) ??
    // "a tangle of chargers": a thing the table does not know, of things it does.
    (contents ? itemKindOf(contents[2]!) : undefined) ??
    (words.some((word) => SPENT.test(word)) ? 'rubbish' : undefined);
  return kind === 'food' && SPOILT.test(lower) ? 'rubbish' : kind;
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

/**
 * Choices for a thing only seen (by the on-device detector, or a model's eyes), not described: Trash goes last, so
 * the person says it is rubbish rather than the app; packaging to recycling first asks whether it is empty ("Empty?
 * Recycle").
 */
export function seenOnly(choices: readonly DispositionChoice[], packaging: boolean): DispositionChoice[] {
  const ordered = [...choices.filter((choice) => choice.disposition !== 'trash'), ...choices.filter((choice) => choice.disposition === 'trash')];
  return ordered.map((choice, index) =>
    index === 0 && packaging && choice.disposition === 'recycle' && !choice.location ? { ...choice, label: `Empty? ${choice.label}` } : choice,
  );
}

/** Whether a thing's name says it is rubbish or spent: "empty bottle", "used tissue", "mouldy bread", "old receipts" not. */
export function saysSpent(name: string): boolean {
  return itemKindOf(name) === 'rubbish' || /\b(?:empty|used|finished)\b/.test(name.toLowerCase());
}
