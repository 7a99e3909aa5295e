import { describe, expect, it } from 'vitest';
import { KEY_STEP, moveBox, resizeBox } from '../../../shared/pointing/geometry';
import { boxWords, keyWords } from './box-words';

describe('a pointed box in words', () => {
  it('says which part of the photo it is on and how big it is', () => {
    expect(boxWords({ x: 0.4, y: 0.4, width: 0.2, height: 0.2 })).toBe('in the middle, 20% wide and 20% high');
    expect(boxWords({ x: 0, y: 0, width: 0.1, height: 0.3 })).toBe('at the top left, 10% wide and 30% high');
    expect(boxWords({ x: 0.8, y: 0.45, width: 0.2, height: 0.1 })).toBe('on the right, 20% wide and 10% high');
    expect(boxWords({ x: 0.4, y: 0.9, width: 0.2, height: 0.1 })).toBe('at the bottom, 20% wide and 10% high');
  });
});

describe('what an arrow key says', () => {
  const middle = { x: 0.4, y: 0.4, width: 0.2, height: 0.2 };

  it('says what moved, short, with what the box is on', () => {
    expect(keyWords(middle, moveBox(middle, KEY_STEP, 0), { dx: 1, dy: 0, resize: false }, ', on: cup', '')).toBe('54% from the left, on: cup.');
    expect(keyWords(middle, moveBox(middle, 0, -KEY_STEP), { dx: 0, dy: -1, resize: false }, '', '')).toBe('46% from the top.');
    expect(keyWords(middle, resizeBox(middle, KEY_STEP, 0), { dx: 1, dy: 0, resize: true }, '', '')).toBe('24% wide.');
    expect(keyWords(middle, resizeBox(middle, 0, -KEY_STEP), { dx: 0, dy: -1, resize: true }, '', '')).toBe('16% high.');
  });

  it('regression: a press that moves nothing said the same as before, so a screen reader said nothing; now every press says something new', () => {
    // Pressed again and again: through the left edge, and resized to its smallest and past it.
    const presses = [
      ...Array.from({ length: 14 }, () => ({ dx: -1, dy: 0, resize: false })),
      ...Array.from({ length: 8 }, () => ({ dx: 0, dy: -1, resize: true })),
    ];
    let box = middle;
    let said = `Box ${boxWords(box)}.`;
    const heard: string[] = [];
    for (const press of presses) {
      const next = press.resize ? resizeBox(box, press.dx * KEY_STEP, press.dy * KEY_STEP) : moveBox(box, press.dx * KEY_STEP, press.dy * KEY_STEP);
      const words = keyWords(box, next, press, '', said);
      expect(words, `after ${JSON.stringify(heard.slice(-2))}`).not.toBe(said);
      heard.push(words);
      said = words;
      box = next;
    }
    expect(heard).toContain('At the left edge.');
    expect(heard).toContain('Still at the left edge.');
    expect(heard).toContain('As short as it goes.');
  });
});
