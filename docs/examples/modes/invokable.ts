/**
 * An invokable mode becomes a tool whose input schema is the mode's parameter schema, so the model
 * passes the new mode's data when it calls it. The switch happens after the tool batch and the
 * next model step runs with the new mode's prompt and tools.
 *
 * The model here is a scripted MockLanguageModelV4 so the example runs offline; the app passes
 * `aiSdkLlm(openai('...'))` instead.
 */
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { Agent } from '../../../src/main/agent';
import { aiSdkLlm, testEffects } from '../../../src/main/effects';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

export async function main(): Promise<{ reply: string; mode: string | undefined; state: Record<string, unknown>; prompts: string[] }> {
  const model = new MockLanguageModelV4({
    doGenerate: [
      {
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call-1',
            toolName: 'need_to_clarify',
            input: JSON.stringify({ item: 'green device', reason: 'two green things on the desk' }),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'The green USB hub, left of the lamp.' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
  const agent = new Agent({ effects: testEffects({ llm: aiSdkLlm(model) }), instructions: 'Tidying coach.' });

  agent.modes.define({
    name: 'sorting',
    tools: ['need_to_clarify'],
    handler: async function* (a) {
      a.prompt.setSection('persona', 'Terse, directive.');
      yield;
    },
  });
  agent.modes.define({
    name: 'clarifying',
    description: 'The person cannot tell which item is meant; describe it patiently.',
    params: z.object({ item: z.string(), reason: z.string() }),
    invokable: { toolName: 'need_to_clarify' },
    tools: [],
    handler: async function* (a, { item }) {
      a.prompt.setSection('persona', `Patient, descriptive. Describe the ${item}: colour, shape, neighbours.`);
      yield;
    },
  });

  await agent.modes.enter('sorting');
  const result = await agent.call('Which thing do you mean?');
  const prompts = model.doGenerateCalls.map((call) => (call.prompt[0]?.role === 'system' ? call.prompt[0].content : ''));
  return { reply: result.text, mode: agent.mode.name, state: agent.mode.state.toObject(), prompts };
}
