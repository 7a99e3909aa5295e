/**
 * What an answer does, as one word the learned reader can predict: the kind of input, with the outcome for an
 * item's card and the edit for the split card ("disposition:trash", "split:merge", "question"). Names (which item,
 * which place, which anchors) are not intents: the rules read those from the words.
 */
import { OutcomeSchema, type Expecting, type Input, type Outcome } from '../input';
import type { Label } from '../understanding/corpus';

export const OUTCOME_INTENTS = OutcomeSchema.options.map((outcome): `disposition:${Outcome}` => `disposition:${outcome}`);
export const SPLIT_INTENTS = ['split:accept', 'split:merge', 'split:rename', 'split:decline'] as const;
const SESSION = ['help', 'question', 'overwhelmed', 'stop', 'unclear'] as const;

export type Intent =
  | `disposition:${Outcome}`
  | (typeof SPLIT_INTENTS)[number]
  | (typeof SESSION)[number]
  | 'function'
  | 'anchors'
  | 'item'
  | 'next'
  | 'keepGoing';

/** The intents an answer to each card can have: a card's answers are never read as another card's. */
export function intentsFor(expecting: Expecting): readonly Intent[] {
  switch (expecting.kind) {
    case 'function':
      return ['function', ...SESSION];
    case 'anchors':
      return ['anchors', ...SESSION];
    case 'item':
    case 'next':
      return ['item', 'next', 'keepGoing', ...SESSION];
    case 'disposition':
    case 'location':
      return [...OUTCOME_INTENTS, 'next', ...SESSION];
    case 'split':
      return [...SPLIT_INTENTS, 'next', ...SESSION];
  }
}

/** The intent of a reading, or of a label: what the two readers are compared on. */
export function intentOf(reading: Input | Label): Intent | undefined {
  switch (reading.kind) {
    case 'disposition':
      return `disposition:${reading.outcome}`;
    case 'split':
      return `split:${'edit' in reading && typeof reading.edit === 'object' ? reading.edit.kind : (reading.edit as string)}` as Intent;
    case 'function':
    case 'anchors':
    case 'item':
    case 'next':
    case 'keepGoing':
    case 'help':
    case 'question':
    case 'overwhelmed':
    case 'stop':
    case 'unclear':
      return reading.kind;
    default:
      return undefined;
  }
}
