/** Test support: a guided coach over a real session store, the real templates and scripted dialog answers. */
import { fallbackAnswer, type Answer, type Question, type Resolution } from '../src/shared/questions/schema';
import type { SessionState } from '../src/shared/session/schema';
import type { CoachActivity } from '../src/main/coach';
import { SessionStore } from '../src/main/sessions/session-store';
import { manualClock, memoryLog, seededRandom, type Llm, type StateStore } from '../src/main/effects';
import type { QuestionSpec } from '../src/main/questions';
import { newSessionState } from '../src/main/session';
import { createTemplateRenderer, type TemplateRenderer } from '../src/main/templates';
import { GuidedCoach } from '../src/main/guided/guided-coach';
import { TEMPLATES_DIR } from './fixtures';

export { TEMPLATES_DIR };

/** Answers each dialog; 'timeout' closes it unanswered. Running out of answers is a test bug. */
export type DialogScript = (question: Question, index: number) => Answer | 'timeout' | undefined;

export interface GuidedHarness {
  readonly coach: GuidedCoach;
  readonly asked: Question[];
  readonly activity: CoachActivity[];
  readonly log: ReturnType<typeof memoryLog>;
  /** Every state the store held, in order. */
  readonly history: SessionState[];
  state(): SessionState;
}

export async function guidedHarness(options: {
  answers?: DialogScript;
  llm?: Llm;
  initial?: (state: SessionState) => SessionState;
  /** Shared by many harnesses (a property's runs), so templates are compiled once. */
  templates?: TemplateRenderer;
}): Promise<GuidedHarness> {
  const clock = manualClock(Date.UTC(2026, 10, 22, 10, 0, 0));
  const initial = newSessionState('session-1', clock.now());
  const store = new SessionStore(options.initial ? options.initial(initial) : initial);
  const history: SessionState[] = [];
  const state: StateStore<SessionState> = {
    get: () => store.state,
    set: (next) => {
      store.replace(next);
      history.push(store.state);
    },
  };
  const asked: Question[] = [];
  const activity: CoachActivity[] = [];
  const log = memoryLog();
  const questions = {
    ask: (spec: QuestionSpec): Promise<Resolution> => {
      const question = { ...spec, id: `q${asked.length + 1}`, askedAt: clock.now(), expiresAt: clock.now() + 300_000 } as Question;
      asked.push(question);
      clock.advance(5_000);
      const answer = options.answers?.(question, asked.length - 1);
      if (!answer) return Promise.reject(new Error(`No scripted answer for dialog ${asked.length}: ${JSON.stringify(spec)}`));
      if (answer === 'timeout') return Promise.resolve({ answer: fallbackAnswer(question), closedBy: 'timeout' });
      return Promise.resolve({ answer, closedBy: 'person' });
    },
  };
  const coach = await GuidedCoach.create({
    state,
    questions,
    templates: options.templates ?? createTemplateRenderer(TEMPLATES_DIR),
    time: clock,
    random: seededRandom(7),
    log,
    onActivity: (event) => activity.push(event),
    ...(options.llm ? { llm: options.llm } : {}),
  });
  return { coach, asked, activity, log, history, state: () => store.state };
}
