/**
 * What a message says about the item in hand (`disposition`), clause by clause (`outcomeIn`): an outcome word, a way
 * out named by where it goes (the bin, a charity shop, a recycling point, someone who wants it), or a place.
 *
 * - Later clauses correct earlier ones ("bin... no wait, it goes in the drawer" is a place); an explicit outcome
 *   (bin it, donate, it stays, goes in the drawer) beats hesitation ("not sure"), which beats an outcome only
 *   implied ("I'm done with it", "I never use it", "don't bin them").
 * - Sentiment keeps ("it's sentimental", "it was my dad's", "my daughter made it"), and refusing a way out ("don't
 *   bin it") rules out a way out only implied or judged: "no, don't bin it, it's my grandma's" and "I know it's
 *   rubbish but I can't throw it out" are never out.
 * - What is said of another thing named yields to what is said of the card's ("bin the sauce packets but keep the
 *   box"); what a thing is needed for, or a remark on a place, is no answer ("I need it for the charity shop run").
 * - A question about how things are decides nothing ("can you even recycle these?").
 * - Shredding is recycling; a pharmacy or a battery or e-waste point is recycling kept with its place.
 * - On the card asking where a thing lives, the answer is a place whatever it names ("mom's house", "back to
 *   work"), unless it is a way out (the bin, charity, someone who wants it), doubt or a stop.
 * - An outcome word before a noun names a thing, not an outcome ("the trash bag can stay", "junk mail").
 * - A place after a place narrows it ("Garage. The red toolbox").
 */
import { headNoun } from '../../../shared/text/names';
import { leavesHome, type Input, type Outcome } from '../input';
import { BESIDE, ELSEWHERE, isPlaceOnly, locationText, PLACE_ADVERB, PLACE_AT, PLACE_NOUN, PLACE_VERB_WORD, STORAGE_SPOT, storageBin } from './places';
import { HESITANT } from './session';
import { type Clause, type Found, has, matchesIn, matchIn, phrase, trimFiller } from './words';

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


const PEOPLE =
  '(?:my |a |the |our |her |his )?(?:sister|brother|mom|mother|dad|father|friend|friends|mate|mates|pal|bestie|boyfriend|girlfriend|bf|gf|husband|wife|fiance|fiancee|ex|boss|workmate|coworker|teacher|neighbor|neighbors|nan|nana|gran|granny|grandma|grandad|grandpa|nephew|niece|cousin|aunt|auntie|uncle|son|daughter|grandson|granddaughter|grandkids|grandkid|grandchildren|grandchild|stepson|stepdaughter|godson|goddaughter|kids|kid|children|flatmate|roommate|housemate|colleague|partner|someone|somebody|school|shelter|animal shelter|church|library|hospital|food bank|daycare|day care|nursery|preschool|kindergarten|playgroup|care home|hospice|refuge)';
/** Who someone is, by where they are: "someone on my floor could use it", "a friend at work needs one". */
const WHERE_THEY_ARE = '(?: (?:on|at|in|from|down) (?:my |the |our |her |his )?\\w+)?';
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
  /^(?:(?:in|into|to|for|at|back to) )?(?:the |a )?(?:\w+ )?(?:(?:pharmacy|chemist|drugstore|pharmacist)(?: \w+)?|(?:battery|batteries|e-?waste|electronics?|electrical|weee) (?:bins?|box(?:es)?|recycle|point|place|bank|collection|center|drop)\b.*|(?:recycle|collection) (?:point|center|place|collection|drop|tub|box|bin)\b.*)$/;
/**
 * Someone else's home: "to my mum's", "round my brother's place", "hers", "back to him". A trip to their home is a
 * place; a person named alone ("to him") is a gift on a thing's card, and where it lives on the card asking that.
 */
const SOMEONES_HOME = new RegExp(`^(?:(?:at|to|round|over to|for) )?(?:hers|his|theirs|him|her|them|${PEOPLE}'?s(?: (?:house|place|flat))?|${PEOPLE} (?:house|place|flat))$`);
const TO_A_PERSON = /^(?:(?:to|for) )?(?:him|her|them)$/;
/** Whose it was, when that makes it an heirloom: someone gone, a grandparent ("my late wife's", "my grandmother's"). */
const HEIRLOOM_OWNER = "(?:my |our |her |his )?(?:late \\w+|grand(?:ma|mother|pa|father|ad|dad|mom|mommy)|gran|granny|nan|nana|nanna)'?s";
/** A pile, box or bag named for what is not decided yet: "maybe box", "think-about-it crate", "limbo bag", "pending box". */
const LATER_PILE =
  /(?:^| )(?:maybe|think(?:ing)?[ -]about[ -]it|decide[ -]later|deal[ -]with[ -]later|sort[ -](?:out[ -])?later|later|undecided|pending|limbo|purgatory|not[ -]sure(?:[ -]yet)?|unsure|to[ -]decide|tbd|holding|waiting|on[ -]hold|in[ -]between|dunno)(?: \w+)? (?:pile|box|bag|crate|drawer|basket|shelf|tub|heap|stack|bin|tray|corner|folder|bucket)s?(?= |$)/;

/**
 * Going back to whoever it belongs to, at their home or their shop: "give it back to him", "returning it to zara",
 * "back to the library", "borrowed it off steve", "they want it back", "these need returning", "it's my sister's".
 * A place (the owner's, where named), not a gift: it is a trip, and the person takes it there.
 */
const GIVE_BACK = /(?:^| )(?:give|giving|gave|hand|handing|send|sending|post|posting|drop|dropping|take|taking|bring|bringing|get|getting|pass|passing|return|returning|goes|go|going|went)(?: (?:it|them|this|that|these|those))? back(?: (?:to|at|round|over to|with) (?<who>.+?))?(?: (?:for|tomorrow|tmrw|later|soon|next|this|when)(?: .*)?)?$/;
const RETURNING = /(?:^| )(?:return|returning|returned)(?: (?:it|them|this|that|these|those))?(?: (?:to|at) (?<who>.+?))?(?: (?:with|for|on|tomorrow|later|soon)(?: .*)?)?$/;
const BACK_TO = /(?:^| )back (?:to|at|round) (?<who>.+)$/;
const WANTED_BACK =
  /(?:^| )(?:(?:needs?|has|have|got) to (?:go|be taken|be given|be returned) back|needs? (?:returning|to be returned|taking back|to go back)|(?<!(?:^| )(?:i|we) )(?:wants?|(?:will|would|might) want|needs?|can have|could have|can take) (?:it|them|this|that|these|those) back)(?= |$)(?! (?:in|on|into|to|by|under) (?:the|my|her|his|our|their) )/;
const BORROWED = /(?:^| )(?:borrowed|lent|loaned|on loan)(?: (?:it|them|this|that|these|those))?(?: (?:off|from|by) (?<who>.+))?$/;
/** Whose it is: "it's my brother's", "thats lukes", "they're my flatmates", "belongs to my neighbour". */
const THEIRS = new RegExp(
  `^(?:(?:but|and|oh|no|so|well|actually) )*(?:(?:(?:it|that|this|they|those|these) (?:is|are|has)|its|thats|theyre) (?<who>(?:${PEOPLE}|[a-z]+)'?s|hers|his|theirs)|belongs? to (?<owner>${PEOPLE}|[a-z]+))(?: (?:actually|really|lol|tbh|anyway|not mine))?$`,
);
const NOT_AN_OWNER = new RegExp(`^(?:${HEIRLOOM_OWNER}|(?:my |our )?(?:late )?\\w+ (?:who|that) .*|mine|ours|yours|its|this|thats|whats|nothings|everyones|nobodys|ages|years|days|weeks|months|somebody's|someone's|.*(?:less|ness|ous|ful)s?|.*s's)$`);

function returnIn(clause: Clause): Reading | undefined {
  // "the chemist can have them back": old medicines back to a pharmacy are recycling (the outcome words say so).
  if (/(?:^| )(?:pharmacy|chemist|drugstore|pharmacist)(?= |$)/.test(clause.norm)) return undefined;
  const whose = THEIRS.exec(clause.norm)?.groups;
  const owner = whose?.who ?? whose?.owner;
  if (owner && !NOT_AN_OWNER.test(owner)) return { outcome: 'place', location: locationText(clause, owner), firm: false };
  for (const pattern of [GIVE_BACK, RETURNING, BACK_TO, BORROWED]) {
    const found = pattern.exec(clause.norm);
    if (!found) continue;
    const who = found.groups?.who && trimFiller(found.groups.who);
    // "back to this", "back to it later": no owner, and no answer here.
    if (who && /^(?:this|it|that|them|these|those|later|you|me|normal|work on)(?: |$)/.test(who)) continue;
    // "back to the pharmacy": recycling's own place is recycling.
    const wayOut = who ? destinationOf(clause, who, false) : undefined;
    if (wayOut?.outcome === 'recycle') return wayOut;
    return { outcome: 'place', ...(who ? { location: locationText(clause, who) } : {}), firm: pattern !== BORROWED };
  }
  return WANTED_BACK.test(clause.norm) ? { outcome: 'place', firm: true } : undefined;
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
    pattern: new RegExp(`(?:^| )(?:give|giving|pass|passing|send|sending|hand|handing|offer|offering)(?: (?:it|them|this|that|these|those))?(?: over| on| down| along)? to (?:${PEOPLE}|him|her|them)(?= |$)`),
    outcome: 'donate',
    firm: true,
    negated: 'keep',
  },
  {
    // Of the thing in hand ("my sister needs it", "he can have them"), not another ("my brother needs the car"), and
    // not back ("he can have it back" is a return).
    pattern: new RegExp(
      `(?:^| )(?:${PEOPLE}|she|he)${WHERE_THEY_ARE} (?:wants?|(?:would|will|might) (?:like|love|want|use|take)|can have|could have|could use|can use|might use|might want|might|needs?|takes?|can take|said (?:she|he|they) wants?)(?= (?:it|them|this|that|these|those|one|some|all)(?: (?!back(?: |$))|$)|$| (?:for|to|as|at|when|if|because|cos|so)(?: |$))`,
    ),
    outcome: 'donate',
    firm: true,
  },
  {
    // Someone is coming for it: "she's collecting it Friday", "my brother is picking them up".
    pattern: new RegExp(`(?:^| )(?:${PEOPLE}|she|he|they) (?:is |are |will |will be |can )?(?:collect\\w*|picking (?:it |them |this |these )?up|pick (?:it |them |this |these )?up|coming for (?:it|them))(?= |$)`),
    // Theirs, fetched: it goes to their home, not away as a gift.
    outcome: 'place',
    firm: true,
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
  if (SOMEONES_HOME.test(where)) return whereCard || !TO_A_PERSON.test(where) ? { outcome: 'place', location: place(), firm: true } : { outcome: 'donate', firm: true };
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
    '(?:can|could|should|does) (?!(?:i|we|not|really|probably|prob|just|def|definitely|totally|maybe|honestly|actually|defo) |you (?:please |just )?\\w+ (?:it|them|this|that|these|those)(?: |$))',
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

export function outcomeIn(clause: Clause, whereCard = false): Reading | undefined {
  // "I'd cry if I binned it": a condition decides nothing; nor does a question.
  if (/^(?:if|unless) /.test(clause.norm) || ASKS_A_FACT.test(clause.norm)) return undefined;
  // "the maybe box", "my think-about-it crate": a pile named for deciding later is not deciding.
  if (LATER_PILE.test(clause.norm)) return { outcome: 'unsure', firm: true };
  const returned = returnIn(clause);
  if (returned) return returned;
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
    refuses ||= found.negated && leavesHome(word.outcome);
    // "keep going", "I keep avoiding them", "keep them coming": not about keeping a thing.
    if (word.outcome === 'keep' && /(?:^| )keep (?:\w+ing|them coming|it coming)(?= |$)/.test(clause.norm)) continue;
    const outcome = found.negated ? word.negated : word.outcome;
    if (!outcome) continue;
    const reading = { outcome, firm: word.firm && !found.negated, at: found.at, judged: !found.negated && JUDGEMENT.test(clause.norm.slice(0, found.at)) };
    // Within a clause the last word says it, but something said outright outweighs something implied.
    if (!best || (reading.firm === best.firm ? reading.at >= best.at : reading.firm)) best = reading;
  }
  // "the storage bin, not the trash": a bin for storing, said instead of the way out it is not.
  if (storage && refuses) return { outcome: 'place', location: trimFiller(clause.text.replace(/[,\s]+(?:not|no)\s.*$/i, '')), firm: true };
  if (best) return { outcome: best.outcome, firm: best.firm, ...(refuses ? { refusesOut: true as const } : {}), ...(best.judged ? { judged: true as const } : {}) };
  if (has(clause, ELSEWHERE) && !matchIn(clause, ELSEWHERE)?.negated) return { outcome: 'place', firm: true };
  if ((storage || has(clause, PLACE_NOUN)) && isPlaceOnly(clause)) return { outcome: 'place', location: trimFiller(clause.text.replace(/\s+where\s.*$/i, '')), firm: true };
  return undefined;
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
  // "its my dad's, goes back to him": him is the owner just named, not a place inside theirs.
  if (/^(?:him|her|them|hers|his|theirs)$/i.test(reading.location)) return { ...reading, location: before.location };
  return { ...reading, location: `${before.location}, ${reading.location.replace(/^(?:The|A|An|My|Our)\b/, (article) => article.toLowerCase())}` };
}

/**
 * What the message says about the item in hand, corrections and all; undefined when it says nothing about it.
 * `whereCard`: the card asked where the thing lives, so a place is what any place-like answer names.
 */
export function disposition(clauses: readonly Clause[], item: string, whereCard = false): Input | undefined {
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
      said.reading !== undefined && !(refused && (!said.reading.firm || said.reading.judged) && leavesHome(said.reading.outcome)),
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
  // "he's picking it up later": doubt in a clause that says where it goes is no doubt about it.
  const hesitant = read.some(({ clause, reading }) => (has(clause, HESITANT) && !reading?.firm) || ASKS_A_FACT.test(clause.norm));
  const chosen = sortedFurther ? { outcome: 'unsure' as const } : (firm ?? (hesitant ? { outcome: 'unsure' as const } : readings.at(-1)));
  if (!chosen) return undefined;
  // "it's my neighbour's, he'll want it back": going back with no place named goes where an earlier clause said.
  const location = ('location' in chosen && chosen.location) || (chosen.outcome === 'place' ? readings.findLast((reading) => reading.outcome === 'place' && reading.location)?.location : undefined);
  return { kind: 'disposition', item, outcome: chosen.outcome, ...(location ? { location } : {}) };
}
