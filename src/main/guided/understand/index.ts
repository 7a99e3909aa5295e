/**
 * Free text to structured input without a model. `compromise` cuts the message into clauses (further cut here at
 * punctuation, "but", "so" (not "so much"), "wait", "or" before a subject, "and" before where a thing goes, and
 * after a bare "no" before a subject: "no it's my nan's"; "I mean" drops what came before), expands contractions
 * ("don't" -> "do not", "im" -> "i am"; "thats", "doesnt" get their apostrophe back first) and tags each word;
 * each clause is then normalised (lower case, one spelling for British and American words, emoji as words, typos in
 * the small outcome vocabulary fixed when only one word is near) and read against short phrase lists.
 *
 * - A word is negated by a "not", "never" or "no" earlier in its own clause: "not trash" rules trash out,
 *   "I don't want to keep it" lets it go, "don't stop" means keep going; a negative question suggests ("can't we
 *   just bin it"), and a question about how things are decides nothing ("can you even recycle these?").
 * - A leading "stop," / "wait," / "hang on," before more words means "hold on": the rest is read. Later, "no wait",
 *   "hang on" or "actually no" takes back what came before, as a bare "no" before another thing does ("the
 *   drawer... no the toolbox"); "actually not the desk" rules the desk out.
 * - Later clauses correct earlier ones ("bin... no wait, it goes in the drawer" is a place); an explicit outcome
 *   (bin it, donate, it stays, goes in the drawer) beats hesitation ("not sure"), which beats an outcome only
 *   implied ("I'm done with it", "I never use it", "don't bin them").
 * - Sentiment keeps ("it's sentimental", "it was my dad's", "my daughter made it"), and refusing a way out ("don't
 *   bin it") rules out a way out only implied or judged: "no, don't bin it, it's my grandma's" and "I know it's
 *   rubbish but I can't throw it out" are never out.
 * - What is said of another thing named yields to what is said of the card's ("bin the sauce packets but keep the
 *   box"); what a thing is needed for, or a remark on a place, is no answer ("I need it for the charity shop run").
 * - Shredding is recycling; a pharmacy or a battery or e-waste point is recycling kept with its place.
 * - On the card asking where a thing lives, the answer is a place whatever it names ("mom's house", "back to
 *   work"), unless it is a way out (the bin, charity, someone who wants it), doubt or a stop.
 * - An outcome word before a noun names a thing, not an outcome ("the trash bag can stay", "junk mail").
 * - A stop is a whole clause that asks to end the session ("let's stop for today", "can we stop", "I'm done",
 *   "that's enough", "can we call it", "let's finish tomorrow", "pick this up another day"), un-negated; being out of
 *   steam may come with a stop but is not one; "stop asking", "done with it", "tired" and "one more then I'm done" are not stops,
 *   and an answer said outright in the same message (it stays, stop) wins over a stop. On the card asking whether to go on, a
 *   bare "no" / "nah" declines to go on and is a stop too. (The coach confirms any stop read from text.)
 * - Names (items, anchors, places, the function) are the person's own words, less remarks ("sorry, there's loads")
 *   and filler at the edges ("obviously", "I guess"); a thing is what is said to be there or in hand ("there's a
 *   bag of old chargers", "I've got loads of receipts"), kept without its article or a rough amount.
 * - Typed voice is read as typed: a letter held down ("binnnn"), shorthand ("w", "n", "yeh", "erm"), a laugh that
 *   ends a clause ("trash lol why do i keep these"), and an aside in brackets, dropped when there is more outside it.
 * - A place needs no verb ("under the bed for now"); a place after a place narrows it ("Garage. The red toolbox");
 *   a bin named for what it holds, or standing where things are stored, is storage ("toy bin", "bin in the closet").
 * - What the text is about (`Expecting`) comes from the phase: the function, the anchors, the next item, the item
 *   on the card, its location, or the split. Text it cannot read is `unclear`: the coach asks, it does not guess.
 *
 * Pure and deterministic (replay reads the same words the same way); only the first `ANALYSED` characters are read.
 */
import nlp from 'compromise';
import { editDistance } from '../../../shared/text/distance';
import { bareName, headNoun } from '../../../shared/text/names';
import type { Expecting, Input, Outcome } from '../input';
import { parseList } from '../split';

/** Longer text is cut at this many characters before it is read: a card answer is short, and the cost grows with length. */
export const ANALYSED = 400;

interface Word {
  /** Lower case, contraction expanded, spelling unified. */
  readonly norm: string;
  readonly tags: ReadonlySet<string>;
}

interface Clause {
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
const SPELLING: Readonly<Record<string, string>> = {
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

function clausesOf(text: string): Clause[] {
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

const phrase = (...alternatives: string[]) => new RegExp(`(?:^| )(?:${alternatives.join('|')})(?= |$)`);
const has = (clause: Clause, pattern: RegExp) => pattern.test(clause.norm);
const NEGATION = /(?:^| )(?:not|never|no|hate to|without)(?= |$)/;
/** A negative question is a suggestion, and negates nothing: "can't we just lump them together", "why not bin it". */
const SUGGESTION = /(?:^| )(?:(?:why )?(?:can|could|do|would|should|shall) not (?:we|i|you)|why not)(?= |$)/g;
/** What a thing lacks, in its name, negates no verb: "the ones with no lids can go in the bin", "the ones without lids". */
const LACKING = /(?:^| )(?:with no|without(?! (?:it|them|this|that|these|those)(?: |$)))(?= \w+ \w)/g;
const NOT_OR_NEVER = phrase('not', 'never');
const STAY = phrase('stay');
/** Anchors: "everything can go except the bike". */
const LET_GO = phrase('go', 'goes', 'move', 'bin', 'trash', 'get rid');
const CAN_GO = phrase('can go', 'can move', 'can all move', 'can be moved');

interface Found {
  /** Where the match starts and ends in the clause's normalised words. */
  readonly at: number;
  readonly end: number;
  /** A "not" / "never" / "no" earlier in the clause turns it round. */
  readonly negated: boolean;
}

function matchesIn(clause: Clause, pattern: RegExp): Found[] {
  return [...clause.norm.matchAll(new RegExp(pattern.source, 'g'))].map((match) => ({
    at: match.index,
    end: match.index + match[0].length,
    negated: NEGATION.test(clause.norm.slice(0, match.index).replace(SUGGESTION, '').replace(LACKING, '')),
  }));
}

const matchIn = (clause: Clause, pattern: RegExp): Found | undefined => matchesIn(clause, pattern)[0];

// The session, whatever the card.
const LEAD = '(?:(?:ok|right|alright|yes|so|sorry|please|ugh|hmm|um|honestly|well|i think|oh|actually|look|phew) )*';
const ASK = '(?:(?:i|let us|lets|can we|could we|shall we|(?:why do not we|(?:can|could) not we|why not)(?: just)?|we can|we should|i will|i would like to|i want to|i wanna|want to|(?:i |we )?(?:need to|have to|have got to|got to|gotta|(?:am |are )?(?:gonna|going to) have to)|i am going to|i am gonna|time to|i think i will|i might|i am|we are) )?';
const WHEN = '(?: (?:now|here|there|then|for (?:me|today|now|tonight|the day|the night|the moment)|today|tonight|for (?:one|this|the|an|one more) (?:day|afternoon|morning|evening|night|session|sitting|go)))*';
/** A time that is this session, said after a phrase that is a stop only with it: "that will do for today". */
const THIS_SESSION = ' (?:for )?(?:today|tonight|the day|the night|(?:one|this|the|an) (?:day|afternoon|morning|evening|night|session|sitting|go))';
/** Another session, named: "tomorrow", "another day", "some other time". */
const ANOTHER_TIME = '(?:tomorrow|another (?:day|time)|some other (?:day|time)|next time|(?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the weekend))';
const CORE = [
  `stop${WHEN}`,
  `(?:i am |we are )?done for (?:today|now|tonight|the day)`,
  `i am done${WHEN}`,
  `that is (?:me|us) (?:(?:done|finish)${WHEN}|for (?:today|now|tonight|the day))`,
  `that is (?:it|all) for (?:me|today|now|tonight)`,
  `(?:that is |that is more than )?enough${WHEN}`,
  // Having had enough, said of this session: "I think I've had quite enough for one afternoon" (not "... of this mess").
  `(?:(?:i|we) )?(?:have |had )?had (?:quite |more than |about |just about )?enough${WHEN}`,
  `that (?:will|would|should|must)(?: have to)? do(?: it)?(?: for (?:me|us))?${THIS_SESSION}`,
  `(?:(?:i|we) )?(?:have )?had it${THIS_SESSION}`,
  `call(?:ing)? it(?: a (?:day|night)| quits)?${WHEN}`,
  // Going on another time is ending this one: "let's finish tomorrow", "pick this up another day".
  `(?:finish|continue|carry on|do (?:this|it|the rest)|pick (?:this|it|things) (?:back )?up|try again)(?: (?:this|it))?(?: (?:bit|one))? ${ANOTHER_TIME}`,
  `(?:leave it|save (?:it|the rest)) (?:there|for) ${ANOTHER_TIME}`,
  'leave it there (?:for )?(?:today|tonight)',
  `no more(?: for)? (?:today|tonight|now)`,
  `end(?: the| this)? session`,
  `finish(?: up| here| for (?:today|now))?${WHEN}`,
  `wrap(?: it| this| things)? up${WHEN}`,
  `quit${WHEN}`,
  `(?:need|want|take|have) a break${WHEN}`,
  `(?:have got to|got to|have to|need to|must|gotta) go${WHEN}`,
];
/** What may follow a stop in its clause: thanks, an apology, or why (tired, out of steam); never a stop on its own. */
const POLITE = '(?: (?:please|thanks|thank you|cheers|lol|sorry|honestly|to be honest|tbh|i think|i am (?:so |too |really )?(?:tired|exhausted|knackered|wiped|out of steam|spent)|i have hit a wall))*';
const STOP_CLAUSE = new RegExp(`^${LEAD}${ASK}(?:${CORE.join('|')})${POLITE}$`);
/** Dropping the whole thing: "forget it", "never mind"; a stop only with "not today" beside it. */
const DISMISS = /^(?:(?:actually|oh|ugh|nah|no) )*(?:forget (?:it|this|about it)|never ?mind|screw (?:it|this)|sod (?:it|this))$/;
const NOT_TODAY = /^(?:(?:just|maybe|sorry|but) )*not (?:today|tonight)$/;
/** Beside a stop, "just leave it" leaves the session, not the thing: it is no answer that outweighs the stop. */
const LEAVE_IT = /^(?:just )?leave (?:it|that|this|them|everything|it all)(?: (?:there|for now|for today|be))?$/;

/**
 * A clause that asks to end the session, or a dismissal with "not today" ("actually forget it, not today") where the
 * card proposes nothing about a thing (a split, where a thing goes) that "forget it" could drop instead.
 */
function asksToStop(clauses: readonly Clause[], expecting: Expecting): boolean {
  const any = (pattern: RegExp) => clauses.some((clause) => pattern.test(clause.norm));
  const proposal = ['split', 'disposition', 'location'].includes(expecting.kind);
  // "enough lol next one", "I'm done, next": asking for the next thing after it, the stop was about the thing.
  const stopAt = clauses.findLastIndex((clause) => STOP_CLAUSE.test(clause.norm));
  const goesOnAfter = clauses.slice(stopAt + 1).some((clause) => NEXT.test(clause.norm) && GOES_ON.test(clause.norm));
  return (stopAt >= 0 && !goesOnAfter) || (!proposal && any(DISMISS) && any(NOT_TODAY));
}

/** Words in a clause for going on that ask for more, not only agree: "next", "another one", "go on" (not "ok", "done"). */
const GOES_ON = /(?:^| )(?:next|another|go on|carry on|continue|move on|moving on|proceed|onwards?|crack on|what is next)(?: |$)/;

const KEEP_GOING = phrase(
 'keep (?:on )?going', 'keep (?:them|it) coming', `carry on(?! ${ANOTHER_TIME})`, 'on a roll', 'one more', 'lose momentum',
  '(?<!why )not (?:done|finish|tired|quit|stop)(?: yet)?', 'no stop', 'never (?:stop|quit)', '(?:do|can|will|would) not (?:want to )?(?:stop|quit)', 'hate to stop',
  // Progress named: "I'm actually getting somewhere", "don't make me stop now", "in the zone".
  'getting somewhere', 'making (?:good |real |some )?progress', 'keep at it', '(?:soldier|push|press|plough|plow) on', 'in the zone', 'going strong', '(?:do not|never|can not) make me (?:stop|quit)',
);
/** A clause made only of words for going on: "ok", "yes please", "alright alright, next", "just give me the next one". */
const NEXT = /^(?:(?:ok|yes|sure|alright|fine|right|go on|go|continue|ready|next(?: one| thing| item)?|another(?: one| thing)?|let us go|lets go|please|then|what is next|done|move on|carry on|just|give me the next one|sounds good|when(?:ever)? you (?:are|like|want)(?: ready)?|whenever|hit me|fire away|bring it on|go ahead|(?:let us|lets) do (?:this|it)|very well|proceed|onwards?(?: and upwards?)?|crack on|moving on|let us continue)(?: |$))+$/;
const NO = /^(?:no|no thanks|no thank you|not really)$/;

// How much a thing means is not too much: "it means so much to me", "I'd miss it too much".
const OVERWHELMED = phrase(
  '(?<!(?:it|them|that) )too much', 'too many', 'overwhelm\\w*', 'drowning', 'panic\\w*', 'can not think', '(?<!(?:means?|it|them|that) )so much', 'where to (?:start|begin)',
  'can not cope', 'freaking out', '^i can not$',
  // Not able to bear the sight of it: "I can't even look at it", "can't deal with it".
  'can not (?:even )?(?:look at|deal with|bear|stand being in) (?:it|this|them|the room|in here)',
);
const LESS_OVERWHELMING = phrase('less overwhelm\\w*', 'not overwhelm\\w*');
const TRIGGER = /^(.+?)\s+(?:freaks?|scares?|stress(?:es)?|makes?)\s+me(?:\s+(?:out|anxious|nervous))?\b|can'?t face\s+(.+)$/i;
const STUCK = phrase('stuck', 'help', 'can not decide', 'do not know what to do', 'this is hard', 'you (?:pick|choose|decide)', 'pick (?:something|one|for me)', 'give me an easy one', 'too tired to choose');
/** Doubt about what a thing is, not which: "maybe a usb one", "probably an old router", "no idea what this is". */
const IDENTITY_DOUBT = /(?:^| )(?:maybe|probably|perhaps)(?= (?:a|an|some) )|(?:no idea|no clue|not sure|dunno|do not know) what (?:it|this|that|they|these|those) (?:is|are)/g;
/** Doubt about when, not which: "pizza box from tuesday? maybe monday", "probably last week", "maybe 2019". */
const WHEN_DOUBT =
  /^(?:(?:or|maybe|probably|perhaps|i think|not sure) )+(?:(?:last |this |on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|month|year|night|christmas|easter|summer|winter)|yesterday|\d{1,4}s?|(?:a|one|two|three|a few|a couple of) (?:days?|weeks?|months?|years?)(?: ago)?|ages(?: ago)?|before that|earlier)$/;
/** A clause that is only doubt: "idk", "not sure", "no idea". */
const DOUBT_ONLY = /^(?:i )?(?:dunno|do not know|no idea|no clue|not sure|unsure)$/;
const HESITANT = phrase(
  // Not the contents nobody knows: "a bag full of I dunno what".
  '(?<!(?:of|with) (?:i )?)(?:dunno|do not know)', 'no idea', 'no clue', 'not sure', 'unsure', 'maybe', 'perhaps', 'undecided', 'not certain',
  'think about it', 'feel bad', 'part of me', 'torn', 'later', 'not yet', 'come back to (?:this|it)', '(?:i|we) might(?! as well)', 'might (?:come in|be) (?:useful|handy)',
  // Having no home yet: "it doesn't live anywhere", "it's never had a spot" (not "the bed can't go anywhere").
  'nowhere', 'no (?:home|spot|place for)', '(?:not|never) (?:really |even |ever )?(?:have|had|got) a (?:place|home|spot)', '(?:does|do|did) not (?:really |even )?(?:live|go|belong|fit) anywhere(?! else)',
);

// ---------------------------------------------------------------------------------------------------------------
// Outcomes of one item.

interface Reading {
  readonly outcome: Outcome;
  readonly location?: string;
  /** Said outright, not implied. */
  readonly firm: boolean;
  /** The clause refuses a way out ("don't bin it", "can't part with it"). */
  readonly refusesOut?: true;
  /** What the thing is said to be or deserve ("it's rubbish", "I should bin it"), which a refusal outweighs. */
  readonly judged?: true;
}

/** The outcomes that take a thing out of the home. */
const LEAVING: readonly Outcome[] = ['trash', 'donate', 'recycle'];

const PEOPLE =
  '(?:my |a |the |our |her |his )?(?:sister|brother|mom|mother|dad|father|friend|friends|mate|mates|pal|bestie|boyfriend|girlfriend|bf|gf|husband|wife|fiance|fiancee|ex|boss|workmate|coworker|teacher|neighbor|neighbors|nan|nana|gran|granny|grandma|grandad|grandpa|nephew|niece|cousin|aunt|auntie|uncle|son|daughter|kids|kid|children|flatmate|roommate|housemate|colleague|partner|someone|somebody|school|shelter|animal shelter|church|library|hospital|food bank)';
// "stuff", "place" and "set" are verbs only before what they move: "stuff them in the bag" (not "the stuff in the bag").
const PLACE_VERB =
  '(?:put|puts|goes|go|belongs?|keep(?! \\w+ing)|move(?! on(?! top))|drop|take|takes|throw|toss|chuck|dump|stick|hang|bring|shove|pop|plug|lives?|return|send|store|file|bung|leave|tuck|stash|slot|squeeze|cram|hide|stack|lay|(?:stuff|place|set)(?= (?:it|them|this|that|these|those|all|the lot)(?: |$)))';
const PLACE_VERB_WORD = new RegExp(`(?:^| )${PLACE_VERB}(?= )`);
const PREPOSITION = '(?:in|into|inside|on|onto|to|at|by|under|underneath|behind|beside|next to|near|in with|on top of|back in|back to|back on|round|round to|over to)';
const PLACE_AT = new RegExp(`(?:^| )(?<verb>${PLACE_VERB})(?: (?!${PREPOSITION} )\\S+){0,3}? (?<onto>${PREPOSITION}) (?<where>.+)$`);
const PLACE_ADVERB = new RegExp(`(?:^| )(?:${PLACE_VERB}|back)(?: it| them| back)? (?<where>downstairs|upstairs|outside|outdoors|home)(?= |$)`);
/** On, by or under a bin is beside it: "it goes back on the trash can" is a place, not the rubbish. */
const BESIDE = /^(?:back )?(?:on|onto|on top of|by|under|underneath|behind|beside|next to|near)$/;
/** Where a destination is, after it: "the recycling box by the back door", "the recycling is under the sink". */
const LANDMARK = '(?: (?:is |are )?(?:by|near|next to|under|in|at|on|behind|beside|outside|down|up|round|across|over|opposite) .+)?';
/** Where an outcome's things go: "in the bin" is trash, "to the charity shop" is donate. */
const DESTINATION_OUTCOMES: readonly (readonly [RegExp, Outcome])[] = (
  [
    ['recycle(?: bin| box| bag| crate)?|bottle bank|(?:council |local )?tip', 'recycle'],
    ['(?:trash|bin|dump|curb)(?: bag| can)?', 'trash'],
    ['charity(?: shop| bag)?|donate (?:bag|box|pile)|goodwill|thrift store|free pile|(?:(?:jumble|yard|garage|rummage|car boot|boot) sale)(?: pile| box| bag)?', 'donate'],
  ] as const
).map(([place, outcome]) => [new RegExp(`^(?:(?:in|into|to|for|at) )?(?:the |a )?(?:${place})${LANDMARK}$`), outcome]);
/** A destination said to take things: "the tip takes paint", "the charity shop will take them". */
const TAKEN_BY = /^(.+?) (?:takes|take|accepts|will take|can take|would take|should take|might take)(?= |$)/;
/** "there's a battery bin at tesco": a destination offered is the way out it names. */
const THERE_IS_A = /^(?:there (?:is|are)|(?:(?:the|my|our) )?\w+(?: \w+)? (?:has|have|has got|have got)(?= (?:a|an|some) )) /;
/**
 * Recycling that is not the household bin, kept with its place: old medicines back to a pharmacy, batteries and
 * electronics to their collection points ("the battery bin at tesco", "the e-waste place").
 */
const RECYCLING_POINT =
  /^(?:(?:in|into|to|for|at|back to) )?(?:the |a )?(?:\w+ )?(?:(?:pharmacy|chemist|drugstore|pharmacist)(?: \w+)?|(?:battery|batteries|e-?waste|electronics?|electrical|weee) (?:bin|box|recycle|point|place|bank|collection|center|drop)\b.*|recycle (?:point|center|place|collection|drop)\b.*)$/;
/** Someone else's home: "to my mum's", "round my brother's place", "hers", "back to him". It leaves this home, to a place. */
const SOMEONES_HOME = new RegExp(`^(?:(?:at|to|round|over to|for) )?(?:hers|his|theirs|him|her|them|${PEOPLE}'?s(?: (?:house|place|flat))?|${PEOPLE} (?:house|place|flat))$`);
/** Whose it was, when that makes it an heirloom: someone gone, a grandparent ("my late wife's", "my grandmother's"). */
const HEIRLOOM_OWNER = "(?:my |our |her |his )?(?:late \\w+|grand(?:ma|mother|pa|father|ad|dad|mom|mommy)|gran|granny|nan|nana|nanna)'?s";
/** Out of this room, with the place still to ask. */
const ELSEWHERE = phrase('somewhere else', 'elsewhere', 'another room', 'a different room');
/** Rooms and furniture a thing can go to, for answers that are only a place ("kitchen", "hook by the back door"). */
const PLACE_NOUN = phrase(
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
const STORAGE_SPOT = '(?:the |my |our |his |her |their )?(?:\\w+ )?(?:closet|wardrobe|shel(?:f|ves)|bed|bedroom|playroom|toy ?room|nursery|loft|attic|cubby|cubbies|den|craft room)';
function storageBin(clause: Clause, { at }: Found, whereCard: boolean): boolean {
  const words = clause.norm.slice(0, at).trim().split(' ').filter(Boolean);
  const before = words.at(-1) ?? '';
  const tags = clause.words[words.length - 1]?.tags;
  const after = clause.norm.slice(at).replace(/^ ?bins? ?/, '');
  const colour = new RegExp(`^(?:${COLOUR})$`).test(before);
  const named = before !== '' && !new RegExp(`^(?:${WASTE_BIN})$`).test(before) && (colour ? whereCard : tags?.has('Noun') === true && !tags.has('Pronoun'));
  const standing = new RegExp(`^(?:in|on|under|underneath|inside|on top of|in the back of) ${STORAGE_SPOT}(?: |$)`).test(after);
  return named || standing;
}
/** "file it", "filing": the file box, as the card's "File it" choice. */
const FILE_IT = /^(?:(?:just|please) )?(?:file|filing)(?: (?:it|them|that|those|away|it away|them away))?(?: please)?$/;

interface OutcomeWord {
  readonly pattern: RegExp;
  readonly outcome: Outcome;
  /** Said outright ("bin it"), or only implied ("I'm done with it"). */
  readonly firm: boolean;
  /** What a negation makes of it: "not trash" keeps, "I don't need it" lets go; none where it says nothing. */
  readonly negated?: Outcome;
  /** An outcome word that may also name a thing when a noun follows ("trash bag", "junk mail"). */
  readonly alsoAName?: true;
}

const OUTCOME_WORDS: readonly OutcomeWord[] = [
  {
    // Shredding is how papers with a name on them are recycled; a pharmacy takes old medicines back.
    pattern: phrase('recycle', 'bottle bank', 'e-? ?waste', 'shred\\w*', 'pharmacy', 'chemist', 'drugstore'),
    outcome: 'recycle',
    firm: true,
    negated: 'keep',
    alsoAName: true,
  },
  {
    pattern: phrase(
      'donate', 'charity', 'give (?:it |them |this |that |these |those )?away', 'pass (?:it|them|these|those) (?:on|along)$', 'goodwill', 'thrift', 'oxfam', 'sell', 'vinted', 'ebay', 'marketplace',
      // Sales and swaps where things go to someone else: "the church jumble sale", "car boot", "freecycle it".
      '(?:jumble|yard|garage|rummage|boot|bake|church|school) sale', 'car boot', 'bric a brac', 'freecycle', 'free pile', 'good home', 'gumtree', 'depop', 'craigslist', 'olio', 'buy nothing', 'swap shop',
    ),
    outcome: 'donate',
    firm: true,
    negated: 'keep',
    alsoAName: true,
  },
  {
    pattern: new RegExp(`(?:^| )(?:give|giving|pass|passing|send|sending|hand|handing|offer|offering)(?: (?:it|them|this|that|these|those))?(?: back| over| on| down| along)? to (?:${PEOPLE}|him|her|them)(?= |$)`),
    outcome: 'donate',
    firm: true,
    negated: 'keep',
  },
  {
    pattern: new RegExp(`(?:^| )(?:${PEOPLE}|she|he) (?:wants?|(?:would|will|might) (?:like|love|want|use|take)|can have|could have|could use|can use|might use|might want|might|needs?|takes?|can take|said (?:she|he|they) wants?)(?= |$)`),
    outcome: 'donate',
    firm: true,
  },
  {
    // It goes back where it came from: "they need to go back", "he'll want it back", "these need returning".
    pattern:
      /(?:^| )(?:(?:needs?|has|have|got) to (?:go|be taken|be given) back$|needs? (?:returning|to be returned|taking back)(?= |$)|return (?:it|them|this|that|these|those)$|take (?:it|them|this|that|these|those) back$|(?<!(?:^| )(?:i|we) )wants? (?:it|them|this|that|these|those) back(?= |$)(?! (?:in|on|into|to|by|under) (?:the|my|her|his|our|their) ))/,
    outcome: 'donate',
    firm: true,
  },
  {
    // Someone is coming for it: "she's collecting it Friday", "my brother is picking them up".
    pattern: new RegExp(`(?:^| )(?:${PEOPLE}|she|he|they) (?:is |are |will |will be |can )?(?:collect\\w*|picking (?:it |them |this |these )?up|pick (?:it |them |this |these )?up|coming for (?:it|them))(?= |$)`),
    outcome: 'donate',
    firm: true,
  },
  {
    // It is someone else's, to go back to them: "that's my sister's", "those are my mum's", "belongs to my flatmate".
    pattern: new RegExp(`(?:^| )(?:(?:(?:it|that|this|they|those|these) (?:is|are|has)|its) ${PEOPLE}'?s|belongs? to ${PEOPLE})(?: (?:actually|really|lol|tbh|anyway))?$`),
    outcome: 'donate',
    // Implied: "it's my ex's... I don't know" is still a hesitation.
    firm: false,
  },
  // "the recycling bin" is recycling: a bin named for another way out is not the rubbish.
  { pattern: phrase('trash', '(?<!(?:recycle|donate|charity|battery) )bin', 'throw', 'toss', 'chuck', 'lob', 'ditch', 'scrap', 'junk', 'dump', 'take (?:it |them )?out', 'goes out'), outcome: 'trash', firm: true, negated: 'keep', alsoAName: true },
  { pattern: phrase('keep', 'keeper', 'stay', 'leave (?:it|them|that|this|those|these)(?! as)', 'leave the', 'lives (?:here|there)', 'it lives', 'somewhere safe'), outcome: 'keep', firm: true, negated: 'donate' },
  {
    pattern: phrase(
      // Not passing it on to someone: "I'll pass it on to my cousin".
      'skip', 'pass(?!(?: (?:it|them|this|that|these|those))? (?:(?:on|over|along|down|back) )?to |(?: (?:it|them|this|that|these|those)) (?:on|over|along|down)(?: |$))', 'not now', 'come back to (?:this|it) later', 'next one',
      // Deciding later, said other ways: "I'd rather not decide today", "leave it for now", "not ready to open it", "move on".
      'rather not (?:decide|choose|think about|deal with|do)', '(?:decide|deal with (?:it|them|this|that)) (?:later|another (?:day|time)|tomorrow)',
      'leave (?:it|them|this|that|those|these) (?:for|till|until) (?:now|later|another|tomorrow|the moment|next time)', 'move on',
      'not ready to (?:decide|deal|open|look|face|sort|think|go through|read|choose)',
    ),
    outcome: 'skip',
    firm: true,
  },
  { pattern: phrase('mine'), outcome: 'keep', firm: false },
  {
    pattern: phrase('get rid', 'getting rid', 'wants? (?:it |them )?rid', 'done with', 'finish with', 'wants? (?:it|them) gone', 'part with', 'let (?:it |them )?go of', 'let (?:it|them) go', 'bring myself to'),
    outcome: 'donate',
    firm: false,
    negated: 'keep',
  },
  {
    pattern: phrase('used? (?:it|them)', 'using (?:it|them)', 'play (?:it|them)', 'need (?:it|them)', 'want (?:it|them)', 'w(?:ea|o)r[en]? (?:it|them)', 'love (?:it|them)', 'do not move'),
    outcome: 'keep',
    firm: false,
    negated: 'donate',
  },
  {
    // What it means to the person: "it's sentimental", "it means the world to me", "irreplaceable".
    pattern: phrase(
      'sentimental(?: value)?', 'means? (?:a lot|the world|so much|everything)', 'irreplaceable', 'heirloom', 'memories', 'precious', 'treasured?',
      'reminds? me of', 'a (?:gift|present)', 'miss (?:it|them)', '(?:would|had|id) cry', 'break my heart', 'in memory', 'passed away', '(?:she|he|they) (?:passed|died)',
    ),
    outcome: 'keep',
    firm: false,
    negated: 'donate',
  },
  {
    // Made, given or left by someone close: "my daughter made it", "it was my dad's", "a gift from my best friend".
    pattern: new RegExp(
      `(?:^| )(?:(?:it|that|this|they|those|these) (?:was|were|used to be) ${PEOPLE}'?s|(?:(?:it|that|this|they|those|these) (?:is|are|has|was|were) |its )?${HEIRLOOM_OWNER}|belonged to ${PEOPLE}|${PEOPLE} (?:made|drew|painted|knitted|gave|bought)|(?:gift|present) from|from (?:my|our) (?:wedding|late))(?= |$)`,
    ),
    outcome: 'keep',
    firm: false,
  },
  // Finishing something with it keeps it, whether it is finished one day or not finished yet.
  { pattern: phrase('finish (?:reading|knitting|it)'), outcome: 'keep', firm: false, negated: 'keep' },
];

const DESTINATION_HEADS = new Set(['shop', 'shops', 'bin', 'bins', 'bank', 'center', 'store', 'sale', 'sales', 'pile', 'stall']);
/** Words after an outcome word that are not a thing it names: "bin it", "trash obvs", "charity please". */
const QUANTITIES = new Set(['it', 'them', 'this', 'that', 'here', 'there', 'out', 'away', 'half', 'all', 'some', 'both', 'now', 'everything', 'lol', 'obvs', 'obviously', 'tbh', 'please', 'honestly', 'definitely', 'then', 'innit', 'mate', 'asap']);

/** An outcome word directly before a noun is part of a thing's name: "trash bag", "junk mail", "bin day". */
function namesAThing(clause: Clause, { at, end }: Found): boolean {
  const before = clause.norm.slice(0, at).trim();
  // "next to the bin": a landmark, not where the thing goes.
  if (/(?:^| )(?:next to|by|under|near|beside|behind|on top of) the$/.test(before)) return true;
  const next = clause.words[clause.norm.slice(0, end).trim().split(' ').length];
  // "charity shop", "recycle bin", "bottle bank": where the outcome's things go, so still the outcome.
  if (!next || DESTINATION_HEADS.has(next.norm)) return false;
  return next.tags.has('Noun') && !next.tags.has('Pronoun') && !QUANTITIES.has(next.norm);
}

/** What a destination does with a thing: an outcome's place ("the bin"), a recycling point, someone else's home. */
function destinationOf(clause: Clause, said: string, whereCard: boolean): Reading | undefined {
  // "in the recycling obvs", "back to the chemist i guess": a remark after the place is no part of it.
  const where = trimFiller(said);
  const outcome = DESTINATION_OUTCOMES.find(([pattern]) => pattern.test(where))?.[1];
  // "bin in the closet": a bin where things are stored is no way out.
  const stored = new RegExp(`(?:^| )bins? (?:in|on|under|underneath|inside|on top of|in the back of) ${STORAGE_SPOT}(?: |$)`).test(where);
  if (outcome && !(outcome === 'trash' && stored)) return { outcome, firm: true };
  const place = () => locationText(clause, where.replace(/^(?:in|into|to|for|at|round|over to|back to) /, ''));
  if (RECYCLING_POINT.test(where)) return { outcome: 'recycle', location: place(), firm: true };
  // Asked where it lives, someone else's home is where it lives ("mom's house"); otherwise it leaves the home.
  if (SOMEONES_HOME.test(where)) return whereCard ? { outcome: 'place', location: place(), firm: true } : { outcome: 'donate', firm: true };
  return undefined;
}

/**
 * A question about how things are, not about what the person will do: "where do people keep these?", "can you even
 * put meds in the bin?", "do charity shops take cables". Asking leave ("can I just bin it?", "is it ok to bin
 * them?") and suggesting ("what about the charity shop") say what the person means to do, so they are not these.
 */
const ASKS_A_FACT = new RegExp(
  [
    '(?:where|what|how|which|who|when) (?:do|does|did|is|are|can|could|should|would|will) ',
    // "why do I keep these", "why did we even buy this": asking why of one's own doing decides nothing either.
    'why (?:on earth )?(?:do|did|would|have|am|are) (?:i|we)(?! not)(?= )',
    // Not asking leave, nor asking the coach to do it: "can you put it in the donate pile".
    '(?:can|could|should|does) (?!(?:i|we|not) |you (?:please |just )?\\w+ (?:it|them|this|that|these|those)(?: |$))',
    // "do" with an object is doing it: "do it, bin them".
    'do (?!(?:i|we|not|it|this|that|them) )',
    '(?:is|are) (?:it|this|that|these|those|they|there|the|a|an) (?!(?:ok|okay|alright|fine) to )',
  ]
    .map((start) => `^${start}`)
    .join('|'),
);

/** Words before what a thing is said to be or to deserve: "it's rubbish", "they're just junk", "I should bin it". */
const JUDGEMENT =
  /(?:^| )(?:(?:it|that|this|they|those|these) (?:is|are|was|were)|its|(?:i|we)(?: really| probably)? (?:should|ought to))(?: (?:just|really|basically|probably|total|complete|utter|all|pure|absolute|literally))*$/;

/** Using a thing for something: "I need it for...", "we use them for...". */
const PURPOSE = /(?:^| )(?:need|needs|use|uses|using|want)(?: (?:it|them|this|that|these|those))? for /;
/** A remark on a place named before it: "back on the desk where it belongs". */
const WHERE_IT = /(?= where (?:it|they|this|that|these|those) )/;

function outcomeIn(clause: Clause, whereCard = false): Reading | undefined {
  // "I'd cry if I binned it": a condition decides nothing; nor does a question.
  if (/^(?:if|unless) /.test(clause.norm) || ASKS_A_FACT.test(clause.norm)) return undefined;
  // A clause that is only where an outcome's things go: "recycle bin", "charity shop", "in the bin", "mum's".
  const destination =
    destinationOf(clause, clause.norm.replace(THERE_IS_A, ''), whereCard) ?? destinationOf(clause, TAKEN_BY.exec(clause.norm)?.[1] ?? '', whereCard);
  if (destination) return destination;
  if (FILE_IT.test(clause.norm)) return { outcome: 'place', location: 'file box', firm: true };
  // "keep it but not here": somewhere else, the place still to ask.
  if (/^(?:but )?not (?:in )?(?:here|this room)$/.test(clause.norm)) return { outcome: 'place', firm: true };
  // "it's my sister's", asked where it lives: it lives at hers.
  // compromise may read "it's" as "it has" ("it's my sister's, she left it here").
  const owner = /^(?:(?:it|that|this|they|those|these) (?:is|are|has)|its) (.+)$/.exec(clause.norm)?.[1];
  if (whereCard && owner && SOMEONES_HOME.test(owner)) return { outcome: 'place', location: locationText(clause, owner), firm: true };
  const place = PLACE_AT.exec(clause.norm) ?? PLACE_ADVERB.exec(clause.norm);
  if (place && !matchIn(clause, PLACE_VERB_WORD)?.negated) {
    const { verb, onto, where } = place.groups as { verb?: string; onto?: string; where: string };
    // "on the free pile" is in it: a pile is not a bin to stand things by.
    const elsewhere = onto && BESIDE.test(onto) && !/^(?:the |a |my )?(?:\w+ )+pile(?: |$)/.test(where) ? undefined : destinationOf(clause, where, whereCard);
    if (elsewhere) return elsewhere;
    // Kept somewhere is a place only where a place is named: not "keep it in case", "keep it in mind".
    const placed = !/^(?:here|there|it|them)$/.test(where) && (verb !== 'keep' || /^(?:the|my|our|his|her|their|your|a|an) /.test(where) || has(clause, PLACE_NOUN));
    if (placed) return { outcome: 'place', location: locationText(clause, where), firm: true };
  }
  let best: { outcome: Outcome; firm: boolean; at: number; judged: boolean } | undefined;
  let refuses = false;
  let storage = false;
  // "I need it for the stuff going to the charity shop": what it is needed for is not where it goes; "on the shelf
  // where it lives": a remark about the place is no second answer.
  const aside = PURPOSE.exec(clause.norm) ?? WHERE_IT.exec(clause.norm);
  const asideAt = aside ? aside.index + aside[0].length : clause.norm.length;
  for (const word of OUTCOME_WORDS) {
    // "the trash bag", "junk mail": a thing's name, not an outcome.
    const found = matchesIn(clause, word.pattern).find(
      (match) =>
        match.at < asideAt &&
        !(word.alsoAName && namesAThing(clause, match)) &&
        !(word.outcome === 'trash' && /^ ?bins?$/.test(clause.norm.slice(match.at, match.end)) && (storage = storageBin(clause, match, whereCard))),
    );
    if (!found) continue;
    refuses ||= found.negated && LEAVING.includes(word.outcome);
    // "keep going", "I keep avoiding them", "keep them coming": not about keeping a thing.
    if (word.outcome === 'keep' && /(?:^| )keep (?:\w+ing|them coming|it coming)(?= |$)/.test(clause.norm)) continue;
    const outcome = found.negated ? word.negated : word.outcome;
    if (!outcome) continue;
    const reading = { outcome, firm: word.firm && !found.negated, at: found.at, judged: !found.negated && JUDGEMENT.test(clause.norm.slice(0, found.at)) };
    // Within a clause the last word says it, but something said outright outweighs something implied.
    if (!best || (reading.firm === best.firm ? reading.at >= best.at : reading.firm)) best = reading;
  }
  if (best) return { outcome: best.outcome, firm: best.firm, ...(refuses ? { refusesOut: true as const } : {}), ...(best.judged ? { judged: true as const } : {}) };
  if (has(clause, ELSEWHERE) && !matchIn(clause, ELSEWHERE)?.negated) return { outcome: 'place', firm: true };
  if ((storage || has(clause, PLACE_NOUN)) && isPlaceOnly(clause)) return { outcome: 'place', location: trimFiller(clause.text.replace(/\s+where\s.*$/i, '')), firm: true };
  return undefined;
}

/** A clause that is only a place: "kitchen", "back to the kitchen, obviously", "toolbox in the shed", "my son's room". */
function isPlaceOnly(clause: Clause): boolean {
  if (matchIn(clause, PLACE_NOUN)?.negated) return false;
  // Place nouns that can be verbs ("hook", "shelf") and filler verbs ("I guess") are not an action.
  const verbs = clause.words.filter(
    (word) => word.tags.has('Verb') && !word.tags.has('Gerund') && !PLACE_NOUN.test(word.norm) && !['back', 'go', 'goes', 'belongs', 'belong', 'lives', 'live', 'is', 'by', 'under', 'behind', 'beside', 'inside', 'above', 'below', 'guess', 'think', 'suppose', 'mean'].includes(word.norm),
  );
  return verbs.length === 0 && !['i', 'it', 'its', 'that', 'this', 'they', 'we'].includes(clause.words[0]!.norm);
}

/** The place in the person's own words: the clause's text from the place onwards. */
function locationText(clause: Clause, normalisedPlace: string): string {
  const firstWord = normalisedPlace.split(' ')[0]!;
  const words = clause.text.split(' ');
  const spelt = (word: string) => {
    const lower = word.toLowerCase().replace(/[^\p{L}']/gu, '');
    return SPELLING[lower] ?? lower;
  };
  const from = words.findIndex((word, index) => spelt(word) === firstWord && words.length - index >= normalisedPlace.split(' ').length - 1);
  return trimFiller(from >= 0 ? words.slice(from).join(' ') : normalisedPlace);
}

const FILLER_EDGE = /^(?:(?:u+m+|u+h+m*|e+r+m*|e+h+m+|lol|lmao|haha|so|well|like|hmm+|ok|okay|alright|fine(?=[\s,]+(?:the|a|an|my|that|this)\b)|ugh|yeah|yes|back to|back in|back on|to|into|in|onto|on|at|over at|then|actually|just|oh|and|maybe|perhaps|probably|(?:some |a )?(?:kind|sort) of)\b[\s,]*)+|(?:[\s,]*\b(?:obviously|obvs|tbh|i guess|i think|lol|lmao|haha|please|pls|honestly|to be honest|probably|i suppose|then|innit|mostly|sadly|x2|ew+|yuck|eek|oops)\b)+$/gi;

function trimFiller(text: string): string {
  return trimEdges(trimEdges(text).replace(FILLER_EDGE, '')).slice(0, 200);
}

/** An outcome said of a thing by name: "bin the sauce packets", "keep the box". */
const OUTCOME_OF = /^(?:(?:just|but|and|then) )*(?:bin|trash|throw|toss|chuck|dump|keep|donate|recycle|sell) (?:out |away )?(?:the|those|these|that|this|my|all the) (.+)$/;

/**
 * A clause deciding about a thing named that is not the one on the card (nor a part of it: "bin the rest"). The card's
 * thing is named by its head noun or the end of it: "the box" is the shoebox.
 */
function aboutAnotherThing(clause: Clause, item: string): boolean {
  const named = OUTCOME_OF.exec(clause.norm)?.[1];
  const singular = (word: string) => word.replace(/(?:es|s)$/, '');
  const head = singular(headNoun(item));
  const namesTheItem = (word: string) => word.length > 2 && head.endsWith(singular(word));
  return named !== undefined && !has(clause, PART) && !named.split(' ').some(namesTheItem);
}

/** One of several of a kind: "the junk one", "the big white one". */
const APPOSITION = /^(?:the|a|an) (?:\w+ ){0,2}ones?$/;
/** Part of the item in hand: "the good ones", "the rest", "some". */
const PART = phrase('the rest', 'the others', 'the other ones', 'everything else', 'the remainder', 'some', 'a few', 'half', 'the (?:good|best|bad|nice|broken|old|new) ones');

/** A clause that puts something in place of what came before: "actually the drawer", "or the shelf", "the box instead". */
const INSTEAD = /^(?:(?:no|actually|or|maybe|wait|rather|better|sorry) )|(?:^| )(?:instead|rather)(?: |$)/;

/**
 * A place that narrows the place named just before it is said with it: "Garage. The red toolbox on the second shelf."
 * is the garage's toolbox, not a toolbox anywhere; one said instead ("the desk... actually the drawer") replaces it.
 */
function refinedPlace(read: readonly { clause: Clause; reading: Reading | undefined }[], last: { clause: Clause; reading: Reading }): Reading {
  const at = read.findIndex(({ clause }) => clause === last.clause);
  const before = read[at - 1]?.reading;
  const { reading } = last;
  if (reading.outcome !== 'place' || !reading.location || before?.outcome !== 'place' || !before.location || INSTEAD.test(last.clause.norm)) return reading;
  return { ...reading, location: `${before.location}, ${reading.location.replace(/^(?:The|A|An|My|Our)\b/, (article) => article.toLowerCase())}` };
}

/**
 * What the message says about the item in hand, corrections and all; undefined when it says nothing about it.
 * `whereCard`: the card asked where the thing lives, so a place is what any place-like answer names.
 */
function disposition(clauses: readonly Clause[], item: string, whereCard = false): Input | undefined {
  const read: { clause: Clause; reading: Reading | undefined }[] = [];
  for (const clause of clauses) {
    // "kitchen drawer, the junk one": a clause that only picks out the place just named decides nothing.
    const refines = read.at(-1)?.reading?.location !== undefined && APPOSITION.test(clause.norm);
    read.push({ clause, reading: refines ? undefined : outcomeIn(clause, whereCard) });
  }
  // "Don't bin it, it's my grandma's": refusing a way out rules out a way out that is only implied or judged.
  const refused = read.some(({ reading }) => reading?.refusesOut);
  const kept = read.filter(
    (said): said is { clause: Clause; reading: Reading } =>
      said.reading !== undefined && !(refused && (!said.reading.firm || said.reading.judged) && LEAVING.includes(said.reading.outcome)),
  );
  const readings = kept.map(({ reading }) => reading);
  // "they go by the back door, not in here": somewhere else with no place adds nothing to a place named.
  const located = readings.some((reading) => reading.outcome === 'place' && reading.location);
  const firmly = kept.filter(({ reading }) => reading.firm && !(located && reading.outcome === 'place' && !reading.location));
  // "bin the sauce packets but keep the box": what is said about another thing yields to what is said about this one.
  const onThisThing = firmly.filter(({ clause }) => !aboutAnotherThing(clause, item));
  const last = (onThisThing.length > 0 ? onThisThing : firmly).at(-1);
  const firm = last && refinedPlace(read, last);
  // "keep the good ones, bin the rest": the item is to be sorted further, which is a hesitation, not either outcome.
  const parts = read.filter(({ clause, reading }) => reading?.firm && has(clause, PART));
  const sortedFurther = new Set(parts.map(({ reading }) => reading!.outcome)).size > 1;
  // Asking how things are is not knowing yet.
  const hesitant = clauses.some((clause) => has(clause, HESITANT) || ASKS_A_FACT.test(clause.norm));
  const chosen = sortedFurther ? { outcome: 'unsure' as const } : (firm ?? (hesitant ? { outcome: 'unsure' as const } : readings.at(-1)));
  if (!chosen) return undefined;
  return { kind: 'disposition', item, outcome: chosen.outcome, ...('location' in chosen && chosen.location ? { location: chosen.location } : {}) };
}

// ---------------------------------------------------------------------------------------------------------------
// What the space is for.

const FUNCTION_WORDS = phrase(
  'work\\w*', 'office', 'wfh', 'study\\w*', 'homework', 'thesis', 'sleep\\w*', '\\w*bedroom', 'craft\\w*', 'hobby', 'hobbies', 'sew\\w*',
  'paint\\w*', 'art', 'studio', 'storage', 'store\\w*', 'spare', 'box room', 'junk room', 'living', 'lounge', 'relax\\w*', 'tv', 'play\\w*',
  'kids', 'guest\\w*', 'gym', 'exercise', 'yoga', 'music', 'record\\w*', 'read\\w*', 'gam\\w*', '(?:get )?dress\\w*', 'wardrobe', 'closet',
  'clothes', 'eat\\w*', 'dining', 'dinner', 'laundry', 'utility', 'garage', 'car', 'nursery', 'baby', 'meditat\\w*', 'breath\\w*',
  'chill\\w*', 'unwind\\w*', 'hang(?:ing)? out', 'veg\\w* out',
  // Rooms that are their use: "it's the hallway", "the kitchen".
  'kitchen', 'bathroom', 'hall(?:way)?', 'entr(?:y|ance)\\w*', 'landing', 'porch', 'loft', 'attic', 'basement', 'cellar', 'shed', 'den', 'conservatory',
);
const ROOM_STATE = phrase('buried', 'disaster', 'mess\\w*', 'see the floor', 'everywhere', 'chaos', 'dumping ground', 'tip', 'bomb', 'pigsty');
const NO_LONGER = phrase('no longer', 'done with', 'any ?more');

/** A clause about a use the room no longer has: "not work", "I don't want to work in here any more". */
function noLonger(clause: Clause): boolean {
  if (has(clause, NO_LONGER)) return true;
  // A "not" after the use says something else: "a bedroom that doesn't look like a bomb went off".
  const use = matchIn(clause, FUNCTION_WORDS);
  return use ? use.negated : has(clause, NOT_OR_NEVER);
}

/** Clauses back into one text: "I sleep here but it's also my office". */
function joined(clauses: readonly Clause[]): string {
  return clauses.map((clause) => clause.text).reduce((text, next) => (/^(?:but|so|and|though|although|because|then)\b/i.test(next) ? `${text} ${next}` : `${text}, ${next}`));
}

function functionOf(clauses: readonly Clause[], overwhelmed: boolean): Input | undefined {
  // "not work, I do all my work at the library": a use ruled out is not brought back by saying where it happens instead.
  // Compared by their start: "no studying" rules out "I study at the library".
  const uses = (clause: Clause) => [...clause.norm.matchAll(new RegExp(FUNCTION_WORDS.source, 'g'))].map((match) => match[0].trim().slice(0, 4));
  const rulesOut = (clause: Clause) => /^(?:(?:but|and|so|definitely|honestly) )*(?:not|no|never)(?: (?:a|an|the|for|really|my))? /.test(clause.norm);
  const ruledOut = new Set(clauses.filter(rulesOut).flatMap(uses));
  const elsewhere = (clause: Clause) => uses(clause).length > 0 && uses(clause).every((use) => ruledOut.has(use));
  const namesAUse = (clause: Clause) => has(clause, FUNCTION_WORDS) && !(has(clause, ROOM_STATE) && clause.words.length <= 4) && !elsewhere(clause);
  // The function in the person's words, less what it no longer is and how the room feels ("it's a total mess").
  const said = clauses.filter(
    (clause) =>
      !noLonger(clause) &&
      !elsewhere(clause) &&
      (namesAUse(clause) ||
        !(has(clause, ROOM_STATE) || has(clause, OVERWHELMED) || has(clause, HESITANT) || /^(?:what|why|how|sorry|ugh|honestly|idk|lol)(?: |$)/.test(clause.norm))),
  );
  if (!said.some(namesAUse)) return undefined;
  return { kind: 'function', function: trimFiller(joined(said)), overwhelmed };
}

// ---------------------------------------------------------------------------------------------------------------
// Names: items, anchors, split categories.

/** Sounds and nods before what a clause says: "um the mug", "yeah do the clothes pile", "hmm the cot has to stay". */
const LEADING_FILLER = /^(?:(?:yes|ok|so|well|um+|uh+|hmm+|oh|now|and|right|alright|lol|lmao|haha|fine(?= (?:the|a|an|my|that|this) )) )+(?=\S)/;
const REMARK_START = /^(?:what(?! about)|how(?! about)|why|because|cos|cause|since|where|when|who|nobody|no one|everyone|enough|i|i am|it|it is|its|that|that is|this|this is|those|these|they|there|there is|we|sorry|ugh|lol|whatever(?! is (?:on|in|under|by|near|behind|next to) )|honestly|obviously|sadly|non negotiable|but|so|haha|well|um|hmm|ok|yes|no|fine|please|im|ive)(?: |$)/;
const VAGUE = /^(?:the |that |this |a )?(?:thing|stuff|one|bit)(?: |$)/;

/** A clause that names a thing, as the person wrote it; undefined for remarks ("it's toppling over", "sorry"). */
function nameIn(clause: Clause): string | undefined {
  // "yeah do the clothes pile", "now the bags": what follows a yes is the name.
  const body = clause.norm.replace(LEADING_FILLER, '');
  // "it's a router", "that's my junk drawer organiser": the name is what the thing is said to be (not "it's a mess").
  const said = IT_IS.test(body) && !has(clause, ROOM_STATE) ? trimFiller(clause.text).replace(IT_IS_TEXT, '') : foundIn(clause, body);
  // "found it", "there's a mess": something is there, but nothing is named.
  if (!said && THERE_IS.test(body)) return undefined;
  if (!said && REMARK_START.test(body) && !/^(?:this|that|those|these) \w+/.test(body.replace(/^(?:this|that) is .*/, ''))) return undefined;
  if (PHOTO.test(body)) return undefined;
  // "not a cat": what it is not; "shoes done", "the desk is done": what is finished; "phew": a sound.
  if (/^not /.test(body) || DONE_REPORT.test(body) || clause.words.every((word) => word.tags.has('Expression'))) return undefined;
  // A name has a noun ("dishes" may be tagged a verb when it stands alone).
  const nouns = clause.words.filter((word) => word.tags.has('Noun') && !word.tags.has('Pronoun'));
  if (nouns.length === 0 && clause.words.length > 2) return undefined;
  // Cut at what follows the name: "my yoga mat that's been on the floor", "the stuff on the bed so I can sleep",
  // "the bag I never took back".
  const text = trimFiller(
    trimFiller(
      (said ?? clause.text)
        .replace(VAGUE_CONTENTS, '')
        .replace(/\s+(?:that'?s|that has|that is|which|who|so i|so that|since|because|i guess|i think)\b.*$/i, '')
        // "a shoebox of receipts from what appears to be 2009": a clause about when or what, after the name.
        .replace(/\s+(?:(?:from|since|of) )?(?:what|whenever|when|where)\s.*$/i, '')
        // "PIZZA BOX from,, tuesday": a name cut off before what it was from.
        .replace(/\s+(?:from|of|with|in|on|at|by|for|to)$/i, '')
        .replace(RELATIVE, '$1'),
    ).replace(
      /^(?:what about|how about|start with|do|let'?s do|now|and)\s+/i,
      '',
    ),
  );
  // "a stack of magazines and a hair dryer on top": of several things named at length, the first.
  const first = text && !isName(text) ? trimFiller(parseList(text)[0] ?? '') : text;
  return first && isName(first) ? first : undefined;
}

/** About to take a thing in hand: "I'll grab the remote", "let me do the shoes" (not "I'll take a break"). */
const TAKING = '(?:i will|ill|let me|lemme|i am (?:going to|gonna))(?: just)? (?:grab|take|pick up|do|start with|go with|go for|tackle|get)(?! (?:a )?(?:break|breather|rest|minute|sec|second|moment|look)(?: |$))';
const TAKES = new RegExp(`^${TAKING} `);
/** Contents nobody knows are no part of a name: "a trash bag full of I don't know what", "a box of god knows what". */
const VAGUE_CONTENTS = /\s+(?:full\s+)?(?:of|with)\s+(?:(?:i\s+)?(?:dunno|idk|don['’]?t\s+know|do\s+not\s+know)|(?:god|who|heaven)\s+knows)\b.*$/i;
/** Which photo, not what is in it: "photo 2", "in the second pic", "the last picture". */
const PHOTO = /^(?:(?:in|on) )?(?:the )?(?:(?:first|second|third|fourth|last|next|other|\d+(?:st|nd|rd|th)) )?(?:photo|pic|picture|image|shot)s?(?: (?:\d+|one|two|three|four|five))?$/;
/** "there's a bag of old chargers", "I've got a pile of receipts", "found some batteries": the name is what follows. */
const THERE_IS = new RegExp(`^(?:there (?:is|are|was|were)|here is|(?:i|we) (?:(?:have )?(?:got|found|picked up)|have(?! (?:had|been|done|gone|to|finished|decided|sorted|just|already|never|not|no)(?: |$))|can see|see|am holding|are holding|am looking at|are looking at)|ive (?:got|found)|got|found|looking at|(?:the )?(?:next(?: up| one| thing)?|(?:nearest|closest|first|biggest|main|worst) (?:thing|one)(?: i (?:can )?(?:see|reach))?) is|${TAKING})(?= )`);
const THERE_IS_TEXT =
  /^(?:there(?:['’]s|['’]re|\s+is|\s+are|\s+was|\s+were)|here(?:['’]s|\s+is)|(?:i|we)(?:['’]ve|\s+have)?\s+(?:got|found|picked\s+up)|ive\s+(?:got|found)|(?:i|we)(?:['’]ve|\s+have)|ive|(?:i|we)\s+(?:can\s+see|see)|(?:i['’]m|im|i\s+am|we['’]re|we\s+are)\s+(?:holding|looking\s+at)|got|found|looking\s+at|(?:the\s+)?(?:next(?:\s+(?:up|one|thing))?|(?:nearest|closest|first|biggest|main|worst)\s+(?:thing|one)(?:\s+i\s+(?:can\s+)?(?:see|reach))?)\s+is|(?:i['’]ll|ill|i\s+will|let\s+me|lemme|(?:i['’]m|im|i\s+am)\s+(?:going\s+to|gonna))(?:\s+just)?\s+(?:grab|take|pick\s+up|do|start\s+with|go\s+with|go\s+for|tackle|get))\s+/i;
/** A rough amount before a name says nothing about what it is: "loads of cables", "a couple of wrappers", "more receipts". */
const AMOUNT_TEXT = /^(?:(?:loads|lots|tons|heaps|a\s+(?:load|lot|ton|heap|couple))\s+of|a\s+few|a\s+couple|several|more)\s+/i;

/** A clause that is plainly a thing: "the mug", "there's a bag of chargers" (not "lost focus", "stop asking"). */
function namesOutright(clause: Clause): boolean {
  const body = clause.norm.replace(LEADING_FILLER, '');
  return THERE_IS.test(body) || /^(?:the|a|an|my|our|your|his|her|their|some|those|these) \S/.test(body);
}

/** The thing a clause says is there or in hand ("there's a broken charger"); undefined for "there's nothing else". */
function foundIn(clause: Clause, body: string): string | undefined {
  if (!THERE_IS.test(body) || has(clause, ROOM_STATE)) return undefined;
  const rest = body.replace(THERE_IS, '').trim();
  if (/^(?:nothing|none|not|any)(?: |$)/.test(rest) || (REMARK_START.test(rest) && !/^(?:this|that|those|these) \w+/.test(rest))) return undefined;
  return trimFiller(clause.text).replace(THERE_IS_TEXT, '');
}

/** A noun phrase and a clause about it with its own subject: "the bag I never took back", "my shoes we bought". */
const RELATIVE = /^((?:the|a|an|my|our|his|her|their|your|those|these|some)\s+.+?)\s+(?:i|we|you|he|she|they)(?:'ve|'d|'m|'ll)?\s+(?!and\b|or\b)\S+.*$/i;
/** "it's a router", "its a stack of payslips", "that's my junk drawer organiser". */
const IT_IS = /^(?:it|that|this|its) (?:is )?(?:just |only |probably |basically |actually )?(?:a|an|the|my|our|his|her|their|your|some|old|those|these)(?= )/;
const IT_IS_TEXT = /^(?:(?:it|that|this)(?:'s|’s|\s+is)|its)\s+(?:(?:just|only|probably|basically|actually)\s+)?/i;
/** A report that something is finished, not the next thing: "shoes done", "the desk is finished". */
const DONE_REPORT = /(?:^| )(?:is |are )?(?:done|finish|sorted|cleared|dealt with)$|^(?:(?:i am |we are |i have |we have |just )?(?:done|finish) with|(?:i have |we have |just )?(?:finish|sorted|cleared|dealt with)) /;

function itemOf(clauses: readonly Clause[]): Input | undefined {
  // A thing about to be taken outweighs one only mentioned: "can't reach anything, I'll grab the remote".
  const takes = (clause: Clause) => TAKES.test(clause.norm);
  const names = [...clauses.filter(takes), ...clauses.filter((clause) => !takes(clause))].map(nameIn).filter((name) => name !== undefined);
  const item = names.find((name) => !VAGUE.test(name.toLowerCase())) ?? names[0];
  // Kept without its article, as piles list it: "an empty crisp packet" is the empty crisp packet.
  return item ? { kind: 'item', item: bareName(item.replace(AMOUNT_TEXT, '').replace(/\s+(?:next|first|here|right here|over there)$/i, '')) } : undefined;
}

const NONE = /^(?:none|nothing|no|not really|nah)(?: |$)/;
/** Words that end an anchor's name: "the piano has to stay", "the bed can't go anywhere". */
const ANCHOR_TAIL = /\s+(?:has|have|does|needn'?t|can|can'?t|cannot|must|should|stays?|is|are|goes|go|needs?|isn'?t|won'?t|obviously|sadly)\b.*$/i;

/** "everything can go except the bike", "all of it apart from the piano": what is excepted stays. */
const EXCEPT = /\b(?:except|apart from|other than|besides|bar|but not|save for)(?:\s+for)?\s+(.+)$/i;
/** Leading words that do not change what a clause is about: "actually not the desk", "but not the desk". */
const CLAUSE_LEAD = /^(?:(?:actually|oh|but|and|ok|sorry|also|wait) )+/;
/** Why, after a name: "the lamp its ugly", "the tv because we never watch it". */
const WHY_AFTER = /\s+(?:it'?s|it is|they'?re|they are|because|cos|since)\b.*$/i;
/** A name without its article, to compare names: "the desk" is "desk". */
const bare = (name: string) => name.toLowerCase().replace(/^(?:the|a|an|my|our|that|this)\s+/, '').trim();

/** A thing said not to need to stay: "the printer need not", "the rug doesn't have to stay", "the lamp isn't staying". */
const NEED_NOT = /^(?!(?:it|that|this|they|i|we)\s)(.+?) (?:need(?:n'?t(?: not)?| not)|needs not|(?:does|do) not (?:need|have) to|(?:has|have) not got to|(?:is|are) not (?:staying|needed|essential|important|a must))(?: |$)/;
const NEED_NOT_TEXT = /\s+(?:need|needs|needn'?t|does|doesn'?t|do|don'?t|has|hasn'?t|have|haven'?t|is|isn'?t|are|aren'?t)\b.*$/i;
/** Nothing or everything, the rest excepted: "literally nothing is sacred except the toaster". */
const ALL_OR_NOTHING = phrase('nothing', 'everything', 'all', 'all of it', 'none', 'none of it');

function anchorsOf(clauses: readonly Clause[]): Input | undefined {
  if (clauses.length > 0 && NONE.test(clauses[0]!.norm) && !EXCEPT.test(clauses[0]!.text) && !clauses.slice(1).some((clause) => has(clause, STAY))) return { kind: 'anchors', anchors: [] };
  // What is ruled out: "not the desk" after "the bed and the desk", "the treadmill I'm done with".
  const lettingGo = (clause: Clause) => {
    // "the rubbish bin" is a thing that stays: letting go needs a verb ("I'm done with", "bin it").
    if (!clause.words.some((word) => word.tags.has('Verb'))) return false;
    const reading = outcomeIn(clause);
    return reading !== undefined && ['trash', 'donate', 'recycle'].includes(reading.outcome);
  };
  const ruledOut = new Set(
    clauses.flatMap((clause) => {
      const norm = clause.norm.replace(CLAUSE_LEAD, '');
      // "not the lamp its ugly": the name ruled out, less why.
      if (/^not /.test(norm)) return parseList(clause.text.replace(/^.*?\bnot\s+/i, '').replace(WHY_AFTER, '')).map(trimFiller).map(bare);
      if (lettingGo(clause) && !REMARK_START.test(norm)) return [bare(trimFiller(clause.text.replace(RELATIVE, '$1')))];
      if (NEED_NOT.test(norm)) return [bare(trimFiller(clause.text.replace(NEED_NOT_TEXT, '')))];
      return [];
    }),
  );
  const anchors = clauses
    .flatMap((clause) => {
      const except = EXCEPT.exec(clause.text)?.[1];
      if (except && (has(clause, LET_GO) || has(clause, ALL_OR_NOTHING))) return [except];
      if (/^(?:not|no|nothing but) /.test(clause.norm.replace(CLAUSE_LEAD, '')) || has(clause, CAN_GO) || lettingGo(clause)) return [];
      // "don't move the desk": what is not to be moved.
      const kept = /^(?:do not|never) (?:move|touch|get rid of) /.test(clause.norm) ? clause.text.replace(/^\S+\s+\S+\s+(?:of\s+)?/, '') : clause.text;
      if (REMARK_START.test(clause.norm.replace(LEADING_FILLER, '')) && kept === clause.text) return [];
      return [kept];
    })
    .flatMap((kept) => parseList(kept.replace(ANCHOR_TAIL, '')))
    .map((anchor) => trimFiller(anchor.replace(/^(?:(?:also|plus|oh|and)\s+)+/i, '')))
    .filter((anchor) => anchor && hasContent(anchor) && !NONE.test(anchor.toLowerCase()) && !/^(?:and )?nothing else$/i.test(anchor) && !ruledOut.has(bare(anchor)))
    .map((anchor) => anchor.replace(/\s+and nothing else$/i, ''));
  return anchors.length > 0 ? { kind: 'anchors', anchors } : undefined;
}

const MERGE = phrase('(?:one|a single|the same) (?:\\w+ )?(?:pile|lot|group|heap)', 'merge', 'together', 'as one', 'lump');
/** Not now: "later maybe", "skip this bit", "not in the mood". */
const DECLINE = phrase('no', 'not now', 'not today', 'rather not', 'do not split', '(?:please )?do not$', 'leave (?:it|them)', 'no thanks', 'later', 'another time', 'skip', 'not in the mood');
/** Yes, or leaving it to the coach who proposed it: "whatever you think", "up to you", "don't mind". */
const ACCEPT = phrase(
  'yes', 'ok', 'sure', 'fine', 'split', 'sounds good', 'go for it', 'go (?:on|ahead)', 'makes sense', 'fair enough', 'good idea', 'do that', 'do it', 'please', 'great', 'perfect', 'lets',
  'whatever you (?:think|want|say|like|reckon)', 'up to you', 'you (?:decide|choose|pick)', 'your call', 'do not (?:care|mind)', 'either way', 'i trust you',
);
const RENAME = /^(?:(?:no|nah|nope|yes|yeah|yep|ok|okay|sure)[,.!]*\s+)?(?:(?:just|but)\s+)?(?:call them|call it|rename(?: them| it)?|name them|(?:split|sort|divide|break)(?: (?:it|them|this|these|those))?(?: up)? into)\b\s*:?\s*/i;
/** A rename inside the answer: "rename papers to bills", "call the first one cords", "make the second pile 'cables'". */
const RENAME_ONE =
  /\b(?:rename\s+(?:the\s+)?(?<named>\S+(?:\s+\S+)?)\s+(?:to|as|into)|(?:call|name|rename|make)\s+the\s+(?<place>first|second|third|last|1st|2nd|3rd)\s+(?:one|pile|group|lot|bit)(?:\s+(?:to|as))?)\s+(?<name>.+)$/i;
const PLACES: Readonly<Record<string, number>> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, last: -1 };

function splitOf(text: string, clauses: readonly Clause[]): Input | undefined {
  const one = RENAME_ONE.exec(text)?.groups;
  // "cords not cables": the new name, not the old one.
  const name = one?.name && trimFiller(one.name.replace(/\s+(?:not|instead of|rather than)\s.*$/i, '').replace(/['"‘’“”]/g, ''));
  if (one && name && isName(name)) {
    const named = one.named && trimFiller(one.named.replace(/['"‘’“”]/g, ''));
    const pile = one.place ? { at: PLACES[one.place.toLowerCase()]! } : named && isName(named) ? { named } : undefined;
    return { kind: 'split', edit: { kind: 'rename', names: [name], ...(pile ? { pile } : {}) } };
  }
  if (RENAME.test(text)) {
    const names = parseList(text.replace(RENAME, '')).map(trimFiller).filter(isName);
    if (names.length > 0) return { kind: 'split', edit: { kind: 'rename', names } };
  }
  const first = (pattern: RegExp, said = clauses) => said.some((clause) => has(clause, pattern) && !matchIn(clause, pattern)?.negated);
  // "nah one pile is fine": a "no" before how many piles answers the proposal; it does not negate the one pile.
  const answering = clauses.map((clause) => ({ ...clause, norm: clause.norm.replace(/^no (?=(?:one|a single|the same|all|everything) )/, '') }));
  if (first(MERGE, answering)) return { kind: 'split', edit: { kind: 'merge' } };
  if (clauses.some((clause) => has(clause, DECLINE)) || clauses.some((clause) => matchIn(clause, phrase('split'))?.negated)) return { kind: 'split', edit: { kind: 'decline' } };
  if (first(ACCEPT)) {
    // "YES split. papers and chaos": a yes, then the names of the piles, names them.
    const rest = clauses.slice(1);
    const named = parseList(rest.map((clause) => clause.text).join(', ')).map(trimFiller).filter((name) => isName(name) && !REMARK_START.test(name.toLowerCase()));
    const answers = rest.some((clause) => has(clause, ACCEPT) || has(clause, DECLINE) || has(clause, MERGE));
    if (named.length >= 2 && !answers && !text.includes('?')) return { kind: 'split', edit: { kind: 'rename', names: named } };
    return { kind: 'split', edit: { kind: 'accept' } };
  }
  const names = parseList(text).map(trimFiller).filter(isName);
  return names.length > 0 && !text.includes('?') ? { kind: 'split', edit: { kind: 'rename', names } } : undefined;
}

const FILLER = new Set(
  "i im i'm me my it it's its this that these those is are was all so just really very here there everything the a an of and with what".split(' '),
);

/** Names something: at least one word that is not filler ("this is" names nothing). */
function hasContent(text: string): boolean {
  return text.toLowerCase().split(/[^\p{L}']+/u).some((word) => word.length > 0 && !FILLER.has(word));
}

/** Short enough to be a thing's name. */
function isName(text: string): boolean {
  const count = text.split(/\s+/).filter(Boolean).length;
  return count >= 1 && count <= 8 && /\p{L}/u.test(text) && hasContent(text);
}

// ---------------------------------------------------------------------------------------------------------------

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
function readable(raw: string): string {
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
function typed(name: string, said: string): string {
  const words = said.toLowerCase();
  return name
    .split(/\s+/)
    .filter((word) => !EMOJI_WORDS.has(word.toLowerCase()) || new RegExp(`(?:^|[^\\p{L}])${word}(?:$|[^\\p{L}])`, 'iu').test(words))
    .map((word) => (word.includes("'") && !words.includes(word.toLowerCase()) && words.includes(word.toLowerCase().replaceAll("'", '')) ? word.replaceAll("'", '') : word))
    .join(' ');
}

/** Reads one message; see the top of this file. */
export function understand(raw: string, expecting: Expecting): Input {
  const input = read(raw, expecting);
  const said = raw.trim();
  switch (input.kind) {
    case 'item': {
      const item = typed(input.item, said);
      return item ? { ...input, item } : { kind: 'unclear', text: said.slice(0, 2000) };
    }
    case 'help':
      // The thing on the card is named as the card names it; only a thing named in the message is the person's words.
      if (!input.item || ('item' in expecting && input.item === expecting.item)) return input;
      return typed(input.item, said) ? { ...input, item: typed(input.item, said) } : { kind: 'help' };
    case 'anchors': {
      const anchors = input.anchors.map((anchor) => typed(anchor, said)).filter(Boolean);
      return anchors.length === 0 && input.anchors.length > 0 ? { kind: 'unclear', text: said.slice(0, 2000) } : { ...input, anchors };
    }
    default:
      return input;
  }
}

function read(raw: string, expecting: Expecting): Input {
  const said = raw.trim();
  if (!said) return { kind: 'begin' };
  const unclear: Input = { kind: 'unclear', text: said.slice(0, 2000) };
  const text = readable(said);
  if (!text) return unclear;
  const clauses = clausesOf(text);
  if (clauses.length === 0) return unclear;
  const inHand = 'item' in expecting ? expecting.item : undefined;
  const any = (pattern: RegExp) => clauses.some((clause) => has(clause, pattern));
  const keepGoing = any(KEEP_GOING);

  // An answer to the card in the same message wins over a stop ("it stays, stop"); on its own, a stop is a stop.
  const answer = expecting.kind === 'disposition' || expecting.kind === 'location' ? disposition(clauses, expecting.item, expecting.kind === 'location') : undefined;
  const stops = !keepGoing && asksToStop(clauses, expecting);
  // Only an answer said outright: "can we stop, it's too hard, it was my dad's" still asks to stop.
  const answered =
    answer?.kind === 'disposition' && clauses.some((clause) => !LEAVE_IT.test(clause.norm) && outcomeIn(clause, expecting.kind === 'location')?.firm);
  if (stops && !(answered && (answer.outcome !== 'unsure' || expecting.kind === 'location'))) return { kind: 'stop' };

  // "don't make me stop now": going on is no trigger.
  const trigger = keepGoing ? null : TRIGGER.exec(text);
  const thing = trigger && trimFiller(trigger[1] ?? trigger[2] ?? '');
  if (thing) return { kind: 'overwhelmed', trigger: thing };
  const overwhelmed = any(OVERWHELMED) && !any(LESS_OVERWHELMING);
  const stuck = clauses.some((clause) => has(clause, STUCK) && !matchIn(clause, STUCK)?.negated);
  const hesitant = any(HESITANT);

  switch (expecting.kind) {
    case 'disposition': {
      if (overwhelmed) return { kind: 'overwhelmed' };
      if (stuck) return help(inHand);
      if (answer) return answer;
      if (any(NEXT)) return { kind: 'next' };
      return unclear;
    }
    case 'location': {
      if (stuck && !answer) return help(inHand);
      if (answer && answer.kind === 'disposition' && answer.outcome !== 'place') return answer;
      if (hesitant) return { kind: 'disposition', item: expecting.item, outcome: 'unsure' };
      // The first place named is where it goes; what follows is usually a detail or a remark.
      // A clause about the thing, not its place ("don't bin it"), is not a candidate.
      // "it lives by my bed, plugged into the wall": a clause saying where it lives is no remark, whatever its subject.
      const saysWhere = (clause: Clause) => outcomeIn(clause, true)?.location !== undefined && PLACE_VERB_WORD.test(clause.norm);
      const candidates = clauses.filter(
        (clause) =>
          !matchIn(clause, PLACE_NOUN)?.negated &&
          (!REMARK_START.test(clause.norm) || saysWhere(clause)) &&
          !/^(?:not|stop|quit|enough) /.test(clause.norm) &&
          [undefined, 'place'].includes(outcomeIn(clause, true)?.outcome),
      );
      const named = candidates.find((clause) => has(clause, PLACE_NOUN));
      // "stop asking, it lives at my mum's": with no place word among them, the place the answer names.
      if (!named && answer?.kind === 'disposition' && answer.location) return answer;
      const chosen = named ?? candidates[0];
      // "take it back to my sister": the place the clause names, else the clause itself.
      const where = chosen ? (outcomeIn(chosen, true)?.location ?? trimFiller(chosen.text)) : '';
      if (where) return { kind: 'disposition', item: expecting.item, outcome: 'place', location: where };
      // "keep it but not here", asked where it lives: somewhere else, not yet known, is not knowing where it goes.
      if (answer?.kind === 'disposition' && answer.outcome === 'place' && !answer.location) return { ...answer, outcome: 'unsure' };
      return answer ?? unclear;
    }
    case 'function': {
      const said = functionOf(clauses, overwhelmed);
      if (said) return said;
      if (overwhelmed || any(ROOM_STATE)) return { kind: 'overwhelmed' };
      if (hesitant || stuck) return { kind: 'help' };
      return unclear;
    }
    case 'anchors': {
      // "dunno, help": doubt or a call for help naming nothing is help.
      const doubts = (clause: Clause) => has(clause, HESITANT) || has(clause, STUCK);
      if (clauses.some(doubts) && clauses.length <= 2 && !anchorsOf(clauses.filter((clause) => !doubts(clause)))) return { kind: 'help' };
      // "idk, the sofa I guess": the doubt on its own names nothing.
      return anchorsOf(clauses.filter((clause) => !DOUBT_ONLY.test(clause.norm))) ?? (overwhelmed ? { kind: 'overwhelmed' } : unclear);
    }
    case 'split': {
      if (overwhelmed && !any(ACCEPT)) return { kind: 'overwhelmed' };
      return splitOf(text, clauses) ?? unclear;
    }
    case 'item':
    case 'next': {
      if (keepGoing) return { kind: 'keepGoing' };
      if (overwhelmed) return { kind: 'overwhelmed' };
      if (stuck) return help(stuckOn(clauses));
      // "right, there's some old batteries": going on, with the next thing named outright, is that thing.
      if (clauses.some((clause) => NEXT.test(clause.norm))) return itemOf(clauses.filter(namesOutright)) ?? { kind: 'next' };
      if (expecting.kind === 'item' && hesitant) {
        // "maybe a usb one", "no idea what this is, a white box thing": unsure what the thing is, not which; it is named.
        const doubtsWhich = (clause: Clause) => !WHEN_DOUBT.test(clause.norm) && HESITANT.test(clause.norm.replace(IDENTITY_DOUBT, ''));
        const named = itemOf(clauses.filter((clause) => !doubtsWhich(clause)));
        if (named && !clauses.some(doubtsWhich)) return named;
        // "idk everything?? ok fine the monster can": doubt, then a thing named outright after it, is that thing.
        const lastDoubt = clauses.findLastIndex(doubtsWhich);
        const after = clauses.slice(lastDoubt + 1).filter(namesOutright);
        const settled = after.length > 0 && itemOf(after);
        if (settled) return settled;
        const sure = itemOf(clauses.filter((clause) => !has(clause, HESITANT)));
        return sure?.kind === 'item' ? { kind: 'help', item: sure.item } : { kind: 'help' };
      }
      if (expecting.kind === 'next' && NO.test(clauses[0]!.norm)) return { kind: 'stop' };
      return itemOf(clauses) ?? unclear;
    }
  }
}

/** What the person is stuck on, named: "I'm rather stuck on the question of the photographs", "can't decide about the vase". */
const STUCK_ON =
  /\b(?:stuck|(?:can'?t|cannot|can not) decide|help(?: me)?|struggling|torn)\s+(?:on|with|about|over|what to do (?:with|about))\s+(?:(?:the\s+)?(?:question|issue|matter|problem|business)\s+of\s+)?(.+)$/i;

function stuckOn(clauses: readonly Clause[]): string | undefined {
  for (const clause of clauses) {
    const named = trimFiller(STUCK_ON.exec(clause.text)?.[1] ?? '');
    if (named && isName(named) && !/^(?:it|this|that|them|these|those|everything|anything|what|which|where|whether|how)(?: |$)/i.test(named)) return bareName(named);
  }
  return undefined;
}

function help(item: string | undefined): Input {
  return item ? { kind: 'help', item } : { kind: 'help' };
}
