/**
 * The card's number keys: 1..n pick the coach's choices in order, the next number is "Not sure yet", and on a card
 * about several things that offers it, the one after is "One at a time".
 */
export type DispositionShortcut = { type: 'choice'; index: number } | { type: 'unsure' } | { type: 'each' };

export function dispositionShortcut(key: string, choiceCount: number, each = false): DispositionShortcut | undefined {
  if (!/^[1-9]$/.test(key)) return undefined;
  const number = Number(key);
  if (number <= choiceCount) return { type: 'choice', index: number - 1 };
  if (number === choiceCount + 1) return { type: 'unsure' };
  if (each && number === choiceCount + 2) return { type: 'each' };
  return undefined;
}

/** The key of "Other..." after `count` numbered choices: the next number, or 0 after nine. */
export function otherKey(count: number): string {
  return count >= 9 ? '0' : String(count + 1);
}

/** A choice dialog's keys: 1..n pick the options in order, and the next number opens "Other...". */
export type ChoiceShortcut = { type: 'option'; index: number } | { type: 'other' };

export function choiceShortcut(key: string, optionCount: number, allowOther: boolean): ChoiceShortcut | undefined {
  if (allowOther && key === otherKey(optionCount)) return { type: 'other' };
  if (!/^[1-9]$/.test(key)) return undefined;
  const number = Number(key);
  return number <= optionCount ? { type: 'option', index: number - 1 } : undefined;
}

/**
 * "Stop for today", on every card that offers it: S, for stop (the numbers pick the card's own options, and Y and N
 * answer a yes/no card). Like them, it is a key only while the card has focus and nobody is typing.
 */
export const STOP_KEY = 'S';

export function isStopKey(key: string): boolean {
  return key.toUpperCase() === STOP_KEY;
}

/** Y and N answer a yes/no question. */
export function confirmShortcut(key: string): boolean | undefined {
  const lower = key.toLowerCase();
  if (lower === 'y') return true;
  if (lower === 'n') return false;
  return undefined;
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export interface ElementLike {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
}

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset']);

/** Letters and digits typed into a text field are words, not shortcuts. */
export function isTextEntry(element: ElementLike | null): boolean {
  if (!element) return false;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || element.isContentEditable) return true;
  return tag === 'input' && !NON_TEXT_INPUTS.has((element.type ?? 'text').toLowerCase());
}

/** A single-key shortcut: no modifier (so the browser's own shortcuts keep working) and not while typing. */
export function isShortcut(event: KeyLike, focused: ElementLike | null): boolean {
  return !event.ctrlKey && !event.metaKey && !event.altKey && !isTextEntry(focused);
}

/**
 * Where Tab must send focus so it never leaves the dialog: from the last control to the first, from the first
 * (backwards) to the last, and into the controls when the dialog itself has focus (`current` is -1). Undefined
 * means the browser's own Tab order is fine.
 */
export function wrapFocusIndex(current: number, count: number, backwards: boolean): number | undefined {
  if (count === 0) return undefined;
  if (current < 0) return backwards ? count - 1 : 0;
  if (backwards && current === 0) return count - 1;
  if (!backwards && current === count - 1) return 0;
  return undefined;
}

/** Undo on the last answer, on every card that shows it: U, a key only while the card has focus and nobody types. */
export const UNDO_KEY = 'U';

export function isUndoKey(key: string): boolean {
  return key.toUpperCase() === UNDO_KEY;
}
