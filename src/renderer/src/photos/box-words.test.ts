import { describe, expect, it } from 'vitest';
import { boxWords } from './box-words';

describe('a pointed box in words', () => {
  it('says which part of the photo it is on and how big it is', () => {
    expect(boxWords({ x: 0.4, y: 0.4, width: 0.2, height: 0.2 })).toBe('in the middle, 20% wide and 20% high');
    expect(boxWords({ x: 0, y: 0, width: 0.1, height: 0.3 })).toBe('at the top left, 10% wide and 30% high');
    expect(boxWords({ x: 0.8, y: 0.45, width: 0.2, height: 0.1 })).toBe('on the right, 20% wide and 10% high');
    expect(boxWords({ x: 0.4, y: 0.9, width: 0.2, height: 0.1 })).toBe('at the bottom, 20% wide and 10% high');
  });
});
