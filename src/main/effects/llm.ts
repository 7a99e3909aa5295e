/**
 * The LLM effect: exactly one model step. Tool execution stays in the agent loop, outside this
 * effect, so a recorded step is plain data (request in, response out) and replay never re-runs tools.
 */
import { generateText, Output, streamText, tool } from 'ai';
import type { LanguageModel, ModelMessage, ToolSet } from 'ai';
import { z } from 'zod';
import { readJson } from '../../shared/json-in';
import type { StructuredMode } from '../../shared/model-probe/schema';

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
  /**
   * Asks for the step to stream: called with the whole text so far as it grows. A side channel for the
   * GUI only: the response is the same with or without it, so a recorded step never depends on it.
   */
  readonly onText?: (textSoFar: string) => void;
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
  /** Why the text did not parse as the requested output, when it did not. */
  readonly outputError?: string;
  readonly finishReason: string;
  readonly usage: LlmUsage;
}

export interface Llm {
  generate(request: LlmRequest): Promise<LlmResponse>;
}

export interface AiSdkLlmOptions {
  /**
   * How a request's `output` is asked for, as the capability probe found the server takes it:
   * - `json_schema` (the default): the schema goes to the server (`response_format: json_schema`), the SDK parses the reply;
   * - `json_object`: `response_format: json_object`, the schema goes in the instructions, the reply is parsed here;
   * - `text`: no `response_format` at all, the schema in the instructions, the reply parsed here (fences and all).
   */
  readonly structuredOutput?: StructuredMode;
}

/** Live interpreter over the AI SDK: the app injects `@ai-sdk/openai`, tests a mock model. */
export function aiSdkLlm(model: LanguageModel, options: AiSdkLlmOptions = {}): Llm {
  const mode = options.structuredOutput ?? 'json_schema';
  return {
    async generate(request) {
      // Tools are declared without `execute`, so the SDK stops after one step and hands the calls back.
      const tools: ToolSet = Object.fromEntries(
        Object.entries(request.tools).map(([name, spec]) => [
          name,
          tool({ description: spec.description, inputSchema: spec.inputSchema }),
        ]),
      );
      // Past json_schema the server never sees the schema, so the model reads it in its instructions.
      const instructions = request.output && mode !== 'json_schema'
        ? [request.instructions, schemaInstruction(request.output, Object.keys(tools).length > 0)].filter(Boolean).join('\n\n')
        : request.instructions;
      const call = {
        model,
        ...(instructions ? { instructions } : {}),
        messages: [...request.messages],
        tools,
        ...(request.output ? outputOption(request.output, mode) : {}),
        ...request.settings,
        // Retries belong to the effect layer above (visible to the person), not hidden inside the SDK.
        maxRetries: 0,
        ...(request.signal ? { abortSignal: request.signal } : {}),
      };
      const step = request.onText ? await streamStep(call, request.onText) : await generateStep(call);
      const toolCalls: LlmToolCall[] = step.toolCalls.map((toolCall) => ({
        toolCallId: toolCall.toolCallId,
        toolName: toolCall.toolName,
        input: toolCall.input,
        ...(toolCall.invalid ? { invalidReason: describeError(toolCall.error) } : {}),
      }));
      const endedInText = toolCalls.length === 0;
      const output = request.output && endedInText ? await parseReply(step.text, request.output) : {};
      return {
        // The SDK answers invalid calls with its own tool messages; the agent writes every tool result itself.
        messages: step.responseMessages.filter((message) => message.role !== 'tool'),
        text: step.text,
        toolCalls,
        ...output,
        finishReason: step.finishReason,
        usage: {
          ...(step.usage.inputTokens !== undefined ? { inputTokens: step.usage.inputTokens } : {}),
          ...(step.usage.outputTokens !== undefined ? { outputTokens: step.usage.outputTokens } : {}),
        },
      };
    },
  };
}

/** The output option for a mode: json_object asks for JSON without a schema; text asks for nothing. */
function outputOption(schema: z.ZodType, mode: StructuredMode): Pick<StepCall, 'output'> {
  switch (mode) {
    case 'json_schema':
      // The schema goes to the server as Output.object sends it, but the reply is parsed here: the SDK's own parse
      // throws on a reply that breaks the schema, and such a reply is the caller's to repair, not a failed call.
      return { output: { ...Output.text(), name: 'object', responseFormat: Output.object({ schema }).responseFormat } };
    case 'json_object':
      // `{ type: 'json' }` with no schema is what @ai-sdk/openai sends as `response_format: { type: 'json_object' }`.
      // The reply is kept as text (Output.json() would throw on a fenced reply) and parsed by `parseReply`.
      return { output: { ...Output.text(), name: 'json', responseFormat: Promise.resolve({ type: 'json' as const }) } };
    case 'text':
      return {};
  }
}

/** The plain sentence and JSON Schema a model reads when the server cannot be given the schema. */
function schemaInstruction(schema: z.ZodType, hasTools: boolean): string {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const when = hasTools ? 'When you answer in text rather than with a tool call, reply' : 'Reply';
  return `${when} with only a JSON object that matches this JSON Schema, with no other text before or after it:\n${JSON.stringify(jsonSchema)}`;
}

/** The reply's JSON checked against the schema; a reply that breaks it is the caller's to repair, not a failed call. */
async function parseReply(text: string, schema: z.ZodType): Promise<{ output?: unknown; outputError?: string }> {
  const reading = readJson(text);
  if (!reading.ok) return { outputError: `No structured output: ${reading.reason}.` };
  const result = await schema.safeParseAsync(reading.value);
  if (result.success) return { output: result.data };
  const issues = result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  return { outputError: `No structured output: the reply's JSON does not match the schema (${issues.join('; ')}).` };
}

type StepCall = Parameters<typeof generateText>[0] & Parameters<typeof streamText>[0];

interface StepResult {
  readonly text: string;
  readonly toolCalls: ReadonlyArray<{ toolCallId: string; toolName: string; input: unknown; invalid?: boolean; error?: unknown }>;
  readonly responseMessages: readonly ModelMessage[];
  readonly finishReason: string;
  readonly usage: { inputTokens?: number | undefined; outputTokens?: number | undefined };
}

async function generateStep(call: StepCall): Promise<StepResult> {
  const result = await generateText(call);
  return {
    text: result.text,
    toolCalls: result.toolCalls,
    responseMessages: result.responseMessages,
    finishReason: result.finishReason,
    usage: result.usage,
  };
}

/** One streamed step; a stream error (HTTP status, dropped connection) is thrown like generateText would. */
async function streamStep(call: StepCall, onText: (textSoFar: string) => void): Promise<StepResult> {
  // The stream's error part is rethrown below; the SDK's default handler would also print it to the console.
  const result = streamText({ ...call, onError: () => {} });
  let text = '';
  for await (const part of result.stream) {
    if (part.type === 'text-delta') {
      text += part.text;
      onText(text);
    } else if (part.type === 'error') {
      throw part.error;
    }
  }
  const [toolCalls, responseMessages, finishReason, usage] = await Promise.all([
    result.toolCalls,
    result.responseMessages,
    result.finishReason,
    result.usage,
  ]);
  return { text, toolCalls, responseMessages, finishReason, usage };
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
