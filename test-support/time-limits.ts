/**
 * Test support: time limits (a request's, a turn's) that run out only when the test says, so a test can hold a stall
 * for as long as it needs, see what happened meanwhile, then end it: no real wait, nothing raced against a timer.
 */
export interface HandLimits {
  /** Set and cleared as the code under test would `setTimeout` and `clearTimeout`. */
  readonly timers: { set(callback: () => void, ms: number): unknown; clear(handle: unknown): void };
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
