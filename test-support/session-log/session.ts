/**
 * Test support: a small scripted tidying session on the real Agent. One tool asks a disposition card and moves
 * the item to its pile; the mock model answers from the prompt alone (a tool call for a new message, a short
 * reply once the tool result is in), so the same session runs in a test, a child process or a benchmark.
 */
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { Agent, defineTool } from '../../src/main/agent';
import { aiSdkLlm, memoryState, testEffects, type Clock, type Llm, type QuestionUi, type Random, type StateStore } from '../../src/main/effects';
import { recordDecision } from '../../src/main/session';
import { newSessionState } from '../../src/shared/session/new-session';
import type { Question, Resolution } from '../../src/shared/questions/schema';
import type { SessionState } from '../../src/shared/session/schema';

/** The four effects a session records and replays. */
export interface SessionEffects {
  readonly time: Clock;
  readonly random: Random;
  readonly llm: Llm;
  readonly question: QuestionUi<Question, Resolution>;
}

export interface ScriptedSession {
  readonly agent: Agent;
  readonly state: StateStore<SessionState>;
  /** One person turn: their message, the agent's tool loop, the coach's reply; the state after it. */
  turn(text: string): Promise<SessionState>;
}

export interface ScriptedSessionOptions {
  /** The session part of the system prompt, rendered before each turn (a template, in the app). */
  readonly instructions?: (state: SessionState) => string;
  readonly initial?: SessionState;
  /** Called once a card is answered and the answer is back in the tool (what the coach acknowledges). */
  readonly onAnswered?: (question: Question, resolution: Resolution) => void;
}

const CHOICES = [
  { label: 'Out to the trash', disposition: 'trash' },
  { label: 'Keep it here', disposition: 'keep' },
] as const;

export function scriptedSession(effects: SessionEffects, options: ScriptedSessionOptions = {}): ScriptedSession {
  const { time, random, question: questions } = effects;
  const state = memoryState(options.initial ?? newSessionState('scripted-session', time.now()));
  const propose = defineTool({
    name: 'propose_disposition',
    description: 'Shows a card proposing where one item goes',
    input: z.object({ item: z.string().min(1) }),
    execute: async ({ item }) => {
      const askedAt = time.now();
      const question: Question = { id: random.id(), askedAt, expiresAt: askedAt + 300_000, kind: 'disposition', item, choices: [...CHOICES] };
      const resolution = await questions.ask(question);
      options.onAnswered?.(question, resolution);
      const pick = resolution.answer.kind === 'disposition' ? resolution.answer.pick : { type: 'skip' as const };
      const outcome = pick.type === 'choice' ? (CHOICES[pick.index]?.disposition ?? 'skip') : pick.type === 'unsure' ? 'unsure' : 'skip';
      state.set(recordDecision(state.get(), { item, outcome, at: time.now(), id: random.id() }));
      return { item, outcome };
    },
  });
  const agent = new Agent({
    effects: { ...testEffects(), time, random, llm: effects.llm, question: questions },
    instructions: 'You are a calm tidying coach.',
    tools: [propose],
    // Like the coach: the model sees a bounded window of the history.
    viewMessages: (messages) => messages.slice(-12),
  });
  const say = (role: 'person' | 'coach', text: string) => {
    const current = state.get();
    state.set({ ...current, messages: [...current.messages, { id: random.id(), role, text, at: time.now() }] });
  };
  return {
    agent,
    state,
    async turn(text) {
      say('person', text);
      agent.prompt.setSection('session', options.instructions?.(state.get()) ?? `Items so far: ${state.get().itemsProcessed}.`);
      const result = await agent.call(text);
      say('coach', result.text);
      return state.get();
    },
  };
}

/** Answers every card with its first choice, or the second for every `alternate`-th question. */
export function scriptedAnswers(alternate = 3): QuestionUi<Question, Resolution> {
  let asked = 0;
  return {
    ask: async () => {
      asked += 1;
      const index = asked % alternate === 0 ? 1 : 0;
      return { answer: { kind: 'disposition', pick: { type: 'choice', index } }, closedBy: 'person' };
    },
  };
}

type GenerateResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;
type Prompt = Parameters<MockLanguageModelV4['doGenerate']>[0]['prompt'];

const usage: GenerateResult['usage'] = {
  inputTokens: { total: 40, noCache: 40, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 8, text: 8, reasoning: undefined },
};

function lastUserText(prompt: Prompt): string {
  for (const message of [...prompt].reverse()) {
    if (message.role !== 'user') continue;
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}

/** Proposes one item per person message, then replies once its card is answered. */
export function scriptedModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: ({ prompt }) => {
      const said = lastUserText(prompt);
      if (prompt.at(-1)?.role === 'tool') {
        return Promise.resolve({ content: [{ type: 'text', text: `Done with that. (${said})` }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] });
      }
      return Promise.resolve({
        content: [{ type: 'tool-call', toolCallId: `call-${said.replace(/\W+/g, '-')}`, toolName: 'propose_disposition', input: JSON.stringify({ item: `the thing from ${said}` }) }],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      });
    },
  });
}

export function scriptedLlm(): Llm {
  return aiSdkLlm(scriptedModel());
}
