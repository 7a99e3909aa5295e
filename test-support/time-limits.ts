/**
 * Test support: time limits (a request's, a turn's) that run out only when the test says, so a test can hold a stall
 * for as long as it needs, see what happened meanwhile, then end it: no real wait, nothing raced against a timer.
 */
import { expect } from 'vitest';
import type { Timers } from '../src/main/effects';

export interface HandLimits {
  /** Set and cleared as the code under test would `setTimeout` and `clearTimeout`. */
  readonly timers: Timers;
  /** The lengths of the limits set and neither cleared nor run out yet, in the order they were set. */
  readonly pending: readonly number[];
  /** How many limits have run out. */
  readonly expired: number;
  /** Runs out every pending limit, in the order they were set. */
  expire(): void;
}

export function handLimits(): HandLimits {
  const pending = new Map<symbol, { readonly ms: number; readonly callback: () => void }>();
  let expired = 0;
  return {
    timers: {
      set(callback, ms) {
        const handle = Symbol('limit');
        pending.set(handle, { ms, callback });
        return handle;
      },
      clear(handle) {
        pending.delete(handle as symbol);
      },
    },
    get pending() {
      return [...pending.values()].map((limit) => limit.ms);
    },
    get expired() {
      return expired;
    },
    expire() {
      const due = [...pending.values()];
      pending.clear();
      for (const limit of due) {
        expired += 1;
        limit.callback();
      }
    },
  };
}

/**
 * Awaits `work`, running out a limit each time the stalled server holds one more request than have run out (`held`
 * counts them) with just its limit pending: never before the request got there. Hangs (then fails) if `work` waits
 * on a limit no stalled request of the server explains.
 */
export async function expireEachStall<T>(limits: HandLimits, held: () => number, work: Promise<T>): Promise<T> {
  let settled = false;
  const watched = work.finally(() => (settled = true));
  // Its failure is the caller's, when awaited below.
  watched.catch(() => {});
  while (!settled) {
    await expect
      .poll(() => settled || (held() === limits.expired + 1 && limits.pending.length === 1), { message: 'the server should hold the next stalled request, with its limit pending' })
      .toBe(true);
    if (!settled) limits.expire();
  }
  return watched;
}
