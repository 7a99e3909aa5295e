import { describe, expect, it } from 'vitest';
import type { Expecting, Input } from '../input';
import { CorpusEntrySchema, type CorpusEntry, type Label } from './corpus';
import { formatUnderstanding, readsAs, scoreUnderstanding, type Reader } from './score';

const mug: Expecting = { kind: 'disposition', item: 'mug' };
const entry = (id: string, text: string, expecting: Expecting, meant: Label | Label[], tags: string[] = []): CorpusEntry =>
  CorpusEntrySchema.parse({ id, text, expecting, meant, tags });

/** A reader that answers from a table, so the scorer is tested apart from `understand`. */
const readerOf =
  (answers: Record<string, Input>): Reader =>
  (text) =>
    answers[text] ?? { kind: 'unclear', text };

describe('scoreUnderstanding on a tiny corpus', () => {
  const corpus = [
    entry('disp-001', 'keep', mug, { kind: 'disposition', outcome: 'keep' }, ['short']),
    entry('disp-002', 'not trash, it goes to the garage', mug, { kind: 'disposition', outcome: 'place', location: 'garage' }, ['negation']),
    entry('disp-003', 'kitchen drawer', mug, { kind: 'disposition', outcome: 'place', location: 'kitchen drawer' }, ['short']),
    entry('next-001', "don't stop now", { kind: 'next' }, [{ kind: 'keepGoing' }, { kind: 'next' }], ['stop-word', 'negation']),
    entry('next-002', "ok that's enough for today", { kind: 'next' }, { kind: 'stop' }, ['real-stop']),
    entry('next-003', "I'm wiped", { kind: 'next' }, { kind: 'stop' }, ['real-stop']),
    entry('fn-001', "I sleep here but it's also my office", { kind: 'function' }, { kind: 'function', contains: ['sleep|bed', 'work|office'] }),
  ];
  const score = scoreUnderstanding(
    corpus,
    readerOf({
      keep: { kind: 'disposition', item: 'mug', outcome: 'keep' },
      'not trash, it goes to the garage': { kind: 'disposition', item: 'mug', outcome: 'place', location: 'the Garage' },
      'kitchen drawer': { kind: 'disposition', item: 'mug', outcome: 'place', location: 'bedroom' },
      "don't stop now": { kind: 'stop' },
      "ok that's enough for today": { kind: 'stop' },
      "I sleep here but it's also my office": { kind: 'function', function: 'sleep', overwhelmed: false },
    }),
  );

  it('counts what was read as meant, and every miss with what was read instead', () => {
    expect({ read: score.read, total: score.total }).toEqual({ read: 3, total: 7 });
    expect(score.misses.map(({ entry, got }) => [entry.id, got.kind])).toEqual([
      ['disp-003', 'disposition'],
      ['next-001', 'stop'],
      ['next-003', 'unclear'],
      ['fn-001', 'function'],
    ]);
  });

  it('counts a stop read where none was meant as a false stop, and a missed stop as a plain miss', () => {
    expect(score.falseStops.map(({ entry }) => entry.text)).toEqual(["don't stop now"]);
  });

  it('shares the hits out per meant kind (the first label) and per tag', () => {
    expect(Object.fromEntries(score.byKind)).toEqual({
      disposition: { read: 2, total: 3 },
      keepGoing: { read: 0, total: 1 },
      stop: { read: 1, total: 2 },
      function: { read: 0, total: 1 },
    });
    expect(score.byTag.get('short')).toEqual({ read: 1, total: 2 });
    expect(score.byTag.get('real-stop')).toEqual({ read: 1, total: 2 });
    expect(score.byTag.get('stop-word')).toEqual({ read: 0, total: 1 });
  });

  it('prints the score line, the false stops, then the misses grouped by meant kind', () => {
    const printed = formatUnderstanding(score);
    expect(printed.split('\n')[0]).toBe(
      'Understanding: 3/7 (42.9%) read as meant (3 at once, 0 confirmed with the right reading first); confirmations: 0 (0.0%); false stops: 1; moved out unsaid: 0',
    );
    expect(printed).toContain(`False stops (1):\n  next-001 [next] "don't stop now" — meant keepGoing | next; got stop`);
    expect(printed).toContain('disposition (1):\n  disp-003 [disposition: mug] "kitchen drawer" — meant place at ~kitchen drawer; got place at "bedroom"');
    expect(printed).toContain('stop (1):\n  next-003 [next] "I\'m wiped" — meant stop; got unclear');
    expect(printed.indexOf('False stops')).toBeLessThan(printed.indexOf('Misses (4), by meant kind:'));
  });
});

describe('scoreUnderstanding with confirmations', () => {
  const donate: Input = { kind: 'disposition', item: 'mug', outcome: 'donate' };
  const keep: Input = { kind: 'disposition', item: 'mug', outcome: 'keep' };
  const place: Input = { kind: 'disposition', item: 'mug', outcome: 'place', location: 'hers' };
  const corpus = [
    entry('disp-001', "it's my sister's, she wants it back", mug, { kind: 'disposition', outcome: 'place' }),
    entry('disp-002', 'too good for the bin', mug, { kind: 'disposition', outcome: 'donate' }),
    entry('disp-003', 'not rubbish, my nan gave me it', mug, { kind: 'disposition', outcome: 'keep' }),
    entry('disp-004', 'honestly no idea', mug, { kind: 'disposition', outcome: 'unsure' }),
  ];
  const score = scoreUnderstanding(
    corpus,
    readerOf({
      // Asked, with what was meant offered first: read as meant, one tap.
      "it's my sister's, she wants it back": { kind: 'tentative', readings: [place, donate], text: 'x' },
      // Asked, with what was meant second: a miss, but nothing moved.
      'too good for the bin': { kind: 'tentative', readings: [keep, donate], text: 'x' },
      // Sure, and sent out of the home where nobody said so: the worst miss after a false stop.
      'not rubbish, my nan gave me it': donate,
    }),
  );

  it('counts a confirmation as read as meant only when its first reading was meant, and counts all confirmations', () => {
    expect({ read: score.read, sure: score.sure, confirmations: score.confirmations, confirmedRight: score.confirmedRight }).toEqual({ read: 1, sure: 0, confirmations: 2, confirmedRight: 1 });
  });

  it('names every sure reading that sends a thing out of the home on words that did not say so', () => {
    expect(score.movedOut.map(({ entry }) => entry.id)).toEqual(['disp-003']);
    expect(formatUnderstanding(score)).toContain('Moved out of the home on words that did not say so (1):\n  disp-003');
  });
});

describe('readsAs', () => {
  const cases: { label: Label; got: Input; reads: boolean }[] = [
    { label: { kind: 'function', contains: ['work|office'] }, got: { kind: 'function', function: 'Home Office', overwhelmed: false }, reads: true },
    { label: { kind: 'function', contains: ['sleep'], lacks: ['work'] }, got: { kind: 'function', function: "sleep, don't work", overwhelmed: false }, reads: false },
    { label: { kind: 'function', contains: ['bed'], overwhelmed: true }, got: { kind: 'function', function: 'bedroom', overwhelmed: false }, reads: false },
    { label: { kind: 'anchors', none: true }, got: { kind: 'anchors', anchors: ['nothing really'] }, reads: false },
    { label: { kind: 'anchors', none: true }, got: { kind: 'anchors', anchors: [] }, reads: true },
    { label: { kind: 'anchors', contains: ['desk'], lacks: ['box'] }, got: { kind: 'anchors', anchors: ['the desk', 'not the boxes'] }, reads: false },
    { label: { kind: 'disposition', outcome: 'place', location: 'garage' }, got: { kind: 'disposition', item: 'box', outcome: 'place' }, reads: false },
    { label: { kind: 'disposition', outcome: 'donate' }, got: { kind: 'disposition', item: 'game', outcome: 'trash' }, reads: false },
    { label: { kind: 'split', edit: 'rename', names: ['charger', 'cable'] }, got: { kind: 'split', edit: { kind: 'rename', names: ['Chargers', 'cables'] } }, reads: true },
    { label: { kind: 'split', edit: 'rename', names: ['charger', 'cable'] }, got: { kind: 'split', edit: { kind: 'rename', names: ['chargers'] } }, reads: false },
    { label: { kind: 'item', contains: 'mug' }, got: { kind: 'item', item: 'mugs on the desk' }, reads: true },
    { label: { kind: 'next' }, got: { kind: 'keepGoing' }, reads: false },
  ];
  it.each(cases)('$label.kind: $got.kind → $reads', ({ label, got, reads }) => {
    expect(readsAs(label, got)).toBe(reads);
  });
});
