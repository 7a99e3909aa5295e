/**
 * Questions back to the coach instead of an answer: "do charity shops even take pillows?", "what does not sure do",
 * "where do people keep spare cables", "how many more are there". A question is help asked for: the card answers it
 * and asks again. Not questions: asking leave or proposing ("can I just bin it?", "could we leave this one?", "can't
 * we lump them together"), a thing proposed ("what about the books?"), asking the coach to choose or help ("can you
 * pick?"), and doubt said with a question mark ("kitchen?", "the bed? maybe the lamp"). A question with an answer
 * said outright beside it ("is it ok to chuck these? ah whatever, chucking them") is that answer (`read`).
 */
import type { Expecting, QuestionAbout } from '../input';
import type { Clause } from './words';

const OPENER = '(?:(?:so|but|and|wait|ok|okay|um+|hmm+|sorry|lol|also|like|actually|honestly|srsly|seriously|btw|oh|quick question|hang on|random (?:q|question)) )*';
const WH_START = new RegExp(`^${OPENER}(?:what|how|why|where|which|who)(?= )`);
const AUX = '(?:does|do|did|is|are|was|were|can|could|would|should|will|has|have)';
const AUX_START = new RegExp(`^${OPENER}(?:${AUX}|am i|if (?:i|we)|whats|wheres|hows)(?= )`);
/** A question without its mark: the verb before its subject ("can these be recycled", "would a gym want this"). */
const INVERTED = new RegExp(`^${OPENER}${AUX} (?:it|this|that|these|those|they|you|u|a|an|the|charity|charities|people|anyone|someone|somebody|other people|most people|shops|thrift stores)(?= )`);
/** A question without its mark about how things go: "do cartons go in recycling here", "can batteries be recycled". */
const HOW_THINGS_GO = new RegExp(
  `^${OPENER}(?:do|does|can|could|will|would|should) (?:\\w+ ){1,3}(?:go|goes|take|takes|count|counts|belong|belongs|live|lives|fit|fits|want|accept|accepts|be recycled|be donated|get recycled)(?= |$)`,
);
/** Only filler after the question word: "idk where tbh" is not knowing, not asking. */
const BARE_WH = /(?:^| )(?:what|where|how|why|which|who)(?: (?:tbh|to be honest|lol|though|then|exactly|idk|honestly|really|even))*$/;
const NOT_A_QUESTION = [
  // Not knowing, said: "idk what it's even for", "no idea where".
  /^(?:i )?(?:dunno|do not know|no idea|no clue|not sure|unsure) /,
  // Going on: "what's next", "whatever's next".
  /(?:^| )what(?: is|s|ever| ever)? next(?: |$)/,
  // Not knowing, or a negative said with a question mark: "dunno, maybe the lamp?", "don't want it?".
  new RegExp(`^${OPENER}(?:i )?${AUX} not `),
  // Asking leave to do it: "is it ok to bin them?".
  /(?:is|are) (?:it|that|this|they) (?:ok|okay|alright|fine) to (?:bin|trash|chuck|throw|toss|recycle|donate|keep|sell|give)/,
  // Proposing a thing, or the coach's own choice asked for.
  /^(?:\w+ )*?(?:what|how) about /,
  // Asking the coach to do something: "can you just lump them together", "could you mark them as recycling".
  /(?:can|could|would|will) (?:you|u) (?:please |just )?(?!(?:see|tell|hear|explain|remember|show|read|understand|say|repeat|give me an example|mean)(?: |$))\w+/,
  // Asking leave or proposing: "can I just keep it", "could we leave this one", "shall we stop".
  new RegExp(`^${OPENER}(?:can|could|shall|may|should) (?:i|we)(?! (?:say|pick|put|call|use|count|have more|still|change|do that|choose|answer))(?: |$)`),
  /(?:can|could|do|would|should|shall|will|did|is|are) not (?:we|i|you|they|it)(?: |$)|why not(?: |$)/,
  // "why do I keep these": asking why of one's own doing is a remark on the thing, not a question for the coach.
  /^(?:\w+ )*?why (?:on earth )?(?:do|did|would|have|am) (?:i|we) (?:even |still )?(?:keep|have|buy|bought|own|need)/,
];

/** Whether a clause asks the coach something; `marked`: the message has a question mark. */
export function asksBack(clause: Clause, marked: boolean): boolean {
  if (NOT_A_QUESTION.some((pattern) => pattern.test(clause.norm)) || BARE_WH.test(clause.norm)) return false;
  return WH_START.test(clause.norm) || (marked && AUX_START.test(clause.norm)) || INVERTED.test(clause.norm) || HOW_THINGS_GO.test(clause.norm);
}

/** What a question is about, from its words and the card: where things live, what the choices mean, the coach, the thing. */
export function questionAbout(text: string, expecting: Expecting): QuestionAbout {
  const said = text.toLowerCase();
  if (/\bwhere\b/.test(said) || (expecting.kind === 'location' && !/\b(?:room|shelf|say|count|mean)\b/.test(said))) return 'where';
  if (/\b(?:app|coach|session|how (?:many|much|long)|why (?:do|are|does|did) you|you (?:keep|see|know|remember)|can you (?:see|hear|tell)|are we)\b/.test(said)) return 'coach';
  if (
    /\b(?:mean|means|difference|option|options|choice|choices|button|count|counts|merge|split|pile|piles|names)\b|\bwhat(?:'s|s| is| does| do) (?:["'‘“]?)(?:recycl|donat|keep|skip|not sure|unsure|place|trash|bin)/.test(said) ||
    ['function', 'anchors', 'split', 'item', 'next'].includes(expecting.kind)
  )
    return 'choices';
  return 'thing';
}
