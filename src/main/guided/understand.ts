/**
 * Free text to structured input without a model: a small rule set, tried top to bottom, first match wins.
 * What the text is about (`Expecting`) comes from the phase: the function, the anchors, the next item, the item
 * on the card, its location, or the split. Text no rule reads is `unclear`: the coach asks, it does not guess.
 *
 * | #  | Applies when expecting | Text contains (whole words, any case)                         | Heard as                     |
 * |----|------------------------|---------------------------------------------------------------|------------------------------|
 * | 1  | anything               | stop, quit, enough, done for today, call it a day, I'm done, tired, need a break | stop      |
 * | 2  | anything               | "<thing> freaks me out / scares me / stresses me (out)", "can't face <thing>" | overwhelmed, trigger <thing> |
 * | 3  | anything               | stuck, help, can't decide, don't know what to do              | help (on the item in hand)   |
 * | 4  | anything               | idk, I don't know, dunno, no idea, no clue, too much, overwhelm*, where to start | help on the thing named with it (not just filler) or in hand, else overwhelmed |
 * | 5  | disposition            | not sure, unsure, maybe, later, undecided                     | unsure                       |
 * | 6  | disposition            | trash, bin, throw, toss, garbage, rubbish, junk               | trash                        |
 * | 7  | disposition            | recycle                                                       | recycle                      |
 * | 8  | disposition            | donate, give away, charity                                    | donate                       |
 * | 9  | disposition            | put / goes / belongs / move / take ... in/on/to/into/at <place> | place at <place>           |
 * | 10 | disposition            | somewhere else, elsewhere, another room                       | place (location asked next)  |
 * | 11 | disposition            | keep, stays, leave it, mine                                   | keep                         |
 * | 12 | disposition            | skip, pass                                                    | skip                         |
 * | 13 | split                  | no, not now, don't split                                      | split declined               |
 * | 14 | split                  | one pile, merge, together                                     | split merged                 |
 * | 15 | split                  | yes, ok, okay, sure, fine, split, sounds good                 | split as suggested           |
 * | 16 | split                  | a list ("cables, the rest")                                   | split renamed                |
 * | 17 | item, next, disposition| starts with next, ok, okay, go on, continue, ready, sure, yes, done, let's go | next          |
 * | 18 | function               | work, office, desk, study, sleep, bed, craft, hobby, sewing, painting, art, studio, storage, living, relax, lounge, tv, play, kids, guest, gym, music, reading | the function, in the person's words |
 * | 19 | anchors                | any text (a list; "none" or "nothing" is an empty list)       | anchors                      |
 * | 20 | location               | any text                                                      | place at that location       |
 * | 21 | item                   | at most 8 words, no question mark                             | the item, in the person's words |
 * | -  | anything else          |                                                               | unclear                      |
 */
import type { Expecting, Input, Outcome } from './input';
import { parseList } from './split';

const words = (...phrases: string[]) => new RegExp(`(?:^|\\b)(?:${phrases.join('|')})(?:\\b|$)`, 'i');

const STOP = words('stop', 'quit', 'enough', 'done for today', 'call it a day', "i'?m done", 'tired', 'need a break');
const TRIGGER = /^(.+?)\s+(?:freaks?|scares?|stress(?:es)?|makes?)\s+me(?:\s+(?:out|anxious|nervous))?\b|can'?t face\s+(.+)$/i;
const HELP = words('stuck', 'help', "can'?t decide", "don'?t know what to do(?: with (?:it|this|that))?");
const HESITANT = words('idk', "i don'?t know", 'dunno', 'no idea', 'no clue', 'too much', 'overwhelm\\w*', 'where to (?:start|begin)');

const DISPOSITION_RULES: readonly (readonly [RegExp, Outcome])[] = [
  [words('not sure', 'unsure', 'maybe', 'later', 'undecided'), 'unsure'],
  [words('trash', 'bin', 'throw', 'toss', 'garbage', 'rubbish', 'junk'), 'trash'],
  [words('recycle', 'recycling'), 'recycle'],
  [words('donate', 'give (?:it )?away', 'charity'), 'donate'],
];
const PLACE_AT = /\b(?:put|goes|go|belongs|move|take)\b.*?\b(?:in|on|to|into|at|by)\s+(.+)$/i;
const ELSEWHERE = words('somewhere else', 'elsewhere', 'another room');
const KEEP = words('keep', 'stays?', 'leave it', 'mine');
const SKIP = words('skip', 'pass');

const DECLINE = words('no', 'not now', "don'?t split", 'nope');
const MERGE = words('one pile', 'merge', 'together');
const ACCEPT = words('yes', 'ok', 'okay', 'sure', 'fine', 'split', 'sounds good', 'yep');
const NEXT = /^\s*(?:next|ok|okay|go on|continue|ready|sure|yes|yep|done|let'?s go)\b/i;
const FUNCTION_WORDS = words(
  'work\\w*', 'office', 'desk', 'study', 'sleep\\w*', 'bed\\w*', 'craft\\w*', 'hobby', 'hobbies', 'sew\\w*', 'paint\\w*', 'art',
  'studio', 'storage', 'living', 'relax\\w*', 'lounge', 'tv', 'play\\w*', 'kids', 'guest', 'gym', 'music', 'reading',
);
const NOTHING = /^\s*(?:none|nothing|no|nope|not really)\W*$/i;

/** Reads one message; see the table above. */
export function understand(raw: string, expecting: Expecting): Input {
  const text = raw.trim().slice(0, 2000);
  if (!text) return { kind: 'begin' };
  if (STOP.test(text)) return { kind: 'stop' };
  const trigger = TRIGGER.exec(text);
  const thing = trigger && clean(trigger[1] ?? trigger[2] ?? '');
  if (thing) return { kind: 'overwhelmed', trigger: thing };
  const inHand = 'item' in expecting ? expecting.item : undefined;
  if (HELP.test(text)) return help(inHand);
  if (HESITANT.test(text)) {
    const named = expecting.kind === 'item' ? clean(text.replace(new RegExp(HESITANT.source, 'gi'), ' ')) : undefined;
    const item = named && isName(named) && hasContent(named) ? named : inHand;
    return item ? help(item) : { kind: 'overwhelmed' };
  }
  switch (expecting.kind) {
    case 'disposition':
      return disposition(text, expecting.item) ?? (NEXT.test(text) ? { kind: 'next' } : { kind: 'unclear', text });
    case 'split':
      return split(text);
    case 'item':
      if (NEXT.test(text)) return { kind: 'next' };
      return !text.includes('?') && isName(clean(text)) ? { kind: 'item', item: clean(text) } : { kind: 'unclear', text };
    case 'next':
      return NEXT.test(text) ? { kind: 'next' } : { kind: 'unclear', text };
    case 'function':
      return FUNCTION_WORDS.test(text) ? { kind: 'function', function: clean(text), overwhelmed: false } : { kind: 'unclear', text };
    case 'anchors':
      return { kind: 'anchors', anchors: NOTHING.test(text) ? [] : parseList(text) };
    case 'location':
      return { kind: 'disposition', item: expecting.item, outcome: 'place', location: clean(text) };
  }
}

function disposition(text: string, item: string): Input | undefined {
  const rule = DISPOSITION_RULES.find(([pattern]) => pattern.test(text));
  if (rule) return { kind: 'disposition', item, outcome: rule[1] };
  const at = PLACE_AT.exec(text)?.[1];
  if (at && clean(at)) return { kind: 'disposition', item, outcome: 'place', location: clean(at) };
  if (ELSEWHERE.test(text)) return { kind: 'disposition', item, outcome: 'place' };
  if (KEEP.test(text)) return { kind: 'disposition', item, outcome: 'keep' };
  if (SKIP.test(text)) return { kind: 'disposition', item, outcome: 'skip' };
  return undefined;
}

function split(text: string): Input {
  if (DECLINE.test(text)) return { kind: 'split', edit: { kind: 'decline' } };
  if (MERGE.test(text)) return { kind: 'split', edit: { kind: 'merge' } };
  if (ACCEPT.test(text)) return { kind: 'split', edit: { kind: 'accept' } };
  const names = parseList(text).filter(isName);
  return names.length > 0 ? { kind: 'split', edit: { kind: 'rename', names } } : { kind: 'unclear', text };
}

function help(item: string | undefined): Input {
  return item ? { kind: 'help', item } : { kind: 'help' };
}

/** Trims punctuation and filler left around a name ("sketchbook with some ideas, idk..." -> "sketchbook with some ideas"). */
function clean(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.;:!?…-]+|[\s,.;:!?…-]+$/g, '')
    .replace(/^(?:um+|uh+|so|well|like|hmm+)\b[\s,]*/i, '')
    .trim()
    .slice(0, 200);
}

const FILLER = new Set(
  'i im i\'m me my it it\'s its this that these those is are was all so just really very here there everything the a an of and with what'.split(' '),
);

/** Names something: at least one word that is not filler ("this is" names nothing). */
function hasContent(text: string): boolean {
  return text.toLowerCase().split(/[^\p{L}']+/u).some((word) => word.length > 0 && !FILLER.has(word));
}

/** Short enough to be a thing's name. */
function isName(text: string): boolean {
  const count = text.split(/\s+/).filter(Boolean).length;
  return count >= 1 && count <= 8 && /\p{L}/u.test(text);
}
