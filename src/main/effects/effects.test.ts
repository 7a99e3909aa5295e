import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EFFECT_ORDER } from './effects';
import { aiSdkLlm } from './llm';
import { cryptoRandom, memoryChatHistory, memoryLog, memoryState, systemClock } from './live';
import { manualClock, scriptedInput, scriptedQuestions, seededRandom, testEffects } from './scripted';
import { mockModel, textResult, toolCallsResult } from '../../../test-support/mock-model';

describe('effects interface', () => {
  it('lists the effects in the order of seed 004, outermost first', () => {
    expect(EFFECT_ORDER).toEqual(['time', 'random', 'emit', 'state', 'chat', 'log', 'input', 'llm', 'question']);
    expect(Object.keys(testEffects())).toEqual(EFFECT_ORDER);
  });
});

describe('live interpreters', () => {
  it('system clock gives epoch time and a non-decreasing monotonic time', () => {
    const clock = systemClock();
    expect(clock.now()).toBeGreaterThan(1_600_000_000_000);
    const first = clock.monotonic();
    expect(clock.monotonic()).toBeGreaterThanOrEqual(first);
  });

  it('crypto random gives floats in [0, 1) and unique ids', () => {
    const random = cryptoRandom();
    for (let i = 0; i < 100; i += 1) {
      const value = random.float();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
    expect(random.id()).not.toBe(random.id());
  });

  it('memory chat history, state and log keep what they are given', () => {
    const chat = memoryChatHistory();
    chat.append({ role: 'user', content: 'hi' });
    const snapshot = chat.list();
    chat.replace([]);
    expect(snapshot).toHaveLength(1);
    expect(chat.list()).toEqual([]);
    const state = memoryState({ items: 0 });
    state.set({ items: 1 });
    expect(state.get()).toEqual({ items: 1 });
    const log = memoryLog();
    log.write({ level: 'info', message: 'hello' });
    expect(log.entries).toEqual([{ level: 'info', message: 'hello' }]);
  });

});

describe('scripted interpreters', () => {
  it('manual clock only moves when advanced', () => {
    const clock = manualClock(1_000);
    clock.advance(250);
    expect(clock.now()).toBe(1_250);
    expect(clock.monotonic()).toBe(250);
  });

  it('seeded random repeats for the same seed and counts ids', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a.float(), a.float()]).toEqual([b.float(), b.float()]);
    expect(seededRandom().float()).toBeLessThan(1);
    expect([a.id(), a.id()]).toEqual(['id-1', 'id-2']);
  });

  it('scripted input hands out values in order, then fails loudly', async () => {
    const input = scriptedInput(['first']);
    await expect(input.next()).resolves.toBe('first');
    await expect(input.next()).rejects.toThrow('scripted input exhausted');
  });

  it('scripted questions answer with the function', async () => {
    await expect(scriptedQuestions((q: string) => `${q}!`).ask('sure')).resolves.toBe('sure!');
  });

  it('unscripted defaults fail loudly', async () => {
    const effects = testEffects();
    await expect(effects.llm.generate({ instructions: '', messages: [], tools: {} })).rejects.toThrow('no LLM in this test');
    await expect(effects.question.ask('?')).rejects.toThrow('no question expected in this test');
    expect(effects.state.get()).toBeUndefined();
  });
});

describe('aiSdkLlm', () => {
  it('runs one step and returns tool calls without executing them', async () => {
    const model = mockModel(toolCallsResult({ name: 'go', input: { x: 1 }, id: 'c1' }));
    const response = await aiSdkLlm(model).generate({
      instructions: 'SYS',
      messages: [{ role: 'user', content: 'hi' }],
      tools: { go: { description: 'Go', inputSchema: z.object({ x: z.number() }) } },
      output: z.object({ response: z.string() }),
      settings: { temperature: 0 },
    });
    expect(response).toEqual({
      messages: [{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'go', input: { x: 1 } }] }],
      text: '',
      toolCalls: [{ toolCallId: 'c1', toolName: 'go', input: { x: 1 } }],
      finishReason: 'tool-calls',
      usage: { inputTokens: 10, outputTokens: 5 },
    });
    expect(model.doGenerateCalls[0]).toMatchObject({ temperature: 0, prompt: [{ role: 'system', content: 'SYS' }, { role: 'user' }] });
  });

  it('marks invalid tool calls with the reason and keeps only the assistant message', async () => {
    const model = mockModel(toolCallsResult({ name: 'go', input: { x: 'one' }, id: 'c1' }));
    const response = await aiSdkLlm(model).generate({
      instructions: '',
      messages: [{ role: 'user', content: 'hi' }],
      tools: { go: { description: 'Go', inputSchema: z.object({ x: z.number() }) } },
    });
    expect(response.toolCalls[0]?.invalidReason).toMatch(/Invalid input for tool go/);
    expect(response.messages.map((message) => message.role)).toEqual(['assistant']);
    expect(model.doGenerateCalls[0]?.prompt[0]?.role).toBe('user');
  });

  it('parses structured output when the step ends in text', async () => {
    const controller = new AbortController();
    const response = await aiSdkLlm(mockModel(textResult('{"response":"hi"}'))).generate({
      instructions: 'SYS',
      messages: [{ role: 'user', content: 'hi' }],
      tools: {},
      output: z.object({ response: z.string() }),
      signal: controller.signal,
    });
    expect(response.output).toEqual({ response: 'hi' });
    expect(response.finishReason).toBe('stop');
  });
});
