/**
 * The check-in when a sprint's time is up: once the current item is finished, a card asks how the person's energy
 * is: another sprint, a break, or winding down. Both coaches share it; the guided coach's own energy check (seed
 * 001, when it is all too much) stays its own.
 */
import type { Resolution } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import type { QuestionSpec } from '../questions';

export type EnergyChoice = 'keepGoing' | 'break' | 'windDown';

/** A length as the person reads it: whole minutes, at least one. */
export const wholeMinutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

function labels(state: SessionState): Record<EnergyChoice, string> {
  const sprint = state.sprint;
  const length = wholeMinutes(sprint?.lengthMs ?? 0);
  return {
    keepGoing: `Keep going: another ${length === 1 ? 'minute' : `${length} minutes`}`,
    break: `A ${wholeMinutes(sprint?.breakMs ?? 0)}-minute break`,
    windDown: 'Wind down for today',
  };
}

/**
 * Whether the session is in the middle of an item: an item named and not decided, a question about one, being stuck
 * on one. The check-in waits until it is done.
 */
export function midItem(state: SessionState): boolean {
  const guided = state.guided;
  if (guided) {
    if (guided.phase === 'sorting' || guided.phase === 'refining') return guided.currentItem !== undefined;
    return guided.phase === 'decisionSupport' || guided.phase === 'splitting';
  }
  const { mode } = state;
  return (mode.kind === 'sorting' && mode.currentItem !== undefined) || mode.kind === 'clarifying' || mode.kind === 'decisionSupport';
}

/** Whether the check-in is due now: time is up, the current item is done, nothing else is asked, not winding down. */
export function checkInDue(state: SessionState): boolean {
  return (
    state.status === 'active' &&
    state.sprint?.phase.kind === 'due' &&
    state.mode.kind !== 'windingDown' &&
    state.pendingQuestion === undefined &&
    !midItem(state)
  );
}

export function energyCheckQuestion(state: SessionState, prompt: string): QuestionSpec {
  const choices = Object.values(labels(state)).map((label) => ({ label }));
  return { kind: 'choice', purpose: 'energy', prompt, choices, multiple: false, allowOther: false };
}

/** The card's answer ("Stop for today" is winding down); undefined when it closed unanswered (the person stepped away). */
export function energyChoiceOf(state: SessionState, resolution: Resolution): EnergyChoice | undefined {
  if (resolution.closedBy !== 'person') return undefined;
  if (resolution.answer.kind === 'stop') return 'windDown';
  if (resolution.answer.kind !== 'choice') return undefined;
  const [selected] = resolution.answer.selected;
  const byLabel = labels(state);
  return (Object.keys(byLabel) as EnergyChoice[]).find((choice) => byLabel[choice] === selected);
}

