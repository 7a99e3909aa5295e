import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from './tools';
import { UnknownToolError } from './tools';
import { defineMode } from './modes';
import { Agent } from './agent';
import { testEffects } from '../effects';
import { eventTypes, systemPromptOf, testAgent, textResult, toolCallsResult, toolNamesOf } from '../../../test-support/mock-model';

const sortingOutput = z.object({ response: z.string(), current_item: z.string().optional() });
const windingDownOutput = z.object({ response: z.string(), session_summary: z.string().optional() });

describe('Agent with modes (integration, mock model)', () => {
  it('runs a model call inside a mode with the mode prompt, then without it', async () => {
    const { agent, model } = testAgent({ instructions: 'You are a tidying coach.' });
    agent.modes.define({ name: 'sorting', handler: async function* (a) { a.prompt.setSection('mode', 'Terse, directive.'); yield; } });
    await agent.withMode('sorting', {}, (a) => a.call('What next?'));
    await agent.call('And now?');
    expect(systemPromptOf(model.doGenerateCalls[0])).toBe('You are a tidying coach.\n\nTerse, directive.');
    expect(systemPromptOf(model.doGenerateCalls[1])).toBe('You are a tidying coach.');
    expect(agent.messages.list().map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('executes tools and returns their results to the model in the same turn', async () => {
    const seen: unknown[] = [];
    const { agent, model, effects } = testAgent({
      results: [toolCallsResult({ name: 'count_items', input: { pile: 'out' }, id: 'c1' }), textResult('Three items out.')],
      tools: [
        defineTool({
          name: 'count_items',
          description: 'Counts a pile',
          input: z.object({ pile: z.enum(['belongs', 'out', 'unsure']) }),
          execute: (input, context) => {
            seen.push({ input, id: context.toolCallId, agent: context.agent === agent });
            return { count: 3 };
          },
        }),
      ],
    });
    const result = await agent.call('How many out?');
    expect(seen).toEqual([{ input: { pile: 'out' }, id: 'c1', agent: true }]);
    expect(model.doGenerateCalls[1]?.prompt.at(-1)).toMatchObject({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'count_items', output: { type: 'json', value: { count: 3 } } }],
    });
    expect(result).toMatchObject({ text: 'Three items out.', finishReason: 'stop', output: undefined });
    expect(result.steps.map((step) => step.toolCalls.map((call) => call.toolName))).toEqual([['count_items'], []]);
    expect(eventTypes(effects)).toEqual(['step', 'tool:call', 'tool:result', 'step']);
  });

  it('offers the tools of the innermost mode that declares some; modes without a list inherit it', async () => {
    const noop = (name: string) => defineTool({ name, description: name, input: z.object({}), execute: () => 'ok' });
    const { agent, model } = testAgent({ tools: [noop('a'), noop('b'), noop('c')] });
    agent.modes.define({ name: 'outer', tools: ['a', 'b'], handler: async function* () { yield; } });
    agent.modes.define({ name: 'plain', handler: async function* () { yield; } });
    agent.modes.define({ name: 'narrow', tools: ['c'], handler: async function* () { yield; } });
    await agent.call('no mode');
    await agent.modes.enter('outer');
    await agent.modes.enter('plain');
    await agent.call('stacked');
    await agent.modes.enter('narrow');
    await agent.call('narrowest');
    expect(model.doGenerateCalls.map(toolNamesOf)).toEqual([['a', 'b', 'c'], ['a', 'b'], ['c']]);
  });

  it('fails clearly when a mode lists a tool that does not exist', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'typo', tools: ['propose_dispositon'], handler: async function* () { yield; } });
    await agent.modes.enter('typo');
    await expect(agent.call('hi')).rejects.toThrow(UnknownToolError);
    await expect(agent.call('hi')).rejects.toThrow('Unknown tool "propose_dispositon"');
  });

  it('a tool schedules a switch; the rest of the batch runs first, then the next step uses the new mode', async () => {
    const order: string[] = [];
    const { agent, model } = testAgent({
      results: [
        toolCallsResult({ name: 'need_to_clarify', input: { item: 'cable' } }, { name: 'note', input: {} }, { name: 'need_to_clarify', input: { item: 'box' } }),
        textResult('The black cable behind the desk.'),
      ],
    });
    agent.tools.register(
      defineTool({
        name: 'need_to_clarify',
        description: 'The person cannot tell which item is meant',
        input: z.object({ item: z.string() }),
        execute: ({ item }, { agent: a }) => {
          a.modes.scheduleSwitch('clarifying', { item });
          return `Clarifying ${item}.`;
        },
      }),
    );
    agent.tools.register(defineTool({ name: 'note', description: 'Notes', input: z.object({}), execute: (_, { agent: a }) => {
      order.push(`note in ${a.mode.name}`);
    } }));
    agent.modes.define({ name: 'sorting', tools: ['need_to_clarify', 'note'], handler: async function* (a) { a.prompt.setSection('mode', 'SORTING'); yield; } });
    agent.modes.define({
      name: 'clarifying',
      params: z.object({ item: z.string() }),
      tools: [],
      handler: async function* (a, { item }) {
        a.prompt.setSection('mode', `CLARIFYING ${item}`);
        yield;
      },
    });
    await agent.modes.enter('sorting');
    const result = await agent.call('Which one?');
    expect(order).toEqual(['note in sorting']);
    expect(systemPromptOf(model.doGenerateCalls[1])).toBe('CLARIFYING cable');
    expect(toolNamesOf(model.doGenerateCalls[1])).toEqual([]);
    const toolMessage = agent.messages.list()[2];
    expect(toolMessage).toMatchObject({
      role: 'tool',
      content: [
        { output: { type: 'text', value: 'Clarifying cable.' } },
        { output: { type: 'text', value: '' } },
        { output: { type: 'error-text', value: expect.stringContaining('already scheduled') } },
      ],
    });
    expect(result.mode).toBe('clarifying');
  });

  it('uses each mode its own structured output schema', async () => {
    const { agent, model } = testAgent({
      results: [
        textResult('{"response":"Envelope: trash.","current_item":"envelope"}'),
        textResult('{"response":"Good stopping point.","session_summary":"12 items out"}'),
      ],
    });
    agent.modes.define({ name: 'sorting', output: sortingOutput, handler: async function* () { yield; } });
    agent.modes.define({ name: 'winding-down', output: windingDownOutput, handler: async function* () { yield; } });
    await agent.modes.enter('sorting');
    const sorting = await agent.call('next');
    await agent.modes.switch('winding-down');
    const winding = await agent.call('I am tired');
    expect(sorting.output).toEqual({ response: 'Envelope: trash.', current_item: 'envelope' });
    expect(winding.output).toEqual({ response: 'Good stopping point.', session_summary: '12 items out' });
    const schemaKeys = model.doGenerateCalls.map((call) =>
      call.responseFormat?.type === 'json' ? Object.keys((call.responseFormat.schema as { properties: object }).properties) : [],
    );
    expect(schemaKeys).toEqual([['response', 'current_item'], ['response', 'session_summary']]);
  });

  it('lets a call override the mode output schema', async () => {
    const { agent } = testAgent({ results: [textResult('{"yes":true}')] });
    agent.modes.define({ name: 'sorting', output: sortingOutput, handler: async function* () { yield; } });
    await agent.modes.enter('sorting');
    const result = await agent.call('done?', { output: z.object({ yes: z.boolean() }) });
    expect(result.output).toEqual({ yes: true });
  });

  it('invoke runs a tool and records the call and its result in history', async () => {
    const { agent } = testAgent({
      tools: [defineTool({ name: 'add_to_pile', description: 'Adds', input: z.object({ item: z.string() }), execute: ({ item }) => `${item} added` })],
    });
    expect(await agent.invoke('add_to_pile', { item: 'mug' })).toBe('mug added');
    expect(agent.messages.list()).toEqual([
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'id-1', toolName: 'add_to_pile', input: { item: 'mug' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'id-1', toolName: 'add_to_pile', output: { type: 'text', value: 'mug added' } }] },
    ]);
  });

  it('invoke records a failing tool as an error result and rethrows', async () => {
    const { agent } = testAgent({
      tools: [defineTool({ name: 'strict', description: 'Strict', input: z.object({ n: z.number() }), execute: ({ n }) => n })],
    });
    await expect(agent.invoke('strict', { n: 'one' })).rejects.toThrow(/Invalid input for tool "strict"/);
    expect(agent.messages.list()[1]).toMatchObject({ role: 'tool', content: [{ output: { type: 'error-text' } }] });
    await expect(agent.invoke('missing')).rejects.toThrow(UnknownToolError);
  });

  it('feeds tool failures, invalid arguments and unavailable tools back to the model as errors', async () => {
    const { agent, effects } = testAgent({
      results: [
        toolCallsResult({ name: 'explode', input: {} }, { name: 'strict', input: { n: 'x' } }, { name: 'hidden', input: {} }),
        textResult('Sorry about that.'),
      ],
      tools: [
        defineTool({ name: 'explode', description: 'Fails', input: z.object({}), execute: () => { throw new Error('kaboom'); } }),
        defineTool({ name: 'strict', description: 'Strict', input: z.object({ n: z.number() }), execute: () => 'never' }),
        defineTool({ name: 'hidden', description: 'Hidden', input: z.object({}), execute: () => 'never' }),
      ],
    });
    agent.modes.define({ name: 'limited', tools: ['explode', 'strict'], handler: async function* () { yield; } });
    await agent.modes.enter('limited');
    const result = await agent.call('try');
    expect(result.text).toBe('Sorry about that.');
    const outputs = (agent.messages.list()[2]?.content as { output: { type: string; value: string } }[]).map((part) => part.output);
    expect(outputs[0]).toEqual({ type: 'error-text', value: 'kaboom' });
    expect(outputs[1]?.type).toBe('error-text');
    expect(outputs[2]).toEqual({ type: 'error-text', value: expect.stringContaining('hidden') });
    expect(outputs).toHaveLength(3);
    expect(effects.log.entries).toContainEqual(expect.objectContaining({ level: 'warn', message: 'Tool "explode" failed' }));
    expect(effects.emit.events.filter((event) => event.type === 'tool:result')).toHaveLength(3);
  });

  it('refuses a tool call for a tool outside the current mode even if the LLM effect let it through', async () => {
    const { agent } = testAgent({
      tools: [defineTool({ name: 'hidden', description: 'Hidden', input: z.object({}), execute: () => 'never' })],
    });
    const scripted = testEffects({
      llm: {
        generate: ({ messages }) =>
          Promise.resolve(
            messages.length === 1
              ? { messages: [], text: '', toolCalls: [{ toolCallId: 't1', toolName: 'hidden', input: {} }], finishReason: 'tool-calls', usage: {} }
              : { messages: [], text: 'ok', toolCalls: [], finishReason: 'stop', usage: {} },
          ),
      },
    });
    const replaying = new Agent({ effects: scripted, tools: [agent.tools.get('hidden')] });
    replaying.modes.define({ name: 'bare', tools: [], handler: async function* () { yield; } });
    await replaying.modes.enter('bare');
    await replaying.call('go');
    expect(replaying.messages.list()[1]).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'hidden', output: { type: 'error-text', value: 'Tool "hidden" is not available in mode bare' } }],
    });
  });

  it('stops after config.maxSteps with finish reason step-limit', async () => {
    const { agent, model } = testAgent({
      config: { maxSteps: 2 },
      results: [toolCallsResult({ name: 'again', input: {} })],
      tools: [defineTool({ name: 'again', description: 'Loops', input: z.object({}), execute: () => 'again' })],
    });
    const result = await agent.call('loop');
    expect(result).toMatchObject({ finishReason: 'step-limit', text: '', output: undefined });
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('passes call settings from config to the model', async () => {
    const { agent, model } = testAgent({ config: { temperature: 0.3, maxOutputTokens: 200 } });
    await agent.call('hi');
    expect(model.doGenerateCalls[0]).toMatchObject({ temperature: 0.3, maxOutputTokens: 200 });
  });

  it('continues without a new user message when called with no input', async () => {
    const { agent, model } = testAgent();
    agent.messages.append({ role: 'user', content: 'earlier' });
    await agent.call();
    expect(model.doGenerateCalls[0]?.prompt).toEqual([{ role: 'user', content: [{ type: 'text', text: 'earlier' }] }]);
  });

  it('shows the model what a tool showed, as a user message right after the batch’s results, then goes on', async () => {
    const image = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    const { agent, model } = testAgent({
      results: [toolCallsResult({ name: 'look', input: {}, id: 'l1' }, { name: 'count_items', input: {}, id: 'c1' }), textResult('A cup.')],
      tools: [
        defineTool({
          name: 'look',
          description: 'Asks the person to point',
          input: z.object({}),
          execute: (_input, { show }) => {
            show([{ type: 'text', text: '[Shown: the crop]' }, { type: 'file', mediaType: 'image/jpeg', data: image }]);
            return 'They pointed at it; it is shown next.';
          },
        }),
        defineTool({ name: 'count_items', description: 'Counts', input: z.object({}), execute: () => 3 }),
      ],
    });
    await agent.call('Which one?');
    const prompt = model.doGenerateCalls[1]!.prompt;
    expect(prompt.slice(-2).map((message) => message.role)).toEqual(['tool', 'user']);
    expect(prompt.at(-2)).toMatchObject({ content: [{ toolCallId: 'l1' }, { toolCallId: 'c1' }] });
    expect(prompt.at(-1)).toMatchObject({ content: [{ type: 'text', text: '[Shown: the crop]' }, { type: 'file', mediaType: 'image/jpeg' }] });
    // A batch that shows nothing adds nothing.
    expect(agent.messages.list().map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user', 'assistant']);
  });

  it('sends user images as file parts', async () => {
    const { agent, model } = testAgent();
    await agent.call([
      { type: 'text', text: 'My desk' },
      { type: 'file', mediaType: 'image/png', data: new Uint8Array([137, 80, 78, 71]) },
    ]);
    expect(model.doGenerateCalls[0]?.prompt[0]).toMatchObject({ role: 'user', content: [{ type: 'text' }, { type: 'file', mediaType: 'image/png' }] });
  });

  it('honours an abort signal before the model call and while a tool runs', async () => {
    const controller = new AbortController();
    const { agent, model } = testAgent({
      results: [toolCallsResult({ name: 'cancel', input: {} })],
      tools: [
        defineTool({
          name: 'cancel',
          description: 'Aborts',
          input: z.object({}),
          execute: () => {
            controller.abort(new Error('stopped'));
            throw new Error('tool saw the abort');
          },
        }),
      ],
    });
    await expect(agent.call('go', { signal: controller.signal })).rejects.toThrow('tool saw the abort');
    await expect(agent.call('again', { signal: controller.signal })).rejects.toThrow('stopped');
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('pipes one agent into another, each in its own mode', async () => {
    const describer = testAgent({ results: [textResult('A green USB hub beside the lamp.')] });
    const sorter = testAgent({ results: [textResult('USB hub: belongs, desk drawer.')] });
    describer.agent.modes.register(defineMode({ name: 'clarifying', handler: async function* (a) { a.prompt.append('Describe.'); yield; } }));
    sorter.agent.modes.register(defineMode({ name: 'sorting', handler: async function* (a) { a.prompt.append('Sort.'); yield; } }));
    const description = await describer.agent.withMode('clarifying', {}, (a) => a.call('What is the green thing?'));
    const decision = await sorter.agent.withMode('sorting', {}, (a) => a.call(description?.text ?? ''));
    expect(decision?.text).toBe('USB hub: belongs, desk drawer.');
    expect(sorter.model.doGenerateCalls[0]?.prompt.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: 'A green USB hub beside the lamp.' }],
    });
  });

  it('unsubscribes listeners and tolerates async listener failures', async () => {
    const { agent, effects } = testAgent();
    const steps: number[] = [];
    const off = agent.on('step', (event) => steps.push(event.index));
    agent.on('step', () => Promise.reject(new Error('async listener bug')));
    await agent.call('one');
    off();
    await agent.call('two');
    await Promise.resolve();
    expect(steps).toEqual([0]);
    expect(effects.log.entries.filter((entry) => entry.message === 'listener failed on step')).toHaveLength(2);
  });
});
