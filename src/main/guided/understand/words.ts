/**
 * The message as words: what is readable of it, cut into clauses, each normalised, and matched against phrase lists.
 *
 * `readable` keeps the first `ANALYSED` characters, reads clear emoji as words and drops what carries none.
 * `compromise` cuts the message into clauses (further cut here at punctuation, "but", "so" (not "so much"), "wait",
 * "or" before a subject, "and" before where a thing goes, and after a bare "no" before a subject: "no it's my nan's";
 * "I mean" drops what came before), expands contractions ("don't" -> "do not", "im" -> "i am"; "thats", "doesnt" get
 * their apostrophe back first) and tags each word; each clause is then normalised (lower case, one spelling for
 * British and American words, emoji as words, typos in the small outcome vocabulary fixed when only one word is near).
 *
 * - A word is negated by a "not", "never" or "no" earlier in its own clause: "not trash" rules trash out,
 *   "I don't want to keep it" lets it go, "don't stop" means keep going; a negative question suggests ("can't we
 *   just bin it").
 * - A leading "stop," / "wait," / "hang on," before more words means "hold on": the rest is read. Later, "no wait",
 *   "hang on" or "actually no" takes back what came before, as a bare "no" before another thing does ("the
 *   drawer... no the toolbox").
 * - Typed voice is read as typed: a letter held down ("binnnn"), shorthand ("w", "n", "yeh", "erm"), a laugh that
 *   ends a clause ("trash lol why do i keep these"), and an aside in brackets, dropped when there is more outside it.
 * - Names lose the filler at their edges ("obviously", "I guess") and stay the person's own words (`typed`).
 */
import nlp from 'compromise';
import { editDistance } from '../../../shared/text/distance';

/** Longer text is cut at this many characters before it is read: a card answer is short, and the cost grows with length. */
export const ANALYSED = 400;

interface Word {
  /** Lower case, contraction expanded, spelling unified. */
  readonly norm: string;
  readonly tags: ReadonlySet<string>;
}

export interface Clause {
  readonly words: readonly Word[];
  /** The normalised words joined by single spaces, for phrase matching. */
  readonly norm: string;
  /** The person's own words, punctuation at the edges trimmed. */
  readonly text: string;
}

interface Term {
  text: string;
  pre: string;
  post: string;
  normal: string;
  implicit?: string;
  tags: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Normalising: emoji, spellings, typos.

/** Emoji with a clear meaning, read as the word they stand for; any other emoji is dropped. */
const EMOJI: readonly (readonly [RegExp, string])[] = [
  [/👍|👌|✅|🙆/gu, ' yes '],
  [/👎|❌|🙅/gu, ' no '],
  [/🗑️?/gu, ' trash '],
  [/♻️?/gu, ' recycle '],
  [/🤷/gu, ' dunno '],
];
// Pictographs, flags' regional letters, skin tones, and the joiners and selectors that bind them.
const OTHER_EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D/gu;
// Control and format characters (other than plain white space) carry no words; nor do terminal escape sequences
// pasted with them ("\u001b[31m"), whose printable tail would otherwise read as a word.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/gu;
const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu;

/** One spelling for words the two Englishes spell apart, so the phrase lists name each once. */
export const SPELLING: Readonly<Record<string, string>> = {
  colour: 'color', favourite: 'favorite', neighbour: 'neighbor', neighbours: 'neighbors', organising: 'organizing',
  organise: 'organize', mum: 'mom', mums: 'moms', mummy: 'mommy', jewellery: 'jewelry', grey: 'gray', centre: 'center', kerb: 'curb',
  hoover: 'vacuum', rubbish: 'trash', garbage: 'trash', recycling: 'recycle', recycled: 'recycle', binned: 'bin', binning: 'bin',
  chucking: 'chuck', chucked: 'chuck', thrown: 'throw', tossed: 'toss', ditched: 'ditch', dumped: 'dump', lobbing: 'lob', ditching: 'ditch', scrapping: 'scrap', tossing: 'toss', throwing: 'throw', dumping: 'dump', trashing: 'trash', chemists: 'chemist',
  donating: 'donate', donation: 'donate', donated: 'donate', keeping: 'keep', stays: 'stay', staying: 'stay',
  finished: 'finish', stopping: 'stop', quitting: 'quit', okay: 'ok', k: 'ok', kk: 'ok', yep: 'yes', yeah: 'yes',
  yh: 'yes', ya: 'yes', yup: 'yes', yess: 'yes', yesss: 'yes', yea: 'yes', nah: 'no', nope: 'no', naw: 'no',
  nxt: 'next', pls: 'please', plz: 'please', idk: 'dunno', dno: 'dunno', em: 'them',
  // Texting shorthand: "w no lids", "chillin n sleeping", "yeh go on", "erm".
  w: 'with', n: 'and', yeh: 'yes', yah: 'yes', bc: 'because', cuz: 'because', coz: 'because',
};

/**
 * Words typed with a letter held down ("binnnn", "yesss", "keeeep", "sooo much") are the word, when it is one of
 * these; never a stop or a "no" (a guessed stop is the worst misreading: "nooooo" stays unread).
 */
const STRETCHABLE = new Set([
  ...'bin trash toss keep yes ok so too much many please sure go next skip lol ugh hmm um omg yay wow nice right well oh really'.split(' '),
]);

/** A word with a letter held down, given back when it is a word people stretch ("binnnn" is bin, "keeeep" is keep). */
function unstretched(word: string): string {
  if (!/(\p{L})\1\1/u.test(word)) return word;
  const forms = [word.replace(/(\p{L})\1{2,}/gu, '$1$1'), word.replace(/(\p{L})\1{2,}/gu, '$1')];
  return forms.map((form) => SPELLING[form] ?? corrected(form)).find((form) => STRETCHABLE.has(form) || TYPO_TARGETS.includes(form)) ?? word;
}

/** The outcome vocabulary a typo is corrected towards; never a stop word (a guessed stop is the worst misreading). */
const TYPO_TARGETS = ['trash', 'throw', 'recycle', 'donate', 'charity', 'keep', 'next'];
// Real words one letter from a target that mean something else.
const NOT_TYPOS = new Set(['crash', 'brash', 'trish', 'three', 'threw', 'throne', 'dona', 'kept', 'keen', 'deep', 'text', 'nest', 'neat']);

/** A near miss of exactly one outcome word, with the same first letter ("recylce", "donat", "thow", "thrash"). */
function corrected(word: string): string {
  if (word.length < 4 || NOT_TYPOS.has(word) || TYPO_TARGETS.includes(word) || !/^[a-z]+$/.test(word)) return word;
  const near = TYPO_TARGETS.filter((target) => target[0] === word[0] && !word.startsWith(target) && editDistance(word, target) === 1);
  return near.length === 1 ? near[0]! : word;
}

function normalise(term: Term): string {
  const word = (term.implicit || term.normal || term.text)
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '');
  // "mum's" is "mom's": the owner spelt one way, the possessive kept.
  const owner = /^(.+)'s$/.exec(word)?.[1];
  if (owner && SPELLING[owner]) return `${SPELLING[owner]}'s`;
  // "erm", "er", "uhm", "ummm": one sound.
  if (/^(?:e+r+m*|e+h+m+|u+h*m+|u+h+)$/.test(word)) return 'um';
  return SPELLING[word] ?? corrected(unstretched(word));
}

// ---------------------------------------------------------------------------------------------------------------
// Clauses.

/** Punctuation after (or before) a word that ends a clause; a hyphen inside a word ("break-up box") does not. */
const BREAK = /[,.;:!?…()\n]|\s(?:[-–—/+&=→]|->|=>)\s/;
/** A word that is only a separator: "Laundry room / utility", "bed + desk + chair", "junk mail = trash". */
const SEPARATOR = /^(?:[-–—/+&=→]|->|=>)$/;
/** "so much", "so sentimental": a "so" before an amount or a quality opens no clause. */
function intensifies(next: Term | undefined): boolean {
  return next !== undefined && (/^(?:much|many|far|long)$/i.test(next.text) || next.tags.includes('Adjective'));
}

/**
 * "or" before a subject ("... or I forget") and "and" before where something goes ("pair them up and into the
 * drawer") join two clauses; "bin or donate" and "books and cables" are one.
 */
function joinsClauses(word: string, next: Term | undefined): boolean {
  if (word === 'or') return next !== undefined && /^(?:i|it|we|they|you|she|he)$/i.test(next.text);
  return word === 'and' && next !== undefined && /^(?:into|onto|in|on|back|to)$/i.test(next.text);
}

/** What follows a bare "no" that puts something in place of what came before: "the drawer... no, the toolbox". */
const CORRECTED_BY = 'the my a an our his her their in into on onto';
const CORRECTION = new RegExp(`^(?:${CORRECTED_BY.replaceAll(' ', '|')}) `);
/**
 * Words that start a clause of their own after a bare "no": a subject, keeping, "just" ("no just one pile"), or a
 * thing or place said instead ("the drawer... no the toolbox").
 */
const SUBJECTS = new Set(['it', 'its', 'that', 'this', 'they', 'those', 'these', 'i', 'we', 'she', 'he', 'keep', 'leave', 'just', ...CORRECTED_BY.split(' ')]);
/** Words that open a new clause: a contrast, a consequence, a correction. */
const OPENS_CLAUSE = new Set(['but', 'though', 'although', 'so', 'because', 'cause', 'cos', 'until', 'wait', 'then', 'if', 'unless']);

export function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  let words: Word[] = [];
  let raw = '';
  const flush = () => {
    const kept = words.filter((word) => word.norm !== '');
    if (kept.length > 0) clauses.push({ words: kept, norm: kept.map((word) => word.norm).join(' '), text: trimEdges(raw) });
    words = [];
    raw = '';
  };
  for (const clause of nlp(text).clauses().json() as { terms: Term[] }[]) {
    for (const [index, term] of clause.terms.entries()) {
      const norm = normalise(term);
      const opens =
        (OPENS_CLAUSE.has(norm) && !term.implicit && !(norm === 'so' && intensifies(clause.terms[index + 1]))) || joinsClauses(norm, clause.terms[index + 1]);
      if (BREAK.test(term.pre) || SEPARATOR.test(term.text) || opens) flush();
      if (SEPARATOR.test(term.text)) continue;
      // "i mean" corrects what came before: keep only what follows.
      if (norm === 'mean' && words.at(-1)?.norm === 'i') {
        clauses.length = 0;
        words = [];
        raw = '';
        continue;
      }
      // "no it's my nan's", "hell no that goes in the bin", "no no no keep it": a bare "no" before a subject, before
      // keeping, or said over and over, answers the card; it negates nothing.
      if (norm !== 'no' && words.at(-1)?.norm === 'no' && words.length <= 3 && (SUBJECTS.has(norm) || words.filter((word) => word.norm === 'no').length > 1)) flush();
      // "idk the sofa i guess", "dunno can you even bin these": a leading "dunno" is a clause of its own, unless it
      // says what is not known ("dunno where it goes").
      if (/^(?:i )?(?:dunno|do not know)$/.test(words.map((word) => word.norm).join(' ')) && !/^(?:what|where|which|who|why|how|if|whether|about|yet)$/.test(norm)) flush();
      words.push({ norm, tags: new Set(term.tags) });
      raw += `${term.pre}${term.text}${term.post}`;
      // "trash lol why do i keep these", "magnet lol it's from a road trip": a laugh after words ends what they say,
      // as a full stop would (a leading "lol" opens nothing).
      // It does not end a sentence that goes on after it: "I'm done lol with this one" is one clause.
      const goesOn = /^(?:with|about|for|of|in|on|at|to|from|and|or|than)$/i.test(clause.terms[index + 1]?.text ?? '');
      if (BREAK.test(term.post) || (LAUGH.test(norm) && words.length > 1 && !goesOn)) flush();
    }
    flush();
  }
  return heldAndCorrected(clauses);
}

/** Laughing, typed: "lol", "lmao", "haha". */
const LAUGH = /^(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*)$/;
/** A clause that only asks the coach to hold on: "stop", "wait", "hang on", "no wait", "wait, actually", "ugh stop lol". */
const HOLD_ON = /^(?:(?:no|oh|ok|sorry|um|uh|hmm|ugh) )*(?:stop|wait|hang on|hold on|hold up)(?: (?:no|actually|sorry|a sec|a second|a minute|lol|lmao|haha))*$/;
/** A hold-on that is a bare "stop", which a stop alone after it leaves a stop. */
const BARE_STOP = /(?:^| )stop(?: (?:lol|lmao|haha))?$/;
/** A clause that adds to what came before: "also the desk", "and the lamp", "plus the rug". */
const ADDS = /^(?:also|and|plus|and also|oh and|as well as|too)(?= |$)/;
/** A clause that takes back what came before: "actually no", "scratch that", "or rather". */
const TAKE_BACK = /^(?:(?:no|oh|ok|sorry) )*(?:actually no|no actually|scratch that|or rather|sorry i meant)$/;
/** What may follow a bare "stop" and still leave it a stop: thanks, an apology, how tired. */
const ONLY_POLITE = /^(?:please|thanks|thank you|sorry|now|seriously|lol|for (?:today|now|tonight)|(?:i am )?(?:so |too |really )?(?:tired|exhausted|knackered|wiped|done|out of steam))$/;

/**
 * Holding on and taking back. "stop, that's my sister's" and "wait, it's the blue one" open with an interjection
 * that means "hold on": the rest is the answer. In the middle of a message, "no wait", "hang on" or "actually no"
 * corrects what came before, so only what follows is read ("filing cabinet. no wait, the folder in my desk").
 * A lone "stop", or one followed only by "please" or how tired the person is, stays a stop.
 */
function heldAndCorrected(clauses: Clause[]): Clause[] {
  for (let index = clauses.length - 2; index >= 0; index--) {
    const clause = clauses[index]!;
    const rest = clauses.slice(index + 1);
    const holdsOn = HOLD_ON.test(clause.norm) && !(BARE_STOP.test(clause.norm) && rest.every((later) => ONLY_POLITE.test(later.norm)));
    // "the bed, wait, also the desk": a pause before something more adds to what came before; it takes nothing back.
    if (holdsOn && index > 0 && ADDS.test(rest[0]?.norm ?? '')) return [...clauses.slice(0, index), ...rest];
    const corrects = index > 0 && clause.norm === 'no' && CORRECTION.test(rest[0]?.norm ?? '');
    if ((holdsOn && (index === 0 || !BARE_STOP.test(clause.norm))) || TAKE_BACK.test(clause.norm) || corrects) return rest;
  }
  return clauses;
}

function trimEdges(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.;:!?…()'"“”‘’*~-]+|[\s,.;:!?…()'"“”‘’*~-]+$/g, '')
    .trim();
}

// ---------------------------------------------------------------------------------------------------------------
// Phrase matching on a clause's normalised words.

export const phrase = (...alternatives: string[]) => new RegExp(`(?:^| )(?:${alternatives.join('|')})(?= |$)`);
export const has = (clause: Clause, pattern: RegExp) => pattern.test(clause.norm);
// "too nice to toss": too good for a way out is refusing it.
const NEGATION = /(?:^| )(?:not|never|no|hate to|without|too (?:\w+ ){1,2}to)(?= |$)/;
/** A negative question is a suggestion, and negates nothing: "can't we just lump them together", "why not bin it". */
const SUGGESTION = /(?:^| )(?:(?:why )?(?:can|could|do|would|should|shall) not (?:we|i|you)|why not)(?= |$)/g;
/** What a thing lacks, in its name, negates no verb: "the ones with no lids can go in the bin", "the ones without lids". */
const LACKING = /(?:^| )(?:with no|without(?! (?:it|them|this|that|these|those)(?: |$)))(?= \w+ \w)/g;

export interface Found {
  /** Where the match starts and ends in the clause's normalised words. */
  readonly at: number;
  readonly end: number;
  /** A "not" / "never" / "no" earlier in the clause turns it round. */
  readonly negated: boolean;
}

export function matchesIn(clause: Clause, pattern: RegExp): Found[] {
  return [...clause.norm.matchAll(new RegExp(pattern.source, 'g'))].map((match) => ({
    at: match.index,
    end: match.index + match[0].length,
    negated: NEGATION.test(clause.norm.slice(0, match.index).replace(SUGGESTION, '').replace(LACKING, '')),
  }));
}

export const matchIn = (clause: Clause, pattern: RegExp): Found | undefined => matchesIn(clause, pattern)[0];

// ---------------------------------------------------------------------------------------------------------------
// Filler, and what makes a name.

const FILLER_EDGE = /^(?:(?:u+m+|u+h+m*|e+r+m*|e+h+m+|lol|lmao|haha|so|well|like|hmm+|ok|okay|alright|fine(?=[\s,]+(?:the|a|an|my|that|this)\b)|ugh|yeah|yes|back to|back in|back on|to|into|in|onto|on|at|over at|then|actually|just|oh|and|maybe|perhaps|probably|(?:some |a )?(?:kind|sort) of)\b[\s,]*)+|(?:[\s,]*\b(?:obviously|obvs|tbh|i guess|i think|lol|lmao|haha|please|pls|honestly|to be honest|probably|i suppose|then|innit|mostly|sadly|x2|ew+|yuck|eek|oops)\b)+$/gi;

export function trimFiller(text: string): string {
  return trimEdges(trimEdges(text).replace(FILLER_EDGE, '')).slice(0, 200);
}

const FILLER = new Set(
  "i im i'm me my it it's its this that these those is are was all so just really very here there everything the a an of and with what".split(' '),
);

/** Names something: at least one word that is not filler ("this is" names nothing). */
export function hasContent(text: string): boolean {
  return text.toLowerCase().split(/[^\p{L}']+/u).some((word) => word.length > 0 && !FILLER.has(word));
}

/** Short enough to be a thing's name. */
export function isName(text: string): boolean {
  const count = text.split(/\s+/).filter(Boolean).length;
  return count >= 1 && count <= 8 && /\p{L}/u.test(text) && hasContent(text);
}

// ---------------------------------------------------------------------------------------------------------------
// The message as read, and names as typed.

/** Contractions typed without their apostrophe that compromise leaves as they are, and are no words otherwise. */
const UNMARKED: readonly (readonly [RegExp, string])[] = [
  [/\b(that|what|there|here|where|who|he|she)s\b/gi, "$1's"],
  [/\b(does|did|were|have|had|must|need)nt\b/gi, "$1n't"],
  [/\b(they|you)re\b/gi, "$1're"],
  [/\b(we|they|you)ve\b/gi, "$1've"],
  // Not "well", "shell", "hell": only the subjects whose "ll" is no word.
  [/\b(that|it|there|you|they)ll\b/gi, "$1'll"],
];

/** The message as words, or empty when nothing readable is left (only control characters, unknown emoji). */
export function readable(raw: string): string {
  let text = raw.slice(0, ANALYSED * 2);
  for (const [emoji, word] of EMOJI) text = text.replace(emoji, word);
  text = text.replace(OTHER_EMOJI, ' ').replace(ESCAPE_SEQUENCE, ' ').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  // "glass recycling (along with its friends under the sink)": an aside in brackets says nothing about the answer,
  // when there is an answer outside it.
  const outside = text.replace(/\([^()]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  if (/\p{L}/u.test(outside)) text = outside;
  // "thats", "doesnt", "theyre": given their apostrophe back, compromise expands them as any other.
  for (const [unmarked, marked] of UNMARKED) text = text.replace(unmarked, marked);
  if (text.length > ANALYSED) text = text.slice(0, ANALYSED).replace(/\s+\S*$/, '');
  return text;
}

/** The words emoji are read as ("🗑️" is trash), which are never part of a name unless the person typed them. */
const EMOJI_WORDS = new Set(EMOJI.map(([, word]) => word.trim()));

/**
 * A name in the person's own words: "bin 🗑️" names the bin, not a "bin trash"; "doesnt", given its apostrophe back
 * to be read, is named as typed.
 */
export function typed(name: string, said: string): string {
  const words = said.toLowerCase();
  return name
    .split(/\s+/)
    .filter((word) => !EMOJI_WORDS.has(word.toLowerCase()) || new RegExp(`(?:^|[^\\p{L}])${word}(?:$|[^\\p{L}])`, 'iu').test(words))
    .map((word) => (word.includes("'") && !words.includes(word.toLowerCase()) && words.includes(word.toLowerCase().replaceAll("'", '')) ? word.replaceAll("'", '') : word))
    .join(' ');
}
