/**
 * Places in the home: the verbs and prepositions that put a thing somewhere, the rooms, furniture and holders that
 * are a place on their own, bins that are storage, and a place in the person's own words.
 *
 * - A place needs no verb ("under the bed for now").
 * - A bin named for what it holds, or standing where things are stored, is storage ("toy bin", "bin in the closet").
 */
import { editDistance } from '../../../shared/text/distance';
import { type Clause, type Found, matchIn, phrase, SPELLING, trimFiller } from './words';

// "stuff", "place" and "set" are verbs only before what they move: "stuff them in the bag" (not "the stuff in the bag").
const PLACE_VERB =
  '(?:put|puts|goes|go|belongs?|keep(?! \\w+ing)|move(?! on(?! top))|drop|take|takes|throw|toss|chuck|dump|stick|hang|bring|shove|pop|plug|lives?|return|send|store|file|bung|leave|tuck|stash|slot|squeeze|cram|hide|stack|lay|(?:stuff|place|set)(?= (?:it|them|this|that|these|those|all|the lot)(?: |$)))';
export const PLACE_VERB_WORD = new RegExp(`(?:^| )${PLACE_VERB}(?= )`);
const PREPOSITION = '(?:in|into|inside|on|onto|to|at|by|under|underneath|behind|beside|next to|near|in with|on top of|back in|back to|back on|round|round to|over to)';
export const PLACE_AT = new RegExp(`(?:^| )(?<verb>${PLACE_VERB})(?: (?!${PREPOSITION} )\\S+){0,3}? (?<onto>${PREPOSITION}) (?<where>.+)$`);
export const PLACE_ADVERB = new RegExp(`(?:^| )(?:${PLACE_VERB}|back)(?: it| them| back)? (?<where>downstairs|upstairs|outside|outdoors|home)(?= |$)`);
/** On, by or under a bin is beside it: "it goes back on the trash can" is a place, not the rubbish. */
export const BESIDE = /^(?:back )?(?:on|onto|on top of|by|under|underneath|behind|beside|next to|near)$/;
/** Out of this room, with the place still to ask. */
export const ELSEWHERE = phrase('somewhere else', 'elsewhere', 'another room', 'a different room');
/** Rooms and furniture a thing can go to, for answers that are only a place ("kitchen", "hook by the back door"). */
export const PLACE_NOUN = phrase(
  '\\w*room', 'kitchen', 'bathroom', 'closet', 'cupboard', 'wardrobe', '\\w*drawers?', '\\w*shel(?:f|ves)', 'bookcase', 'cabinet', 'box',
  'toolbox', 'shed', 'garage', 'hall', 'hallway', 'landing', 'hook', 'door', 'loft', 'attic', 'basement', 'cellar', 'downstairs',
  'upstairs', 'car', 'desk', 'nightstand', 'bedside table', 'dresser', 'hamper', 'basket', 'pantry', 'sink', 'counter', 'rack',
  'corner', 'wall', 'lounge', 'office', 'porch', 'garden', 'bed', 'chest', 'table', 'crate', 'bag', 'tub', 'laundry(?: basket| bin| pile)?', 'van', 'locker',
  // Appliances and small things that hold things: "dishwasher", "freezer", "the little bowl on the shelf", "art cart".
  'dishwasher', 'washing machine', 'washer', 'dryer', 'fridge', 'freezer', 'microwave', 'oven', 'bowl', 'folder', 'cart', 'trolley', 'tray',
  '(?:window ?)?sill', 'windowsill', 'mantel\\w*', '\\w*bench', 'rail', 'caddy', 'tin', 'jar', 'bureau', 'sideboard', 'ottoman',
  'cubby', 'cubbies', 'chair', 'sofa', 'couch', 'stairs', 'understairs', 'airing cupboard', 'filing cabinet',
);
/**
 * A bin that is storage, not the rubbish: named for what it holds ("the toy bin", "the lego bin", "the sock bin"),
 * or standing where things are stored ("the bin in the closet", "a bin under the bed"). Not the kitchen bin, the
 * wheelie bin, or one named for a way out. Asked where a thing lives, a bin named by its colour is storage too ("the
 * blue bin"): a thing does not live in the rubbish.
 */
const WASTE_BIN = 'yes|ok|no|so|then|and|or|please|lol|um|oh|well|right|fine|sure|actually|definitely|def|the|a|an|my|our|your|this|that|in|into|to|on|at|by|it|them|trash|recycle|donate|charity|battery|e-?waste|kitchen|bathroom|office|wheelie|wheely|pedal|general|waste|landfill|outside|outdoor|big|main|dust|swing|flip|food|compost|garden|household|council|street|public|litter|nappy|diaper|sanitary|green|brown|black|gray|just|straight|the big|normal|regular|own|their|his|her|its|nearest|kitchen|utility|bedroom';
const COLOUR = 'blue|red|yellow|pink|purple|orange|white|clear|see-through|striped|spotty|little|small|tall|plastic|fabric|wicker|metal|wooden';
export const STORAGE_SPOT = '(?:the |my |our |his |her |their )?(?:\\w+ )?(?:closet|wardrobe|shel(?:f|ves)|bed|bedroom|playroom|toy ?room|nursery|loft|attic|cubby|cubbies|den|craft room)';
export function storageBin(clause: Clause, { at }: Found, whereCard: boolean): boolean {
  const words = clause.norm.slice(0, at).trim().split(' ').filter(Boolean);
  const before = words.at(-1) ?? '';
  const tags = clause.words[words.length - 1]?.tags;
  const after = clause.norm.slice(at).replace(/^ ?bins? ?/, '');
  const colour = new RegExp(`^(?:${COLOUR})$`).test(before);
  // Asked where a thing lives, a bin named by any word but a waste bin's is where it lives ("the underbed bin").
  const named = before !== '' && !new RegExp(`^(?:${WASTE_BIN})$`).test(before) && (whereCard || (!colour && tags?.has('Noun') === true && !tags.has('Pronoun')));
  const standing = new RegExp(`^(?:in|on|under|underneath|inside|on top of|in the back of) ${STORAGE_SPOT}(?: |$)`).test(after);
  return named || standing;
}

/** A clause that is only a place: "kitchen", "back to the kitchen, obviously", "toolbox in the shed", "my son's room". */
export function isPlaceOnly(clause: Clause): boolean {
  if (matchIn(clause, PLACE_NOUN)?.negated) return false;
  // Place nouns that can be verbs ("hook", "shelf") and filler verbs ("I guess") are not an action.
  const verbs = clause.words.filter(
    (word) => word.tags.has('Verb') && !word.tags.has('Gerund') && !PLACE_NOUN.test(word.norm) && !['back', 'go', 'goes', 'belongs', 'belong', 'lives', 'live', 'is', 'by', 'under', 'behind', 'beside', 'inside', 'above', 'below', 'guess', 'think', 'suppose', 'mean'].includes(word.norm),
  );
  return verbs.length === 0 && !['i', 'it', 'its', 'that', 'this', 'they', 'we'].includes(clause.words[0]!.norm);
}

/** The place in the person's own words: the clause's text from the place onwards. */
/** The furniture and rooms a typo in a place is corrected towards ("top drawr", "filing cabnet", "windowsil"). */
const PLACE_WORDS = [
  'drawer', 'drawers', 'cabinet', 'windowsill', 'wardrobe', 'cupboard', 'closet', 'kitchen', 'bathroom', 'bedroom', 'garage', 'basement',
  'bookshelf', 'bookcase', 'dresser', 'hallway', 'nightstand', 'pantry', 'laundry', 'hamper', 'sideboard', 'mantelpiece', 'cellar',
  'shelves', 'counter', 'utility', 'office', 'garden',
];
// Real words one letter from a place word.
const NOT_PLACE_TYPOS = new Set(['closed', 'closer', 'drawn', 'drawl', 'officer', 'counted', 'garner', 'cellars']);

/** A word one letter from exactly one place word (five letters and up, same first letter) is that place word. */
function placeSpelling(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length < 5 || !/^[a-z]+$/.test(lower) || NOT_PLACE_TYPOS.has(lower) || PLACE_WORDS.includes(lower)) return word;
  const near = PLACE_WORDS.filter((place) => place[0] === lower[0] && `${place}s` !== lower && editDistance(lower, place) === 1);
  return near.length === 1 ? near[0]! : word;
}

/** A place as the person wrote it, with a typo in a piece of furniture or a room corrected ("top drawr" is "top drawer"). */
export function placeSpelt(location: string): string {
  return location.split(' ').map(placeSpelling).join(' ');
}

export function locationText(clause: Clause, normalisedPlace: string): string {
  const firstWord = normalisedPlace.split(' ')[0]!;
  const words = clause.text.split(' ');
  const spelt = (word: string) => {
    const lower = word.toLowerCase().replace(/[^\p{L}']/gu, '');
    return SPELLING[lower] ?? lower;
  };
  const from = words.findIndex((word, index) => spelt(word) === firstWord && words.length - index >= normalisedPlace.split(' ').length - 1);
  return trimFiller(from >= 0 ? words.slice(from).join(' ') : normalisedPlace);
}
