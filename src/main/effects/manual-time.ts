/**
 * A clock that moves only when told, with timers on it: the unit tests' time, and web mode's under TIDY_TEST_CLOCK
 * (its standard input moves it, src/main/web/test-clock.ts). Nothing here ever fires by itself.
 */
import type { Clock, Timers } from './effects';
import { manualClock } from './scripted';

export interface ManualTime {
  readonly clock: Clock;
  readonly timers: Timers;
  /**
   * Moves the clock on by `ms` (a whole, non-negative number), firing on the way every timer that falls due by the
   * end, earliest deadline first (then in the order they were set); while one fires the clock reads its deadline. A
   * timer set by a callback fires too if it is due by the end. A timer due already fires at the next advance, even 0.
   */
  advance(ms: number): void;
  /** Called once after every advance; returns the unsubscribe function. */
  onAdvance(listener: () => void): () => void;
}

interface Pending {
  readonly id: number;
  readonly at: number;
  readonly fire: () => void;
}

export function manualTime(startEpochMs: number): ManualTime {
  const clock = manualClock(startEpochMs);
  let pending: Pending[] = [];
  let lastId = 0;
  const listeners = new Set<() => void>();
  const nextDue = (end: number) =>
    pending.reduce<Pending | undefined>((first, timer) => (timer.at <= end && (!first || timer.at < first.at || (timer.at === first.at && timer.id < first.id)) ? timer : first), undefined);

  return {
    clock: { now: () => clock.now(), monotonic: () => clock.monotonic() },
    timers: {
      set(fire, ms) {
        // As setTimeout does, a delay that is not a positive number means "now".
        const delay = Number.isFinite(ms) && ms > 0 ? ms : 0;
        const timer = { id: ++lastId, at: clock.now() + delay, fire };
        pending.push(timer);
        return timer.id;
      },
      clear(handle) {
        pending = pending.filter((timer) => timer.id !== handle);
      },
    },
    advance(ms) {
      if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`The clock moves on by a whole number of milliseconds, 0 or more (not ${ms}).`);
      const end = clock.now() + ms;
      for (let due = nextDue(end); due; due = nextDue(end)) {
        const timer = due;
        pending = pending.filter((other) => other !== timer);
        clock.advance(Math.max(0, timer.at - clock.now()));
        timer.fire();
      }
      clock.advance(end - clock.now());
      for (const listener of listeners) listener();
    },
    onAdvance(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
