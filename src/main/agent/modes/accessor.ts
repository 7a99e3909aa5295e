import type { ModeStateView } from './state';

/** A finished stay in a mode, oldest first in `agent.mode.history`. */
export interface ModeVisit {
  readonly mode: string;
  readonly params: unknown;
  readonly enteredAt: number;
  readonly exitedAt: number;
  readonly durationMs: number;
  /** True when the mode exited with an error propagating (suppressed errors count as ok). */
  readonly failed: boolean;
}

/** What the accessor reads; the mode manager provides it. */
export interface ModeStackSource {
  readonly stackNames: readonly string[];
  readonly state: ModeStateView;
  readonly history: readonly ModeVisit[];
  /** Monotonic entry time of the innermost mode, undefined outside any mode. */
  readonly topStartedAt: number | undefined;
  monotonicNow(): number;
}

/** `agent.mode`: read-only answers about where the agent is. Outside any mode, name and duration are undefined. */
export class ModeAccessor {
  readonly #source: ModeStackSource;

  constructor(source: ModeStackSource) {
    this.#source = source;
  }

  get name(): string | undefined {
    return this.#source.stackNames.at(-1);
  }

  get stack(): readonly string[] {
    return this.#source.stackNames;
  }

  get state(): ModeStateView {
    return this.#source.state;
  }

  /** Milliseconds since the innermost mode was entered, from the clock effect. */
  get duration(): number | undefined {
    const startedAt = this.#source.topStartedAt;
    return startedAt === undefined ? undefined : this.#source.monotonicNow() - startedAt;
  }

  inMode(name: string): boolean {
    return this.#source.stackNames.includes(name);
  }

  get history(): readonly ModeVisit[] {
    return this.#source.history;
  }

  /** The most recently exited mode. */
  get previous(): string | undefined {
    return this.#source.history.at(-1)?.mode;
  }
}
