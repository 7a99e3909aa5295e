import type { Resolution } from '../../shared/questions/schema';
import type { QuestionSpec } from './broker';

/**
 * The card that confirms a stop heard in the person's words, the same in both coaches. Unanswered counts as no:
 * nothing ends on a guess.
 */
export const STOP_CARD = { kind: 'confirm', purpose: 'stop', prompt: 'Stop for today?', defaultAnswer: false } as const satisfies QuestionSpec;

/** Only a "yes" the person gave ends the session; "no", the time-out and closing the card all mean keep going. */
export function stopConfirmed(resolution: Resolution): boolean {
  return resolution.closedBy === 'person' && resolution.answer.kind === 'confirm' && resolution.answer.yes;
}
