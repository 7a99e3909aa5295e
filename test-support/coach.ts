/** Test support: a coach wired to the scripted model server through the real OpenAI provider. */
import { createOpenAI } from '@ai-sdk/openai';
import path from 'node:path';
import type { Answer, Question, Resolution } from '../src/shared/questions/schema';
import type { SessionState } from '../src/shared/session/schema';
import { SessionStore } from '../src/main/sessions/session-store';
import { aiSdkLlm, describeRetry, manualClock, retryingLlm, memoryLog, seededRandom, type StateStore } from '../src/main/effects';
import type { QuestionSpec } from '../src/main/questions';
import { newSessionState } from '../src/main/session';
import { createTemplateRenderer } from '../src/main/templates';
import { loadScenarioFile, parseScenario, startScriptedModel, type ScenarioInput, type ScriptedModel } from './scripted-model';
import { ConversationalCoach, type Capabilities, type CoachActivity } from '../src/main/coach/coach';
import { TEMPLATES_DIR } from './fixtures';

export { TEMPLATES_DIR };
export const SCENARIOS_DIR = path.resolve(import.meta.dirname, '../src/main/coach/scenarios');

export interface CoachHarness {
  readonly coach: ConversationalCoach;
  readonly server: ScriptedModel;
  readonly store: SessionStore;
  readonly asked: Question[];
  readonly activity: CoachActivity[];
  readonly log: ReturnType<typeof memoryLog>;
  state(): SessionState;
  close(): Promise<void>;
}

/** Answers each question with the next scripted answer; running out is a test bug. */
export type AnswerScript = (question: Question, index: number) => Answer | 'timeout';

export async function coachHarness(options: {
  /** A scenario file in the coach's scenarios folder, or a scenario written in the test. */
  scenario: string | ScenarioInput;
  answers?: AnswerScript;
  capabilities?: Capabilities;
  initial?: (state: SessionState) => SessionState;
  photoBytes?: (id: string) => Uint8Array | undefined;
  templatesDir?: string;
}): Promise<CoachHarness> {
  const scenario = typeof options.scenario === 'string' ? await loadScenarioFile(path.join(SCENARIOS_DIR, options.scenario)) : parseScenario(options.scenario);
  const server = await startScriptedModel({ scenario });
  const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }).chat('scripted');
  const clock = manualClock(Date.UTC(2026, 10, 22, 10, 0, 0));
  const random = seededRandom(7);
  const initial = newSessionState('session-1', clock.now());
  const store = new SessionStore(options.initial ? options.initial(initial) : initial);
  const state: StateStore<SessionState> = { get: () => store.state, set: (next) => void store.replace(next) };
  const asked: Question[] = [];
  const activity: CoachActivity[] = [];
  const log = memoryLog();
  const questions = {
    ask: async (spec: QuestionSpec): Promise<Resolution> => {
      const question = { ...spec, id: `q${asked.length + 1}`, askedAt: clock.now(), expiresAt: clock.now() + 300_000 } as Question;
      asked.push(question);
      const answer = options.answers?.(question, asked.length - 1);
      if (!answer) throw new Error(`No scripted answer for question ${asked.length}: ${JSON.stringify(spec)}`);
      if (answer === 'timeout') {
        const { fallbackAnswer } = await import('../src/shared/questions/schema');
        return { answer: fallbackAnswer(question), closedBy: 'timeout' };
      }
      return { answer, closedBy: 'person' };
    },
  };
  const coach = await ConversationalCoach.create({
    // Retries sit below the coach, as in the app.
    llm: retryingLlm(aiSdkLlm(model), {
      minDelayMs: 1,
      maxDelayMs: 5,
      onRetry: (notice) => activity.push({ status: 'retrying', notice: describeRetry(notice) }),
    }),
    state,
    questions,
    templates: createTemplateRenderer(options.templatesDir ?? TEMPLATES_DIR),
    time: clock,
    random,
    log,
    capabilities: options.capabilities ?? { vision: true, tools: true },
    photoBytes: options.photoBytes ?? (() => undefined),
    onActivity: (event) => activity.push(event),
  });
  return {
    coach,
    server,
    store,
    asked,
    activity,
    log,
    state: () => store.state,
    close: () => server.close(),
  };
}

/** What the person says, turn by turn, in the realistic session (`scenarios/realistic-session.json`). */
export const REALISTIC_LINES = [
  'idk where to start',
  "work from home, I'm a designer",
  'empty amazon envelope',
  'sketchbook with some ideas, idk...',
  'the boxes freak me out',
  'ok, leave them',
  'next',
  'next',
  'I need to stop',
] as const;

/** What the person taps, card by card, in the realistic session. */
export function personAnswers(question: Question): Answer {
  if (question.kind === 'choice') {
    // The last card, as the session ends with the envelope leaving: the person puts it by the door.
    if (question.purpose === 'firstStep') return { kind: 'choice', selected: ['It’s by the door'] };
    return question.purpose === 'function'
      ? { kind: 'choice', selected: ['Work'], followUp: ['Design'] }
      : { kind: 'choice', selected: ['Desk', 'Drawing tablet', 'Lamp'] };
  }
  // The session ends on "I need to stop": the person confirms it on the "Stop for today?" card.
  if (question.kind === 'confirm' && question.purpose === 'stop') return { kind: 'confirm', yes: true };
  if (question.kind !== 'disposition') throw new Error(`unexpected ${question.kind} question`);
  const byItem: Record<string, Answer> = {
    'coffee mug, on the desk': { kind: 'disposition', pick: { type: 'choice', index: 0 } },
    'empty amazon envelope, by the chair': { kind: 'disposition', pick: { type: 'choice', index: 0 } },
    'sketchbook with ideas, on the floor': { kind: 'disposition', pick: { type: 'unsure' } },
    'tangle of old cables, under the desk': { kind: 'disposition', pick: { type: 'unsure' } },
    'stack of magazines, on the windowsill': { kind: 'disposition', pick: { type: 'unsure' } },
    'old receipts, on the desk': { kind: 'disposition', pick: { type: 'choice', index: 0 } },
  };
  const answer = byItem[question.item];
  if (!answer) throw new Error(`no answer for ${question.item}`);
  return answer;
}

