import { describe, expect, it } from 'vitest';
import { fileNamePart } from './file-name';

describe('a file name from a person’s words', () => {
  it('keeps letters and digits, folding accents and joining the rest with dashes', () => {
    expect(fileNamePart('Recycling: the pharmacy', 'trip')).toBe('recycling-the-pharmacy');
    expect(fileNamePart('To Mum’s (Zoë)', 'trip')).toBe('to-mum-s-zoe');
    expect(fileNamePart('Office', 'room')).toBe('office');
  });

  it('is never empty nor endless, and never ends on a dash', () => {
    expect(fileNamePart('Ёлка 🎄', 'room')).toBe('room');
    expect(fileNamePart(`${'a'.repeat(59)} b`, 'room')).toBe('a'.repeat(59));
    expect(fileNamePart('word '.repeat(40), 'room').length).toBeLessThanOrEqual(60);
  });
});
