import { describe, expect, it } from 'vitest';
import { roomNameFor } from './names';

describe('a room’s name from what it is for', () => {
  it('is the room a use makes, or the person’s own words as a heading', () => {
    expect(roomNameFor('Work (Design)')).toBe('Office');
    expect(roomNameFor('bathroom and laundry')).toBe('Bathroom and laundry');
    expect(roomNameFor(undefined)).toBeUndefined();
  });

  it('cuts a long answer after a whole word, never inside one', () => {
    expect(roomNameFor('the one at the end of the upstairs landing with the sloping ceiling')).toBe('The one at the end of the upstairs');
    // One word longer than a name can be: cut where it must be.
    expect(roomNameFor('x'.repeat(60))).toBe('X'.padEnd(40, 'x'));
    expect(roomNameFor('a'.repeat(40))).toBe(`A${'a'.repeat(39)}`);
  });
});
