import { describe, expect, it } from 'vitest';
import type { Expecting, Input } from './input';
import { readByRules as understand } from './understand';

const item: Expecting = { kind: 'item' };
const card: Expecting = { kind: 'disposition', item: 'mug' };
const mug = (outcome: Extract<Input, { kind: 'disposition' }>['outcome'], location?: string): Input => ({
  kind: 'disposition',
  item: 'mug',
  outcome,
  ...(location ? { location } : {}),
});

/** The kinds of answer `understand` reads, one row (or more) each. */
const rows: { rule: string; text: string; expecting: Expecting; heard: Input }[] = [
  { rule: '1 stop', text: 'I need to stop', expecting: item, heard: { kind: 'stop' } },
  { rule: '1 stop, on a card', text: "that's enough for today", expecting: card, heard: { kind: 'stop' } },
  { rule: '1 tired is not a stop on its own', text: 'im tired', expecting: { kind: 'function' }, heard: { kind: 'unclear', text: 'im tired' } },
  { rule: '2 trigger', text: 'the boxes freak me out', expecting: item, heard: { kind: 'overwhelmed', trigger: 'the boxes' } },
  { rule: '2 trigger, can’t face', text: "I can't face the wardrobe", expecting: card, heard: { kind: 'overwhelmed', trigger: 'the wardrobe' } },
  { rule: '3 help on the item in hand', text: "I'm stuck", expecting: card, heard: { kind: 'help', item: 'mug' } },
  { rule: '3 help with nothing in hand', text: 'help', expecting: item, heard: { kind: 'help' } },
  { rule: '4 overwhelmed', text: 'idk where to start', expecting: { kind: 'function' }, heard: { kind: 'overwhelmed' } },
  { rule: '4 overwhelmed, too much', text: 'too much', expecting: item, heard: { kind: 'overwhelmed' } },
  { rule: '4 hesitating over a named thing', text: 'sketchbook with some ideas, idk...', expecting: item, heard: { kind: 'help', item: 'sketchbook with some ideas' } },
  { rule: '4 overwhelmed, nothing named', text: 'this is all too much', expecting: item, heard: { kind: 'overwhelmed' } },
  { rule: '4 hesitating on a card is unsure', text: 'no idea', expecting: card, heard: mug('unsure') },
  { rule: '5 unsure', text: 'maybe later', expecting: card, heard: mug('unsure') },
  { rule: '6 trash', text: 'bin it', expecting: card, heard: mug('trash') },
  { rule: '7 recycle', text: 'recycle', expecting: card, heard: mug('recycle') },
  { rule: '8 donate', text: 'give it away', expecting: card, heard: mug('donate') },
  { rule: '9 place with a location', text: 'put it in the kitchen', expecting: card, heard: mug('place', 'the kitchen') },
  { rule: '10 place, location still to ask', text: 'somewhere else', expecting: card, heard: mug('place') },
  { rule: '11 keep', text: 'leave it', expecting: card, heard: mug('keep') },
  { rule: '12 skip', text: 'skip', expecting: card, heard: mug('skip') },
  { rule: '13 split declined', text: 'not now', expecting: { kind: 'split' }, heard: { kind: 'split', edit: { kind: 'decline' } } },
  { rule: '14 split merged', text: 'one pile please', expecting: { kind: 'split' }, heard: { kind: 'split', edit: { kind: 'merge' } } },
  { rule: '15 split accepted', text: 'sounds good', expecting: { kind: 'split' }, heard: { kind: 'split', edit: { kind: 'accept' } } },
  {
    rule: '16 split renamed',
    text: 'cords, the rest',
    expecting: { kind: 'split' },
    heard: { kind: 'split', edit: { kind: 'rename', names: ['cords', 'the rest'] } },
  },
  { rule: '17 next', text: 'ok, leave them', expecting: item, heard: { kind: 'next' } },
  { rule: '17 next, refining', text: 'next', expecting: { kind: 'next' }, heard: { kind: 'next' } },
  {
    rule: '18 function',
    text: "work from home, I'm a designer",
    expecting: { kind: 'function' },
    heard: { kind: 'function', function: "work from home, I'm a designer", overwhelmed: false },
  },
  { rule: '19 anchors', text: 'desk, drawing tablet and lamp', expecting: { kind: 'anchors' }, heard: { kind: 'anchors', anchors: ['desk', 'drawing tablet', 'lamp'] } },
  { rule: '19 no anchors', text: 'nothing', expecting: { kind: 'anchors' }, heard: { kind: 'anchors', anchors: [] } },
  {
    rule: '20 location',
    text: 'the hall cupboard',
    expecting: { kind: 'location', item: 'coat' },
    heard: { kind: 'disposition', item: 'coat', outcome: 'place', location: 'the hall cupboard' },
  },
  { rule: '21 item', text: 'empty amazon envelope', expecting: item, heard: { kind: 'item', item: 'empty amazon envelope' } },
  { rule: '- question: a question back is help asked for, not an item', text: 'what is this?', expecting: item, heard: { kind: 'question', about: 'choices', text: 'what is this?' } },
  { rule: '- unclear: no function word', text: 'a bit of everything', expecting: { kind: 'function' }, heard: { kind: 'unclear', text: 'a bit of everything' } },
  { rule: '- unclear: a card answer the rules cannot read', text: 'hmm the blue one', expecting: card, heard: { kind: 'unclear', text: 'hmm the blue one' } },
  { rule: '- question: what to do now is asked back', text: 'what now', expecting: { kind: 'next' }, heard: { kind: 'question', about: 'choices', text: 'what now' } },
  { rule: '- nothing said', text: '   ', expecting: item, heard: { kind: 'begin' } },
];

describe('understand: the documented rules', () => {
  it.each(rows)('$rule: "$text"', ({ text, expecting, heard }) => {
    expect(understand(text, expecting)).toEqual(heard);
  });

  it('reads words whole: "binder" is not "bin", "stoppers" is not "stop"', () => {
    expect(understand('binder', card)).toEqual({ kind: 'unclear', text: 'binder' });
    expect(understand('bottle stoppers', item)).toEqual({ kind: 'item', item: 'bottle stoppers' });
  });
});

const next: Expecting = { kind: 'next' };
const where: Expecting = { kind: 'location', item: 'mug' };

/** Answers the keyword table misread, each named for what it used to get wrong. */
const regressions: { misreading: string; text: string; expecting: Expecting; heard: Input }[] = [
  { misreading: 'a negated outcome, then the place', text: 'not trash, it goes to the garage', expecting: card, heard: mug('place', 'the garage') },
  { misreading: 'a negated keep lets it go', text: "I don't want to keep it", expecting: card, heard: mug('donate') },
  { misreading: '"tired" negated means carry on', text: "keep going, I'm not tired", expecting: next, heard: { kind: 'keepGoing' } },
  { misreading: 'a throw verb with a destination', text: 'throw it in the kitchen drawer', expecting: card, heard: mug('place', 'the kitchen drawer') },
  { misreading: 'a person as the recipient', text: 'give it to my sister', expecting: card, heard: mug('donate') },
  { misreading: 'a person who wants it', text: 'my neighbour wants it', expecting: card, heard: mug('donate') },
  { misreading: 'an outcome word naming a thing', text: 'junk mail, recycle it', expecting: card, heard: mug('recycle') },
  { misreading: 'an outcome word naming a thing, kept', text: 'the trash bag can stay', expecting: card, heard: mug('keep') },
  { misreading: 'the state of the room is not its function', text: 'My desk is buried.', expecting: { kind: 'function' }, heard: { kind: 'overwhelmed' } },
  { misreading: 'the state of the room is not its function', text: "can't see the floor", expecting: { kind: 'function' }, heard: { kind: 'overwhelmed' } },
  {
    misreading: 'two uses in two clauses',
    text: "I sleep here but it's also my office",
    expecting: { kind: 'function' },
    heard: { kind: 'function', function: "I sleep here but it's also my office", overwhelmed: false },
  },
  {
    misreading: 'a use the person no longer wants',
    text: "just sleep tbh, I don't want to work in here any more",
    expecting: { kind: 'function' },
    heard: { kind: 'function', function: 'sleep', overwhelmed: false },
  },
  { misreading: 'a typo of recycle', text: 'recylce', expecting: card, heard: mug('recycle') },
  { misreading: 'a typo of donate', text: 'donat', expecting: card, heard: mug('donate') },
  { misreading: 'a typo of trash', text: 'thrash', expecting: card, heard: mug('trash') },
  { misreading: 'a typo of throw', text: 'thow it away', expecting: card, heard: mug('trash') },
  { misreading: 'a thumbs-up', text: '👍', expecting: next, heard: { kind: 'next' } },
  { misreading: 'a wastebasket emoji', text: '🗑️', expecting: card, heard: mug('trash') },
  { misreading: 'a shrug', text: '🤷', expecting: card, heard: mug('unsure') },
  { misreading: 'British rubbish', text: 'rubbish', expecting: card, heard: mug('trash') },
  { misreading: 'American garbage', text: 'garbage', expecting: card, heard: mug('trash') },
  { misreading: 'a short yes', text: 'yep', expecting: next, heard: { kind: 'next' } },
  { misreading: 'a shorter yes', text: 'k', expecting: next, heard: { kind: 'next' } },
  { misreading: 'a short no to going on', text: 'nah', expecting: next, heard: { kind: 'stop' } },
  { misreading: '"I don\'t know" asked a fact is hesitation, not stuck', text: "I don't know", expecting: { kind: 'function' }, heard: { kind: 'help' } },
  { misreading: '"I don\'t know" about a place is unsure', text: 'dont know, it has no home', expecting: where, heard: mug('unsure') },
  { misreading: 'a correction after the first word', text: 'bin... no wait, it goes in the drawer by the bed', expecting: card, heard: mug('place', 'the drawer by the bed') },
  { misreading: 'a landmark beside the bin', text: 'under the sink next to the bin', expecting: where, heard: mug('place', 'under the sink next to the bin') },
];

describe('understand: misreadings of the keyword table', () => {
  it.each(regressions)('$misreading: "$text"', ({ text, expecting, heard }) => {
    expect(understand(text, expecting)).toEqual(heard);
  });
});

const split: Expecting = { kind: 'split' };
const anchors: Expecting = { kind: 'anchors' };
const passport: Expecting = { kind: 'location', item: 'passport' };
const gone = (outcome: Extract<Input, { kind: 'disposition' }>['outcome'], location?: string): Input => ({
  kind: 'disposition',
  item: 'passport',
  outcome,
  ...(location ? { location } : {}),
});

/**
 * General causes of the held-out set's misses (heldout.jsonl), each fixed as a rule and tested here in words
 * that are not the held-out sentences, so the rule is shown to reach beyond them.
 */
const generalised: { cause: string; text: string; expecting: Expecting; heard: Input }[] = [
  { cause: 'stop: calling it', text: "could we call it there, I'm wiped", expecting: next, heard: { kind: 'stop' } },
  { cause: 'stop: going on another time', text: 'shall we pick it back up on Saturday', expecting: item, heard: { kind: 'stop' } },
  { cause: 'stop: going on another time, not carrying on now', text: "let's carry on another day", expecting: next, heard: { kind: 'stop' } },
  { cause: 'stop: finishing next time, with the reason', text: "I'm running on empty, can we finish next time", expecting: anchors, heard: { kind: 'stop' } },
  { cause: 'stop: enough for me', text: 'enough for me now thanks', expecting: { kind: 'function' }, heard: { kind: 'stop' } },
  { cause: 'stop: out of steam alone is tiredness, not a request', text: "I'm out of steam", expecting: next, heard: { kind: 'unclear', text: "I'm out of steam" } },
  { cause: 'interjection: a leading "wait" before an answer', text: "wait, it's my brother's, he's picking it up later", expecting: passport, heard: gone('place', "my brother's") },
  { cause: 'interjection: a leading "stop" before a place', text: 'stop, the drawer in the hall', expecting: passport, heard: gone('place', 'the drawer in the hall') },
  { cause: 'interjection: a "stop" followed only by "please" is still a stop', text: 'stop. please', expecting: passport, heard: { kind: 'stop' } },
  { cause: 'correction: "actually no" in a location', text: 'the shelf. actually no, the wardrobe', expecting: passport, heard: gone('place', 'the wardrobe') },
  { cause: 'correction: "no wait" in the next item', text: 'the rug — no wait, the chair first', expecting: next, heard: { kind: 'item', item: 'chair' } },
  { cause: 'correction: "actually not X" in anchors', text: 'sofa and telly. actually not the telly', expecting: anchors, heard: { kind: 'anchors', anchors: ['sofa'] } },
  { cause: 'anchors: what is excepted stays', text: 'all of it can go apart from the piano', expecting: anchors, heard: { kind: 'anchors', anchors: ['the piano'] } },
  { cause: 'anchors: a thing let go is not an anchor', text: 'the wardrobe stays. the old printer I want rid of', expecting: anchors, heard: { kind: 'anchors', anchors: ['the wardrobe'] } },
  { cause: 'recipient: a partner who could use it', text: 'my boyfriend could use it', expecting: card, heard: mug('donate') },
  { cause: 'place: a typo in the furniture is corrected', text: 'top drawr', expecting: passport, heard: gone('place', 'top drawer') },
  { cause: 'place: typos in a room and its cupboard', text: 'in the kitchn cuboard', expecting: passport, heard: gone('place', 'the kitchen cupboard') },
  { cause: 'place: a bin named by a word not a waste bin’s is storage, asked where it lives', text: 'underbed bin', expecting: passport, heard: gone('place', 'underbed bin') },
  { cause: 'place: a real word near a place word is kept', text: 'the closed box', expecting: passport, heard: gone('place', 'the closed box') },
  { cause: 'recipient: a grandchild, after a change of mind', text: 'bin... no wait, it works fine, my grandson could use it at uni', expecting: card, heard: mug('donate') },
  { cause: 'recipient: someone known by where they are', text: 'too nice to toss, someone on my floor could use it', expecting: card, heard: mug('donate') },
  { cause: "owner: someone else's goes back to them, a place", text: "that's my flatmate's", expecting: card, heard: mug('place', "my flatmate's") },
  { cause: "owner: someone else's home is a place, a trip there", text: "take it round to my nan's", expecting: card, heard: mug('place', "my nan's") },
  { cause: 'owner: given back is a place, given is a gift', text: 'its my dads, goes back to him', expecting: card, heard: mug('place', 'my dads') },
  { cause: 'recipient: a gift to someone leaves the home', text: 'give it to my sister, she loves yoga', expecting: card, heard: mug('donate') },
  { cause: 'later pile: a pile named for deciding later is not deciding', text: 'chuck it in my think-about-it crate', expecting: card, heard: mug('unsure') },
  { cause: 'question: what the choices mean', text: 'whats the difference between recycle and bin', expecting: card, heard: { kind: 'question', about: 'choices', text: 'whats the difference between recycle and bin' } },
  { cause: 'question: with an answer said outright beside it, the answer', text: 'is it ok to chuck dried up pens? ah whatever, chucking them', expecting: card, heard: mug('trash') },
  { cause: 'going on: handing the choice to the coach', text: 'you pick the next one tbh', expecting: item, heard: { kind: 'next' } },
  { cause: 'stop: leaving, said as why', text: "uber's 2 min away gotta run", expecting: item, heard: { kind: 'stop' } },
  { cause: 'stop: not another session named with a thing: a day it is from', text: 'pizza box from tuesday? maybe monday', expecting: item, heard: { kind: 'item', item: 'pizza box from tuesday' } },
  { cause: 'split: later is a decline', text: 'maybe later, not feeling it', expecting: split, heard: { kind: 'split', edit: { kind: 'decline' } } },
  { cause: 'split: skipping is a decline', text: 'skip it for today', expecting: split, heard: { kind: 'split', edit: { kind: 'decline' } } },
  { cause: 'split: leaving it to the coach accepts', text: 'up to you really', expecting: split, heard: { kind: 'split', edit: { kind: 'accept' } } },
  { cause: 'split: one pile, however big', text: 'one massive pile please', expecting: split, heard: { kind: 'split', edit: { kind: 'merge' } } },
  { cause: 'split: a rename inside the answer', text: 'fine, rename misc to odds and ends', expecting: split, heard: { kind: 'split', edit: { kind: 'rename', names: ['odds and ends'], pile: { named: 'misc' } } } },
  { cause: 'split: a positional rename, new name not old', text: 'ok but call the second pile chargers not leads', expecting: split, heard: { kind: 'split', edit: { kind: 'rename', names: ['chargers'], pile: { at: 1 } } } },
  { cause: 'item: "it\'s a X" names X', text: "it's an old phone charger", expecting: item, heard: { kind: 'item', item: 'old phone charger' } },
  { cause: 'item: "X, not Y" names X', text: "that's my bike helmet, not a bowl", expecting: item, heard: { kind: 'item', item: 'my bike helmet' } },
  { cause: 'item: an outcome-looking noun in a name', text: "it's the charity bag from last spring", expecting: item, heard: { kind: 'item', item: 'charity bag from last spring' } },
  { cause: 'item: a relative clause is cut', text: 'the box of cables we never unpacked', expecting: item, heard: { kind: 'item', item: 'box of cables' } },
  { cause: 'item: what is done is not next', text: 'mugs done, now the plates', expecting: next, heard: { kind: 'item', item: 'plates' } },
  { cause: 'item: an interjection is not a name', text: 'whew, the chair is sorted. the rug next', expecting: next, heard: { kind: 'item', item: 'rug' } },
  { cause: "item: it's a mess is not a thing", text: "it's a mess", expecting: item, heard: { kind: 'unclear', text: "it's a mess" } },
  { cause: 'disposition: a keeper', text: 'a keeper for sure', expecting: card, heard: mug('keep') },
  { cause: 'disposition: X = outcome', text: 'old receipts = bin', expecting: card, heard: mug('trash') },
  { cause: 'disposition: keeping part is a hesitation', text: 'keep a few, recycle the rest', expecting: card, heard: mug('unsure') },
  { cause: 'function: a use after "not" is kept', text: 'not storage any more, a space to unwind', expecting: { kind: 'function' }, heard: { kind: 'function', function: 'a space to unwind', overwhelmed: false } },
  {
    cause: 'function: a "not" after the use says something else',
    text: "a study that isn't full of boxes",
    expecting: { kind: 'function' },
    heard: { kind: 'function', function: "a study that isn't full of boxes", overwhelmed: false },
  },
];

describe('understand: general causes of the held-out misses', () => {
  it.each(generalised)('$cause: "$text"', ({ text, expecting, heard }) => {
    expect(understand(text, expecting)).toEqual(heard);
  });
});

describe('understand: a stop is explicit, un-negated and about the session', () => {
  it.each([
    ["let's stop for today", card],
    ["I'm wiped, can we stop", item],
    ["that's enough for today", { kind: 'anchors' } as Expecting],
    ['I need a break', item],
    ['ok let’s call it a day', next],
    ['gotta go, kids are home', where],
  ])('"%s" is a stop', (text, expecting) => {
    expect(understand(text, expecting)).toEqual({ kind: 'stop' });
  });

  it.each([
    ['stop asking me about the mug, it stays', card, mug('keep')],
    ["i'm done with it", card, mug('donate')],
    ['my tired old trainers', item, { kind: 'item', item: 'my tired old trainers' }],
    ["don't stop now", item, { kind: 'keepGoing' }],
    ["one more then I'm done", next, { kind: 'keepGoing' }],
    ["can't stop won't stop", next, { kind: 'keepGoing' }],
    ['the stop-motion rig on the desk', { kind: 'anchors' } as Expecting, { kind: 'anchors', anchors: ['the stop-motion rig on the desk'] }],
    ["it's the room where I stop and breathe. meditation mostly", { kind: 'function' } as Expecting, { kind: 'function', function: "it's the room where I stop and breathe, meditation", overwhelmed: false }],
    ['quit working years ago, recycle', card, mug('recycle')],
    ['shed, stop asking', where, mug('place', 'shed')],
  ] satisfies [string, Expecting, Input][])('"%s" is not a stop', (text, expecting, heard) => {
    expect(understand(text, expecting)).toEqual(heard);
  });
});

describe('understand: bad input', () => {
  it('reads an empty message as nothing said, and text of only control characters or unknown emoji as unclear', () => {
    expect(understand('', card)).toEqual({ kind: 'begin' });
    expect(understand('\u0000\u0007\u001b', card)).toEqual({ kind: 'unclear', text: '\u0000\u0007\u001b' });
    expect(understand('🎉🎉', next)).toEqual({ kind: 'unclear', text: '🎉🎉' });
  });

  it('reads a pasted terminal escape sequence as nothing, not as a word (regression: "\\u001b[31m" was kept as "[31m")', () => {
    expect(understand('\u0000\u0007\u001b[31m', { kind: 'anchors' })).toEqual({ kind: 'unclear', text: '\u0000\u0007\u001b[31m' });
    expect(understand('\u001b[1;32mthe desk\u001b[0m', { kind: 'anchors' })).toEqual({ kind: 'anchors', anchors: ['the desk'] });
  });

  it('reads control characters inside words as spaces', () => {
    expect(understand('bin\u0000 it', card)).toEqual(mug('trash'));
  });

  it('reads only the start of a very long message, and keeps what it echoes within the input limit', () => {
    const long = `${'blah '.repeat(2000)}bin it`;
    const heard = understand(long, card);
    expect(heard.kind).toBe('unclear');
    expect(heard.kind === 'unclear' && heard.text.length).toBe(2000);
  });
});

describe('understand: corrections and renames that must not lose what the person said', () => {
  it('a pause before "also" adds to the list instead of taking it back (regression: "the bed, wait, also the desk" lost the bed)', () => {
    expect(understand('the bed, wait, also the desk', { kind: 'anchors' })).toEqual({ kind: 'anchors', anchors: ['the bed', 'the desk'] });
    expect(understand('my plants. hang on, and the lamp', { kind: 'anchors' })).toEqual({ kind: 'anchors', anchors: ['my plants', 'the lamp'] });
    expect(understand('the bed, wait no, the desk', { kind: 'anchors' })).toEqual({ kind: 'anchors', anchors: ['the desk'] });
  });

  it('renaming one pile says which pile, so the others keep their names (regression: every pile became "bills")', () => {
    const split: Expecting = { kind: 'split' };
    expect(understand('rename papers to bills', split)).toEqual({ kind: 'split', edit: { kind: 'rename', names: ['bills'], pile: { named: 'papers' } } });
    expect(understand('call the second one magazines', split)).toEqual({ kind: 'split', edit: { kind: 'rename', names: ['magazines'], pile: { at: 1 } } });
    expect(understand('ok but call the last pile "odds and ends"', split)).toEqual({ kind: 'split', edit: { kind: 'rename', names: ['odds and ends'], pile: { at: -1 } } });
  });
});

/**
 * Issue 27's shapes, each a mechanism tested in words that are not the corpus's: things named with "there's" and
 * amounts, a where-does-it-live card read as a place whatever it names, sentiment and refusal never read as out,
 * shredding and recycling points.
 */
describe('understand: the words people use for their things', () => {
  const lamp: Expecting = { kind: 'location', item: 'lamp' };
  const lampGoes = (outcome: Extract<Input, { kind: 'disposition' }>['outcome'], location?: string): Input => ({
    kind: 'disposition',
    item: 'lamp',
    outcome,
    ...(location ? { location } : {}),
  });

  it.each([
    ['there are a few old remotes', 'old remotes'],
    ['we have got a heap of magazines here', 'magazines'],
    ["I've picked up a toolbox", 'toolbox'],
    ['lots of socks', 'socks'],
    ['here’s a broken umbrella', 'broken umbrella'],
    ['ok, I’m looking at the spare duvet', 'spare duvet'],
    ['yep, the lamp shade', 'lamp shade'],
  ])('names the thing that is there or in hand: "%s"', (text, name) => {
    expect(understand(text, item)).toEqual({ kind: 'item', item: name });
  });

  it.each(["there's nothing else", 'found it', "there's a mess everywhere", 'i have no idea'])('names nothing where nothing is named: "%s"', (text) => {
    expect(understand(text, next).kind).toBe('unclear');
  });

  it.each([
    ["my cousin's flat", "my cousin's flat"],
    ['at my dad’s', 'my dad’s'],
    ['its my sons', 'my sons'],
    ['back to work', 'work'],
    ['hang on, it lives at my aunt’s', 'my aunt’s'],
  ])('reads a where-does-it-live answer as the place it names: "%s"', (text, location) => {
    expect(understand(text, lamp)).toEqual(lampGoes('place', location));
  });

  it('still reads the bin, charity, a recipient, doubt and a stop as themselves on that card', () => {
    expect(understand('straight in the bin', lamp)).toEqual(lampGoes('trash'));
    expect(understand('charity shop', lamp)).toEqual(lampGoes('donate'));
    expect(understand('my cousin wants it', lamp)).toEqual(lampGoes('donate'));
    expect(understand('nowhere, it has no home', lamp)).toEqual(lampGoes('unsure'));
    expect(understand("let's stop for today", lamp)).toEqual({ kind: 'stop' });
  });

  it.each([
    "don't get rid of it, it belonged to my uncle",
    'please never throw it away, it was my late brother’s',
    'no! my niece painted it',
    'it means so much to me',
    'not the charity shop, my grandad gave it me',
    'i could never part with it',
    'it reminds me of home',
    'no no keep it, my brother built it',
    'I would miss it too much if it went',
    'nope, that was my aunties, she died last year',
    'I could never let it go',
  ])('never reads sentiment or a refusal as out: "%s"', (text) => {
    expect(['keep', 'unsure']).toContain((understand(text, card) as Extract<Input, { kind: 'disposition' }>).outcome);
  });

  it('lets an outright way out win over sentiment', () => {
    expect(understand('it was my aunt’s but donate it', card)).toEqual(mug('donate'));
    expect(understand('sentimental, sure, but bin it', card)).toEqual(mug('trash'));
  });

  it('reads shredding as recycling, and a recycling point with its place', () => {
    expect(understand('shred them please', card)).toEqual(mug('recycle'));
    expect(understand('through the shredder', card)).toEqual(mug('recycle'));
    expect(understand('take them back to the pharmacy', card)).toEqual(mug('recycle', 'the pharmacy'));
    expect(understand('the battery collection box at the library', card)).toEqual(mug('recycle', 'the battery collection box at the library'));
  });

  it('reads a condition as deciding nothing', () => {
    expect(understand('if it still works, keep it', card)).toEqual(mug('keep'));
    expect(understand('donate it unless my sister wants it', card)).toEqual(mug('donate'));
  });

  it('reads "file it" as the card’s file box', () => {
    expect(understand('file them away', card)).toEqual(mug('place', 'file box'));
  });

  it('takes a stop with only a reason, not an answer, as a stop', () => {
    expect(understand('can we stop, this is hard, it was my mum’s', card)).toEqual({ kind: 'stop' });
    expect(understand('it stays, and can we stop now', card)).toEqual(mug('keep'));
  });
});
