/**
 * A thing's name in a sentence. Names come from people, a model and the detector as noun phrases, with an article
 * or without ("an empty crisp packet", "scissors", "my grandma's ring", "12 books"); a sentence needs the form that
 * fits it: "Where does the empty crisp packet live?", "Where do the scissors live?", "Where does my grandma's ring
 * live?", "some paper", "12 books go".
 *
 * Small rules, not a tagger (this runs in the page too): the head noun, the last word before "of", a preposition
 * or a clause ("box of old chargers under the desk" is a box), decides the number; short lists hold what the rules
 * cannot (mass nouns, plurals without an s, singulars with one, owners that still take "the").
 */

/** Articles a name may arrive with; its bare form has none. */
const ARTICLE = /^(?:a|an|the|some)\s+/i;

/** Words that already say which one, so no article goes before them: "my", "those", "every", "everything". */
const DETERMINERS = new Set(
  (
    'my your his her our their its this that these those each every all both any no another either neither whose several many most half ' +
    'everything anything something nothing it them'
  ).split(' '),
);

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, dozen: 12, twenty: 20,
};

/** Where a name's head ends: "of", a preposition, or a clause about it ("the bag I never took back"). */
const HEAD_ENDS = new Set(
  'of on in under underneath by from with without near behind beside for at to into onto inside next over above below between like off that which who where i we you he she they'.split(' '),
);

/** Plurals without a final s. */
const PLURALS_WITHOUT_S = new Set('people children men women feet teeth mice geese dice police cattle'.split(' '));
/** Singulars that end in s (besides "-ss" and "-us": glass, cactus). */
const SINGULARS_WITH_S = new Set('news series species lens gas canvas atlas chaos chess maths physics tennis iris axis trellis chassis debris'.split(' '));

/** Things counted as an amount, not one by one: "some paper", "the laundry goes". */
const MASS = new Set(
  (
    'paper paperwork mail post rubbish trash garbage junk stuff laundry washing clothing bedding furniture luggage packaging cardboard ' +
    'plastic equipment gear makeup make-up jewellery jewelry stationery cutlery crockery silverware tableware glassware homework admin ' +
    'money change cash food bread rice pasta cereal chocolate candy fruit wool yarn fabric string tape glue foil clutter mess dust sand ' +
    'soil water medicine software music art artwork wood firewood hair toothpaste shampoo soap paint glitter tea coffee sugar flour milk ' +
    'lego tat litter waste scrap wrapping shopping dirt thread ribbon film wrap recycling'
  ).split(' '),
);

/** Owners that are a kind of thing, not a person, so the name still takes "the": "the kids' toys", "the dog's lead". */
const CLASS_OWNERS = /^(?:children|kids?|women|men|ladies|girls?|boys?|dogs?|cats?|puppy|bird|baby|babies)(?:'s|s'|'|’s|s’|’)$/;
const POSSESSIVE = /^\p{L}+(?:'s|’s|s'|s’)$/u;

/** Places that take no article: "to work", "back to school", "downstairs". */
const BARE_PLACES = new Set('home work school uni college church bed town hospital downstairs upstairs outside inside indoors outdoors away elsewhere'.split(' '));

/** The name's words, lower case, without the punctuation at their edges. */
function wordsOf(name: string): string[] {
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’]+$/gu, ''))
    .filter(Boolean);
}

/** The name without a leading article and with single spaces: "an empty crisp packet" is "empty crisp packet". */
export function bareName(name: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  const bare = clean.replace(ARTICLE, '');
  return bare || clean;
}

/** Where a name's head ends among its words: at "of", a preposition or a clause, else at the end. */
function headEnd(words: readonly string[]): number {
  const end = words.findIndex((word, index) => index > 0 && HEAD_ENDS.has(word.toLowerCase()));
  return end > 0 ? end : words.length;
}

/** The words of a name up to where its head ends, lower case ("pile of old papers" -> pile), article left out. */
export function headPhrase(name: string): string[] {
  const words = wordsOf(bareName(name));
  return words.slice(0, headEnd(words));
}

/** The noun a name is about, lower case: "box of old chargers" -> "box", "empty crisp packet" -> "packet". */
export function headNoun(name: string): string {
  return headPhrase(name).at(-1) ?? '';
}

/** How many a name counts out at its start ("12 books", "two mugs", "one of the cups"), if it does. */
function countOf(words: readonly string[]): number | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  if (/^\d+$/.test(first)) return Number(first);
  return NUMBER_WORDS[first];
}

const isMassWord = (word: string) => MASS.has(word);

function isPluralWord(word: string): boolean {
  if (PLURALS_WITHOUT_S.has(word)) return true;
  if (isMassWord(word) || SINGULARS_WITH_S.has(word) || POSSESSIVE.test(word)) return false;
  return /[^s'’]s$/.test(word) && !/[^aeiouy]us$/.test(word);
}

/** Whether the name is of several things and takes "go", not "goes": "books", "scissors", "12 books", "cables and chargers". */
export function isPlural(name: string): boolean {
  const words = headPhrase(name);
  const count = countOf(words);
  if (count !== undefined && words[1] !== 'of') return count !== 1;
  if (words.some((word, index) => index > 0 && index < words.length - 1 && (word === 'and' || word === '&' || word === '+'))) return true;
  return isPluralWord(words.at(-1) ?? '');
}

/** Whether the name is an amount rather than a countable thing: "paper", "old mail", "bubble wrap". */
export function isMass(name: string): boolean {
  const words = headPhrase(name);
  return words.length > 0 && countOf(words) === undefined && isMassWord(words.at(-1)!);
}

/** Whether the name already says whose or which it is, so it takes no article: "my grandma's ring", "those socks". */
function isDetermined(words: readonly string[]): boolean {
  const first = words[0];
  if (first === undefined) return false;
  if (DETERMINERS.has(first)) return true;
  if (POSSESSIVE.test(first) && !CLASS_OWNERS.test(first)) return true;
  // "one of the mugs", "two of them".
  return countOf(words) !== undefined && words[1] === 'of';
}

/** The name after "the": "the empty crisp packet", "the 12 books"; an owner or a determiner stays: "my grandma's ring". */
export function theName(name: string): string {
  const bare = bareName(name);
  return isDetermined(wordsOf(bare)) ? bare : `the ${bare}`;
}

/** "a" or "an" before a word, by its sound: "an empty", "a used", "a USB", "an HDMI", "an hour". */
export function indefiniteArticle(word: string): 'a' | 'an' {
  // Read as letters: "an HDMI cable", "an SD card", "a USB stick".
  if (/^[A-Z]{2,}\b/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  if (/^(?:8|11|18)(?!\d)/.test(word)) return 'an';
  const lower = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lower)) return 'an';
  // A "u" or "eu" said "you", and "one": "a unicorn", "a used tissue", "a euro", "a one-off".
  if (/^(?:uni[cfoqstvx]|us[ebu]|ut[eio]|uk|ur[aio]|eu|ew|one|once)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/**
 * The name with "a", "an" or "some": "an empty crisp packet", "some socks", "some paper"; a name that says whose or
 * how many already stays as it is ("my grandma's ring", "12 books").
 */
export function aName(name: string): string {
  const bare = bareName(name);
  const words = wordsOf(bare);
  if (isDetermined(words) || countOf(words) !== undefined) return bare;
  if (isPlural(bare) || isMass(bare)) return `some ${bare}`;
  return `${indefiniteArticle(bare)} ${bare}`;
}

/** A verb for one thing ("goes", "is", "lives", "doesn't") in the number of the name: "the books go", "the mug goes". */
export function verbFor(name: string, verb: string): string {
  if (!isPlural(name)) return verb;
  const [first = '', ...rest] = verb.split(' ');
  return [pluralVerb(first), ...rest].join(' ');
}

const PLURAL_VERBS: Readonly<Record<string, string>> = {
  is: 'are', was: 'were', has: 'have', does: 'do', goes: 'go', "isn't": "aren't", "wasn't": "weren't", "hasn't": "haven't", "doesn't": "don't",
};

function pluralVerb(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular = PLURAL_VERBS[lower.replace('’', "'")];
  if (irregular) return irregular;
  if (/(?:ss|sh|ch|x|z|o)es$/.test(lower)) return verb.slice(0, -2);
  if (/[^aeiou]ies$/.test(lower)) return `${verb.slice(0, -3)}y`;
  return lower.endsWith('s') ? verb.slice(0, -1) : verb;
}

const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  person: 'people', child: 'children', man: 'men', woman: 'women', foot: 'feet', tooth: 'teeth', mouse: 'mice', goose: 'geese',
  knife: 'knives', life: 'lives', wife: 'wives', leaf: 'leaves', loaf: 'loaves', shelf: 'shelves', half: 'halves', scarf: 'scarves',
  wolf: 'wolves', calf: 'calves', thief: 'thieves', potato: 'potatoes', tomato: 'tomatoes', hero: 'heroes', echo: 'echoes',
};

function pluralWord(word: string): string {
  const lower = word.toLowerCase();
  if (IRREGULAR_PLURALS[lower]) return IRREGULAR_PLURALS[lower];
  if (isPluralWord(lower) || isMassWord(lower)) return word;
  if (/(?:s|x|z|ch|sh)$/.test(lower)) return `${word}es`;
  if (/[^aeiou]y$/.test(lower)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/**
 * A count and a name for one thing, in number: counted(1, "book") is "1 book", counted(12, "book") "12 books",
 * counted(3, "pair of shoes") "3 pairs of shoes". Mass nouns and names already plural are not changed.
 */
export function counted(count: number, name: string): string {
  const bare = bareName(name);
  if (count === 1) return `1 ${bare}`;
  const words = bare.split(' ');
  const head = headEnd(words) - 1;
  return `${count} ${words.map((word, index) => (index === head ? pluralWord(word) : word)).join(' ')}`;
}

/** A place after "to" or "in": "the garage", "mom's house", "my sister's", and with no article "work", "downstairs". */
export function placeName(location: string): string {
  const bare = bareName(location);
  const words = wordsOf(bare);
  return words.length === 1 && BARE_PLACES.has(words[0]!) ? bare : theName(bare);
}
