/**
 * The LLM effect: exactly one model step. Tool execution stays in the agent loop, outside this
 * effect, so a recorded step is plain data (request in, response out) and replay never re-runs tools.
 */
import { generateText, Output, tool } from 'ai';
import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import type { z } from 'zod';

export interface LlmToolSpec {
  readonly description: string;
  readonly inputSchema: z.ZodType;
}

export interface LlmSettings {
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
}

export interface LlmRequest {
  readonly instructions: string;
  readonly messages: readonly ModelMessage[];
  readonly tools: Readonly<Record<string, LlmToolSpec>>;
  /** Structured output schema; the response's `output` is set when the step ends in text. */
  readonly output?: z.ZodType;
  readonly settings?: LlmSettings;
  readonly signal?: AbortSignal;
}

export interface LlmToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  /** Set when the model's arguments did not parse or match the tool's schema. */
  readonly invalidReason?: string;
}

export interface LlmUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
}

export interface LlmResponse {
  /** Messages the step produced, to append to the chat history as they are. */
  readonly messages: readonly ModelMessage[];
  readonly text: string;
  readonly toolCalls: readonly LlmToolCall[];
  readonly output?: unknown;
  readonly finishReason: string;
  readonly usage: LlmUsage;
}

export interface Llm {
  generate(request: LlmRequest): Promise<LlmResponse>;
}

/** Live interpreter over the AI SDK: the app injects `@ai-sdk/openai`, tests a mock model. */
export function aiSdkLlm(model: LanguageModel): Llm {
  return {
    async generate(request) {
      // Tools are declared without `execute`, so the SDK stops after one step and hands the calls back.
      const tools: ToolSet = Object.fromEntries(
        Object.entries(request.tools).map(([name, spec]) => [
          name,
          tool({ description: spec.description, inputSchema: spec.inputSchema }),
        ]),
      );
      const result = await generateText({
        model,
        ...(request.instructions ? { instructions: request.instructions } : {}),
        messages: [...request.messages],
        tools,
        ...(request.output ? { output: Output.object({ schema: request.output }) } : {}),
        ...request.settings,
        ...(request.signal ? { abortSignal: request.signal } : {}),
      });
      const toolCalls: LlmToolCall[] = result.toolCalls.map((call) => ({
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: call.input,
        ...(call.invalid ? { invalidReason: describeError(call.error) } : {}),
      }));
      const endedInText = toolCalls.length === 0;
      return {
        // The SDK answers invalid calls with its own tool messages; the agent writes every tool result itself.
        messages: result.responseMessages.filter((message) => message.role !== 'tool'),
        text: result.text,
        toolCalls,
        ...(request.output && endedInText ? { output: result.output } : {}),
        finishReason: result.finishReason,
        usage: {
          ...(result.usage.inputTokens !== undefined ? { inputTokens: result.usage.inputTokens } : {}),
          ...(result.usage.outputTokens !== undefined ? { outputTokens: result.usage.outputTokens } : {}),
        },
      };
    },
  };
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
