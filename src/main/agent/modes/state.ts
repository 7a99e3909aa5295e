import { ModeStackError } from './errors';
import type { ModeParams } from './transition';

/**
 * One mode's layer of state. Reads fall through to the parent layer; writes land here, so an inner
 * mode shadows its outer modes and its writes vanish when its layer is dropped on exit. A fork
 * layer has no parent: it starts from a deep copy of what it inherited, so nothing leaks either way.
 */
export class StateLayer {
  readonly #own: Map<string, unknown>;
  readonly #parent: StateLayer | undefined;

  private constructor(own: Map<string, unknown>, parent: StateLayer | undefined) {
    this.#own = own;
    this.#parent = parent;
  }

  static scoped(parent: StateLayer | undefined, params: ModeParams): StateLayer {
    return new StateLayer(new Map(Object.entries(params)), parent);
  }

  static forked(parent: StateLayer | undefined, params: ModeParams): StateLayer {
    const inherited = structuredClone(parent?.toObject() ?? {});
    return new StateLayer(new Map(Object.entries({ ...inherited, ...params })), undefined);
  }

  get(key: string): unknown {
    return this.#own.has(key) ? this.#own.get(key) : this.#parent?.get(key);
  }

  has(key: string): boolean {
    return this.#own.has(key) || (this.#parent?.has(key) ?? false);
  }

  set(key: string, value: unknown): void {
    this.#own.set(key, value);
  }

  /** Removes this layer's own value; an outer mode's value for the key shows through again. */
  delete(key: string): boolean {
    return this.#own.delete(key);
  }

  toObject(): Record<string, unknown> {
    return { ...this.#parent?.toObject(), ...Object.fromEntries(this.#own) };
  }
}

/** `agent.mode.state`: the innermost mode's layer, or an empty read-only view outside any mode. */
export class ModeStateView {
  readonly #top: () => StateLayer | undefined;

  constructor(top: () => StateLayer | undefined) {
    this.#top = top;
  }

  get(key: string): unknown {
    return this.#top()?.get(key);
  }

  has(key: string): boolean {
    return this.#top()?.has(key) ?? false;
  }

  set(key: string, value: unknown): void {
    this.#require('write').set(key, value);
  }

  delete(key: string): boolean {
    return this.#require('delete').delete(key);
  }

  toObject(): Record<string, unknown> {
    return this.#top()?.toObject() ?? {};
  }

  #require(action: string): StateLayer {
    const top = this.#top();
    if (!top) throw new ModeStackError(`Cannot ${action} mode state outside any mode`);
    return top;
  }
}
