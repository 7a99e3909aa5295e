/**
 * The answer to a proposed split of a pile: accept it, decline it, keep one pile, or name the piles ("call them
 * cables and chargers", "rename papers to bills"). A list of names is cut by `parseList` (../split.ts).
 */
import type { Input } from '../input';
import { parseList } from '../split';
import { REMARK_START } from './names';
import { type Clause, has, isName, matchIn, phrase, trimFiller } from './words';

const MERGE = phrase('(?:one|a single|the same) (?:\\w+ )?(?:pile|lot|group|heap)', 'merge', 'together', 'as one', 'lump', 'make (?:it|them) (?:all )?one', 'just one');
/** Not now: "later maybe", "skip this bit", "not in the mood". */
const DECLINE = phrase('no', 'not now', 'not today', 'rather not', 'do not split', '(?:please )?do not$', 'leave (?:it|them)', 'no thanks', 'later', 'another time', 'skip', 'not in the mood');
/** Yes, or leaving it to the coach who proposed it: "whatever you think", "up to you", "don't mind". */
export const ACCEPT = phrase(
  'yes', 'ok', 'sure', 'fine', 'split', 'sounds good', 'go for it', 'go (?:on|ahead)', 'makes sense', 'fair enough', 'good idea', 'do that', 'do it', 'please', 'great', 'perfect', 'lets',
  'whatever you (?:think|want|say|like|reckon)', 'up to you', 'you (?:decide|choose|pick)', 'your call', 'do not (?:care|mind)', 'either way', 'i trust you',
);
const RENAME = /^(?:(?:no|nah|nope|yes|yeah|yep|ok|okay|sure)[,.!]*\s+)?(?:(?:just|but)\s+)?(?:call them|call it|rename(?: them| it)?|name them|(?:split|sort|divide|break)(?: (?:it|them|this|these|those))?(?: up)? into)\b\s*:?\s*/i;
/** A rename inside the answer: "rename papers to bills", "call the first one cords", "make the second pile 'cables'". */
const RENAME_ONE =
  /\b(?:rename\s+(?:the\s+)?(?<named>\S+(?:\s+\S+)?)\s+(?:to|as|into)|(?:call|name|rename|make)\s+the\s+(?<place>first|second|third|last|1st|2nd|3rd)\s+(?:one|pile|group|lot|bit)(?:\s+(?:to|as))?)\s+(?<name>.+)$/i;
const PLACES: Readonly<Record<string, number>> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, last: -1 };

export function splitOf(text: string, clauses: readonly Clause[]): Input | undefined {
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
