/** Deterministic interpreters for tests: a clock you advance, seeded randomness, scripted people. */
import type { Clock, EffectTypes, Effects, Emit, EmittedEvent, QuestionUi, Random, RequestInput } from './effects';
import type { Llm } from './llm';
import { memoryChatHistory, memoryLog, memoryState } from './live';

export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function manualClock(startEpochMs = 0): ManualClock {
  let elapsed = 0;
  return {
    now: () => startEpochMs + elapsed,
    monotonic: () => elapsed,
    advance: (ms) => {
      elapsed += ms;
    },
  };
}

/** mulberry32: tiny, seedable, good enough for tests. Ids count up so they are easy to assert. */
export function seededRandom(seed = 1): Random {
  let a = seed >>> 0;
  let ids = 0;
  return {
    float: () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    },
    id: () => `id-${++ids}`,
  };
}

export interface CollectingEmit extends Emit {
  readonly events: readonly EmittedEvent[];
}

export function collectingEmit(): CollectingEmit {
  const events: EmittedEvent[] = [];
  return { events, emit: (event) => void events.push(event) };
}

/** Hands out the scripted inputs in order; running out is a test bug, so it throws. */
export function scriptedInput<I>(inputs: readonly I[]): RequestInput<I> {
  let next = 0;
  return {
    next: () => {
      const value = inputs[next];
      if (next >= inputs.length) return Promise.reject(new Error('scripted input exhausted'));
      next += 1;
      return Promise.resolve(value as I);
    },
  };
}

/** Answers each question with the function's result, so tests can assert what was asked. */
export function scriptedQuestions<Q, A>(answer: (question: Q) => A): QuestionUi<Q, A> {
  return { ask: async (question) => answer(question) };
}

/** An LLM for tests that must never reach a model. */
export function noLlm(): Llm {
  return { generate: () => Promise.reject(new Error('no LLM in this test')) };
}

export type TestEffects<T extends EffectTypes> = Effects<T> & {
  readonly time: ManualClock;
  readonly emit: CollectingEmit;
  readonly log: ReturnType<typeof memoryLog>;
};

/**
 * A full, deterministic effect set; override any effect the test cares about. Clock, emit and log
 * are always the inspectable test versions. Unscripted input, questions and LLM fail loudly.
 */
export function testEffects<T extends EffectTypes = EffectTypes>(
  overrides: Partial<Omit<Effects<T>, 'time' | 'emit' | 'log'>> = {},
): TestEffects<T> {
  return {
    time: manualClock(),
    random: seededRandom(),
    emit: collectingEmit(),
    state: memoryState<T['state']>(undefined),
    chat: memoryChatHistory(),
    log: memoryLog(),
    input: scriptedInput<T['input']>([]),
    llm: noLlm(),
    question: scriptedQuestions<T['question'], T['answer']>(() => {
      throw new Error('no question expected in this test');
    }),
    ...overrides,
    // The unscripted defaults are typed for any T: they either hold nothing or always reject.
  } as TestEffects<T>;
}
