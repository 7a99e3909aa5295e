/** The listeners of a store that lives outside React (for `useSyncExternalStore`). */
export class Subscribers {
  readonly #listeners = new Set<() => void>();

  /** Returns the unsubscribe function. An arrow, so it can be handed to React as it is. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  notify(): void {
    for (const listener of this.#listeners) listener();
  }

  clear(): void {
    this.#listeners.clear();
  }
}
