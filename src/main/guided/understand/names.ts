/**
 * Names of things: the next item (`itemOf`) and what has to stay (`anchorsOf`).
 *
 * - Names are the person's own words, less remarks ("sorry, there's loads") and filler at the edges ("obviously",
 *   "I guess"); a thing is what is said to be there or in hand ("there's a bag of old chargers", "I've got loads of
 *   receipts"), kept without its article or a rough amount.
 * - An anchor is ruled out by "not" ("actually not the desk") or by letting it go ("the treadmill I'm done with");
 *   what is excepted from letting go stays ("everything can go except the bike").
 */
import { bareName } from '../../../shared/text/names';
import { leavesHome, type Input } from '../input';
import { parseList } from '../split';
import { ROOM_STATE } from './function';
import { outcomeIn } from './outcomes';
import { type Clause, has, hasContent, isName, phrase, trimFiller } from './words';

const STAY = phrase('stay');
/** Anchors: "everything can go except the bike". */
const LET_GO = phrase('go', 'goes', 'move', 'bin', 'trash', 'get rid');
const CAN_GO = phrase('can go', 'can move', 'can all move', 'can be moved');

/** Sounds and nods before what a clause says: "um the mug", "yeah do the clothes pile", "hmm the cot has to stay". */
const LEADING_FILLER = /^(?:(?:yes|ok|so|well|um+|uh+|hmm+|oh|now|and|right|alright|lol|lmao|haha|fine(?= (?:the|a|an|my|that|this) )) )+(?=\S)/;
export const REMARK_START = /^(?:what(?! about)|how(?! about)|why|because|cos|cause|since|where|when|who|nobody|no one|everyone|enough|i|i am|it|it is|its|that|that is|this|this is|those|these|they|there|there is|we|sorry|ugh|lol|whatever(?! is (?:on|in|under|by|near|behind|next to) )|honestly|obviously|sadly|non negotiable|but|so|haha|well|um|hmm|ok|yes|no|fine|please|im|ive)(?: |$)/;
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
export function namesOutright(clause: Clause): boolean {
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

export function itemOf(clauses: readonly Clause[]): Input | undefined {
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

export function anchorsOf(clauses: readonly Clause[]): Input | undefined {
  if (clauses.length > 0 && NONE.test(clauses[0]!.norm) && !EXCEPT.test(clauses[0]!.text) && !clauses.slice(1).some((clause) => has(clause, STAY))) return { kind: 'anchors', anchors: [] };
  // What is ruled out: "not the desk" after "the bed and the desk", "the treadmill I'm done with".
  const lettingGo = (clause: Clause) => {
    // "the rubbish bin" is a thing that stays: letting go needs a verb ("I'm done with", "bin it").
    if (!clause.words.some((word) => word.tags.has('Verb'))) return false;
    const reading = outcomeIn(clause);
    return reading !== undefined && leavesHome(reading.outcome);
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
