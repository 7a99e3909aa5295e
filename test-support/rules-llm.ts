/**
 * Test support: a model at the effect level (the `Llm` the journal records) whose answers depend only on what it
 * is asked, plus faults and delays drawn from a seeded generator. It coaches a whole session with either coach:
 * it describes photos, reads the guided coach's messages, words its actions, and walks the conversational coach
 * through surveying, sorting (a card per item) and winding down. A repeated request gets the same answer, so a
 * session resumed after a crash can ask again.
 */
import type { ModelMessage } from 'ai';
import type { z } from 'zod';
import { LlmFaultError, type Llm, type LlmFault, type LlmRequest, type LlmResponse } from '../src/main/effects';

export interface RulesLlmOptions {
  /** A number in [0, 1) per draw, seeded by the test. */
  readonly random?: () => number;
  /** Chance that a call fails (a retryable server error or rate limit mostly, now and then a refusal). */
  readonly faultRate?: number;
  /** Longest delay before an answer, in milliseconds (each call waits a random part of it). */
  readonly maxDelayMs?: number;
  /**
   * A model that fumbles tool calls from its `from`-th request offering tools on (counted from 0): arguments that do
   * not parse, the call written into its text, or a server that refuses requests offering tools.
   */
  readonly toolFumbles?: { readonly from: number; readonly how: ToolFumble; /** Requests fumbled, then calls work again. */ readonly count?: number };
}

export type ToolFumble = 'invalid-arguments' | 'written-as-text' | 'refused';

export interface RulesLlm extends Llm {
  /** Every request, in the order it came. */
  readonly requests: LlmRequest[];
}

const FACTS = { roomType: 'home office', chaosLevel: 'cluttered', visibleItems: ['mug on the desk', 'cables under the desk', 'box by the door'], firstTarget: 'the mug' };

function lastUserText(messages: readonly ModelMessage[]): string {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content;
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}

function lastToolText(messages: readonly ModelMessage[]): string | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'tool') return undefined;
  return JSON.stringify(last.content);
}

type Answer = { text: string } | { tool: string; input: Record<string, unknown> };

/** What the guided coach's reader should make of a message. */
function extract(said: string): Record<string, unknown> {
  const text = said.toLowerCase();
  if (/\b(stop|done for today|enough)\b/.test(text)) return { intent: 'stop' };
  if (/\b(idk|overwhelm|too much)\b/.test(text)) return { intent: 'overwhelmed' };
  if (/\b(stuck|help)\b/.test(text)) return { intent: 'help' };
  if (/\bnext\b/.test(text)) return { intent: 'next' };
  if (/\b(work|sleep|craft)\b/.test(text)) return { intent: 'function', function: text.match(/\b(work|sleep|craft)\b/)![1] };
  if (/\b(trash|bin)\b/.test(text)) return { intent: 'disposition', outcome: 'trash' };
  if (/\b(mug|book|cable|paper|shirt)\w*/.test(text)) return { intent: 'item', item: text.match(/\b(mug|book|cable|paper|shirt)\w*/)![0] };
  return { intent: 'unclear' };
}

/** The conversational coach's next move, from its mode (in the instructions) and the last message. */
function coach(request: LlmRequest): Answer {
  const { instructions, messages, tools } = request;
  const has = (name: string) => name in tools;
  const said = lastUserText(messages).toLowerCase();
  const tool = lastToolText(messages);
  if (tool?.includes('The space is for:')) return { text: JSON.stringify({ response: 'Got it. Say anything to start.', discovered_function: 'work' }) };
  if (tool?.includes('The session has ended')) return { text: JSON.stringify({ response: 'Good stopping point. See you next time.' }) };
  if (instructions.includes('Mode: WINDING DOWN')) {
    if (tool === undefined && has('end_session')) return { tool: 'end_session', input: { summary: 'Sorted a few things.', nextTime: ['the boxes'] } };
    return { text: JSON.stringify({ response: 'Good stopping point.', next_time: ['the boxes'] }) };
  }
  if (instructions.includes('Mode: SORTING')) {
    if (tool !== undefined) return { text: JSON.stringify({ response: 'Next one.', current_item: 'mug' }) };
    if (/\bstop\b/.test(said) && has('time_to_wrap')) return { tool: 'time_to_wrap', input: { nextTime: ['the boxes'] } };
    if (has('propose_disposition')) {
      const item = said.match(/\b(mug|book|cable|paper|shirt)\w*/)?.[0] ?? 'mug';
      return {
        tool: 'propose_disposition',
        input: { item, location: 'on the desk', choices: [{ label: 'Kitchen', disposition: 'place', location: 'kitchen' }, { label: 'Trash', disposition: 'trash' }] },
      };
    }
  }
  if (instructions.includes('Mode: SURVEYING') && tool === undefined) {
    if (instructions.includes('The space is for:') && has('begin_sorting')) return { tool: 'begin_sorting', input: {} };
    if (has('ask_space_function')) {
      return { tool: 'ask_space_function', input: { purpose: 'function', prompt: 'What is this room mostly for?', choices: [{ label: 'Work' }, { label: 'Sleep' }] } };
    }
  }
  return { text: JSON.stringify({ response: 'Okay.' }) };
}

function answerFor(request: LlmRequest): Answer {
  if (request.instructions.startsWith('You look at one photo')) return { text: JSON.stringify(FACTS) };
  if (request.instructions.startsWith('You read one message')) return { text: JSON.stringify(extract(lastUserText(request.messages))) };
  if (request.instructions.includes('Reword the draft')) return { text: 'One small thing at a time.' };
  if (request.instructions.startsWith('Rewrite the reply below as JSON')) return { text: JSON.stringify({ response: 'Okay.' }) };
  return coach(request);
}

function faultFor(draw: number): LlmFault {
  if (draw < 0.45) return { kind: 'server', status: 503, message: 'The model service had a problem (503).' };
  if (draw < 0.8) return { kind: 'rate-limited', status: 429, retryAfterMs: 1, message: 'The model service is busy (rate limited).' };
  if (draw < 0.95) return { kind: 'network', message: 'The connection to the model dropped.' };
  return { kind: 'rejected', status: 400, message: 'The model service refused the request (400).' };
}

export function rulesLlm(options: RulesLlmOptions = {}): RulesLlm {
  const random = options.random ?? (() => 0.5);
  const requests: LlmRequest[] = [];
  let calls = 0;
  let toolRequests = 0;
  return {
    requests,
    async generate(request) {
      requests.push(request);
      calls += 1;
      const delay = Math.floor(random() * (options.maxDelayMs ?? 0));
      const fails = random() < (options.faultRate ?? 0);
      const fault = faultFor(random());
      await new Promise<void>((resolve, reject) => {
        const aborted = () => reject(new LlmFaultError({ kind: 'aborted', message: 'Stopped.' }));
        if (request.signal?.aborted) return aborted();
        const timer = setTimeout(resolve, delay);
        request.signal?.addEventListener('abort', () => (clearTimeout(timer), aborted()), { once: true });
      });
      if (fails) throw new LlmFaultError(fault);
      // A model fumbling its calls tries the call again when told it failed, as small models do.
      const answer = answerFor(options.toolFumbles ? beforeFailedCall(request) : request);
      const offersTools = Object.keys(request.tools).length > 0;
      const from = options.toolFumbles?.from ?? Infinity;
      const index = offersTools ? toolRequests++ : -1;
      const fumble = index >= from && index < from + (options.toolFumbles?.count ?? Infinity) ? options.toolFumbles?.how : undefined;
      if (fumble === 'refused') {
        throw new LlmFaultError({ kind: 'unsupported', capability: 'tools', message: 'This model does not support tools.' });
      }
      if (fumble && 'tool' in answer) return fumbled(fumble, answer, `call-${calls}`, request);
      if ('tool' in answer) {
        const toolCallId = `call-${calls}`;
        return {
          messages: [{ role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName: answer.tool, input: answer.input }] }],
          text: '',
          toolCalls: [{ toolCallId, toolName: answer.tool, input: answer.input }],
          finishReason: 'tool-calls',
          usage: { inputTokens: 100, outputTokens: 10 },
        } satisfies LlmResponse;
      }
      request.onText?.(answer.text);
      return {
        messages: [{ role: 'assistant', content: [{ type: 'text', text: answer.text }] }],
        text: answer.text,
        toolCalls: [],
        ...structured(request.output, answer.text),
        finishReason: 'stop',
        usage: { inputTokens: 100, outputTokens: 10 },
      } satisfies LlmResponse;
    },
  };
}

/** The output a structured-output request gets from the text, as the AI SDK would parse it. */
function structured(schema: z.ZodType | undefined, text: string): { output?: unknown; outputError?: string } {
  if (!schema) return {};
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? { output: parsed.data } : { outputError: parsed.error.message };
  } catch (error) {
    return { outputError: (error as Error).message };
  }
}

/** The request as it was before a failed call and its error result, so the model makes the same call again. */
function beforeFailedCall(request: LlmRequest): LlmRequest {
  const messages = [...request.messages];
  while (messages.at(-1)?.role === 'tool' && JSON.stringify(messages.at(-1)!.content).includes('"error-text"') && messages.at(-2)?.role === 'assistant') {
    messages.splice(-2, 2);
  }
  return messages.length === request.messages.length ? request : { ...request, messages };
}

/** A tool call gone wrong the way small local models get it wrong. */
function fumbled(how: Exclude<ToolFumble, 'refused'>, answer: { tool: string; input: Record<string, unknown> }, toolCallId: string, request: LlmRequest): LlmResponse {
  const usage = { inputTokens: 100, outputTokens: 10 };
  if (how === 'invalid-arguments') {
    const input = { ...answer.input, choices: 'kitchen or trash' };
    return {
      messages: [{ role: 'assistant', content: [{ type: 'tool-call', toolCallId, toolName: answer.tool, input }] }],
      text: '',
      toolCalls: [{ toolCallId, toolName: answer.tool, input, invalidReason: `Invalid input for tool ${answer.tool}: choices must be an array.` }],
      finishReason: 'tool-calls',
      usage,
    };
  }
  const text = `<tool_call>\n{"name": "${answer.tool}", "arguments": ${JSON.stringify(answer.input)}}\n</tool_call>`;
  request.onText?.(text);
  return { messages: [{ role: 'assistant', content: [{ type: 'text', text }] }], text, toolCalls: [], ...structured(request.output, text), finishReason: 'stop', usage };
}
