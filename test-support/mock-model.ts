/** Test support: scripted MockLanguageModelV4 responses and an agent wired to deterministic effects. */
import { MockLanguageModelV4 } from 'ai/test';
import { aiSdkLlm, testEffects } from '../src/main/effects';
import type { TestEffects } from '../src/main/effects';
import { Agent } from '../src/main/agent/agent';
import type { AgentOptions } from '../src/main/agent/agent';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;
type CallOptions = MockLanguageModelV4['doGenerateCalls'][number];

const usage: GenerateResult['usage'] = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

export function textResult(text: string): GenerateResult {
  return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] };
}

export function toolCallsResult(...calls: readonly { name: string; input: object; id?: string }[]): GenerateResult {
  return {
    content: calls.map((call, index) => ({
      type: 'tool-call' as const,
      toolCallId: call.id ?? `call-${call.name}-${index}`,
      toolName: call.name,
      input: JSON.stringify(call.input),
    })),
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage,
    warnings: [],
  };
}

/** Answers each model call with the next scripted result (the last one repeats). */
export function mockModel(...results: readonly GenerateResult[]): MockLanguageModelV4 {
  let calls = 0;
  return new MockLanguageModelV4({
    doGenerate: () => {
      const result = results[Math.min(calls, results.length - 1)];
      calls += 1;
      return result ? Promise.resolve(result) : Promise.reject(new Error('mockModel needs at least one result'));
    },
  });
}

export function systemPromptOf(call: CallOptions | undefined): string | undefined {
  const first = call?.prompt[0];
  return first?.role === 'system' ? first.content : undefined;
}

export function toolNamesOf(call: CallOptions | undefined): readonly string[] {
  return (call?.tools ?? []).map((tool) => tool.name);
}

export interface TestAgent {
  readonly agent: Agent;
  readonly effects: TestEffects<TestEffectTypes>;
  readonly model: MockLanguageModelV4;
}

type TestEffectTypes = { state: unknown; input: unknown; question: unknown; answer: unknown };

export function testAgent(
  options: Omit<AgentOptions, 'effects'> & { readonly results?: readonly GenerateResult[] } = {},
): TestAgent {
  const model = mockModel(...(options.results ?? [textResult('ok')]));
  const effects = testEffects<TestEffectTypes>({ llm: aiSdkLlm(model) });
  const agent = new Agent({ ...options, effects });
  return { agent, effects, model };
}

/** The `type` of every event emitted through the emit effect, in order. */
export function eventTypes(effects: TestEffects<TestEffectTypes>): readonly string[] {
  return effects.emit.events.map((event) => event.type);
}
