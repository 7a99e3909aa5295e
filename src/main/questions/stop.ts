import type { Resolution } from '../../shared/questions/schema';
import type { QuestionSpec } from './broker';

/**
 * The card that confirms a stop heard in the person's words, the same in both coaches. Unanswered counts as no:
 * nothing ends on a guess.
 */
export const STOP_CARD = { kind: 'confirm', purpose: 'stop', prompt: 'Stop for today?', defaultAnswer: false } as const satisfies QuestionSpec;

/**
 * Only a "yes" the person gave (or their "Stop for today", which every card takes) ends the session; "no", the
 * time-out and closing the card all mean keep going.
 */
export function stopConfirmed(resolution: Resolution): boolean {
  const { answer } = resolution;
  return resolution.closedBy === 'person' && (answer.kind === 'stop' || (answer.kind === 'confirm' && answer.yes));
}
