import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './countdown';

describe('time left on a question', () => {
  it('says whole minutes, roughly, above a minute', () => {
    expect(formatTimeLeft(5 * 60_000)).toBe('About 5 min left');
    expect(formatTimeLeft(4 * 60_000 + 20_000)).toBe('About 4 min left');
    expect(formatTimeLeft(60_000)).toBe('About 1 min left');
  });

  it('counts seconds in the last minute, rounding up', () => {
    expect(formatTimeLeft(59_999)).toBe('60 s left');
    expect(formatTimeLeft(2_100)).toBe('3 s left');
    expect(formatTimeLeft(1)).toBe('1 s left');
  });

  it('says it is closing once the time has passed (main closes it)', () => {
    expect(formatTimeLeft(0)).toBe('Closing now');
    expect(formatTimeLeft(-500)).toBe('Closing now');
  });
});
