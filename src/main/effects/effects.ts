/**
 * The one door between the agent loop and the outside world.
 *
 * Effects are listed in the order of the original effect stack (seed 004, outermost first):
 * time, random, emit, state, chat history, log, request input, LLM, question UI.
 * Core code receives an `Effects` value and never touches clocks, randomness, the network or the GUI
 * itself, so the same loop runs live, under test scripts, and (later) recorded or replayed from a log.
 *
 * Interfaces use method syntax on purpose: it keeps `Effects<Specific>` assignable to `Effects`
 * so core code can stay non-generic while the app keeps its precisely typed handle.
 */
import type { ModelMessage } from 'ai';
import type { Llm } from './llm';

export interface Clock {
  /** Wall-clock time in epoch milliseconds, for timestamps. */
  now(): number;
  /** Monotonic milliseconds from an arbitrary origin, for durations. */
  monotonic(): number;
}

/** Callbacks after a delay on the app's clock: the live one is `setTimeout`, a test's fires as its clock is moved. */
export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface Random {
  /** Uniform float in [0, 1). */
  float(): number;
  /** A fresh unique identifier (tool-call ids, question ids). */
  id(): string;
}

/** Anything emitted to the outside world carries a discriminating `type`. */
export interface EmittedEvent {
  readonly type: string;
}

export interface Emit {
  emit(event: EmittedEvent): void;
}

/** Session state that outlives modes (the coaches' piles, anchors, ...). */
export interface StateStore<S> {
  get(): S;
  set(next: S): void;
}

export interface ChatHistory {
  list(): readonly ModelMessage[];
  append(...messages: readonly ModelMessage[]): void;
  replace(messages: readonly ModelMessage[]): void;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogEntry {
  readonly level: LogLevel;
  readonly message: string;
  readonly data?: unknown;
}

export interface Log {
  write(entry: LogEntry): void;
}

export interface RequestInput<I> {
  /** Waits for the person's next input. */
  next(signal?: AbortSignal): Promise<I>;
}

export interface QuestionUi<Q, A> {
  /** Shows a question and resolves with the person's answer. */
  ask(question: Q, signal?: AbortSignal): Promise<A>;
}

/** The app-specific types carried by the generic effects. */
export interface EffectTypes {
  readonly state: unknown;
  readonly input: unknown;
  readonly question: unknown;
  readonly answer: unknown;
}

export interface Effects<T extends EffectTypes = EffectTypes> {
  readonly time: Clock;
  readonly random: Random;
  readonly emit: Emit;
  readonly state: StateStore<T['state']>;
  readonly chat: ChatHistory;
  readonly log: Log;
  readonly input: RequestInput<T['input']>;
  readonly llm: Llm;
  readonly question: QuestionUi<T['question'], T['answer']>;
}

/** Keys of `Effects` in seed 004's order, outermost first. */
export const EFFECT_ORDER = [
  'time',
  'random',
  'emit',
  'state',
  'chat',
  'log',
  'input',
  'llm',
  'question',
] as const satisfies readonly (keyof Effects)[];
