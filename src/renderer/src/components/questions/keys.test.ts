import { describe, expect, it } from 'vitest';
import { choiceShortcut, confirmShortcut, dispositionShortcut, isShortcut, isStopKey, isTextEntry, otherKey, STOP_KEY, wrapFocusIndex } from './keys';

describe('disposition card keys', () => {
  it('maps 1..n to the choices in order and n+1 to "Not sure yet"', () => {
    expect(dispositionShortcut('1', 3)).toEqual({ type: 'choice', index: 0 });
    expect(dispositionShortcut('3', 3)).toEqual({ type: 'choice', index: 2 });
    expect(dispositionShortcut('4', 3)).toEqual({ type: 'unsure' });
    expect(dispositionShortcut('3', 2)).toEqual({ type: 'unsure' });
  });

  it('ignores numbers past "Not sure yet", zero and other keys', () => {
    expect(dispositionShortcut('5', 3)).toBeUndefined();
    // A card about several things offers "One at a time" on the number after "Not sure yet".
    expect(dispositionShortcut('5', 3, true)).toEqual({ type: 'each' });
    expect(dispositionShortcut('6', 3, true)).toBeUndefined();
    expect(dispositionShortcut('0', 3)).toBeUndefined();
    expect(dispositionShortcut('a', 3)).toBeUndefined();
    expect(dispositionShortcut('Enter', 3)).toBeUndefined();
  });
});

describe('choice dialog keys', () => {
  it('maps 1..n to the options in order and the next number to "Other..."', () => {
    expect(choiceShortcut('1', 3, true)).toEqual({ type: 'option', index: 0 });
    expect(choiceShortcut('3', 3, true)).toEqual({ type: 'option', index: 2 });
    expect(choiceShortcut('4', 3, true)).toEqual({ type: 'other' });
    expect(choiceShortcut('4', 3, false)).toBeUndefined();
    expect(choiceShortcut('5', 3, true)).toBeUndefined();
    expect(choiceShortcut('x', 3, true)).toBeUndefined();
  });

  it('gives "Other..." the 0 key after nine options', () => {
    expect(otherKey(9)).toBe('0');
    expect(choiceShortcut('0', 9, true)).toEqual({ type: 'other' });
    expect(choiceShortcut('9', 9, true)).toEqual({ type: 'option', index: 8 });
  });
});

describe('yes/no keys', () => {
  it('takes Y and N in either case', () => {
    expect(confirmShortcut('y')).toBe(true);
    expect(confirmShortcut('Y')).toBe(true);
    expect(confirmShortcut('n')).toBe(false);
    expect(confirmShortcut('N')).toBe(false);
    expect(confirmShortcut('x')).toBeUndefined();
  });
});

describe('when a key is a shortcut', () => {
  const plain = { key: '1', ctrlKey: false, metaKey: false, altKey: false };

  it('is not while typing in a text field', () => {
    expect(isTextEntry({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTextEntry({ tagName: 'INPUT' })).toBe(true);
    expect(isTextEntry({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTextEntry({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isShortcut(plain, { tagName: 'INPUT', type: 'text' })).toBe(false);
  });

  it('is on buttons, options and the dialog itself', () => {
    expect(isShortcut(plain, { tagName: 'BUTTON' })).toBe(true);
    expect(isShortcut(plain, { tagName: 'INPUT', type: 'radio' })).toBe(true);
    expect(isShortcut(plain, { tagName: 'DIV' })).toBe(true);
    expect(isShortcut(plain, null)).toBe(true);
  });

  it('is not with a modifier, so browser shortcuts keep working', () => {
    expect(isShortcut({ ...plain, ctrlKey: true }, null)).toBe(false);
    expect(isShortcut({ ...plain, metaKey: true }, null)).toBe(false);
    expect(isShortcut({ ...plain, altKey: true }, null)).toBe(false);
  });
});

describe('the focus trap', () => {
  it('wraps from the last control to the first and back', () => {
    expect(wrapFocusIndex(3, 4, false)).toBe(0);
    expect(wrapFocusIndex(0, 4, true)).toBe(3);
  });

  it('leaves moves inside the dialog to the browser', () => {
    expect(wrapFocusIndex(1, 4, false)).toBeUndefined();
    expect(wrapFocusIndex(2, 4, true)).toBeUndefined();
  });

  it('moves into the controls from the dialog itself', () => {
    expect(wrapFocusIndex(-1, 4, false)).toBe(0);
    expect(wrapFocusIndex(-1, 4, true)).toBe(3);
    expect(wrapFocusIndex(-1, 0, false)).toBeUndefined();
  });
});

describe('"Stop for today" key', () => {
  it('is S, in either case, and no key a card already uses', () => {
    expect(STOP_KEY).toBe('S');
    expect(isStopKey('s')).toBe(true);
    expect(isStopKey('S')).toBe(true);
    for (const key of ['1', '9', '0', 'y', 'n', 'Enter', 'Escape', ' ']) expect(isStopKey(key)).toBe(false);
    expect(confirmShortcut('s')).toBeUndefined();
    expect(dispositionShortcut('s', 4)).toBeUndefined();
    expect(choiceShortcut('s', 9, true)).toBeUndefined();
  });
});
