/**
 * The mode stack.
 *
 * Cleanup and error suppression (the mechanism, since JS generators cannot offer Python's
 * `athrow` and guaranteed cleanup at once): on exit the manager always resumes the handler with
 * `generator.next(exit)`, never `generator.throw()`. So `yield` *returns* a `ModeExit`
 * `{ failed, error, suppress() }` and the code after `yield` runs on every exit, normal or not,
 * without the handler writing try/finally. The body's error propagates unless the handler calls
 * `exit.suppress()`. If cleanup itself throws while an error is already propagating, the cleanup
 * error is reported as a `mode:error` event (phase `cleanup`) and the first error keeps going; the
 * same holds down a stack being unwound, innermost first, so no error is silently lost.
 *
 * Handler return values: a handler may return a `ModeTransition` from its cleanup. It is followed
 * when the mode leaves by a plain exit (`exit()`, the end of `withMode`, a scheduled exit): `switch`
 * and `push` then enter the named mode where the returning mode was (it is gone, so both mean the
 * same), `exit` and `stay` add nothing. A mode leaving because of a switch ignores it, since the
 * switch already names the next mode; modes unwound above the one being exited are ignored too.
 */
import { z } from 'zod';
import type { AgentHandle } from '../handle';
import type { Clock, Log } from '../../effects';
import type { Conversation } from '../conversation';
import type { EventBus, ModePhase } from '../events';
import type { SystemPromptManager } from '../prompt';
import { defineTool } from '../tools';
import type { ToolRegistry } from '../tools';
import { ModeAccessor } from './accessor';
import type { ModeStackSource, ModeVisit } from './accessor';
import { defineMode, isolationRank } from './definition';
import type { ModeDefinition, ModeExit, ModeGenerator, ModeOptions } from './definition';
import { IsolationError, ModeHandlerError, ModeStackError, TransitionError, UnknownModeError } from './errors';
import { ModeStateView, StateLayer } from './state';
import { ModeTransition } from './transition';
import type { ModeParams } from './transition';

/** What the manager needs from the agent it belongs to. */
export interface ModeHost {
  readonly agent: AgentHandle;
  readonly prompt: SystemPromptManager;
  readonly tools: ToolRegistry;
  readonly messages: Conversation;
  readonly clock: Clock;
  readonly log: Log;
  readonly events: EventBus;
  /** Returns a function that puts the agent's call settings back as they are now. */
  snapshotConfig(): () => void;
  readonly maxDepth: number;
}

export interface ModeCallOptions {
  /** Aborting before or during setup leaves no mode half-entered. */
  readonly signal?: AbortSignal;
}

interface Frame {
  readonly definition: ModeDefinition;
  readonly params: ModeParams;
  readonly state: StateLayer;
  readonly enteredAt: number;
  readonly startedAt: number;
  readonly generator: ModeGenerator;
  /** Undoes the prompt and the isolation level's changes. */
  readonly restore: () => void;
}

interface Failure {
  readonly error: unknown;
}

interface Unwound {
  readonly failure: Failure | undefined;
  /** The innermost exited mode that was the target of the exit, and what it returned. */
  readonly target: string | undefined;
  readonly transition: ModeTransition | undefined;
}

export const DEFAULT_MAX_MODE_DEPTH = 16;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describe(transition: ModeTransition): string {
  return 'mode' in transition ? `${transition.kind} to "${transition.mode}"` : transition.kind;
}

export class ModeManager {
  readonly #host: ModeHost;
  readonly #definitions = new Map<string, ModeDefinition>();
  readonly #frames: Frame[] = [];
  readonly #history: ModeVisit[] = [];
  readonly #state = new ModeStateView(() => this.#frames.at(-1)?.state);
  #pending: ModeTransition | undefined;
  readonly accessor: ModeAccessor;

  constructor(host: ModeHost) {
    this.#host = host;
    const frames = this.#frames;
    const source: ModeStackSource = {
      get stackNames() {
        return frames.map((frame) => frame.definition.name);
      },
      state: this.#state,
      history: this.#history,
      get topStartedAt() {
        return frames.at(-1)?.startedAt;
      },
      monotonicNow: () => host.clock.monotonic(),
    };
    this.accessor = new ModeAccessor(source);
  }

  // --- registry -----------------------------------------------------------------------------

  register(definition: ModeDefinition): void {
    const { name, invokable } = definition;
    if (this.#definitions.has(name)) throw new ModeStackError(`Mode "${name}" is already registered`);
    if (invokable && this.#host.tools.has(invokable.toolName)) {
      throw new ModeStackError(`Mode "${name}": a tool named "${invokable.toolName}" already exists`);
    }
    this.#definitions.set(name, definition);
    if (invokable) {
      this.#host.tools.register(
        defineTool({
          name: invokable.toolName,
          description: invokable.description,
          input: definition.paramsSchema ?? z.object({}),
          execute: (params) => {
            if (invokable.transition === 'push') this.schedulePush(name, params);
            else this.scheduleSwitch(name, params);
            return `Will enter the ${name} mode.`;
          },
        }),
      );
    }
  }

  /** Defines and registers in one go (the library's `@agent.modes('name')`). */
  define<S extends z.ZodObject | undefined = undefined>(options: ModeOptions<S>): ModeDefinition {
    const definition = defineMode(options);
    this.register(definition);
    return definition;
  }

  has(name: string): boolean {
    return this.#definitions.has(name);
  }

  get(name: string): ModeDefinition {
    const definition = this.#definitions.get(name);
    if (!definition) {
      const known = [...this.#definitions.keys()].join(', ') || 'none';
      throw new UnknownModeError(`Unknown mode "${name}" (registered: ${known})`);
    }
    return definition;
  }

  get names(): readonly string[] {
    return [...this.#definitions.keys()];
  }

  // --- what the agent loop asks ---------------------------------------------------------------

  /** Tool names of the innermost mode that declares some; undefined means every registered tool. */
  activeToolNames(): readonly string[] | undefined {
    return this.#frames.findLast((frame) => frame.definition.tools)?.definition.tools;
  }

  /** Output schema of the innermost mode that declares one. */
  activeOutput(): z.ZodType | undefined {
    return this.#frames.findLast((frame) => frame.definition.output)?.definition.output;
  }

  get pending(): ModeTransition | undefined {
    return this.#pending;
  }

  // --- entering and leaving -------------------------------------------------------------------

  /** Pushes a mode: runs its setup up to `yield`. Stays entered until exited. */
  async enter(name: string, params: unknown = {}, options: ModeCallOptions = {}): Promise<void> {
    const definition = this.get(name);
    const top = this.#frames.at(-1);
    const stack = this.accessor.stack;
    // Every check happens before the first side effect, so a refused entry changes nothing.
    if (top?.definition.name === name) {
      throw new ModeStackError(`Mode "${name}" is already the current mode; exit it or switch to another mode`);
    }
    if (this.#frames.length >= this.#host.maxDepth) {
      throw new ModeStackError(
        `Cannot enter mode "${name}": the mode stack is at its maximum depth of ${this.#host.maxDepth} (${stack.join(' > ')})`,
      );
    }
    if (top && isolationRank(definition.isolation) < isolationRank(top.definition.isolation)) {
      throw new IsolationError(
        `Mode "${name}" (isolation "${definition.isolation}") cannot be entered inside "${top.definition.name}" ` +
          `(isolation "${top.definition.isolation}"): a child mode may not be less isolated than its parent`,
      );
    }
    const parsed = definition.parseParams(params);
    options.signal?.throwIfAborted();

    this.#host.events.emit({ type: 'mode:entering', mode: name, stack, params: parsed });
    const depth = this.#frames.length;
    const frame: Frame = {
      definition,
      params: parsed,
      state:
        definition.isolation === 'fork'
          ? StateLayer.forked(top?.state, parsed)
          : StateLayer.scoped(top?.state, parsed),
      enteredAt: this.#host.clock.now(),
      startedAt: this.#host.clock.monotonic(),
      generator: definition.start(this.#host.agent, parsed),
      restore: this.#isolate(definition),
    };
    this.#frames.push(frame);

    let setupDone = false;
    try {
      const first = await frame.generator.next();
      if (first.done) {
        throw new ModeHandlerError(
          `Mode "${name}": the handler finished without yielding; put setup before \`yield\` and cleanup after it`,
        );
      }
      setupDone = true;
      options.signal?.throwIfAborted();
    } catch (error) {
      this.#reportError(name, 'setup', error);
      if (setupDone) {
        // Aborted after setup: the mode is fully entered, so it leaves through its cleanup.
        await this.#unwindTo(depth, { error });
      } else {
        // Setup never finished: drop whatever it entered, then the frame itself, without cleanup.
        await this.#unwindTo(depth + 1, { error });
        this.#frames.pop();
        frame.restore();
      }
      throw error;
    }
    this.#host.events.emit({ type: 'mode:entered', mode: name, stack: this.accessor.stack, params: parsed });
  }

  /** Exits the innermost mode and follows the transition its handler returns, if any. */
  async exit(options: ModeCallOptions = {}): Promise<void> {
    if (this.#frames.length === 0) throw new ModeStackError('Cannot exit: no mode is active');
    const unwound = await this.#unwindTo(this.#frames.length - 1, undefined);
    if (unwound.failure) throw unwound.failure.error;
    await this.#follow(unwound, options);
  }

  /** Exits every mode, innermost first; the first error propagates after all cleanups ran. */
  async exitAll(): Promise<void> {
    const unwound = await this.#unwindTo(0, undefined);
    if (unwound.failure) throw unwound.failure.error;
  }

  /** Exits the current mode (if any) and enters `name` in its place. */
  switch(name: string, params: ModeParams = {}, options: ModeCallOptions = {}): Promise<void> {
    return this.transition(ModeTransition.switch(name, params), options);
  }

  /** Applies a transition now and announces it with a `mode:transition` event. */
  async transition(transition: ModeTransition, options: ModeCallOptions = {}): Promise<void> {
    if (transition.kind === 'stay') return;
    const from = this.accessor.name;
    if (transition.kind === 'exit') {
      this.#announce(transition, from, this.accessor.stack.at(-2));
      await this.exit(options);
      return;
    }
    this.get(transition.mode).parseParams(transition.params);
    this.#announce(transition, from, transition.mode);
    if (transition.kind === 'push' || this.#frames.length === 0) {
      await this.enter(transition.mode, transition.params, options);
      return;
    }
    const unwound = await this.#unwindTo(this.#frames.length - 1, undefined);
    if (unwound.failure) throw unwound.failure.error;
    if (unwound.transition && unwound.transition.kind !== 'stay' && unwound.transition.kind !== 'exit') {
      this.#host.log.write({
        level: 'warn',
        message: `Mode "${from}" returned ${describe(unwound.transition)} while switching to "${transition.mode}"; the switch wins`,
      });
    }
    await this.enter(transition.mode, transition.params, options);
  }

  /**
   * Runs `body` inside the mode and exits it afterwards, normally or by exception. Modes entered
   * or switched to inside the body are unwound too, so the stack is as it was before. Resolves to
   * the body's value, or to undefined when the handler suppressed the body's error.
   */
  async withMode<T>(
    name: string,
    params: unknown,
    body: (agent: AgentHandle) => Promise<T> | T,
    options: ModeCallOptions = {},
  ): Promise<T | undefined> {
    const depth = this.#frames.length;
    await this.enter(name, params, options);
    let result: T | undefined;
    let failure: Failure | undefined;
    try {
      result = await body(this.#host.agent);
    } catch (error) {
      failure = { error };
      this.#reportError(this.accessor.name ?? name, 'execution', error);
    }
    const unwound = await this.#unwindTo(depth, failure);
    if (unwound.failure) throw unwound.failure.error;
    await this.#follow(unwound, options);
    return result;
  }

  // --- scheduled transitions (from tools) -----------------------------------------------------

  scheduleSwitch(name: string, params: ModeParams = {}): void {
    this.get(name).parseParams(params);
    this.#schedule(ModeTransition.switch(name, params));
  }

  schedulePush(name: string, params: ModeParams = {}): void {
    this.get(name).parseParams(params);
    this.#schedule(ModeTransition.push(name, params));
  }

  scheduleExit(): void {
    if (this.#frames.length === 0) throw new TransitionError('Cannot schedule an exit: no mode is active');
    this.#schedule(ModeTransition.exit());
  }

  /** Applies the pending transition, if any; the agent calls this before each model call. */
  async applyScheduled(options: ModeCallOptions = {}): Promise<ModeTransition | undefined> {
    const pending = this.#pending;
    if (!pending) return undefined;
    this.#pending = undefined;
    await this.transition(pending, options);
    return pending;
  }

  // --- internals ------------------------------------------------------------------------------

  #schedule(transition: ModeTransition): void {
    if (this.#pending) {
      throw new TransitionError(
        `Cannot schedule ${describe(transition)}: ${describe(this.#pending)} is already scheduled (at most one may be pending)`,
      );
    }
    this.#pending = transition;
  }

  #announce(transition: ModeTransition, from: string | undefined, to: string | undefined): void {
    this.#host.events.emit({ type: 'mode:transition', from, to, kind: transition.kind });
  }

  async #follow(unwound: Unwound, options: ModeCallOptions): Promise<void> {
    const next = unwound.transition;
    if (!next || next.kind === 'stay' || next.kind === 'exit') return;
    this.#announce(next, unwound.target, next.mode);
    await this.enter(next.mode, next.params, options);
  }

  /** Takes the snapshots the mode's isolation level calls for; the result undoes them. */
  #isolate(definition: ModeDefinition): () => void {
    const { prompt, tools, messages } = this.#host;
    const level = definition.isolation;
    const promptSnapshot = prompt.snapshot();
    const isolatesConfig = level === 'config' || level === 'fork';
    const restoreTools = isolatesConfig ? tools.snapshot() : undefined;
    const restoreConfig = isolatesConfig ? this.#host.snapshotConfig() : undefined;
    let restoreMessages: (() => void) | undefined;
    if (level === 'thread' || level === 'fork') {
      const original = messages.list();
      const tracker = messages.track();
      restoreMessages = () => {
        tracker.stop();
        if (level === 'thread') {
          messages.replace([...original, ...tracker.appended]);
        } else {
          messages.forget(tracker.appended);
          messages.replace(original);
        }
      };
    }
    return () => {
      restoreMessages?.();
      restoreConfig?.();
      restoreTools?.();
      prompt.restore(promptSnapshot);
    };
  }

  /** Exits innermost-first until `depth` modes remain; the first error wins, later ones become events. */
  async #unwindTo(depth: number, incoming: Failure | undefined): Promise<Unwound> {
    let failure = incoming;
    let target: string | undefined;
    let transition: ModeTransition | undefined;
    for (let frame = this.#frames.at(-1); frame && this.#frames.length > depth; frame = this.#frames.at(-1)) {
      target = frame.definition.name;
      try {
        const outcome = await this.#exitFrame(frame, failure);
        if (outcome.suppressed) failure = undefined;
        transition = outcome.transition;
      } catch (error) {
        failure = { error };
        transition = undefined;
      }
    }
    return { failure, target, transition };
  }

  /** Runs one mode's cleanup. Throws only when cleanup fails while no other error is propagating. */
  async #exitFrame(
    frame: Frame,
    incoming: Failure | undefined,
  ): Promise<{ suppressed: boolean; transition: ModeTransition | undefined }> {
    const name = frame.definition.name;
    const clock = this.#host.clock;
    this.#host.events.emit({ type: 'mode:exiting', mode: name, stack: this.accessor.stack });
    let suppressed = false;
    const exit: ModeExit = {
      failed: incoming !== undefined,
      error: incoming?.error,
      suppress: () => {
        suppressed = true;
      },
    };
    let transition: ModeTransition | undefined;
    let cleanupFailure: Failure | undefined;
    try {
      const result = await frame.generator.next(exit);
      if (!result.done) {
        await frame.generator.return(undefined);
        throw new ModeHandlerError(`Mode "${name}": the handler yielded more than once; a mode yields exactly once`);
      }
      transition = result.value ?? undefined;
    } catch (error) {
      cleanupFailure = { error };
      this.#reportError(name, 'cleanup', error);
    }
    this.#frames.pop();
    frame.restore();
    const durationMs = clock.monotonic() - frame.startedAt;
    const propagating = cleanupFailure ?? (suppressed ? undefined : incoming);
    this.#history.push({
      mode: name,
      params: frame.params,
      enteredAt: frame.enteredAt,
      exitedAt: clock.now(),
      durationMs,
      failed: propagating !== undefined,
    });
    this.#host.events.emit({ type: 'mode:exited', mode: name, stack: this.accessor.stack, durationMs });
    if (cleanupFailure && !incoming) throw cleanupFailure.error;
    return { suppressed: incoming !== undefined && suppressed && !cleanupFailure, transition };
  }

  #reportError(mode: string, phase: ModePhase, error: unknown): void {
    this.#host.events.emit({ type: 'mode:error', mode, phase, error, message: messageOf(error) });
  }
}
