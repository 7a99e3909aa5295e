import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModeTransition } from './transition';
import { TransitionError } from './errors';
import { testAgent, textResult } from '../../../../test-support/mock-model';
import type { Agent } from '../agent';

function defineLogged(agent: Agent, log: string[], ...names: string[]): void {
  for (const name of names) {
    agent.modes.define({
      name,
      handler: async function* () {
        log.push(`enter ${name}`);
        yield;
        log.push(`exit ${name}`);
      },
    });
  }
}

describe('ModeTransition', () => {
  it('builds the four kinds, with empty params by default', () => {
    expect(ModeTransition.switch('a')).toEqual({ kind: 'switch', mode: 'a', params: {} });
    expect(ModeTransition.push('b', { x: 1 })).toEqual({ kind: 'push', mode: 'b', params: { x: 1 } });
    expect(ModeTransition.push('b')).toEqual({ kind: 'push', mode: 'b', params: {} });
    expect(ModeTransition.exit()).toEqual({ kind: 'exit' });
    expect(ModeTransition.stay()).toEqual({ kind: 'stay' });
  });
});

describe('mode transitions', () => {
  it('switch exits the current mode and enters the new one in its place', async () => {
    const { agent, effects } = testAgent();
    const log: string[] = [];
    defineLogged(agent, log, 'base', 'surveying', 'sorting');
    await agent.modes.enter('base');
    await agent.modes.enter('surveying');
    await agent.modes.switch('sorting', { item: 'lamp' });
    expect(agent.mode.stack).toEqual(['base', 'sorting']);
    expect(agent.mode.state.get('item')).toBe('lamp');
    expect(log).toEqual(['enter base', 'enter surveying', 'exit surveying', 'enter sorting']);
    expect(effects.emit.events).toContainEqual({ type: 'mode:transition', from: 'surveying', to: 'sorting', kind: 'switch' });
  });

  it('switch with no mode active simply enters', async () => {
    const { agent } = testAgent();
    defineLogged(agent, [], 'sorting');
    await agent.modes.switch('sorting');
    expect(agent.mode.stack).toEqual(['sorting']);
  });

  it('push keeps the current mode and stacks the new one', async () => {
    const { agent, effects } = testAgent();
    defineLogged(agent, [], 'sorting', 'clarifying');
    await agent.modes.enter('sorting');
    await agent.modes.transition(ModeTransition.push('clarifying'));
    expect(agent.mode.stack).toEqual(['sorting', 'clarifying']);
    expect(effects.emit.events).toContainEqual({ type: 'mode:transition', from: 'sorting', to: 'clarifying', kind: 'push' });
  });

  it('exit returns to the parent; stay changes nothing', async () => {
    const { agent, effects } = testAgent();
    defineLogged(agent, [], 'sorting', 'clarifying');
    await agent.modes.enter('sorting');
    await agent.modes.enter('clarifying');
    await agent.modes.transition(ModeTransition.stay());
    expect(agent.mode.stack).toEqual(['sorting', 'clarifying']);
    await agent.modes.transition(ModeTransition.exit());
    expect(agent.mode.stack).toEqual(['sorting']);
    expect(effects.emit.events).toContainEqual({ type: 'mode:transition', from: 'clarifying', to: 'sorting', kind: 'exit' });
    await expect(agent.modes.exit()).resolves.toBeUndefined();
    await expect(agent.modes.exit()).rejects.toThrow('Cannot exit: no mode is active');
  });

  it('validates a switch target before leaving the current mode', async () => {
    const { agent } = testAgent();
    defineLogged(agent, [], 'sorting');
    agent.modes.define({ name: 'clarifying', params: z.object({ item: z.string() }), handler: async function* () { yield; } });
    await agent.modes.enter('sorting');
    await expect(agent.modes.switch('clarifying', {})).rejects.toThrow(/Invalid parameters/);
    expect(agent.mode.stack).toEqual(['sorting']);
  });

  it('a scheduled switch applies at the next call, before the model runs', async () => {
    const { agent, model } = testAgent({ results: [textResult('Sorting now.')] });
    agent.modes.define({ name: 'surveying', handler: async function* (a) { a.prompt.setSection('mode', 'SURVEYING'); yield; } });
    agent.modes.define({ name: 'sorting', handler: async function* (a) { a.prompt.setSection('mode', 'SORTING'); yield; } });
    await agent.modes.enter('surveying');
    agent.modes.scheduleSwitch('sorting');
    expect(agent.mode.name).toBe('surveying');
    expect(agent.modes.pending).toEqual(ModeTransition.switch('sorting'));
    const result = await agent.call('next');
    expect(result.mode).toBe('sorting');
    expect(model.doGenerateCalls[0]?.prompt[0]).toEqual({ role: 'system', content: 'SORTING' });
    expect(agent.modes.pending).toBeUndefined();
  });

  it('allows at most one pending transition, with a clear error for a second', async () => {
    const { agent } = testAgent();
    defineLogged(agent, [], 'a', 'b');
    await agent.modes.enter('a');
    agent.modes.scheduleSwitch('b');
    expect(() => agent.modes.schedulePush('b')).toThrow(TransitionError);
    expect(() => agent.modes.scheduleExit()).toThrow(
      'Cannot schedule exit: switch to "b" is already scheduled (at most one may be pending)',
    );
  });

  it('refuses to schedule an exit with no mode, or a switch to an unknown mode or with bad params', () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'clarifying', params: z.object({ item: z.string() }), handler: async function* () { yield; } });
    expect(() => agent.modes.scheduleExit()).toThrow('Cannot schedule an exit: no mode is active');
    expect(() => agent.modes.scheduleSwitch('nowhere')).toThrow(/Unknown mode/);
    expect(() => agent.modes.schedulePush('clarifying', { item: 1 })).toThrow(/Invalid parameters/);
    expect(agent.modes.pending).toBeUndefined();
  });

  it('applies scheduled push and exit', async () => {
    const { agent } = testAgent();
    defineLogged(agent, [], 'a', 'b');
    await agent.modes.enter('a');
    agent.modes.schedulePush('b');
    await agent.modes.applyScheduled();
    expect(agent.mode.stack).toEqual(['a', 'b']);
    agent.modes.scheduleExit();
    expect(await agent.modes.applyScheduled()).toEqual(ModeTransition.exit());
    expect(agent.mode.stack).toEqual(['a']);
    expect(await agent.modes.applyScheduled()).toBeUndefined();
  });

  it('follows a transition the handler returns when its mode exits', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({
      name: 'intake',
      handler: async function* (a) {
        yield;
        return a.mode.state.get('needs_research') ? ModeTransition.switch('research', { topic: 'desk' }) : ModeTransition.exit();
      },
    });
    defineLogged(agent, [], 'research');
    await agent.withMode('intake', {}, (a) => a.mode.state.set('needs_research', true));
    expect(agent.mode.stack).toEqual(['research']);
    expect(agent.mode.state.get('topic')).toBe('desk');
    expect(effects.emit.events).toContainEqual({ type: 'mode:transition', from: 'intake', to: 'research', kind: 'switch' });

    await agent.modes.exitAll();
    await agent.withMode('intake', {}, () => undefined);
    expect(agent.mode.stack).toEqual([]);
  });

  it('treats a returned push like a switch, since the returning mode is gone', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'first', handler: async function* () { yield; return ModeTransition.push('second'); } });
    defineLogged(agent, [], 'second');
    await agent.modes.enter('first');
    await agent.modes.exit();
    expect(agent.mode.stack).toEqual(['second']);
  });

  it('lets an explicit switch win over the transition the exiting handler returns, and logs it', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({ name: 'first', handler: async function* () { yield; return ModeTransition.switch('elsewhere'); } });
    defineLogged(agent, [], 'second', 'elsewhere');
    await agent.modes.enter('first');
    await agent.modes.switch('second');
    expect(agent.mode.stack).toEqual(['second']);
    expect(effects.log.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'Mode "first" returned switch to "elsewhere" while switching to "second"; the switch wins' }),
    );
  });

  it('propagates a cleanup failure during a switch and does not enter the target', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'fragile', handler: async function* () { yield; throw new Error('cleanup broke'); } });
    defineLogged(agent, [], 'next');
    await agent.modes.enter('fragile');
    await expect(agent.modes.switch('next')).rejects.toThrow('cleanup broke');
    expect(agent.mode.stack).toEqual([]);
  });

  it('propagates a cleanup failure on exit without following any transition', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'fragile', handler: async function* () { yield; throw new Error('cleanup broke'); } });
    await agent.modes.enter('fragile');
    await expect(agent.modes.exit()).rejects.toThrow('cleanup broke');
  });
});
