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
    heard: { kind: 'function', function: 'work from home', overwhelmed: false },
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
