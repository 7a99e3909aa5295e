import { describe, expect, it } from 'vitest';
import type { PileItem } from '../../../shared/session/schema';
import { outcomeNote } from './outcome-display';

const item = (outcome: PileItem['outcome'], location?: string): PileItem => ({
  id: 'i',
  name: 'blue mug',
  outcome,
  ...(location ? { location } : {}),
  decidedAt: 0,
});

describe('the outcome note beside a pile item', () => {
  it('names the disposition', () => {
    expect(outcomeNote(item('donate'))).toBe('donate');
    expect(outcomeNote(item('trash'))).toBe('trash');
    expect(outcomeNote(item('keep'))).toBe('keep');
  });

  it('points to the place for a placed item', () => {
    expect(outcomeNote(item('place', 'bookshelf'))).toBe('→ bookshelf');
    expect(outcomeNote(item('place'))).toBe('place');
  });

  it('adds nothing in the unsure pile', () => {
    expect(outcomeNote(item('unsure'))).toBeUndefined();
  });
});
