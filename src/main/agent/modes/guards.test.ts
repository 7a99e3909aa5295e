import { describe, expect, it } from 'vitest';
import { ModeStackError } from './errors';
import { AgentBusyError } from '../agent';
import { testAgent, textResult, toolCallsResult } from '../../../../test-support/mock-model';
import { defineTool } from '../tools';
import { z } from 'zod';

describe('mode guard rails', () => {
  it('refuses to re-enter the mode already on top', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'sorting', handler: async function* () { yield; } });
    await agent.modes.enter('sorting');
    await expect(agent.modes.enter('sorting')).rejects.toThrow(
      'Mode "sorting" is already the current mode; exit it or switch to another mode',
    );
    expect(agent.mode.stack).toEqual(['sorting']);
  });

  it('enforces a maximum stack depth with a clear error', async () => {
    const { agent } = testAgent({ maxModeDepth: 2 });
    for (const name of ['a', 'b', 'c']) agent.modes.define({ name, handler: async function* () { yield; } });
    await agent.modes.enter('a');
    await agent.modes.enter('b');
    await expect(agent.modes.enter('c')).rejects.toThrow(ModeStackError);
    await expect(agent.modes.enter('c')).rejects.toThrow(
      'Cannot enter mode "c": the mode stack is at its maximum depth of 2 (a > b)',
    );
  });

  it('an abort before entry changes nothing', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({ name: 'm', handler: async function* () { yield; } });
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(agent.modes.enter('m', {}, { signal: controller.signal })).rejects.toThrow('cancelled');
    expect(effects.emit.events).toEqual([]);
  });

  it('an abort during setup runs the cleanup and leaves no half-entered mode', async () => {
    const { agent } = testAgent({ instructions: 'Base.' });
    const controller = new AbortController();
    const log: string[] = [];
    agent.modes.define({
      name: 'slow',
      handler: async function* (a) {
        a.prompt.append('Slow mode.');
        controller.abort(new Error('person left'));
        yield;
        log.push('cleanup');
      },
    });
    await expect(agent.modes.enter('slow', {}, { signal: controller.signal })).rejects.toThrow('person left');
    expect(agent.mode.stack).toEqual([]);
    expect(log).toEqual(['cleanup']);
    expect(agent.prompt.render()).toBe('Base.');
  });

  it('a failing setup unwinds modes it entered itself and restores the prompt', async () => {
    const { agent } = testAgent({ instructions: 'Base.' });
    const log: string[] = [];
    agent.modes.define({
      name: 'helper',
      handler: async function* () {
        yield;
        log.push('helper cleanup');
      },
    });
    agent.modes.define({
      name: 'broken',
      handler: async function* (a) {
        a.prompt.append('Broken mode.');
        await a.modes.enter('helper');
        throw new Error('setup failed late');
        yield;
      },
    });
    await expect(agent.modes.enter('broken')).rejects.toThrow('setup failed late');
    expect(agent.mode.stack).toEqual([]);
    expect(log).toEqual(['helper cleanup']);
    expect(agent.prompt.render()).toBe('Base.');
  });

  it('rejects a concurrent call on the same agent', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { agent } = testAgent({
      results: [toolCallsResult({ name: 'wait', input: {} }), textResult('done')],
      tools: [defineTool({ name: 'wait', description: 'Waits', input: z.object({}), execute: () => gate })],
    });
    const first = agent.call('one');
    await expect(agent.call('two')).rejects.toThrow(AgentBusyError);
    release();
    await expect(first).resolves.toMatchObject({ text: 'done' });
    await expect(agent.call('three')).resolves.toMatchObject({ text: 'done' });
  });

  it('does not deadlock when a mode setup entered during a call calls the model', async () => {
    const { agent, model } = testAgent({
      results: [toolCallsResult({ name: 'enter_summary', input: {} }), textResult('Summary so far.'), textResult('Done.')],
    });
    const summaries: string[] = [];
    agent.modes.define({
      name: 'summary',
      invokable: true,
      handler: async function* (a) {
        const result = await a.call('Summarise the session so far.');
        summaries.push(result.text);
        yield;
      },
    });
    const result = await agent.call('wrap up');
    expect(summaries).toEqual(['Summary so far.']);
    expect(result).toMatchObject({ text: 'Done.', mode: 'summary' });
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it('survives rapid enter and exit', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'blink', handler: async function* (a) { a.prompt.append('blink'); yield; } });
    for (let i = 0; i < 50; i += 1) {
      await agent.modes.enter('blink');
      await agent.modes.exit();
    }
    expect(agent.mode.history).toHaveLength(50);
    expect(agent.prompt.render()).toBe('');
  });
});
