/**
 * Free text to structured input without a model: `understand(text, expecting)` reads one message for the card it
 * answers, with the rules here (`readByRules`) and the learned reader beside them (`../intent/`). `compromise` cuts the message into clauses and tags each word; each clause is normalised and read against
 * short phrase lists. What the text is about (`Expecting`) comes from the phase: the function, the anchors, the next
 * item, the item on the card, its location, or the split. Text it cannot read is `unclear`: the coach asks, it does
 * not guess.
 *
 * One file a concern, each saying at its top what it reads:
 * - `words.ts`: the message as words: normalising, clauses, holding on and taking back, negation and phrase matching,
 *   filler, names as typed.
 * - `session.ts`: whatever the card: asking to stop, going on, overwhelm, being stuck, hesitation.
 * - `outcomes.ts`: what is said about the item in hand (an outcome, a way out and where it goes, a place);
 *   `places.ts`: places in the home.
 * - `function.ts`: what the space is for. `names.ts`: the next item and what must stay. `split-edits.ts`: the answer
 *   to a proposed split.
 * - This file: which of those a card reads, and which wins (`read`), and names kept in the person's own words.
 *
 * Pure and deterministic (replay reads the same words the same way); only the first `ANALYSED` characters are read.
 */
import type { Expecting, Input } from '../input';
import { combine } from '../intent/combine';
import type { IntentClassifier } from '../intent/classifier';
import { shippedClassifier } from '../intent/shipped';
import { functionOf, ROOM_STATE } from './function';
import { anchorsOf, itemOf, namesOutright, REMARK_START } from './names';
import { disposition, outcomeIn } from './outcomes';
import { PLACE_NOUN, PLACE_VERB_WORD, placeSpelt } from './places';
import { asksBack, questionAbout } from './questions';
import { asksToStop, DOUBT_ONLY, HANDS_OVER, help, HESITANT, IDENTITY_DOUBT, KEEP_GOING, LEAVE_IT, LESS_OVERWHELMING, NEXT, NO, OVERWHELMED, STUCK, stuckOn, TRIGGER, WHEN_DOUBT } from './session';
import { ACCEPT, splitOf } from './split-edits';
import { type Clause, clausesOf, has, matchIn, readable, trimFiller, typed } from './words';

export { ANALYSED } from './words';

/**
 * Reads one message with the rules and the learned reader together (`intent/combine.ts`): a reading both hear is
 * acted on; where they part and it matters, the card asks (`tentative`).
 */
export function understand(raw: string, expecting: Expecting): Input {
  return readWith(shippedClassifier(), raw, expecting);
}

/**
 * The same reading with another learned reader: the eval judges each set with one that never learned from it (and
 * passes the rules' reading it already has, `rules`, so the rules read each answer once).
 */
export function readWith(classifier: IntentClassifier, raw: string, expecting: Expecting, rules: Input = readByRules(raw, expecting)): Input {
  if (rules.kind === 'begin') return rules;
  return combine(raw, expecting, rules, classifier.classify(raw, expecting), { plainly: () => saysOutright(raw, rules, expecting), plainlyIn: (part) => saysOutright(part, rules, expecting) });
}

/** Whether a way out the rules read is said outright in some clause ("theyre all trash"), not implied. */
function saysOutright(raw: string, rules: Input, expecting: Expecting): boolean {
  if (rules.kind !== 'disposition') return false;
  const text = readable(raw.trim());
  return clausesOf(text).some((clause) => {
    const reading = outcomeIn(clause, expecting.kind === 'location');
    return reading?.firm === true && reading.outcome === rules.outcome;
  });
}

/** The rules' reading of one message alone; see the top of this file. */
export function readByRules(raw: string, expecting: Expecting): Input {
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
    case 'disposition':
      return input.location ? { ...input, location: placeSpelt(input.location) } : input;
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

  // A question back to the coach is help asked for, unless an answer said outright stands beside it.
  const asked = clauses.filter((clause) => asksBack(clause, said.includes('?')));
  if (asked.length > 0) {
    // "what do you mean by stays, like furniture?": an example given with the question is part of it.
    const rest = clauses.filter((clause) => !asked.includes(clause) && !/^(?:like|such as|as in|or|eg|e g|say) /.test(clause.norm));
    const beside = rest.length > 0 ? read(rest.map((clause) => clause.text).join('. '), expecting) : undefined;
    // "...idk what to do with the lamp, help": help asked for outright is what to give.
    if (beside?.kind === 'help' && rest.some((clause) => has(clause, STUCK))) return beside;
    if (!beside || !answersOutright(beside, rest, expecting)) return { kind: 'question', about: questionAbout(said, expecting), text: said.slice(0, 2000) };
    return beside;
  }

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
      // "he's picking it up later": doubt in a clause that says where it goes is no doubt about where.
      if (clauses.some((clause) => has(clause, HESITANT) && !outcomeIn(clause, true)?.firm)) return { kind: 'disposition', item: expecting.item, outcome: 'unsure' };
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
      // "you pick the next one", "surprise me": the coach chooses the next thing.
      if (any(HANDS_OVER)) return { kind: 'next' };
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

/**
 * An answer that stands beside a question: a way out or a place said outright, the next thing named or asked for, a
 * split edit, a stop; not doubt, help or words the rules cannot read.
 */
function answersOutright(answer: Input, clauses: readonly Clause[], expecting: Expecting): boolean {
  if (['unclear', 'help', 'begin', 'overwhelmed'].includes(answer.kind)) return false;
  if (answer.kind === 'disposition') return clauses.some((clause) => outcomeIn(clause, expecting.kind === 'location')?.firm === true);
  return true;
}
