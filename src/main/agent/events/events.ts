import type { Emit, Log } from '../../effects';
import type { ModeTransitionKind } from '../modes/transition';

export type ModePhase = 'setup' | 'execution' | 'cleanup';

export type ModeEvent =
  | { readonly type: 'mode:entering'; readonly mode: string; readonly stack: readonly string[]; readonly params: unknown }
  | { readonly type: 'mode:entered'; readonly mode: string; readonly stack: readonly string[]; readonly params: unknown }
  | { readonly type: 'mode:exiting'; readonly mode: string; readonly stack: readonly string[] }
  | {
      readonly type: 'mode:exited';
      readonly mode: string;
      readonly stack: readonly string[];
      readonly durationMs: number;
    }
  | {
      readonly type: 'mode:error';
      readonly mode: string;
      readonly phase: ModePhase;
      readonly error: unknown;
      readonly message: string;
    }
  | {
      readonly type: 'mode:transition';
      readonly from: string | undefined;
      readonly to: string | undefined;
      readonly kind: ModeTransitionKind;
    };

export type AgentEvent =
  | ModeEvent
  | { readonly type: 'tool:call'; readonly toolCallId: string; readonly toolName: string; readonly input: unknown }
  | {
      readonly type: 'tool:result';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly output: unknown;
      readonly isError: boolean;
    }
  | { readonly type: 'step'; readonly index: number; readonly mode: string | undefined; readonly finishReason: string };

export type AgentEventType = AgentEvent['type'];
export type AgentEventOf<K extends AgentEventType> = Extract<AgentEvent, { type: K }>;
export type AgentListener<K extends AgentEventType> = (event: AgentEventOf<K>) => unknown;

/**
 * Delivers each event to the emit effect (the outside world) and to in-process listeners.
 * Neither a throwing listener nor a failing emit interpreter can break the agent: failures are
 * written to the log effect and delivery continues.
 */
export class EventBus {
  readonly #listeners = new Map<AgentEventType, Set<(event: AgentEvent) => unknown>>();
  readonly #emit: Emit;
  readonly #log: Log;

  constructor(emit: Emit, log: Log) {
    this.#emit = emit;
    this.#log = log;
  }

  on<K extends AgentEventType>(type: K, listener: AgentListener<K>): () => void {
    const listeners = this.#listeners.get(type) ?? new Set();
    this.#listeners.set(type, listeners);
    // Stored erased; dispatch only hands a listener events of the type it subscribed to.
    const erased = listener as (event: AgentEvent) => unknown;
    listeners.add(erased);
    return () => void listeners.delete(erased);
  }

  emit(event: AgentEvent): void {
    this.#guard(event, 'emit effect', () => this.#emit.emit(event));
    for (const listener of this.#listeners.get(event.type) ?? []) {
      this.#guard(event, 'listener', () => listener(event));
    }
  }

  #guard(event: AgentEvent, who: string, deliver: () => unknown): void {
    const report = (error: unknown): void =>
      this.#log.write({ level: 'error', message: `${who} failed on ${event.type}`, data: { error } });
    try {
      const result = deliver();
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
  }
}
