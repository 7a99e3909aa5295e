import { describe, expect, it } from 'vitest';
import type { Expecting } from '../input';
import { readSets } from '../understanding/sets';
import { loadIntentClassifier, trainIntentClassifier } from './classifier';
import { intentsFor } from './intents';

const sets = readSets();
const classifier = trainIntentClassifier(sets.flatMap((set) => set.entries));
const mug: Expecting = { kind: 'disposition', item: 'mug' };

describe('the learned reader', () => {
  it('hears plain answers as what they do', () => {
    expect(classifier.classify('bin it', mug)[0]!.intent).toBe('disposition:trash');
    expect(classifier.classify('charity shop', mug)[0]!.intent).toBe('disposition:donate');
    expect(classifier.classify('lets call it a day', { kind: 'next' })[0]!.intent).toBe('stop');
    expect(classifier.classify('yes split them', { kind: 'split' })[0]!.intent).toBe('split:accept');
  });

  it('only ever hears what an answer to the card can be, with shares that add up to one', () => {
    for (const expecting of [{ kind: 'function' }, { kind: 'anchors' }, { kind: 'split' }, { kind: 'item' }, mug] as Expecting[]) {
      const guesses = classifier.classify('bin it, keep the desk, next', expecting);
      expect(guesses.every((guess) => intentsFor(expecting).includes(guess.intent))).toBe(true);
      expect(guesses.reduce((sum, guess) => sum + guess.probability, 0)).toBeCloseTo(1, 6);
    }
  });

  it('reads its own learnings back the same', () => {
    const loaded = loadIntentClassifier(classifier.toJSON(), 'test');
    for (const text of ['bin it', 'no idea honestly', 'its my sisters, taking it back to hers']) {
      expect(loaded.classify(text, mug)).toEqual(classifier.classify(text, mug));
    }
  });

  it('refuses a file that is not its learnings, naming it', () => {
    expect(() => loadIntentClassifier('{"hello": 1}', 'intent-model.json')).toThrow("intent-model.json: not the learned reader's learnings");
    expect(() => loadIntentClassifier('not json', 'intent-model.json')).toThrow(/^intent-model.json: not JSON/);
  });
});
