import { describe, expect, it } from 'vitest';
import type { PileItem } from './schema';
import { outcomeNote } from './pile-groups';

const item = (outcome: PileItem['outcome'], location?: string): PileItem => ({
  id: 'i',
  name: 'blue mug',
  outcome,
  ...(location ? { location } : {}),
  decidedAt: 0,
});

describe('the outcome note beside a pile item', () => {
  it('names how a thing leaves the home', () => {
    expect(outcomeNote(item('donate'))).toBe('donate');
    expect(outcomeNote(item('trash'))).toBe('trash');
    expect(outcomeNote(item('recycle'))).toBe('recycle');
  });

  it('says where recycling that is not the household bin goes', () => {
    expect(outcomeNote(item('recycle', 'pharmacy'))).toBe('recycle → pharmacy');
    expect(outcomeNote(item('recycle', 'battery recycling point'))).toBe('recycle → battery recycling point');
  });

  it('points to the place for a placed item', () => {
    expect(outcomeNote(item('place', 'bookshelf'))).toBe('→ bookshelf');
  });

  it('adds nothing its group already says: stays here, undecided, elsewhere with no destination', () => {
    expect(outcomeNote(item('keep'))).toBeUndefined();
    expect(outcomeNote(item('unsure'))).toBeUndefined();
    expect(outcomeNote(item('place'))).toBeUndefined();
  });
});
