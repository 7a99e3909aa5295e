import type { TurnRequest } from './session-runtime';

/** A turn to run; `logged` when the log already holds its start (a resumed session playing its turn in flight). */
export interface QueuedTurn extends TurnRequest {
  readonly logged?: boolean;
}

/**
 * Runs coach turns one at a time. Messages the person sends while the coach is still answering are kept and
 * answered together in the next turn; Stop aborts only the turn in flight.
 */
export class TurnRunner {
  #pending: QueuedTurn[] = [];
  #current: AbortController | undefined;
  #drained: Promise<void> = Promise.resolve();
  #running = false;

  constructor(
    private readonly run: (turn: QueuedTurn, signal: AbortSignal) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  enqueue(turn: QueuedTurn): void {
    this.#pending.push(turn);
    if (!this.#running) this.#drained = this.#drain();
  }

  /** Whether a turn is running now. */
  get busy(): boolean {
    return this.#current !== undefined;
  }

  /** Aborts the turn in flight; returns whether there was one. `beforeAbort` runs first, only if there is. */
  stop(beforeAbort?: () => void): boolean {
    if (!this.#current) return false;
    beforeAbort?.();
    this.#current.abort();
    return true;
  }

  /** Drops what is waiting and stops what runs (the session closes). */
  reset(beforeAbort?: () => void): void {
    this.#pending = [];
    this.stop(beforeAbort);
  }

  /** Resolves when nothing is running or waiting. */
  idle(): Promise<void> {
    return this.#drained;
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#pending.length > 0) {
        // A logged turn runs as it was logged; new requests waiting together are answered in one turn.
        const first = this.#pending[0]!;
        const nextLogged = this.#pending.findIndex((turn) => turn.logged);
        const count = first.logged ? 1 : nextLogged < 0 ? this.#pending.length : nextLogged;
        const batch = this.#pending.splice(0, count);
        const turn: QueuedTurn = {
          messageIds: batch.flatMap((input) => input.messageIds),
          photoIds: batch.flatMap((input) => input.photoIds),
          ...(first.logged ? { logged: true } : {}),
        };
        const controller = new AbortController();
        this.#current = controller;
        try {
          await this.run(turn, controller.signal);
        } catch (error) {
          this.onError(error);
        } finally {
          this.#current = undefined;
        }
      }
    } finally {
      this.#running = false;
    }
  }
}
