/**
 * The session, whatever the card: asking to stop, going on, being overwhelmed or stuck, and hesitation.
 *
 * - A stop is a whole clause that asks to end the session ("let's stop for today", "can we stop", "I'm done",
 *   "that's enough", "can we call it", "let's finish tomorrow", "pick this up another day"), un-negated; being out of
 *   steam may come with a stop but is not one; "stop asking", "done with it", "tired" and "one more then I'm done" are
 *   not stops, and an answer said outright in the same message (it stays, stop) wins over a stop (`read`, in
 *   index.ts). On the card asking whether to go on, a bare "no" / "nah" declines to go on and is a stop too. (The
 *   coach confirms any stop read from text.)
 * - Hesitation ("not sure", "maybe", "later") is weaker than an outcome said outright; doubt about what a thing is or
 *   when ("maybe a usb one", "probably last week") is not doubt about which thing.
 */
import { bareName } from '../../../shared/text/names';
import type { Expecting, Input } from '../input';
import { type Clause, isName, phrase, trimFiller } from './words';

const LEAD = '(?:(?:ok|right|alright|yes|so|sorry|please|ugh|hmm|um|honestly|well|i think|oh|actually|look|phew) )*';
const ASK = '(?:(?:i|let us|lets|were|can we|could we|shall we|(?:why do not we|(?:can|could) not we|why not)(?: just)?|we can|we should|i will|i would like to|i want to|i wanna|want to|(?:i |we )?(?:need to|have to|have got to|got to|gotta|(?:am |are )?(?:gonna|going to) have to)|i am going to|i am gonna|time to|i think i will|i might|i am|we are) )?';
const WHEN = '(?: (?:now|here|there|then|for (?:me|today|now|tonight|the day|the night|the moment)|today|tonight|for (?:one|this|the|an|one more) (?:day|afternoon|morning|evening|night|session|sitting|go)))*';
/** A time that is this session, said after a phrase that is a stop only with it: "that will do for today". */
const THIS_SESSION = ' (?:for )?(?:today|tonight|the day|the night|(?:one|this|the|an) (?:day|afternoon|morning|evening|night|session|sitting|go))';
/** Another session, named: "tomorrow", "another day", "some other time". */
const SOME_OTHER_DAY = '(?:tomorrow|tmrw|tmr|tomoz|another (?:day|time)|some other (?:day|time))';
const ANOTHER_TIME = `(?:${SOME_OTHER_DAY}|next time|(?:on |at )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the weekend))`;
const CORE = [
  `stop(?:ping)?${WHEN}`,
  `(?:i am |we are )?done for (?:today|now|tonight|the day)`,
  `i am done${WHEN}`,
  `that is (?:me|us) (?:(?:done|finish)${WHEN}|for (?:today|now|tonight|the day))`,
  `that is (?:it|all) for (?:me|today|now|tonight)`,
  `(?:that is |that is more than )?enough${WHEN}`,
  // Having had enough, said of this session: "I think I've had quite enough for one afternoon" (not "... of this mess").
  `(?:(?:i|we) )?(?:have |had )?had (?:quite |more than |about |just about )?enough${WHEN}`,
  `that (?:will|would|should|must)(?: have to)? do(?: it)?(?: for (?:me|us))?(?:${THIS_SESSION}| for now)`,
  `(?:(?:i|we) )?(?:have )?had it${THIS_SESSION}`,
  `call(?:ing)? it(?: a (?:day|night)| quits)?${WHEN}`,
  `give up(?:${THIS_SESSION}| for now)`,
  // Going on another time is ending this one: "let's finish tomorrow", "pick this up another day".
  `(?:finish|continue|carry on|do (?:this|it|the rest)|pick (?:this|it|things) (?:back )?up|try again)(?: (?:this|it))?(?: (?:bit|one))? ${ANOTHER_TIME}`,
  `(?:leave it|save (?:it|the rest)) (?:there |for |till |until )?${ANOTHER_TIME}`,
  // Leaving: "bye for now", "gn", "catch you later", "I'm off".
  '(?:bye|by)(?: bye)?(?: for now)?',
  '(?:good ?night|gn|nighty? night|night all)',
  '(?:catch|see|speak|talk) (?:you|u|ya) (?:later|soon|tomorrow|tmrw|another (?:day|time))',
  'i am (?:off|out)(?: now| then)?',
  'leave it there (?:for )?(?:today|tonight)',
  `no more(?: for)? (?:today|tonight|now)`,
  `end(?: the| this)? session`,
  `finish(?: up| here| for (?:today|now))?${WHEN}`,
  `wrap(?: it| this| things)? up${WHEN}`,
  `quit${WHEN}`,
  `(?:need|want|take|have) a break${WHEN}`,
  `(?:have got to|got to|have to|need to|must|gotta) (?:go|run|dash|head off|get going)${WHEN}`,
];
/**
 * Leaving, said at the end of a clause about why: "uber's 2 min away gotta run". Only of the person ("gotta", "I have
 * to"): "it has to go" is about the thing.
 */
/**
 * Another session named on its own ("another day x", "back another time"), or having to leave it there: on a card
 * about a thing, said of that thing.
 */
const ANOTHER_SESSION = new RegExp(
  `^(?:back )?${SOME_OTHER_DAY}(?: x+)?$|^(?:gotta|got to|have to|have got to|(?:i|we) (?:have to|have got to|got to|gotta)) leave it (?:there|here)(?: for (?:now|today|tonight))?$`,
);
const LEAVING_NOW = /(?:^| )(?:gotta|got to|(?:i|we) (?:have to|need to|must|have got to|got to|gotta)) (?:go|run|dash|head off|get going)(?: now)?$/;
/** What may follow a stop in its clause: thanks, an apology, or why (tired, out of steam); never a stop on its own. */
const POLITE = '(?: (?:please|thanks|thank you|cheers|lol|sorry|honestly|to be honest|tbh|i think|x+|gn|good ?night|i am (?:so |too |really )?(?:tired|exhausted|knackered|wiped|out of steam|spent)|i have hit a wall))*';
const STOP_CLAUSE = new RegExp(`^${LEAD}${ASK}(?:${CORE.join('|')})${POLITE}$`);
const NOT_TODAY = /^(?:(?:just|maybe|sorry|but|actually|nah|no|oh|ugh) )*not (?:today|tonight)$/;
/** Beside a stop, "just leave it" leaves the session, not the thing: it is no answer that outweighs the stop. */
export const LEAVE_IT = /^(?:just )?leave (?:it|that|this|them|everything|it all)(?: (?:there|for now|for today|be))?$/;

/**
 * A clause that asks to end the session, or "not today" ("actually forget it, not today") where the card proposes
 * nothing about a thing (a split, where a thing goes) that it could be about instead.
 */
export function asksToStop(clauses: readonly Clause[], expecting: Expecting): boolean {
  const any = (pattern: RegExp) => clauses.some((clause) => pattern.test(clause.norm));
  const proposal = ['split', 'disposition', 'location'].includes(expecting.kind);
  // "enough lol next one", "I'm done, next": asking for the next thing after it, the stop was about the thing.
  const thing = expecting.kind === 'disposition' || expecting.kind === 'location';
  const stopAt = clauses.findLastIndex((clause) => STOP_CLAUSE.test(clause.norm) || LEAVING_NOW.test(clause.norm) || (!thing && ANOTHER_SESSION.test(clause.norm)));
  const goesOnAfter = clauses.slice(stopAt + 1).some((clause) => NEXT.test(clause.norm) && GOES_ON.test(clause.norm));
  // "actually not today, my head's pounding": on a card about no thing, not today is the session.
  return (stopAt >= 0 && !goesOnAfter) || (!proposal && any(NOT_TODAY));
}

/** Words in a clause for going on that ask for more, not only agree: "next", "another one", "go on" (not "ok", "done"). */
const GOES_ON = /(?:^| )(?:next|another|go on|carry on|continue|move on|moving on|proceed|onwards?|crack on|what is next)(?: |$)/;

export const KEEP_GOING = phrase(
 'keep (?:on )?going', 'keep (?:them|it) coming', `carry on(?! ${ANOTHER_TIME})`, 'on a roll', 'one more', 'lose momentum',
  '(?<!why )not (?:done|finish|tired|quit|stop)(?: yet)?', 'no stop', 'never (?:stop|quit)', '(?:do|can|will|would) not (?:want to )?(?:stop|quit)', 'hate to stop',
  // Progress named: "I'm actually getting somewhere", "don't make me stop now", "in the zone".
  'getting somewhere', 'making (?:good |real |some )?progress', 'keep at it', '(?:soldier|push|press|plough|plow) on', 'in the zone', 'going strong', '(?:do not|never|can not) make me (?:stop|quit)',
);
/** A clause made only of words for going on: "ok", "yes please", "alright alright, next", "just give me the next one". */
export const NEXT = /^(?:(?:ok|yes|sure|alright|fine|right|go on|go|continue|ready|next(?: one| thing| item| please)?|another(?: one| thing)?|let us go|lets go|please|then|what is next|done|move on|carry on|just|give me the next one|sounds good|when(?:ever)? you (?:are|like|want)(?: ready)?|whenever|hit me(?: with)?(?: the| another)?(?: next)?(?: one)?|fire away|bring it on|go ahead|(?:let us|lets) do (?:this|it)|very well|proceed|onwards?(?: and upwards?)?|on we go|crack on|moving on|let us continue|gimme (?:another|the next)(?: one)?)(?: |$))+$/;
/**
 * Handing the choice of the next thing to the coach: "you pick the next one", "surprise me", "whatever's next",
 * "ur choice", "anything, just pick something". On a card asking for the next thing it is going on.
 */
export const HANDS_OVER = phrase(
  'you (?:pick|choose|decide)', '(?:your|ur|yr) (?:pick|choice|call)', 'surprise me', "whatever(?: is|'?s)? next", '(?:just )?pick (?:something|anything|one)(?: for me)?', '^anything$',
  'up to you', 'you tell me', "dealer'?s choice", 'whatever you (?:want|like|think|say)',
);
export const NO = /^(?:no|no thanks|no thank you|not really)$/;

// How much a thing means is not too much: "it means so much to me", "I'd miss it too much".
export const OVERWHELMED = phrase(
  '(?<!(?:it|them|that) )too much', 'too many', 'overwhelm\\w*', 'drowning', 'panic\\w*', 'can not think', '(?<!(?:means?|it|them|that) )so much', 'where to (?:start|begin)',
  'can not cope', 'freaking out', '^i can not$',
  // Not able to bear the sight of it: "I can't even look at it", "can't deal with it".
  'can not (?:even )?(?:look at|deal with|bear|stand being in) (?:it|this|them|the room|in here)',
);
export const LESS_OVERWHELMING = phrase('less overwhelm\\w*', 'not overwhelm\\w*');
export const TRIGGER = /^(.+?)\s+(?:freaks?|scares?|stress(?:es)?|makes?)\s+me(?:\s+(?:out|anxious|nervous))?\b|can'?t face\s+(?!(?:it|this|that|them|these|those)\b)(.+)$/i;
export const STUCK = phrase('stuck', 'help', 'can not decide', 'do not know what to do', 'this is hard', 'you (?:pick|choose|decide)', 'pick (?:something|one|for me)', 'give me an easy one', 'too tired to choose');
/** Doubt about what a thing is, not which: "maybe a usb one", "probably an old router", "no idea what this is". */
export const IDENTITY_DOUBT = /(?:^| )(?:maybe|probably|perhaps)(?= (?:a|an|some) )|(?:no idea|no clue|not sure|dunno|do not know) what (?:it|this|that|they|these|those) (?:is|are)/g;
/** Doubt about when, not which: "pizza box from tuesday? maybe monday", "probably last week", "maybe 2019". */
export const WHEN_DOUBT =
  /^(?:(?:or|maybe|probably|perhaps|i think|not sure) )+(?:(?:last |this |on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|month|year|night|christmas|easter|summer|winter)|yesterday|\d{1,4}s?|(?:a|one|two|three|a few|a couple of) (?:days?|weeks?|months?|years?)(?: ago)?|ages(?: ago)?|before that|earlier)$/;
/** A clause that is only doubt: "idk", "not sure", "no idea". */
export const DOUBT_ONLY = /^(?:i )?(?:dunno|do not know|no idea|no clue|not sure|unsure)$/;
export const HESITANT = phrase(
  // Not the contents nobody knows: "a bag full of I dunno what".
  '(?<!(?:of|with) (?:i )?)(?:dunno|do not know)', 'no idea', 'no clue', 'not sure', 'unsure', 'maybe', 'perhaps', 'undecided', 'not certain',
  'think about (?:it|that|this)(?: one)?', '(?:have|has) not decided', 'let me think', 'feel bad', 'part of me', 'torn', 'later', 'not yet', 'come back to (?:this|it)', '(?:i|we) might(?! as well)', 'might (?:come in|be) (?:useful|handy)',
  // Having no home yet: "it doesn't live anywhere", "it's never had a spot" (not "the bed can't go anywhere").
  'nowhere', 'no (?:home|spot|place for)', '(?:not|never) (?:really |even |ever )?(?:have|had|got) a (?:place|home|spot)', '(?:does|do|did) not (?:really |even )?(?:live|go|belong|fit) anywhere(?! else)',
);

/** What the person is stuck on, named: "I'm rather stuck on the question of the photographs", "can't decide about the vase". */
const STUCK_ON =
  /\b(?:stuck|(?:can'?t|cannot|can not) decide|help(?: me)?|struggling|torn)\s+(?:on|with|about|over|what to do (?:with|about))\s+(?:(?:the\s+)?(?:question|issue|matter|problem|business)\s+of\s+)?(.+)$/i;

export function stuckOn(clauses: readonly Clause[]): string | undefined {
  for (const clause of clauses) {
    const named = trimFiller(STUCK_ON.exec(clause.text)?.[1] ?? '');
    if (named && isName(named) && !/^(?:it|this|that|them|these|those|everything|anything|what|which|where|whether|how)(?: |$)/i.test(named)) return bareName(named);
  }
  return undefined;
}

export function help(item: string | undefined): Input {
  return item ? { kind: 'help', item } : { kind: 'help' };
}
