/**
 * Main's sprint timer. It follows the session's sprint and keeps one timer for its next deadline (the sprint's end
 * or the break's); when it fires, the session turns that into a logged input. The timer reads the live clock, never
 * the session's journal: the inputs it causes carry their own time, so replay needs no timer at all.
 */
import { nextDeadline, type Sprint } from '../../shared/sprints/sprint';
import { systemTimers, type Timers } from '../effects';

export interface SprintClockDeps {
  readonly now: () => number;
  readonly timers?: Timers;
  /** The deadline passed: `sprint` is the sprint as it was when the timer was set. */
  readonly onDeadline: (sprint: Sprint) => void;
}

export class SprintClock {
  readonly #deps: SprintClockDeps;
  readonly #timers: Timers;
  #handle: unknown;
  #deadline: number | undefined;

  constructor(deps: SprintClockDeps) {
    this.#deps = deps;
    this.#timers = deps.timers ?? systemTimers;
  }

  /** Follows the sprint as the session has it now; an ended session's sprint counts no more. */
  watch(sprint: Sprint | undefined, active: boolean): void {
    const deadline = active ? nextDeadline(sprint) : undefined;
    if (deadline === this.#deadline) return;
    this.#clear();
    if (deadline === undefined || !sprint) return;
    this.#deadline = deadline;
    this.#handle = this.#timers.set(
      () => {
        this.#handle = undefined;
        this.#deadline = undefined;
        this.#deps.onDeadline(sprint);
      },
      Math.max(0, deadline - this.#deps.now()),
    );
  }

  dispose(): void {
    this.#clear();
  }

  #clear(): void {
    if (this.#handle !== undefined) this.#timers.clear(this.#handle);
    this.#handle = undefined;
    this.#deadline = undefined;
  }
}
