import { describe, expect, it } from 'vitest';
import { nextTimeLine, nextTimeWords } from './next-time';

describe('next time, as a person says it', () => {
  it('says the things to decide on in one breath, then the areas left for later', () => {
    expect(nextTimeWords(['Decide on: donut', 'Decide on: orange'])).toBe('decide on the donut and the orange');
    expect(nextTimeWords(['Decide on: mug', 'Decide on: books ×2', 'Decide on: old receipts', 'The desk drawer', 'Wardrobe'])).toBe(
      'decide on the mug, the 2 books and the old receipts, then the desk drawer and wardrobe',
    );
    expect(nextTimeWords(['the shelf above the desk'])).toBe('the shelf above the desk');
    expect(nextTimeWords(['Decide on: my dad’s watch'])).toBe('decide on my dad’s watch');
    expect(nextTimeWords(['USB cables'])).toBe('USB cables');
    expect(nextTimeWords([])).toBe('');
  });

  it('says each entry of a list on its own line without the colon', () => {
    expect(nextTimeLine('Decide on: donut')).toBe('Decide on the donut');
    expect(nextTimeLine('Decide on: books ×12')).toBe('Decide on the 12 books');
    expect(nextTimeLine('The desk drawer')).toBe('The desk drawer');
  });
});
