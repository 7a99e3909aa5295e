import { describe, expect, it } from 'vitest';
import { sentence } from './sentence';

describe('sentence', () => {
  it('starts what a card shows with a capital, leaving the rest as the coach wrote it', () => {
    expect(sentence('old mug by the chair')).toBe('Old mug by the chair');
    expect(sentence('right side, photo 2')).toBe('Right side, photo 2');
    expect(sentence('élan vital')).toBe('Élan vital');
  });

  it('leaves text that cannot start with a capital as it is', () => {
    expect(sentence('')).toBe('');
    expect(sentence('3 mugs')).toBe('3 mugs');
    expect(sentence('🧦 socks')).toBe('🧦 socks');
    expect(sentence('Already a sentence.')).toBe('Already a sentence.');
    expect(sentence('iPhone charger')).toBe('iPhone charger');
    expect(sentence('eBay box by the door')).toBe('eBay box by the door');
  });
});
