// The wire format seen with plain fetch: what any OpenAI-compatible client (not only the AI SDK) relies on.
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScenarioInput, type ScriptedModel } from './index';

let server: ScriptedModel | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(scenario: ScenarioInput): Promise<ScriptedModel> {
  server = await startScriptedModel({ scenario });
  return server;
}

function post(model: ScriptedModel, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${model.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const hello = { model: 'tidy-test', messages: [{ role: 'user', content: 'Hello' }] };

/** The JSON payloads of an SSE body, and whether it ended with [DONE]. */
function events(text: string): { payloads: Record<string, unknown>[]; done: boolean } {
  const data = text
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      expect(block.startsWith('data: ')).toBe(true);
      return block.slice('data: '.length);
    });
  const done = data.at(-1) === '[DONE]';
  return { payloads: (done ? data.slice(0, -1) : data).map((line) => JSON.parse(line) as Record<string, unknown>), done };
}

describe('scripted model wire format', () => {
  it('listens on 127.0.0.1 and lists the scenario model', async () => {
    const model = await serve({ model: 'tidy-test', steps: [] });
    expect(model.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);

    const response = await fetch(`${model.baseURL}/models`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      object: 'list',
      data: [{ id: 'tidy-test', object: 'model', created: 0, owned_by: 'scripted-model' }],
    });
  });

  it('answers a completion in OpenAI form', async () => {
    const model = await serve({ model: 'tidy-test', steps: [{ respond: { toolCalls: [{ name: 'skip_item', arguments: { reason: 'later' } }] } }] });
    const response = await post(model, hello);

    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({
      id: 'chatcmpl-scripted-1',
      object: 'chat.completion',
      model: 'tidy-test',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'chatcmpl-scripted-1_0', type: 'function', function: { name: 'skip_item', arguments: '{"reason":"later"}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  });

  it('streams SSE chunks: role, content, tool call opened then its arguments in pieces, finish, usage, [DONE]', async () => {
    const model = await serve({
      steps: [{ respond: { text: ['Hi', ' there'], toolCalls: [{ id: 'call_1', name: 'begin_sorting', arguments: '{"item":"mug"}' }] } }],
    });
    const response = await post(model, { ...hello, stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const { payloads, done } = events(await response.text());

    expect(done).toBe(true);
    const deltas = payloads.map((payload) => (payload.choices as { delta: unknown; finish_reason: unknown }[])[0]);
    expect(deltas).toEqual([
      expect.objectContaining({ delta: { role: 'assistant', content: '', refusal: null }, finish_reason: null }),
      expect.objectContaining({ delta: { content: 'Hi' } }),
      expect.objectContaining({ delta: { content: ' there' } }),
      expect.objectContaining({
        delta: { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'begin_sorting', arguments: '' } }] },
      }),
      expect.objectContaining({ delta: { tool_calls: [{ index: 0, function: { arguments: '{"item"' } }] } }),
      expect.objectContaining({ delta: { tool_calls: [{ index: 0, function: { arguments: ':"mug"}' } }] } }),
      expect.objectContaining({ delta: {}, finish_reason: 'tool_calls' }),
      undefined,
    ]);
    expect(payloads.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 15 } });
    expect(payloads.every((payload) => payload.object === 'chat.completion.chunk')).toBe(true);
  });

  it('sends the usage chunk only when stream_options asks for it', async () => {
    const model = await serve({ steps: [{ respond: { text: 'Hi' } }] });
    const { payloads } = events(await (await post(model, { ...hello, stream: true })).text());

    expect(payloads.some((payload) => 'usage' in payload)).toBe(false);
  });

  it('sends scripted error status, OpenAI error body and headers', async () => {
    const model = await serve({
      steps: [{ respond: { error: { status: 429, message: 'Slow down.', code: 'rate_limit', headers: { 'retry-after': '2' } } } }],
    });
    const response = await post(model, hello);

    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toEqual({ error: { message: 'Slow down.', type: 'rate_limit_exceeded', param: null, code: 'rate_limit' } });
  });

  it('answers a body that is not a Chat Completions request with 400 and records the mismatch', async () => {
    const model = await serve({ steps: [{ respond: { text: 'Hi' } }] });
    const notJson = await post(model, '{"model":');
    const noMessages = await post(model, { model: 'x', messages: [] });

    expect([notJson.status, noMessages.status]).toEqual([400, 400]);
    expect(((await noMessages.json()) as { error: { message: string } }).error.message).toMatch(/did not match step 0: body\.messages: /);
    expect(model.mismatches.map((mismatch) => mismatch.problems[0])).toEqual([
      expect.stringMatching(/^body is not JSON/),
      expect.stringMatching(/^body\.messages: /),
    ]);
    expect(model.requests).toHaveLength(0);
    expect(model.remainingSteps).toBe(1);
  });

  it('in first-match order, answers each request by the first step it meets, as often as it is asked', async () => {
    const model = await serve({
      order: 'first-match',
      steps: [
        { expect: { lastUserContains: 'mug' }, respond: { text: 'kitchen' } },
        { expect: { lastRole: 'user' }, respond: { text: 'next' } },
      ],
    });
    const say = async (content: string) => {
      const body = (await (await post(model, { model: 'scripted', messages: [{ role: 'user', content }] })).json()) as { choices: { message: { content: string } }[] };
      return body.choices[0]!.message.content;
    };
    expect([await say('a mug'), await say('a book'), await say('a mug'), await say('a mug')]).toEqual(['kitchen', 'next', 'kitchen', 'kitchen']);
    expect(model.mismatches).toEqual([]);
    const unmatched = await post(model, { model: 'scripted', messages: [{ role: 'system', content: 'only a system line' }] });
    expect(unmatched.status).toBe(500);
    expect(model.mismatches.at(-1)?.message).toContain('no step matches it');
  });

  it('answers other routes with an OpenAI-style 404', async () => {
    const model = await serve({ steps: [] });
    const response = await fetch(`${model.baseURL}/responses`, { method: 'POST', body: '{}' });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { message: expect.stringContaining('POST /v1/responses') } });
  });

  it('records the Authorization header without requiring one', async () => {
    const model = await serve({ steps: [{ times: 2, respond: { text: 'Hi' } }] });
    await post(model, hello);
    await post(model, hello, { authorization: 'Bearer sk-local' });

    expect(model.requests.map((request) => request.authorization)).toEqual([undefined, 'Bearer sk-local']);
  });

  it('tells onMismatch as it happens', async () => {
    const seen: string[] = [];
    server = await startScriptedModel({ scenario: { steps: [] }, onMismatch: (mismatch) => seen.push(mismatch.message) });
    await post(server, hello);

    expect(seen).toEqual(['Scripted model: request 0 did not match no step: no steps left (the scenario has 0)']);
  });

  it('close() ends a response held open by a delay', async () => {
    const model = await serve({ steps: [{ respond: { text: 'Late.', delayMs: 60_000 } }] });
    const pending = post(model, hello).then(
      () => 'answered',
      () => 'dropped',
    );
    await expect.poll(() => model.requests).toHaveLength(1);
    await model.close();
    server = undefined;

    expect(await pending).toBe('dropped');
  });

  describe('serverInfo: the context length, where each real server says it', () => {
    const show = (model: ScriptedModel, body: unknown) =>
      fetch(`${model.baseURL.replace(/\/v1$/, '')}/api/show`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const root = (model: ScriptedModel) => model.baseURL.replace(/\/v1$/, '');
    const entry = async (model: ScriptedModel) => ((await (await fetch(`${model.baseURL}/models`)).json()) as { data: Record<string, unknown>[] }).data[0];

    it('vLLM: max_model_len on the model’s entry in GET /v1/models', async () => {
      const model = await serve({ model: 'qwen', steps: [], serverInfo: { kind: 'vllm', contextLength: 32_768 } });
      expect(await entry(model)).toMatchObject({ id: 'qwen', owned_by: 'vllm', max_model_len: 32_768 });
      expect((await fetch(`${root(model)}/props`)).status).toBe(404);
    });

    it('llama.cpp: GET /props (nested or at the top), meta.n_ctx_train in the model list', async () => {
      const model = await serve({ steps: [], serverInfo: { kind: 'llama-cpp', contextLength: 8192, trainedLength: 131_072 } });
      expect(await (await fetch(`${root(model)}/props`)).json()).toMatchObject({ default_generation_settings: { n_ctx: 8192 } });
      expect(await entry(model)).toMatchObject({ meta: { n_ctx_train: 131_072 } });
      await model.close();
      const top = await serve({ steps: [], serverInfo: { kind: 'llama-cpp', contextLength: 4096, props: 'top-level', override: { n_ctx: 'big' } } });
      expect(await (await fetch(`${root(top)}/props`)).json()).toMatchObject({ n_ctx: 'big' });
      expect((await show(top, { model: 'scripted' })).status).toBe(404);
    });

    it('LM Studio: GET /api/v0/models/{model}, loaded_context_length only when loaded; 404 for another model', async () => {
      const model = await serve({ steps: [], serverInfo: { kind: 'lm-studio', contextLength: 32_768 } });
      const answer = (await (await fetch(`${root(model)}/api/v0/models/scripted`)).json()) as Record<string, unknown>;
      expect(answer).toMatchObject({ id: 'scripted', state: 'not-loaded', max_context_length: 32_768 });
      expect(answer).not.toHaveProperty('loaded_context_length');
      expect((await fetch(`${root(model)}/api/v0/models/other`)).status).toBe(404);
    });

    it('Ollama: POST /api/show with num_ctx in parameters when set, the model’s maximum in model_info; 404 for another model', async () => {
      const model = await serve({ steps: [], serverInfo: { kind: 'ollama', contextLength: 131_072, numCtx: 8192 } });
      const answer = (await (await show(model, { model: 'scripted' })).json()) as { parameters: string; model_info: Record<string, unknown> };
      expect(answer.parameters).toMatch(/^num_ctx +8192$/m);
      expect(answer.model_info['llama.context_length']).toBe(131_072);
      expect((await show(model, { model: 'other' })).status).toBe(404);
      expect(model.otherRequests).toEqual(['POST /api/show', 'POST /api/show']);
    });

    it('stall: the info endpoint never answers, everything else does', async () => {
      const model = await serve({ steps: [], serverInfo: { kind: 'ollama', contextLength: 4096, stall: true } });
      const asked = show(model, { model: 'scripted' }).then(
        () => 'answered',
        (error: unknown) => (error as Error).name,
      );
      expect((await fetch(`${model.baseURL}/models`)).status).toBe(200);
      await expect.poll(() => model.otherRequests).toContain('POST /api/show');
      await model.close();
      server = undefined;
      expect(await asked).toBe('TypeError');
    });
  });

  describe('quirks, like lesser local servers', () => {
    const answered = { steps: [{ respond: { text: 'Fine.' }, times: 'always' as const }] };
    const withTools = { ...hello, tools: [{ type: 'function', function: { name: 'note', parameters: { type: 'object' } } }] };
    const withImage = { model: 'tidy-test', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }] };
    const withSchema = { ...hello, response_format: { type: 'json_schema', json_schema: { name: 'r', schema: {} } } };

    it.each([
      ['refuseTools', withTools, 'tools param requires --jinja flag'],
      ['refuseImages', withImage, 'image input is not supported'],
      ['rejectJsonSchema', withSchema, "response_format type 'json_schema' is not supported"],
    ] as const)('%s: a 400 in the server’s words, using no step; other requests still answered', async (quirk, body, message) => {
      const model = await serve({ ...answered, quirks: { [quirk]: true } });
      const refused = await post(model, body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(message);
      const fine = await post(model, { ...hello, response_format: { type: 'json_object' } });
      expect(fine.status).toBe(200);
      expect(model.requests.map((request) => request.stepIndex)).toEqual([undefined, 0]);
    });

    it('stall: never answers, until the client gives up or the server closes', async () => {
      const model = await serve({ ...answered, quirks: { stall: true } });
      const request = (signal?: AbortSignal) =>
        fetch(`${model.baseURL}/chat/completions`, { method: 'POST', body: JSON.stringify(hello), ...(signal ? { signal } : {}) }).then(
          () => 'answered',
          (error: unknown) => (error as Error).name,
        );
      const givingUp = new AbortController();
      const given = request(givingUp.signal);
      await expect.poll(() => model.requests).toHaveLength(1);
      givingUp.abort();
      expect(await given).toBe('AbortError');
      const held = request();
      await expect.poll(() => model.requests).toHaveLength(2);
      await model.close();
      server = undefined;
      expect(await held).toBe('TypeError'); // fetch failed: the connection was closed with no answer
      expect(model.requests).toHaveLength(2);
    });
  });
});

