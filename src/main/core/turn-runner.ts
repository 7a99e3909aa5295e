import type { TurnRequest } from './session-runtime';

/**
 * Runs coach turns one at a time. Messages the person sends while the coach is still answering are kept and
 * answered together in the next turn; Stop aborts only the turn in flight.
 */
export class TurnRunner {
  #pending: TurnRequest[] = [];
  #current: AbortController | undefined;
  #drained: Promise<void> = Promise.resolve();
  #running = false;

  constructor(
    private readonly run: (input: TurnRequest, signal: AbortSignal) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  enqueue(input: TurnRequest): void {
    this.#pending.push(input);
    if (!this.#running) this.#drained = this.#drain();
  }

  /** Aborts the turn in flight; returns whether there was one. */
  stop(): boolean {
    if (!this.#current) return false;
    this.#current.abort();
    return true;
  }

  /** Drops what is waiting and stops what runs (a new session). */
  reset(): void {
    this.#pending = [];
    this.stop();
  }

  /** Resolves when nothing is running or waiting. */
  idle(): Promise<void> {
    return this.#drained;
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#pending.length > 0) {
        const batch = this.#pending.splice(0);
        const request = {
          messageIds: batch.flatMap((input) => input.messageIds),
          photoIds: batch.flatMap((input) => input.photoIds),
        };
        const controller = new AbortController();
        this.#current = controller;
        try {
          await this.run(request, controller.signal);
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
