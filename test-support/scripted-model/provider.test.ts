// The scripted model through the real `@ai-sdk/openai` provider and `ai`: what the coach will see.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenAI } from '@ai-sdk/openai';
import {
  APICallError,
  generateText,
  InvalidToolInputError,
  isStepCount,
  NoSuchToolError,
  Output,
  RetryError,
  streamText,
  tool,
} from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadScenarioFile, startScriptedModel, type ScenarioInput, type ScriptedModel, type ScriptedModelOptions } from './index';

const scenarios = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scenarios');

let server: ScriptedModel | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(scenario: ScenarioInput, apiKey = 'test', sleep?: ScriptedModelOptions['sleep']) {
  server = await startScriptedModel({ scenario, ...(sleep ? { sleep } : {}) });
  return { server, model: createOpenAI({ baseURL: server.baseURL, apiKey }).chat('scripted') };
}

const listPile = tool({
  description: 'List the items in a pile.',
  inputSchema: z.object({ pile: z.enum(['belongs', 'out', 'unsure']) }),
  execute: async ({ pile }) => (pile === 'out' ? ['Amazon envelope'] : []),
});

/** A tiny PNG header is enough: the provider only base64-encodes the bytes into an image_url part. */
const photo = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

describe('scripted model through @ai-sdk/openai', () => {
  it('answers plain text without streaming, and records the request', async () => {
    const { server, model } = await serve({
      steps: [{ respond: { text: 'What is this room for?', usage: { promptTokens: 30, completionTokens: 6 } } }],
    });
    const result = await generateText({ model, instructions: 'You are a calm coach.', prompt: 'Hello' });

    expect(result.text).toBe('What is this room for?');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBe(30);
    expect(result.usage.outputTokens).toBe(6);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body.messages).toEqual([
      { role: 'system', content: 'You are a calm coach.' },
      { role: 'user', content: 'Hello' },
    ]);
    expect(server.requests[0]?.body.stream).toBeUndefined();
    expect(server.requests[0]?.authorization).toBe('Bearer test');
    expect(server.remainingSteps).toBe(0);
    expect(server.mismatches).toEqual([]);
  });

  it('streams text in the scripted chunks and reports usage from the final chunk', async () => {
    const chunks = ['Amazon envelope', ' by the chair:', ' trash. Next.'];
    const { server, model } = await serve({
      steps: [{ expect: { stream: true }, respond: { text: chunks, usage: { promptTokens: 50, completionTokens: 9 } } }],
    });
    const result = streamText({ model, prompt: 'Next item?' });
    const received: string[] = [];
    for await (const delta of result.textStream) received.push(delta);

    expect(received).toEqual(chunks);
    expect(await result.finishReason).toBe('stop');
    expect((await result.usage).inputTokens).toBe(50);
    expect(server.requests[0]?.body.stream_options).toEqual({ include_usage: true });
    expect(server.mismatches).toEqual([]);
  });

  it.each([
    ['generateText', false],
    ['streamText', true],
  ])('runs a tool call and answers the follow-up step (%s, from a scenario file)', async (_name, streaming) => {
    const { server, model } = await serve(await loadScenarioFile(path.join(scenarios, 'tool-call-then-answer.json')));
    const options = { model, tools: { list_pile: listPile }, stopWhen: isStepCount(3), prompt: 'What is in the out pile?' };
    const result = streaming ? streamText(options) : await generateText(options);

    expect(await result.text).toBe('The out pile holds one Amazon envelope.');
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0]?.toolCalls).toMatchObject([{ toolCallId: 'call_pile', toolName: 'list_pile', input: { pile: 'out' } }]);
    expect(steps[0]?.toolResults).toMatchObject([{ output: ['Amazon envelope'] }]);
    expect(steps[0]?.usage.inputTokens).toBe(42);
    const followUp = server.requests[1]?.body.messages ?? [];
    expect(followUp.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_pile' });
    expect(server.remainingSteps).toBe(0);
    expect(server.mismatches).toEqual([]);
  });

  it('returns structured output when the request asks for a JSON schema', async () => {
    const { server, model } = await serve({
      steps: [
        {
          expect: { responseFormat: 'json_schema' },
          respond: { text: JSON.stringify({ response: 'Envelope: trash.', pile: 'out' }) },
        },
      ],
    });
    const result = await generateText({
      model,
      output: Output.object({ schema: z.object({ response: z.string(), pile: z.enum(['belongs', 'out', 'unsure']) }) }),
      prompt: 'Sort the envelope.',
    });

    expect(result.output).toEqual({ response: 'Envelope: trash.', pile: 'out' });
    expect(server.requests[0]?.body.response_format).toMatchObject({ type: 'json_schema' });
    expect(server.mismatches).toEqual([]);
  });

  it('sees images sent as image_url parts', async () => {
    const { server, model } = await serve({
      steps: [{ expect: { hasImages: true, lastUserContains: 'my desk' }, respond: { text: 'A cluttered desk.' } }],
    });
    const result = await generateText({
      model,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'This is my desk.' },
            { type: 'file', data: photo, mediaType: 'image/png' },
          ],
        },
      ],
    });

    expect(result.text).toBe('A cluttered desk.');
    expect(server.mismatches).toEqual([]);
  });
});

describe('faults the coach must survive', () => {
  it('429 twice, then success: the SDK retries, honouring retry-after-ms', async () => {
    const { server, model } = await serve(await loadScenarioFile(path.join(scenarios, 'rate-limited-then-ok.json')));
    const result = await generateText({ model, prompt: 'Next?', maxRetries: 2 });

    expect(result.text).toBe('Envelope by the chair: trash. Next.');
    expect(server.requests.map((request) => request.stepIndex)).toEqual([0, 0, 1]);
  });

  it('429 for ever: retries run out with a RetryError whose last error is the 429', async () => {
    const { server, model } = await serve({
      steps: [
        {
          times: 'always',
          respond: { error: { status: 429, message: 'Rate limit reached.', headers: { 'retry-after-ms': '1' } } },
        },
      ],
    });
    const error = await rejection(generateText({ model, prompt: 'Next?', maxRetries: 2 }));

    expect(RetryError.isInstance(error)).toBe(true);
    const lastError = (error as RetryError).lastError;
    expect(APICallError.isInstance(lastError) && lastError.statusCode).toBe(429);
    expect(server.requests).toHaveLength(3);
  });

  it('503 then success; a 500 is reported as retryable', async () => {
    const { server, model } = await serve({
      steps: [
        { respond: { error: { status: 503, message: 'Overloaded.', headers: { 'retry-after-ms': '1' } } } },
        { respond: { text: 'Back.' } },
        { respond: { error: { status: 500, message: 'The server had an error.' } } },
      ],
    });
    expect((await generateText({ model, prompt: 'One', maxRetries: 1 })).text).toBe('Back.');

    const error = await rejection(generateText({ model, prompt: 'Two', maxRetries: 0 }));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 500, isRetryable: true, message: 'The server had an error.' });
    expect(server.requests).toHaveLength(3);
  });

  it('a server that refuses tools: 400, not retried', async () => {
    const { server, model } = await serve({
      steps: [
        {
          expect: { hasTools: true },
          respond: { error: { status: 400, message: 'This model does not support tools.', code: 'tools_unsupported' } },
        },
      ],
    });
    const error = await rejection(generateText({ model, tools: { list_pile: listPile }, prompt: 'Next?', maxRetries: 2 }));

    expect(error).toMatchObject({ statusCode: 400, isRetryable: false, message: 'This model does not support tools.' });
    expect(server.requests).toHaveLength(1);
  });

  it('a server that refuses images: 400, not retried', async () => {
    const { server, model } = await serve({
      steps: [{ expect: { hasImages: true }, respond: { error: { status: 400, message: 'Image input is not supported.' } } }],
    });
    const error = await rejection(
      generateText({
        model,
        messages: [{ role: 'user', content: [{ type: 'file', data: photo, mediaType: 'image/png' }] }],
      }),
    );

    expect(error).toMatchObject({ statusCode: 400, message: 'Image input is not supported.' });
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['generateText', false],
    ['streamText', true],
  ])('a hit token limit arrives as finish reason length (%s)', async (_name, streaming) => {
    const { model } = await serve({ steps: [{ respond: { text: ['Amazon envelope by the', ' chair'], finishReason: 'length' } }] });
    const options = { model, prompt: 'Next?', maxOutputTokens: 5 };
    const result = streaming ? streamText(options) : await generateText(options);

    expect(await result.finishReason).toBe('length');
    expect(await result.text).toBe('Amazon envelope by the chair');
  });

  it('a filtered answer arrives as finish reason content-filter', async () => {
    const { model } = await serve({ steps: [{ respond: { text: '', finishReason: 'content_filter' } }] });

    expect((await generateText({ model, prompt: 'Next?' })).finishReason).toBe('content-filter');
  });

  it('malformed tool arguments and an unknown tool reach the SDK as invalid tool calls, answered in the next step', async () => {
    const { server, model } = await serve({
      steps: [
        {
          respond: {
            toolCalls: [
              { id: 'call_bad', name: 'list_pile', arguments: '{"pile": "out"' },
              { id: 'call_unknown', name: 'teleport_item', arguments: {} },
            ],
          },
        },
        { expect: { lastRole: 'tool' }, respond: { text: 'Let me try that again.' } },
      ],
    });
    const result = await generateText({ model, tools: { list_pile: listPile }, stopWhen: isStepCount(2), prompt: 'Next?' });

    const calls = result.steps[0]?.toolCalls ?? [];
    expect(calls.map((call) => [call.toolCallId, call.invalid])).toEqual([
      ['call_bad', true],
      ['call_unknown', true],
    ]);
    expect(InvalidToolInputError.isInstance(calls[0]?.error)).toBe(true);
    expect(NoSuchToolError.isInstance(calls[1]?.error)).toBe(true);
    expect(result.text).toBe('Let me try that again.');
    const toolMessages = server.requests[1]?.body.messages.filter((message) => message.role === 'tool') ?? [];
    expect(toolMessages.map((message) => message.role === 'tool' && message.tool_call_id)).toEqual(['call_bad', 'call_unknown']);
  });

  it('an output that fails its schema is an error the caller sees', async () => {
    const { model } = await serve({ steps: [{ respond: { text: JSON.stringify({ response: 3 }) } }] });
    const error = await rejection(
      generateText({ model, output: Output.object({ schema: z.object({ response: z.string() }) }), prompt: 'Next?' }),
    );

    expect(error).toMatchObject({ name: 'AI_NoObjectGeneratedError', text: '{"response":3}' });
  });

  it('a stream dropped mid-way surfaces as an error after the text received so far', async () => {
    const { model } = await serve({ steps: [{ respond: { text: ['Amazon', ' envelope', ' by the chair'], dropAfterChunks: 3 } }] });
    const result = streamText({ model, prompt: 'Next?', maxRetries: 0 });
    const received: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const delta of result.textStream) received.push(delta);
      })(),
    );

    expect(received).toEqual(['Amazon', ' envelope']);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ message: 'Failed to process successful response', cause: { message: 'terminated' } });
  });

  it('a non-streaming request whose connection drops fails as a retryable network error', async () => {
    const { server, model } = await serve({ steps: [{ respond: { dropAfterChunks: 0 } }] });
    const error = await rejection(generateText({ model, prompt: 'Next?', maxRetries: 0 }));

    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true });
    expect(server.requests).toHaveLength(1);
  });
});

describe('script checks', () => {
  it('an unmet expectation answers 500 naming the step and the difference, records it, and keeps the step', async () => {
    const { server, model } = await serve({
      steps: [{ name: 'asks about the closet', expect: { lastUserContains: 'closet', hasTools: true }, respond: { text: 'Ok.' } }],
    });
    const error = await rejection(generateText({ model, prompt: 'My desk is a mess.', maxRetries: 0 }));

    const expected =
      'Scripted model: request 0 did not match step 0 ("asks about the closet"): ' +
      'last user message should contain "closet"; it was "My desk is a mess."; tools should be offered; none were';
    expect(error).toMatchObject({ statusCode: 500, message: expected });
    expect(server.mismatches).toEqual([
      { requestIndex: 0, stepIndex: 0, problems: [expect.stringContaining('closet'), expect.stringContaining('tools')], message: expected },
    ]);
    expect(server.remainingSteps).toBe(1);
  });

  it('a request after the last step is a mismatch', async () => {
    const { server, model } = await serve({ steps: [{ respond: { text: 'Only once.' } }] });
    await generateText({ model, prompt: 'One' });
    const error = await rejection(generateText({ model, prompt: 'Two', maxRetries: 0 }));

    expect(error).toMatchObject({ message: 'Scripted model: request 1 did not match no step: no steps left (the scenario has 1)' });
    expect(server.mismatches).toHaveLength(1);
  });

  it('a fallback answers unexpected requests instead of the 500, and the mismatch is still recorded', async () => {
    const { server, model } = await serve({
      steps: [{ expect: { lastUserMatches: '^sort\\b' }, respond: { text: 'Sorted.' } }],
      fallback: { text: 'I did not expect that.' },
    });
    const result = await generateText({ model, prompt: 'wind down' });

    expect(result.text).toBe('I did not expect that.');
    expect(server.mismatches[0]?.problems).toEqual(['last user message should match /^sort\\b/; it was "wind down"']);
  });

  it('a step repeated `times` answers that many requests, then the next step answers', async () => {
    const { server, model } = await serve({
      steps: [
        { times: 2, respond: { text: 'Again.' } },
        { respond: { text: 'Done.' } },
      ],
    });
    const texts: string[] = [];
    for (const prompt of ['a', 'b', 'c']) texts.push((await generateText({ model, prompt })).text);

    expect(texts).toEqual(['Again.', 'Again.', 'Done.']);
    expect(server.remainingSteps).toBe(0);
  });

  it('requireApiKey refuses a wrong key with 401 and consumes no step', async () => {
    const scenario: ScenarioInput = { requireApiKey: 'sk-scripted', steps: [{ respond: { text: 'Welcome.' } }] };
    const wrong = await serve(scenario, 'sk-wrong');
    const error = await rejection(generateText({ model: wrong.model, prompt: 'Hi' }));
    expect(error).toMatchObject({ statusCode: 401, isRetryable: false });
    expect(wrong.server.remainingSteps).toBe(1);

    const right = createOpenAI({ baseURL: wrong.server.baseURL, apiKey: 'sk-scripted' }).chat('scripted');
    expect((await generateText({ model: right, prompt: 'Hi' })).text).toBe('Welcome.');
  });

  it('spaces streamed chunks by chunkDelayMs', async () => {
    const waits = handWaits();
    const { model } = await serve({ steps: [{ respond: { text: ['One', ' two', ' three'], chunkDelayMs: 60 } }] }, 'test', waits.sleep);
    const deltas = streamText({ model, prompt: 'Hi' }).textStream[Symbol.asyncIterator]();

    // Each chunk after the first (the role) waits on a wait of its own, and comes once that wait ends.
    for (const chunk of ['One', ' two', ' three']) {
      await expect.poll(() => waits.pending).toEqual([60]);
      waits.endNext();
      expect(await deltas.next()).toEqual({ done: false, value: chunk });
    }
    // The finish (and usage) chunks too.
    waits.letGo();
    expect(await deltas.next()).toMatchObject({ done: true });
    expect(new Set(waits.asked)).toEqual(new Set([60]));
  });

  it('delays the answer by delayMs', async () => {
    const waits = handWaits();
    const { model } = await serve({ steps: [{ respond: { text: 'Slow.', delayMs: 150 } }] }, 'test', waits.sleep);
    const answer = generateText({ model, prompt: 'Hi' });

    // The answer waits on the delay, and comes once it ends.
    await expect.poll(() => waits.pending).toEqual([150]);
    waits.endNext();
    expect((await answer).text).toBe('Slow.');
    expect(waits.asked).toEqual([150]);
  });
});

/** The server's waits, each ended only when the test says (or by the server's close). */
function handWaits() {
  const asked: number[] = [];
  const pending: Array<{ ms: number; end: () => void }> = [];
  let free = false;
  return {
    /** Every wait asked, its length, in order. */
    asked,
    /** The lengths of the waits not ended yet. */
    get pending() {
      return pending.map((wait) => wait.ms);
    },
    /** Ends the oldest wait not ended yet. */
    endNext() {
      pending.shift()?.end();
    },
    /** Ends every wait not ended yet, and every later one as it is asked. */
    letGo() {
      free = true;
      for (const wait of pending.splice(0)) wait.end();
    },
    sleep: (ms: number, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        asked.push(ms);
        if (free) return resolve();
        const wait = { ms, end: resolve };
        pending.push(wait);
        signal.addEventListener('abort', () => {
          pending.splice(pending.indexOf(wait), 1);
          reject(signal.reason as Error);
        }, { once: true });
      }),
  };
}
