import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './countdown';

describe('time left on a question', () => {
  it('says whole minutes, roughly, above a minute', () => {
    expect(formatTimeLeft(5 * 60_000)).toBe('This card waits about 5 min');
    expect(formatTimeLeft(4 * 60_000 + 20_000)).toBe('This card waits about 4 min');
    expect(formatTimeLeft(60_000)).toBe('This card waits about 1 min');
  });

  it('counts seconds in the last minute, rounding up', () => {
    expect(formatTimeLeft(59_999)).toBe('This card closes in 60 s');
    expect(formatTimeLeft(2_100)).toBe('This card closes in 3 s');
    expect(formatTimeLeft(1)).toBe('This card closes in 1 s');
  });

  it('says it is closing once the time has passed (main closes it)', () => {
    expect(formatTimeLeft(0)).toBe('Closing now');
    expect(formatTimeLeft(-500)).toBe('Closing now');
  });
});
