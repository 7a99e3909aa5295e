import { z } from 'zod';

// The Chat Completions request as clients send it. Only what scripts assert on is typed;
// everything else passes through so recorded bodies stay complete.
const textPartSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
const imagePartSchema = z.looseObject({ type: z.literal('image_url'), image_url: z.looseObject({ url: z.string() }) });
const otherPartSchema = z.looseObject({ type: z.string() });
const contentPartSchema = z.union([textPartSchema, imagePartSchema, otherPartSchema]);
const contentSchema = z.union([z.string(), z.array(contentPartSchema)]).nullish();

const toolCallSchema = z.looseObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

const messageSchema = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('system'), content: contentSchema }),
  z.looseObject({ role: z.literal('developer'), content: contentSchema }),
  z.looseObject({ role: z.literal('user'), content: contentSchema }),
  z.looseObject({ role: z.literal('assistant'), content: contentSchema, tool_calls: z.array(toolCallSchema).optional() }),
  z.looseObject({ role: z.literal('tool'), content: contentSchema, tool_call_id: z.string() }),
]);

const toolSchema = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), description: z.string().optional(), parameters: z.unknown() }),
});

export const chatRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(messageSchema).min(1),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).optional(),
  tools: z.array(toolSchema).optional(),
  tool_choice: z.unknown().optional(),
  response_format: z.looseObject({ type: z.string() }).optional(),
});

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type ChatMessage = ChatRequest['messages'][number];

/** The text of a message: its string content, or its text parts joined by newlines. */
export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : [])).join('\n');
}

export function lastMessageWithRole(request: ChatRequest, role: ChatMessage['role']): ChatMessage | undefined {
  return request.messages.findLast((message) => message.role === role);
}

export function toolNames(request: ChatRequest): string[] {
  return (request.tools ?? []).map((tool) => tool.function.name);
}

export function hasImages(request: ChatRequest): boolean {
  return request.messages.some(
    (message) => Array.isArray(message.content) && message.content.some((part) => part.type === 'image_url'),
  );
}

/** `none` when no response_format was sent (plain text). */
export function responseFormatType(request: ChatRequest): string {
  return request.response_format?.type ?? 'none';
}
