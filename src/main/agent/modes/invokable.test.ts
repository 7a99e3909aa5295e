import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testAgent, textResult, toolCallsResult, toolNamesOf } from '../../../../test-support/mock-model';

const clarifyingParams = z.object({
  item: z.string().describe('The item the person cannot identify'),
  reason: z.string(),
});

describe('invokable modes', () => {
  it('generate a tool whose input schema is the mode parameter schema', async () => {
    const { agent, model } = testAgent();
    agent.modes.define({
      name: 'clarifying',
      description: 'Describe the item patiently.',
      params: clarifyingParams,
      invokable: true,
      handler: async function* () {
        yield;
      },
    });
    expect(agent.tools.has('enter_clarifying')).toBe(true);
    await agent.call('hi');
    const tool = model.doGenerateCalls[0]?.tools?.find((t) => t.name === 'enter_clarifying');
    expect(tool).toMatchObject({
      description: 'Describe the item patiently.',
      inputSchema: {
        type: 'object',
        properties: { item: { type: 'string', description: 'The item the person cannot identify' }, reason: { type: 'string' } },
        required: ['item', 'reason'],
      },
    });
  });

  it('the generated tool schedules a switch that carries the model arguments into the new mode', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'sorting', handler: async function* () { yield; } });
    agent.modes.define({ name: 'clarifying', params: clarifyingParams, invokable: true, handler: async function* () { yield; } });
    await agent.modes.enter('sorting');
    const reply = await agent.invoke('enter_clarifying', { item: 'green device', reason: 'unsure which' });
    expect(reply).toBe('Will enter the clarifying mode.');
    expect(agent.modes.pending).toEqual({ kind: 'switch', mode: 'clarifying', params: { item: 'green device', reason: 'unsure which' } });
    await agent.modes.applyScheduled();
    expect(agent.mode.stack).toEqual(['clarifying']);
    expect(agent.mode.state.toObject()).toEqual({ item: 'green device', reason: 'unsure which' });
  });

  it('takes a custom tool name, description and push transition', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'sorting', handler: async function* () { yield; } });
    agent.modes.define({
      name: 'decision-support',
      params: z.object({ stuck_item: z.string() }),
      invokable: { toolName: 'user_seems_stuck', description: 'The person is stuck on an item.', transition: 'push' },
      handler: async function* () {
        yield;
      },
    });
    const tool = agent.tools.get('user_seems_stuck');
    expect(tool.description).toBe('The person is stuck on an item.');
    await agent.modes.enter('sorting');
    await agent.invoke(tool, { stuck_item: 'old scarf' });
    await agent.modes.applyScheduled();
    expect(agent.mode.stack).toEqual(['sorting', 'decision-support']);
  });

  it('defaults the description from the mode name and takes empty input without a schema', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'winding-down', invokable: true, handler: async function* () { yield; } });
    expect(agent.tools.get('enter_winding-down').description).toBe('Enter the winding-down mode.');
    await agent.invoke('enter_winding-down');
    expect(agent.modes.pending).toEqual({ kind: 'switch', mode: 'winding-down', params: {} });
  });

  it('refuses a mode whose tool name is taken, registering neither', () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'a', invokable: { toolName: 'go' }, handler: async function* () { yield; } });
    expect(() => agent.modes.define({ name: 'b', invokable: { toolName: 'go' }, handler: async function* () { yield; } })).toThrow(
      'Mode "b": a tool named "go" already exists',
    );
    expect(agent.modes.has('b')).toBe(false);
  });

  it('lets the model self-switch: the tool result goes back and the next step is in the new mode', async () => {
    const { agent, model } = testAgent({
      results: [toolCallsResult({ name: 'begin_sorting', input: {} }), textResult('Amazon envelope: trash. Next.')],
    });
    agent.modes.define({
      name: 'surveying',
      tools: ['begin_sorting'],
      handler: async function* (a) {
        a.prompt.setSection('persona', 'Curious, orienting.');
        yield;
      },
    });
    agent.modes.define({
      name: 'sorting',
      tools: ['propose_disposition'],
      invokable: { toolName: 'begin_sorting' },
      handler: async function* (a) {
        a.prompt.setSection('persona', 'Terse, directive.');
        yield;
      },
    });
    agent.tools.register({
      name: 'propose_disposition',
      description: 'Propose where an item goes',
      inputSchema: z.object({}),
      run: () => Promise.resolve('trash'),
    });
    await agent.modes.enter('surveying');
    const result = await agent.call('The desk is buried.');
    expect(toolNamesOf(model.doGenerateCalls[0])).toEqual(['begin_sorting']);
    expect(toolNamesOf(model.doGenerateCalls[1])).toEqual(['propose_disposition']);
    expect(model.doGenerateCalls[1]?.prompt[0]).toEqual({ role: 'system', content: 'Terse, directive.' });
    expect(result.mode).toBe('sorting');
    expect(result.text).toBe('Amazon envelope: trash. Next.');
  });
});
