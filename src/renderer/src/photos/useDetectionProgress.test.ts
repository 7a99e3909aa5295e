import { describe, expect, it } from 'vitest';
import { unreadLine } from './useDetectionProgress';

describe('the line about photos the detector could not look at', () => {
  it('says nothing while photos wait, or when every photo was looked at', () => {
    expect(unreadLine(undefined)).toBeUndefined();
    expect(unreadLine({ done: 2, total: 3, failed: 1 })).toBeUndefined();
    expect(unreadLine({ done: 3, total: 3, failed: 0 })).toBeUndefined();
  });

  it('says once, calmly, how many could not be looked at when done', () => {
    expect(unreadLine({ done: 3, total: 3, failed: 1 })).toBe('One photo could not be looked at for things; the coach goes on without it.');
    expect(unreadLine({ done: 4, total: 4, failed: 2 })).toBe('2 photos could not be looked at for things; the coach goes on without them.');
  });
});
