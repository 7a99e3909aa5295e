/**
 * The last card when a conversational session ends with things leaving the home, as the guided coach's last card
 * (shared/exit-plan/first-step.ts): one small physical step now, Done or Later, before the session ends. Whatever it
 * hears (Later, its own stop, no answer) the session ends: it is part of ending, not one more question.
 */
import { FIRST_STEP, firstStepOf } from '../../shared/exit-plan/first-step';
import type { Resolution } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import type { QuestionUi } from '../effects';
import type { QuestionSpec } from '../questions';
import type { TemplateRenderer } from '../templates';

/** The same words as the guided coach's card. */
const FIRST_STEP_TEMPLATE = 'guided/ask-first-step.njk';

export interface FirstStepDeps {
  readonly questions: QuestionUi<QuestionSpec, Resolution>;
  readonly templates: Pick<TemplateRenderer, 'render'>;
}

/** `done` or `later` when the card was shown; undefined when nothing leaves the home (no card). */
export async function askFirstStep(deps: FirstStepDeps, state: SessionState, signal?: AbortSignal): Promise<'done' | 'later' | undefined> {
  const step = firstStepOf(state);
  if (!step) return undefined;
  const resolution = await deps.questions.ask(
    {
      kind: 'choice',
      purpose: 'firstStep',
      prompt: deps.templates.render(FIRST_STEP_TEMPLATE, { ...step }),
      choices: [{ label: FIRST_STEP.done }, { label: FIRST_STEP.later }],
      multiple: false,
      allowOther: false,
    },
    signal,
  );
  return resolution.closedBy === 'person' && resolution.answer.kind === 'choice' && resolution.answer.selected[0] === FIRST_STEP.done ? 'done' : 'later';
}

/** What the model hears of it, for its goodbye. */
export function firstStepResult(step: 'done' | 'later' | undefined): string {
  if (step === 'done') return ' The person has put the first trip by the door already.';
  return step === 'later' ? ' The first trip out of the home waits for later.' : '';
}
