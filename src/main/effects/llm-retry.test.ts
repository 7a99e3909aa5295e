import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import type { Llm, LlmResponse } from './llm';
import { classifyLlmError, LlmFaultError } from './llm-faults';
import { retryingLlm, type RetryNotice } from './llm-retry';

const ok: LlmResponse = { messages: [], text: 'fine', toolCalls: [], finishReason: 'stop', usage: {} };
const request = { instructions: '', messages: [], tools: {} };

function apiError(statusCode: number, responseBody = '', responseHeaders?: Record<string, string>) {
  return new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody,
    ...(responseHeaders ? { responseHeaders } : {}),
  });
}

/** Fails with each error in turn, then answers. */
function flaky(...errors: unknown[]): Llm & { calls: number } {
  const llm = {
    calls: 0,
    generate: async () => {
      const error = errors[llm.calls];
      llm.calls += 1;
      if (error) throw error;
      return ok;
    },
  };
  return llm;
}

describe('retryingLlm', () => {
  it('retries 429 and 5xx, announcing each retry, then answers', async () => {
    const inner = flaky(apiError(429), apiError(503));
    const notices: RetryNotice[] = [];
    const llm = retryingLlm(inner, { minDelayMs: 1, maxDelayMs: 2, onRetry: (notice) => notices.push(notice) });
    expect(await llm.generate(request)).toBe(ok);
    expect(inner.calls).toBe(3);
    expect(notices.map((notice) => [notice.attempt, notice.fault.kind])).toEqual([
      [1, 'rate-limited'],
      [2, 'server'],
    ]);
  });

  it('waits as long as Retry-After asks', async () => {
    const waited: number[] = [];
    const inner = flaky(apiError(429, '', { 'retry-after': '2' }));
    const llm = retryingLlm(inner, {
      minDelayMs: 1,
      maxDelayMs: 5000,
      sleep: async (ms) => void waited.push(ms),
    });
    await llm.generate(request);
    expect(waited).toEqual([1999]);
  });

  it('gives up after the retries, with the fault', async () => {
    const inner = flaky(apiError(500), apiError(500), apiError(500));
    const llm = retryingLlm(inner, { retries: 2, minDelayMs: 1, maxDelayMs: 1 });
    await expect(llm.generate(request)).rejects.toMatchObject({ name: 'LlmFaultError', fault: { kind: 'server', status: 500 } });
    expect(inner.calls).toBe(3);
  });

  it('does not retry what a retry cannot fix', async () => {
    const inner = flaky(apiError(400, '{"error":{"message":"this model does not support tools"}}'));
    const llm = retryingLlm(inner, { minDelayMs: 1 });
    await expect(llm.generate(request)).rejects.toMatchObject({ fault: { kind: 'unsupported', capability: 'tools' } });
    expect(inner.calls).toBe(1);
  });
});

describe('classifyLlmError', () => {
  it.each([
    [apiError(400, '{"error":{"message":"Image input is not supported by this model"}}'), 'unsupported', 'vision'],
    [apiError(400, '{"error":{"message":"tools are not supported"}}'), 'unsupported', 'tools'],
    // llama-server without --jinja (regression: this was a plain "refused", so the coach never handed over).
    [apiError(400, '{"error":{"code":400,"message":"tools param requires --jinja flag","type":"invalid_request_error"}}'), 'unsupported', 'tools'],
    [apiError(400, '{"error":{"message":"registry.ollama.ai/library/gemma:2b does not support tools"}}'), 'unsupported', 'tools'],
    [apiError(401), 'auth', undefined],
    [apiError(400, 'bad temperature'), 'rejected', undefined],
    [new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') }), 'network', undefined],
    [Object.assign(new Error('aborted'), { name: 'AbortError' }), 'aborted', undefined],
  ])('names %s', (error, kind, capability) => {
    const fault = classifyLlmError(error);
    expect(fault.kind).toBe(kind);
    if (capability) expect(fault).toMatchObject({ capability });
  });

  it('names the switch to turn off when a capability is refused', () => {
    expect(classifyLlmError(apiError(400, 'model does not support image_url')).message).toContain('Vision');
    expect(new LlmFaultError(classifyLlmError(apiError(400, 'tool_choice not supported'))).message).toContain('Tools');
  });
});
