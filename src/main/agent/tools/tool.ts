import type { UserContent } from 'ai';
import { z } from 'zod';
import type { AgentHandle } from '../handle';

export interface ToolContext {
  readonly agent: AgentHandle;
  readonly toolCallId: string;
  readonly signal?: AbortSignal;
  /**
   * Shows the model something a tool result cannot carry (an image: Chat Completions take images only from the user):
   * it goes into the history as a user message right after the batch's tool results, before the next model step.
   */
  readonly show: (content: UserContent) => void;
}

export interface ToolOptions<S extends z.ZodObject> {
  readonly name: string;
  readonly description: string;
  readonly input: S;
  readonly execute: (input: z.output<S>, context: ToolContext) => unknown;
}

/**
 * A tool with its input type erased: `run` validates raw input against the schema before calling
 * the typed `execute`, so a registry can hold tools of different input types without casts.
 */
export interface AgentTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: z.ZodObject;
  run(input: unknown, context: ToolContext): Promise<unknown>;
}

export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

export function defineTool<S extends z.ZodObject>(options: ToolOptions<S>): AgentTool {
  return {
    name: options.name,
    description: options.description,
    inputSchema: options.input,
    async run(input, context) {
      const parsed = options.input.safeParse(input ?? {});
      if (!parsed.success) {
        throw new ToolInputError(`Invalid input for tool "${options.name}": ${z.prettifyError(parsed.error)}`);
      }
      return options.execute(parsed.data, context);
    },
  };
}
