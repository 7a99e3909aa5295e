/**
 * The agent: chat history, tools, system prompt and modes around a step-by-step tool loop.
 *
 * Each loop step is one call to the LLM effect; the agent executes the returned tool calls itself,
 * one at a time in the model's order (deterministic, so a recorded session replays exactly), then
 * applies a transition a tool scheduled, so the next step runs with the new mode's prompt, tools
 * and output schema.
 *
 * Concurrency: one top-level `call` at a time. A second concurrent call is rejected with
 * `AgentBusyError` (the caller decides whether to wait or drop it). Calls made from inside the
 * running call (a tool, or a mode's setup or cleanup running during a transition) are nested,
 * not concurrent: they run immediately, so a mode that calls the model cannot deadlock.
 * The distinction is made with AsyncLocalStorage, which follows the async call chain.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { JSONValue, ModelMessage, ToolResultPart, UserContent } from 'ai';
import type { z } from 'zod';
import type { Effects, LlmToolCall, LlmToolSpec, LlmUsage } from '../effects';
import { Conversation } from './conversation';
import { EventBus } from './events';
import type { AgentEventType, AgentListener } from './events';
import { DEFAULT_MAX_MODE_DEPTH, ModeManager } from './modes';
import type { ModeAccessor, ModeCallOptions, ModeDefinition } from './modes';
import { SystemPromptManager } from './prompt';
import { ToolRegistry } from './tools';
import type { AgentTool } from './tools';

/** Call settings; config and fork isolation restore them when their mode exits. */
export interface AgentConfig {
  /** Model steps per `call` before it stops with finish reason `step-limit`. */
  readonly maxSteps: number;
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
}

export const DEFAULT_CONFIG: AgentConfig = { maxSteps: 10 };

export interface AgentOptions {
  readonly effects: Effects;
  /** The base system prompt. */
  readonly instructions?: string;
  readonly tools?: readonly AgentTool[];
  readonly modes?: readonly ModeDefinition[];
  readonly config?: Partial<AgentConfig>;
  readonly maxModeDepth?: number;
  /**
   * What the model is shown of the history on each step. The history itself keeps everything; a view
   * lets a long session send a bounded window (and leave old images out) without losing anything.
   */
  readonly viewMessages?: (messages: readonly ModelMessage[], step: StepFrame) => ModelMessage[];
}

/** What else a step sends besides the history: a view that must fit a context window counts it too. */
export interface StepFrame {
  readonly instructions: string;
  readonly tools: Readonly<Record<string, LlmToolSpec>>;
  readonly output?: z.ZodType;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Structured output for this call, overriding the current mode's schema. */
  readonly output?: z.ZodType;
  /**
   * End the call as soon as a tool batch leads to a mode transition (finish reason `transition`), so the
   * caller can continue in the new mode with a message of its own instead of the loop running straight on.
   */
  readonly endTurnOnTransition?: boolean;
  /** Tools the model may not call in this call, even when the current mode offers them. */
  readonly excludeTools?: readonly string[];
  /** Receives the text of each step as it streams in (the whole text so far, not a delta). */
  readonly onText?: (textSoFar: string) => void;
  /** Ends the call after a step's tool results (finish reason `halted`) when it says there is no point going on. */
  readonly halt?: (steps: readonly StepRecord[]) => boolean;
}

export interface StepRecord {
  readonly index: number;
  readonly mode: string | undefined;
  readonly text: string;
  readonly toolCalls: readonly LlmToolCall[];
  readonly finishReason: string;
  readonly usage: LlmUsage;
}

export interface CallResult {
  readonly text: string;
  /** Parsed structured output when an output schema was active and the call ended in text. */
  readonly output: unknown;
  /** Why the final text did not parse as the output schema, when it did not. */
  readonly outputError?: string;
  readonly finishReason: string;
  readonly mode: string | undefined;
  readonly steps: readonly StepRecord[];
  /** With `endTurnOnTransition`: the transition that ended the call. */
  readonly transition?: { readonly from: string | undefined; readonly to: string | undefined };
}

declare module './handle' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the handle is the agent itself
  interface AgentHandle extends Agent {}
}

export class AgentBusyError extends Error {
  override readonly name = 'AgentBusyError';
}

export class Agent {
  readonly effects: Effects;
  readonly messages: Conversation;
  readonly prompt: SystemPromptManager;
  readonly tools: ToolRegistry;
  readonly modes: ModeManager;
  config: AgentConfig;
  readonly #events: EventBus;
  readonly #callScope = new AsyncLocalStorage<true>();
  readonly #viewMessages: (messages: readonly ModelMessage[], step: StepFrame) => ModelMessage[];
  #activeCalls = 0;

  constructor(options: AgentOptions) {
    this.effects = options.effects;
    this.config = { ...DEFAULT_CONFIG, ...options.config };
    this.#viewMessages = options.viewMessages ?? ((messages) => [...messages]);
    this.#events = new EventBus(options.effects.emit, options.effects.log);
    this.messages = new Conversation(options.effects.chat);
    this.prompt = new SystemPromptManager(options.instructions);
    this.tools = new ToolRegistry(options.tools);
    this.modes = new ModeManager({
      agent: this,
      prompt: this.prompt,
      tools: this.tools,
      messages: this.messages,
      clock: options.effects.time,
      log: options.effects.log,
      events: this.#events,
      snapshotConfig: () => {
        const saved = this.config;
        return () => {
          this.config = saved;
        };
      },
      maxDepth: options.maxModeDepth ?? DEFAULT_MAX_MODE_DEPTH,
    });
    for (const mode of options.modes ?? []) this.modes.register(mode);
  }

  /** Where the agent is: current mode, stack, scoped state, duration, history. */
  get mode(): ModeAccessor {
    return this.modes.accessor;
  }

  /** Subscribes to a typed event; returns the unsubscribe function. */
  on<K extends AgentEventType>(type: K, listener: AgentListener<K>): () => void {
    return this.#events.on(type, listener);
  }

  withMode<T>(
    name: string,
    params: unknown,
    body: (agent: Agent) => Promise<T> | T,
    options?: ModeCallOptions,
  ): Promise<T | undefined> {
    return this.modes.withMode(name, params, body, options);
  }

  /**
   * Applies a scheduled transition, adds `input` as a user message (if given) and runs the tool
   * loop until the model answers without tool calls or `config.maxSteps` is reached.
   */
  call(input?: string | UserContent, options: CallOptions = {}): Promise<CallResult> {
    if (this.#activeCalls > 0 && !this.#callScope.getStore()) {
      return Promise.reject(
        new AgentBusyError('The agent is already running a call; wait for it to finish before calling again'),
      );
    }
    return this.#callScope.run(true, async () => {
      this.#activeCalls += 1;
      try {
        return await this.#loop(input, options);
      } finally {
        this.#activeCalls -= 1;
      }
    });
  }

  /** Runs a tool directly and records the call and its result in the history, as if the model had called it. */
  async invoke(tool: string | AgentTool, params: unknown = {}): Promise<unknown> {
    const resolved = typeof tool === 'string' ? this.tools.get(tool) : tool;
    const toolCallId = this.effects.random.id();
    this.messages.append({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId, toolName: resolved.name, input: params }],
    });
    const shown: UserContent[] = [];
    const outcome = await this.#execute(resolved, { toolCallId, toolName: resolved.name, input: params }, undefined, shown);
    this.messages.append({ role: 'tool', content: [outcome.part] });
    this.#appendShown(shown);
    if (outcome.failure) throw outcome.failure.error;
    return outcome.value;
  }

  async #loop(input: string | UserContent | undefined, options: CallOptions): Promise<CallResult> {
    const { signal } = options;
    await this.modes.applyScheduled({ ...(signal ? { signal } : {}) });
    if (input !== undefined) this.messages.append({ role: 'user', content: input });
    const steps: StepRecord[] = [];
    for (let index = 0; index < this.config.maxSteps; index += 1) {
      signal?.throwIfAborted();
      const output = options.output ?? this.modes.activeOutput();
      const excluded = new Set(options.excludeTools ?? []);
      const instructions = this.prompt.render();
      const tools = this.#activeToolSpecs(excluded);
      const response = await this.effects.llm.generate({
        instructions,
        messages: this.#viewMessages(this.messages.list(), { instructions, tools, ...(output ? { output } : {}) }),
        tools,
        ...(output ? { output } : {}),
        settings: this.#settings(),
        ...(signal ? { signal } : {}),
        ...(options.onText ? { onText: options.onText } : {}),
      });
      this.messages.append(...response.messages);
      const mode = this.mode.name;
      steps.push({
        index,
        mode,
        text: response.text,
        toolCalls: response.toolCalls,
        finishReason: response.finishReason,
        usage: response.usage,
      });
      this.#events.emit({ type: 'step', index, mode, finishReason: response.finishReason });
      if (response.toolCalls.length === 0) {
        return {
          text: response.text,
          output: response.output,
          ...(response.outputError !== undefined ? { outputError: response.outputError } : {}),
          finishReason: response.finishReason,
          mode,
          steps,
        };
      }
      const results: ToolResultPart[] = [];
      const shown: UserContent[] = [];
      for (const call of response.toolCalls) results.push(await this.#runModelToolCall(call, signal, excluded, shown));
      this.messages.append({ role: 'tool', content: results });
      this.#appendShown(shown);
      if (options.halt?.(steps)) return { text: response.text, output: undefined, finishReason: 'halted', mode, steps };
      const applied = await this.modes.applyScheduled({ ...(signal ? { signal } : {}) });
      if (applied && options.endTurnOnTransition) {
        return {
          text: response.text,
          output: undefined,
          finishReason: 'transition',
          mode: this.mode.name,
          steps,
          transition: { from: mode, to: this.mode.name },
        };
      }
    }
    const last = steps.at(-1);
    return { text: last?.text ?? '', output: undefined, finishReason: 'step-limit', mode: this.mode.name, steps };
  }

  #settings(): { temperature?: number; maxOutputTokens?: number } {
    const { temperature, maxOutputTokens } = this.config;
    return {
      ...(temperature !== undefined ? { temperature } : {}),
      ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
    };
  }

  #activeToolNames(excluded: ReadonlySet<string> = new Set()): readonly string[] {
    return (this.modes.activeToolNames() ?? this.tools.names).filter((name) => !excluded.has(name));
  }

  #activeToolSpecs(excluded: ReadonlySet<string>): Record<string, LlmToolSpec> {
    return Object.fromEntries(
      this.#activeToolNames(excluded).map((name) => {
        const tool = this.tools.get(name);
        return [name, { description: tool.description, inputSchema: tool.inputSchema }];
      }),
    );
  }

  /** What the batch's tools showed the model, as one user message after their results (none when nothing was shown). */
  #appendShown(shown: readonly UserContent[]): void {
    const content = shown.flatMap((part) => (typeof part === 'string' ? [{ type: 'text' as const, text: part }] : part));
    if (content.length > 0) this.messages.append({ role: 'user', content });
  }

  async #runModelToolCall(
    call: LlmToolCall,
    signal: AbortSignal | undefined,
    excluded: ReadonlySet<string>,
    shown: UserContent[],
  ): Promise<ToolResultPart> {
    if (call.invalidReason !== undefined || !this.#activeToolNames(excluded).includes(call.toolName)) {
      const reason =
        call.invalidReason ?? `Tool "${call.toolName}" is not available in mode ${this.mode.name ?? '(none)'}`;
      this.#events.emit({ type: 'tool:call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.input });
      this.#events.emit({
        type: 'tool:result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: reason,
        isError: true,
      });
      return errorPart(call, reason);
    }
    const outcome = await this.#execute(this.tools.get(call.toolName), call, signal, shown);
    if (outcome.failure && signal?.aborted) throw outcome.failure.error;
    return outcome.part;
  }

  /** Runs a tool, turning a failure into an error result the model can read. */
  async #execute(
    tool: AgentTool,
    call: Pick<LlmToolCall, 'toolCallId' | 'toolName' | 'input'>,
    signal: AbortSignal | undefined,
    shown: UserContent[],
  ): Promise<{ part: ToolResultPart; value?: unknown; failure?: { error: unknown } }> {
    const { toolCallId, toolName, input } = call;
    this.#events.emit({ type: 'tool:call', toolCallId, toolName, input });
    try {
      const value = await tool.run(input, { agent: this, toolCallId, ...(signal ? { signal } : {}), show: (content) => void shown.push(content) });
      this.#events.emit({ type: 'tool:result', toolCallId, toolName, output: value, isError: false });
      return { part: { type: 'tool-result', toolCallId, toolName, output: toResultOutput(value) }, value };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#events.emit({ type: 'tool:result', toolCallId, toolName, output: message, isError: true });
      this.effects.log.write({ level: 'warn', message: `Tool "${toolName}" failed`, data: { error: message } });
      return { part: errorPart(call, message), failure: { error } };
    }
  }
}

function errorPart(call: Pick<LlmToolCall, 'toolCallId' | 'toolName'>, message: string): ToolResultPart {
  return {
    type: 'tool-result',
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    output: { type: 'error-text', value: message },
  };
}

function toResultOutput(value: unknown): ToolResultPart['output'] {
  if (typeof value === 'string') return { type: 'text', value };
  if (value === undefined) return { type: 'text', value: '' };
  // Round-trip through JSON so what the model sees is exactly what a log would store.
  return { type: 'json', value: JSON.parse(JSON.stringify(value)) as JSONValue };
}

