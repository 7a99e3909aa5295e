import { z } from 'zod';
import type { AgentHandle } from '../handle';
import { ModeDefinitionError, ModeParamsError } from './errors';
import type { ModeParams, ModeTransition } from './transition';

/** Ordered from least to most isolated; see docs/modes.md for the behaviour table. */
export const ISOLATION_LEVELS = ['none', 'config', 'thread', 'fork'] as const;
export type IsolationLevel = (typeof ISOLATION_LEVELS)[number];

/**
 * What the handler's `yield` evaluates to when its mode exits. `error` is the body's error, if
 * any; calling `suppress()` stops it from propagating. Code after `yield` always runs.
 */
export interface ModeExit {
  readonly failed: boolean;
  readonly error: unknown;
  suppress(): void;
}

export type ModeGenerator = AsyncGenerator<void, ModeTransition | void, ModeExit>;

export type ModeHandler<P> = (agent: AgentHandle, params: P) => ModeGenerator;

export interface InvokableOptions {
  readonly toolName?: string;
  readonly description?: string;
  /** `switch` (default) replaces the current mode; `push` stacks on top of it. */
  readonly transition?: 'switch' | 'push';
}

type ParamsOf<S> = S extends z.ZodObject ? z.output<S> : ModeParams;

export interface ModeOptions<S extends z.ZodObject | undefined> {
  readonly name: string;
  readonly description?: string;
  /** Validates entry parameters, which become the mode's initial state. */
  readonly params?: S;
  readonly isolation?: IsolationLevel;
  /** Tool names active while this is the innermost mode declaring tools; all tools otherwise. */
  readonly tools?: readonly string[];
  /** Structured output schema for model calls while this is the innermost mode declaring one. */
  readonly output?: z.ZodType;
  readonly invokable?: boolean | InvokableOptions;
  readonly handler: ModeHandler<ParamsOf<S>>;
}

export interface ResolvedInvokable {
  readonly toolName: string;
  readonly description: string;
  readonly transition: 'switch' | 'push';
}

/** A mode with its parameter type erased: `start` validates, then calls the typed handler. */
export interface ModeDefinition {
  readonly name: string;
  readonly description: string;
  readonly isolation: IsolationLevel;
  readonly paramsSchema: z.ZodObject | undefined;
  readonly tools: readonly string[] | undefined;
  readonly output: z.ZodType | undefined;
  readonly invokable: ResolvedInvokable | undefined;
  parseParams(raw: unknown): ModeParams;
  start(agent: AgentHandle, params: ModeParams): ModeGenerator;
}

function isAsyncGeneratorFunction(value: unknown): boolean {
  return Object.prototype.toString.call(value) === '[object AsyncGeneratorFunction]';
}

export function defineMode<S extends z.ZodObject | undefined = undefined>(options: ModeOptions<S>): ModeDefinition {
  const { name, handler } = options;
  if (!name.trim()) throw new ModeDefinitionError('A mode needs a non-empty name');
  if (!isAsyncGeneratorFunction(handler)) {
    throw new ModeDefinitionError(
      `Mode "${name}": the handler must be an async generator function (async function* (agent, params) { ...; yield; ... })`,
    );
  }
  const isolation = options.isolation ?? 'none';
  if (!ISOLATION_LEVELS.includes(isolation)) {
    throw new ModeDefinitionError(`Mode "${name}": unknown isolation "${String(isolation)}"`);
  }
  const description = options.description ?? `Enter the ${name} mode.`;
  const schema = options.params;

  const parseParams = (raw: unknown): ModeParams => {
    if (!schema) {
      if (raw === undefined) return {};
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        throw new ModeParamsError(`Parameters for mode "${name}" must be an object`);
      }
      return { ...raw };
    }
    const parsed = schema.safeParse(raw ?? {});
    if (!parsed.success) {
      throw new ModeParamsError(`Invalid parameters for mode "${name}": ${z.prettifyError(parsed.error)}`);
    }
    return parsed.data;
  };

  return {
    name,
    description,
    isolation,
    paramsSchema: schema,
    tools: options.tools,
    output: options.output,
    invokable: resolveInvokable(name, description, options.invokable),
    parseParams,
    // Params reaching `start` came out of `parseParams`, i.e. out of the schema the handler is typed by.
    start: (agent, params) => handler(agent, params as ParamsOf<S>),
  };
}

function resolveInvokable(
  name: string,
  description: string,
  invokable: boolean | InvokableOptions | undefined,
): ResolvedInvokable | undefined {
  if (!invokable) return undefined;
  const options = invokable === true ? {} : invokable;
  return {
    toolName: options.toolName ?? `enter_${name}`,
    description: options.description ?? description,
    transition: options.transition ?? 'switch',
  };
}

export function isolationRank(level: IsolationLevel): number {
  return ISOLATION_LEVELS.indexOf(level);
}
