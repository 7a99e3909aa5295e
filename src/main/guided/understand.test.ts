import { describe, expect, it } from 'vitest';
import type { Expecting, Input } from './input';
import { understand } from './understand';

const item: Expecting = { kind: 'item' };
const card: Expecting = { kind: 'disposition', item: 'mug' };
const mug = (outcome: Extract<Input, { kind: 'disposition' }>['outcome'], location?: string): Input => ({
  kind: 'disposition',
  item: 'mug',
  outcome,
  ...(location ? { location } : {}),
});

/** The kinds of answer understand.ts reads, one row (or more) each. */
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
  { rule: '- unclear: a question is not an item', text: 'what is this?', expecting: item, heard: { kind: 'unclear', text: 'what is this?' } },
  { rule: '- unclear: no function word', text: 'a bit of everything', expecting: { kind: 'function' }, heard: { kind: 'unclear', text: 'a bit of everything' } },
  { rule: '- unclear: a card answer the rules cannot read', text: 'hmm the blue one', expecting: card, heard: { kind: 'unclear', text: 'hmm the blue one' } },
  { rule: '- unclear: waiting to go on', text: 'what now', expecting: { kind: 'next' }, heard: { kind: 'unclear', text: 'what now' } },
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
