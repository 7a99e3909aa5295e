/**
 * Two readers, one reading: the rules (exact about names and places, tuned on sentences) and the learned
 * classifier (what an answer does, from many answers). Where they agree, the reading is sure and acted on. Where they
 * do not, and it matters, the card asks: a way out of the home read by the rules alone (unless said outright), a way
 * out heard where the rules read a place, a question heard by the classifier alone, or words the rules could not read
 * at all. The classifier never offers a stop: its stops are its least sure guesses, and every card has Stop for today.
 * Everything else keeps the rules' reading, so confirmations stay rare.
 */
import { AnswerSchema, LEAVING_OUTCOMES, type Answer, type Expecting, type Input, type Outcome } from '../input';
import { questionAbout } from '../understand/questions';
import type { Guess } from './classifier';
import { intentOf, type Intent } from './intents';

/** How sure the classifier must be to question the rules, and to offer a reading the rules could not make. */
export const SURE = { disagree: 0.999, rescue: 0.99 } as const;

const leaves = (intent: Intent | undefined) => LEAVING_OUTCOMES.some((outcome) => intent === `disposition:${outcome}`);
const ANSWER_KINDS: ReadonlySet<string> = new Set(AnswerSchema.options.map((option) => option.shape.kind.value));

/** A reading on the card, for the intent the classifier heard; undefined where only the rules can name what was meant. */
export function answerFor(intent: Intent, text: string, expecting: Expecting, rules: Input): Answer | undefined {
  if (intentOf(rules) === intent && rules.kind !== 'unclear' && isAnswer(rules)) return rules;
  const item = 'item' in expecting ? expecting.item : undefined;
  if (intent.startsWith('disposition:')) {
    // A place with no place named asks where it lives next.
    return item ? { kind: 'disposition', item, outcome: intent.slice('disposition:'.length) as Outcome } : undefined;
  }
  switch (intent) {
    case 'split:accept':
    case 'split:merge':
    case 'split:decline':
      return { kind: 'split', edit: { kind: intent.slice('split:'.length) as 'accept' | 'merge' | 'decline' } };
    case 'next':
    case 'keepGoing':
    case 'stop':
      return { kind: intent };
    case 'help':
      return item ? { kind: 'help', item } : { kind: 'help' };
    case 'overwhelmed':
      return { kind: 'overwhelmed' };
    case 'question':
      return { kind: 'question', about: questionAbout(text, expecting), text: text.trim().slice(0, 2000) };
    default:
      return undefined;
  }
}

function isAnswer(input: Input): input is Answer {
  return ANSWER_KINDS.has(input.kind);
}

/**
 * The reading of one answer: the rules' reading where it stands, a `tentative` offering two readings where the card
 * should ask. `guesses` are the classifier's, most likely first; `plainly` says whether the rules' way out is said
 * outright, asked only where that decides (it reads the words again).
 */
export function combine(
  text: string,
  expecting: Expecting,
  rules: Input,
  guesses: readonly Guess[],
  words: { readonly plainly?: () => boolean; readonly plainlyIn?: (part: string) => boolean } = {},
): Input {
  const [top, second] = guesses;
  const ruled = intentOf(rules);
  const said = text.trim().slice(0, 2000);
  const offer = (first: Answer | undefined, other: Answer | undefined): Input | undefined =>
    first && other && intentOf(first) !== intentOf(other) ? { kind: 'tentative', readings: [first, other], text: said } : undefined;
  // A way out asked about, not said ("where do old meds go?? can i just trash them", "it's weird to throw out gifts,
  // right?"): nothing leaves on a question, whatever either reader heard. Asking leave alone ("can I just bin it?",
  // "bin them?") offers the way out first; anything else asked, the answer to the question first.
  if (rules.kind === 'disposition' && leaves(ruled)) {
    const asked = askedOutOf(rules, said, expecting, words.plainlyIn);
    if (asked) return offer(...asked) ?? rules;
  }
  if (!top || rules.kind === 'stop' || rules.kind === 'begin' || top.intent === ruled) return rules;
  const heard = answerFor(top.intent, text, expecting, rules);
  if (rules.kind === 'unclear') {
    // The classifier's stops are its least sure guesses ("ok, leave them" is no stop): the card's own Stop is there.
    if (top.probability < SURE.rescue || !heard || heard.kind === 'stop') return rules;
    // Help changes the approach and decides nothing: heard surely, it is given, not asked about.
    if (heard.kind === 'help') return heard;
    const runnerUp = second && second.intent !== 'stop' ? answerFor(second.intent, text, expecting, rules) : undefined;
    return offer(heard, runnerUp ?? helpFor(expecting)) ?? rules;
  }
  if (!isAnswer(rules) || top.probability < SURE.disagree) return rules;
  // The rules would send the thing out of the home on words that do not plainly say so, and the classifier hears
  // otherwise: ask before anything leaves.
  if (leaves(ruled) && !words.plainly?.()) return offer(rules, heard) ?? rules;
  // The rules read a place where the classifier hears a way out: "the battery bins at the shop" names where the way
  // out is. Offered, way out first: nothing leaves until the person picks it.
  if (ruled === 'disposition:place' && leaves(top.intent)) return offer(heard, rules) ?? rules;
  // A question heard where the rules read an answer: the answer first, the question beside it.
  if (top.intent === 'question') return offer(rules, heard) ?? rules;
  return rules;
}

/**
 * The two readings to offer where a way out must not be acted on whatever either reader heard, or undefined:
 * - asked, not said ("where do old meds go?? can i just trash them", "it's weird to throw out gifts, right?"): the
 *   question first, unless the words only ask leave ("can I just bin it?", "bin them?") or tag a statement;
 * - named only by a bin's colour or the tip, which take more than one kind of thing: the likelier way out first;
 * - said in doubt ("idk bin") or taken back ("bin it. no wait my son might need it"): not deciding yet beside it.
 */
function askedOutOf(
  rules: Extract<Input, { kind: 'disposition' }>,
  said: string,
  expecting: Expecting,
  plainlyIn: ((part: string) => boolean) | undefined,
): readonly [Answer, Answer] | undefined {
  const asking = askedIn(said, plainlyIn);
  if (asking !== undefined) {
    const question = answerFor('question', said, expecting, rules)!;
    return ASKING_LEAVE.test(asking) || TAG_QUESTION.test(asking) ? [rules, question] : [question, rules];
  }
  const either = WHICH_WAY_OUT.find(([named]) => named.test(said.replace(/[\s.!]+$/, '')));
  if (either) return [{ ...rules, outcome: either[1] }, { ...rules, outcome: either[2] }];
  if (DOUBT.test(said) || TAKEN_BACK.test(said)) return [rules, { kind: 'disposition', item: rules.item, outcome: 'unsure' }];
  return undefined;
}

/** One sentence asking leave to do it, and nothing else: "can I just bin it?", "could we recycle them??", "bin it?". */
const ASKING_LEAVE = /^(?:ok(?:ay)?,? |so,? |um+,? )?(?:(?:can|could|may|shall|can'?t|cannot|couldn'?t) (?:i|we) )?(?:just |not just )?[\w']+(?: (?:it|them|this|that|these|those|the lot|all of (?:it|them)))?(?: then| now| too| lol)? *\?+$/i;
/**
 * A statement made a question only at its end: "the pharmacy takes them back, don't they?", "it's junk, right?",
 * "recycling I think, if they've been rinsed?".
 */
const TAG_QUESTION = /[\s,]+(?:if [^?]+|right|(?:do|does|is|are|wo|ca|would|could|should)n'?t (?:they|it|you|that|we|i|he|she)|yeah|yes|no|eh|innit|ok|okay|yh|ya|surely)\?+$/i;

/**
 * The words up to their last question mark, when they are asked, not said: they end on a question, or what follows it
 * asks leave ("where do they go?? can i just bin them") or does not say the way out outright ("...back dont they? i
 * dont want to just bin them"); a laugh or an emoji after the question mark is still the question.
 */
function askedIn(text: string, plainlyIn: (part: string) => boolean = () => true): string | undefined {
  const words = text.replace(/[\s.!,]*(?:lol|lmao|haha|x+|\p{Extended_Pictographic}|\p{Emoji_Component})*[\s.!]*$/giu, '');
  if (words.endsWith('?')) return words;
  if (!words.includes('?')) return undefined;
  // After the question, only asking leave, or words that do not say the way out outright: still asked.
  const after = words.slice(words.lastIndexOf('?') + 1).trim();
  return /^(?:so |or |like )?(?:can|could|should|shall|may) (?:i|we) /i.test(after) || !plainlyIn(after) ? words.slice(0, words.lastIndexOf('?') + 1) : undefined;
}

/**
 * Ways out named by where they go, which take more than one kind of thing: a bin by its colour (blue and green are
 * mostly the recycling, the others mostly the rubbish, but councils differ) and the tip (the rubbish and the
 * recycling both); the likelier first.
 */
const WHICH_WAY_OUT: readonly (readonly [RegExp, Outcome, Outcome])[] = [
  [/^(?:in |into |to )?(?:the |a |my |our )?(?:blue|green) (?:bin|box|bag|one)$/i, 'recycle', 'trash'],
  [/^(?:in |into |to )?(?:the |a |my |our )?(?:black|gr[ae]y|brown|red|yellow|purple|orange|pink) (?:bin|box|bag|one)$/i, 'trash', 'recycle'],
  [/^(?:to |down |at )?(?:the )?(?:tip|dump)$/i, 'trash', 'recycle'],
];

/** Doubt said with the answer: "idk bin", "maybe donate?", "not sure, recycle i guess". */
const DOUBT = /(?:^|[\s,.])(?:idk|i ?dunno|dunno|not sure|unsure|no idea|maybe|i guess|i suppose|possibly|perhaps)(?=$|[\s,.!?])/i;
/** The answer taken back in the same breath: "bin it. no wait...", "recycle... actually no". */
const TAKEN_BACK = /(?:^|[\s,.])(?:no wait|wait no|actually no|no actually|hang on|on second thought|scratch that|or not)(?=$|[\s,.!?])/i;

function helpFor(expecting: Expecting): Answer {
  return 'item' in expecting ? { kind: 'help', item: expecting.item } : { kind: 'help' };
}
