/**
 * What the space is for: the use named in the person's own words, less a use it no longer has ("not work", "I don't
 * want to work in here any more") and how the room feels ("my desk is buried", "it's a total mess").
 */
import type { Input } from '../input';
import { HESITANT, OVERWHELMED } from './session';
import { type Clause, has, matchIn, phrase, trimFiller } from './words';

const NOT_OR_NEVER = phrase('not', 'never');

const FUNCTION_WORDS = phrase(
  'work\\w*', 'office', 'wfh', 'study\\w*', 'homework', 'thesis', 'sleep\\w*', '\\w*bedroom', 'craft\\w*', 'hobby', 'hobbies', 'sew\\w*',
  'paint\\w*', 'art', 'studio', 'storage', 'store\\w*', 'spare', 'box room', 'junk room', 'living', 'lounge', 'relax\\w*', 'tv', 'play\\w*',
  'kids', 'guest\\w*', 'gym', 'exercise', 'yoga', 'music', 'record\\w*', 'read\\w*', 'gam\\w*', '(?:get )?dress\\w*', 'wardrobe', 'closet',
  'clothes', 'eat\\w*', 'dining', 'dinner', 'laundry', 'utility', 'garage', 'car', 'nursery', 'baby', 'meditat\\w*', 'breath\\w*',
  'chill\\w*', 'unwind\\w*', 'hang(?:ing)? out', 'veg\\w* out',
  // Rooms that are their use: "it's the hallway", "the kitchen".
  'kitchen', 'bathroom', 'hall(?:way)?', 'entr(?:y|ance)\\w*', 'landing', 'porch', 'loft', 'attic', 'basement', 'cellar', 'shed', 'den', 'conservatory',
);
export const ROOM_STATE = phrase('buried', 'disaster', 'mess\\w*', 'see the floor', 'everywhere', 'chaos', 'dumping ground', 'tip', 'bomb', 'pigsty');
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

export function functionOf(clauses: readonly Clause[], overwhelmed: boolean): Input | undefined {
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
