/** Test support: a coach wired to the scripted model server through the real OpenAI provider. */
import { createOpenAI } from '@ai-sdk/openai';
import path from 'node:path';
import type { Answer, Question, Resolution } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import { SessionStore } from '../core/session-store';
import { aiSdkLlm, manualClock, memoryLog, seededRandom, type StateStore } from '../effects';
import type { QuestionSpec } from '../questions';
import { newSessionState } from '../session';
import { createTemplateRenderer } from '../templates';
import { loadScenarioFile, startScriptedModel, type ScriptedModel } from '../testing/scripted-model';
import { ConversationalCoach, type Capabilities, type CoachActivity } from './coach';

export const TEMPLATES_DIR = path.resolve(import.meta.dirname, '../../../templates');
export const SCENARIOS_DIR = path.resolve(import.meta.dirname, 'scenarios');

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
  scenario: string;
  answers?: AnswerScript;
  capabilities?: Capabilities;
  initial?: (state: SessionState) => SessionState;
  photoBytes?: (id: string) => Uint8Array | undefined;
  templatesDir?: string;
}): Promise<CoachHarness> {
  const server = await startScriptedModel({ scenario: await loadScenarioFile(path.join(SCENARIOS_DIR, options.scenario)) });
  const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test-key' }).chat('scripted');
  const clock = manualClock(Date.UTC(2026, 10, 22, 10, 0, 0));
  const random = seededRandom(7);
  const initial = newSessionState('session-1', clock.now());
  const store = new SessionStore(options.initial ? options.initial(initial) : initial);
  const state: StateStore<SessionState> = { get: () => store.state, set: (next) => void store.update(() => next) };
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
        const { fallbackAnswer } = await import('../../shared/questions/schema');
        return { answer: fallbackAnswer(question), closedBy: 'timeout' };
      }
      return { answer, closedBy: 'person' };
    },
  };
  const coach = await ConversationalCoach.create({
    llm: aiSdkLlm(model),
    state,
    questions,
    templates: createTemplateRenderer(options.templatesDir ?? TEMPLATES_DIR),
    time: clock,
    random,
    log,
    capabilities: options.capabilities ?? { vision: true, tools: true },
    photoBytes: options.photoBytes ?? (() => undefined),
    onActivity: (event) => activity.push(event),
    retry: { minDelayMs: 1, maxDelayMs: 5 },
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
