/**
 * The agent's view of the chat history effect. Besides reading and appending it lets modes
 * track what was appended while they were active, which thread and fork isolation need to
 * tell a mode's new messages from the ones it merely truncated or rewrote.
 */
import type { ModelMessage } from 'ai';
import type { ChatHistory } from '../../effects';

export interface AppendTracker {
  /** Messages appended since tracking started, minus any later forgotten. */
  readonly appended: readonly ModelMessage[];
  stop(): void;
}

export class Conversation {
  readonly #history: ChatHistory;
  readonly #trackers = new Set<ModelMessage[]>();

  constructor(history: ChatHistory) {
    this.#history = history;
  }

  list(): readonly ModelMessage[] {
    return this.#history.list();
  }

  get length(): number {
    return this.#history.list().length;
  }

  append(...messages: readonly ModelMessage[]): void {
    this.#history.append(...messages);
    for (const appended of this.#trackers) appended.push(...messages);
  }

  /** Keeps only the last `count` messages. */
  truncate(count: number): void {
    const all = this.#history.list();
    this.#history.replace(count <= 0 ? [] : all.slice(-count));
  }

  replace(messages: readonly ModelMessage[]): void {
    this.#history.replace(messages);
  }

  track(): AppendTracker {
    const appended: ModelMessage[] = [];
    this.#trackers.add(appended);
    return { appended, stop: () => void this.#trackers.delete(appended) };
  }

  /** Removes discarded messages from every open tracker, so an outer thread does not keep them. */
  forget(messages: readonly ModelMessage[]): void {
    const discarded = new Set(messages);
    for (const appended of this.#trackers) {
      const kept = appended.filter((message) => !discarded.has(message));
      appended.splice(0, appended.length, ...kept);
    }
  }
}
