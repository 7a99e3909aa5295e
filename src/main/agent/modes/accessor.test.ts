import { describe, expect, it } from 'vitest';
import { ModeStackError } from './errors';
import { testAgent } from '../../../../test-support/mock-model';

describe('mode accessor', () => {
  it('name returns the current (innermost) mode', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'outer', handler: async function* () { yield; } });
    agent.modes.define({ name: 'inner', handler: async function* () { yield; } });
    await agent.withMode('outer', {}, async () => {
      expect(agent.mode.name).toBe('outer');
      await agent.withMode('inner', {}, () => expect(agent.mode.name).toBe('inner'));
    });
  });

  it('stack returns the full stack, outermost first', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'a', handler: async function* () { yield; } });
    agent.modes.define({ name: 'b', handler: async function* () { yield; } });
    await agent.modes.enter('a');
    await agent.modes.enter('b');
    expect(agent.mode.stack).toEqual(['a', 'b']);
  });

  it('state inherits reads from outer modes and shadows writes', async () => {
    const { agent } = testAgent();
    agent.modes.define({
      name: 'outer',
      handler: async function* (a) {
        a.mode.state.set('project', 'quantum');
        a.mode.state.set('depth', 'shallow');
        yield;
      },
    });
    agent.modes.define({
      name: 'inner',
      handler: async function* (a) {
        expect(a.mode.state.get('project')).toBe('quantum');
        a.mode.state.set('depth', 'deep');
        yield;
      },
    });
    await agent.withMode('outer', {}, async () => {
      await agent.withMode('inner', {}, () => {
        expect(agent.mode.state.get('depth')).toBe('deep');
        expect(agent.mode.state.toObject()).toEqual({ project: 'quantum', depth: 'deep' });
      });
      expect(agent.mode.state.get('depth')).toBe('shallow');
    });
  });

  it('deleting an own key lets the outer value show through again', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'outer', handler: async function* () { yield; } });
    agent.modes.define({ name: 'inner', handler: async function* () { yield; } });
    await agent.modes.enter('outer', { colour: 'red' });
    await agent.modes.enter('inner', { colour: 'blue' });
    expect(agent.mode.state.has('colour')).toBe(true);
    expect(agent.mode.state.delete('colour')).toBe(true);
    expect(agent.mode.state.get('colour')).toBe('red');
  });

  it('duration tracks the clock effect since the innermost mode was entered', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({ name: 'timed', handler: async function* () { yield; } });
    expect(agent.mode.duration).toBeUndefined();
    effects.time.advance(500);
    await agent.modes.enter('timed');
    effects.time.advance(1_250);
    expect(agent.mode.duration).toBe(1_250);
  });

  it('inMode checks the whole stack', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'a', handler: async function* () { yield; } });
    agent.modes.define({ name: 'b', handler: async function* () { yield; } });
    await agent.modes.enter('a');
    await agent.modes.enter('b');
    expect(agent.mode.inMode('a')).toBe(true);
    expect(agent.mode.inMode('b')).toBe(true);
    expect(agent.mode.inMode('c')).toBe(false);
  });

  it('outside any mode: name and duration are undefined, state reads are empty, writes throw', () => {
    const { agent } = testAgent();
    expect(agent.mode.name).toBeUndefined();
    expect(agent.mode.stack).toEqual([]);
    expect(agent.mode.state.get('x')).toBeUndefined();
    expect(agent.mode.state.has('x')).toBe(false);
    expect(agent.mode.state.toObject()).toEqual({});
    expect(() => agent.mode.state.set('x', 1)).toThrow(ModeStackError);
    expect(() => agent.mode.state.delete('x')).toThrow(/outside any mode/);
    expect(agent.mode.previous).toBeUndefined();
  });

  it('history records finished visits with real durations, and previous names the last one', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({ name: 'a', handler: async function* () { yield; } });
    agent.modes.define({ name: 'b', handler: async function* () { yield; } });
    effects.time.advance(1_000);
    await agent.modes.enter('a', { n: 1 });
    effects.time.advance(300);
    await agent.modes.switch('b');
    effects.time.advance(200);
    await agent.modes.exit();
    expect(agent.mode.history).toEqual([
      { mode: 'a', params: { n: 1 }, enteredAt: 1_000, exitedAt: 1_300, durationMs: 300, failed: false },
      { mode: 'b', params: {}, enteredAt: 1_300, exitedAt: 1_500, durationMs: 200, failed: false },
    ]);
    expect(agent.mode.previous).toBe('b');
  });
});
