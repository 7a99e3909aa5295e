import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { hintFor, serverMessage } from './server-error';

const apiError = (status: number, body: string) =>
  new APICallError({ message: 'Bad Request', url: 'http://x/v1/chat/completions', requestBodyValues: {}, statusCode: status, responseBody: body });

describe('a server error in its own words', () => {
  it('takes the message out of the body, trims it, and never repeats the key', () => {
    const body = JSON.stringify({ error: { message: `Invalid key sk-live-abcdef123456 ${'x'.repeat(500)}` } });
    const message = serverMessage(apiError(401, body), 'sk-live-abcdef123456');
    expect(message.startsWith('HTTP 401: Invalid key [key] xxx')).toBe(true);
    expect(message.length).toBeLessThanOrEqual(300);
    expect(message).not.toContain('sk-live');
  });

  it('reads a body that is not OpenAI-shaped as it is', () => {
    expect(serverMessage(apiError(404, 'model "llama9" not found'), undefined)).toBe('HTTP 404: model "llama9" not found');
  });

  it.each([
    ['tools', 'HTTP 400: tools param requires --jinja flag', undefined, 'Start llama-server with --jinja for tool calls.'],
    ['tools', 'HTTP 400: registry.ollama.ai/library/gemma2:latest does not support tools', 'http://localhost:11434/v1', 'pick one that has'],
    ['vision', 'Asked the colour of a red test image, the model answered “blue”', 'http://localhost:11434/v1', 'pick a vision model such as llava'],
    ['vision', 'HTTP 400: image input is not supported - hint: you may need to provide the mmproj', undefined, '--mmproj'],
    ['any', 'Cannot connect to API: connect ECONNREFUSED 127.0.0.1:8080', undefined, 'is the server running?'],
  ] as const)('hints at a known quirk (%s: %s)', (capability, message, baseUrl, hint) => {
    expect(hintFor(capability, message, baseUrl)).toContain(hint);
  });

  it('has no hint for an error it does not know', () => {
    expect(hintFor('tools', 'HTTP 400: something odd', 'http://localhost:8000/v1')).toBeUndefined();
  });
});
