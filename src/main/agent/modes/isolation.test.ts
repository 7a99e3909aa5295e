import { describe, expect, it } from 'vitest';
import type { ModelMessage } from 'ai';
import { defineTool } from '../tools';
import { z } from 'zod';
import { IsolationError } from './errors';
import type { IsolationLevel } from './definition';
import { testAgent } from '../../../../test-support/mock-model';
import type { Agent } from '../agent';

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const texts = (agent: Agent): unknown[] => agent.messages.list().map((message) => message.content);
const extraTool = defineTool({ name: 'extra', description: 'Added inside a mode', input: z.object({}), execute: () => 'ok' });

/** Enters a mode of the level that changes messages, config, tools, prompt and state, then exits. */
async function roundTrip(level: IsolationLevel): Promise<Agent> {
  const { agent } = testAgent({ config: { temperature: 0.2 } });
  agent.messages.append(user('one'), user('two'), user('three'));
  agent.modes.define({ name: 'outer', handler: async function* (a) { a.mode.state.set('list', ['outer']); yield; } });
  agent.modes.define({
    name: 'isolated',
    isolation: level,
    handler: async function* (a) {
      a.messages.truncate(1);
      a.messages.append(user('new'));
      a.config = { ...a.config, temperature: 0.9 };
      a.tools.register(extraTool);
      (a.mode.state.get('list') as string[]).push('inner');
      yield;
    },
  });
  await agent.modes.enter('outer');
  await agent.withMode('isolated', {}, () => undefined);
  return agent;
}

describe('mode isolation', () => {
  it('none shares messages, config and tools; state is scoped', async () => {
    const agent = await roundTrip('none');
    expect(texts(agent)).toEqual(['three', 'new']);
    expect(agent.config.temperature).toBe(0.9);
    expect(agent.tools.has('extra')).toBe(true);
    expect(agent.mode.state.get('list')).toEqual(['outer', 'inner']);
  });

  it('thread restores the original messages, keeps the new ones, shares config and tools', async () => {
    const agent = await roundTrip('thread');
    expect(texts(agent)).toEqual(['one', 'two', 'three', 'new']);
    expect(agent.config.temperature).toBe(0.9);
    expect(agent.tools.has('extra')).toBe(true);
  });

  it('config shares messages but restores config and tools', async () => {
    const agent = await roundTrip('config');
    expect(texts(agent)).toEqual(['three', 'new']);
    expect(agent.config.temperature).toBe(0.2);
    expect(agent.tools.has('extra')).toBe(false);
  });

  it('fork isolates everything: messages, config, tools and mode state (deeply)', async () => {
    const agent = await roundTrip('fork');
    expect(texts(agent)).toEqual(['one', 'two', 'three']);
    expect(agent.config.temperature).toBe(0.2);
    expect(agent.tools.has('extra')).toBe(false);
    expect(agent.mode.state.get('list')).toEqual(['outer']);
  });

  it('fork sees a snapshot of the messages and of the inherited state at entry', async () => {
    const { agent } = testAgent();
    agent.messages.append(user('before'));
    agent.modes.define({ name: 'outer', handler: async function* () { yield; } });
    agent.modes.define({ name: 'explore', isolation: 'fork', handler: async function* () { yield; } });
    await agent.modes.enter('outer', { project: 'desk' });
    await agent.withMode('explore', {}, (a) => {
      expect(texts(a)).toEqual(['before']);
      expect(a.mode.state.get('project')).toBe('desk');
      a.mode.state.set('findings', 'cables');
    });
    expect(agent.mode.state.get('findings')).toBeUndefined();
  });

  it('a fork inside a thread does not leak its messages into the thread', async () => {
    const { agent } = testAgent();
    agent.messages.append(user('base'));
    agent.modes.define({ name: 'summarise', isolation: 'thread', handler: async function* () { yield; } });
    agent.modes.define({ name: 'explore', isolation: 'fork', handler: async function* () { yield; } });
    await agent.withMode('summarise', {}, async (a) => {
      a.messages.append(user('thread note'));
      await a.withMode('explore', {}, (b) => b.messages.append(user('fork scratch')));
      expect(texts(a)).toEqual(['base', 'thread note']);
    });
    expect(texts(agent)).toEqual(['base', 'thread note']);
  });

  it('restores the system prompt on exit at every level, keeping persistent changes', async () => {
    for (const level of ['none', 'config', 'thread', 'fork'] as const) {
      const { agent } = testAgent({ instructions: 'Base.' });
      agent.modes.define({
        name: 'm',
        isolation: level,
        handler: async function* (a) {
          a.prompt.append('Temporary.');
          a.prompt.append('Kept.', { persist: true });
          yield;
        },
      });
      await agent.withMode('m', {}, (a) => expect(a.prompt.render()).toBe('Base.\n\nTemporary.\n\nKept.'));
      expect(agent.prompt.render()).toBe('Base.\n\nKept.');
    }
  });

  it('refuses a child less isolated than its parent, before any side effect', async () => {
    const { agent, effects } = testAgent();
    const log: string[] = [];
    agent.modes.define({ name: 'outer', isolation: 'fork', handler: async function* () { yield; } });
    agent.modes.define({
      name: 'inner',
      isolation: 'none',
      handler: async function* () {
        log.push('setup ran');
        yield;
      },
    });
    await agent.modes.enter('outer');
    const eventsBefore = effects.emit.events.length;
    await expect(agent.modes.enter('inner')).rejects.toThrow(IsolationError);
    await expect(agent.modes.enter('inner')).rejects.toThrow(
      'Mode "inner" (isolation "none") cannot be entered inside "outer" (isolation "fork"): a child mode may not be less isolated than its parent',
    );
    expect(log).toEqual([]);
    expect(agent.mode.stack).toEqual(['outer']);
    expect(effects.emit.events).toHaveLength(eventsBefore);
  });

  it('allows a child at least as isolated as its parent', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'outer', isolation: 'thread', handler: async function* () { yield; } });
    agent.modes.define({ name: 'inner', isolation: 'fork', handler: async function* () { yield; } });
    await agent.modes.enter('outer');
    await agent.modes.enter('inner');
    expect(agent.mode.stack).toEqual(['outer', 'inner']);
  });
});
