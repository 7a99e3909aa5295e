import { describe, expect, it } from 'vitest';
import { testAgent } from '../../../../test-support/mock-model';
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

describe('mode stacking', () => {
  it('stacks modes and pops them as scopes end', async () => {
    const { agent } = testAgent();
    defineLogged(agent, [], 'outer', 'inner');
    await agent.withMode('outer', {}, async () => {
      expect(agent.mode.stack).toEqual(['outer']);
      await agent.withMode('inner', {}, () => expect(agent.mode.stack).toEqual(['outer', 'inner']));
      expect(agent.mode.stack).toEqual(['outer']);
    });
    expect(agent.mode.stack).toEqual([]);
  });

  it('cleans up in LIFO order, also when the innermost body throws', async () => {
    const { agent } = testAgent();
    const log: string[] = [];
    defineLogged(agent, log, 'outer', 'middle', 'inner');
    await expect(
      agent.withMode('outer', {}, () =>
        agent.withMode('middle', {}, () =>
          agent.withMode('inner', {}, () => {
            throw new Error('oops');
          }),
        ),
      ),
    ).rejects.toThrow('oops');
    expect(log).toEqual(['enter outer', 'enter middle', 'enter inner', 'exit inner', 'exit middle', 'exit outer']);
  });

  it('restores state on exit: shadowed values come back, inner-only keys disappear', async () => {
    const { agent } = testAgent();
    agent.modes.define({
      name: 'outer',
      handler: async function* (a) {
        a.mode.state.set('depth', 'shallow');
        yield;
      },
    });
    agent.modes.define({
      name: 'inner',
      handler: async function* (a) {
        a.mode.state.set('depth', 'deep');
        a.mode.state.set('inner_only', 'data');
        yield;
      },
    });
    await agent.modes.enter('outer');
    await agent.modes.enter('inner');
    expect(agent.mode.state.get('inner_only')).toBe('data');
    await agent.modes.exit();
    expect(agent.mode.state.get('depth')).toBe('shallow');
    expect(agent.mode.state.get('inner_only')).toBeUndefined();
  });

  it('unwinds modes the body entered but did not exit, innermost first', async () => {
    const { agent } = testAgent();
    const log: string[] = [];
    defineLogged(agent, log, 'scope', 'left-open');
    await agent.withMode('scope', {}, () => agent.modes.enter('left-open'));
    expect(agent.mode.stack).toEqual([]);
    expect(log).toEqual(['enter scope', 'enter left-open', 'exit left-open', 'exit scope']);
  });

  it('when several cleanups fail, the first error propagates and the later ones become error events', async () => {
    const { agent, effects } = testAgent();
    for (const name of ['outer', 'inner']) {
      agent.modes.define({
        name,
        handler: async function* () {
          yield;
          throw new Error(`${name} cleanup failed`);
        },
      });
    }
    await agent.modes.enter('outer');
    await agent.modes.enter('inner');
    await expect(agent.modes.exitAll()).rejects.toThrow('inner cleanup failed');
    expect(agent.mode.stack).toEqual([]);
    const errors = effects.emit.events.filter((event) => event.type === 'mode:error');
    expect(errors).toEqual([
      expect.objectContaining({ mode: 'inner', phase: 'cleanup', message: 'inner cleanup failed' }),
      expect.objectContaining({ mode: 'outer', phase: 'cleanup', message: 'outer cleanup failed' }),
    ]);
  });

  it('keeps the body error when a cleanup fails while it propagates (spec 4.4)', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({
      name: 'outer',
      handler: async function* () {
        yield;
      },
    });
    agent.modes.define({
      name: 'inner',
      handler: async function* () {
        yield;
        throw new Error('inner cleanup failed');
      },
    });
    await expect(
      agent.withMode('outer', {}, () =>
        agent.withMode('inner', {}, () => {
          throw new Error('inner error');
        }),
      ),
    ).rejects.toThrow('inner error');
    const errors = effects.emit.events.filter((event) => event.type === 'mode:error');
    expect(errors).toEqual([
      expect.objectContaining({ mode: 'inner', phase: 'execution', message: 'inner error' }),
      expect.objectContaining({ mode: 'inner', phase: 'cleanup', message: 'inner cleanup failed' }),
      expect.objectContaining({ mode: 'outer', phase: 'execution', message: 'inner error' }),
    ]);
  });

  it('stops propagation at the mode that suppresses: outer modes see a normal exit', async () => {
    const { agent } = testAgent();
    const outerSaw: boolean[] = [];
    agent.modes.define({
      name: 'outer',
      handler: async function* () {
        const exit = yield;
        outerSaw.push(exit.failed);
      },
    });
    agent.modes.define({
      name: 'inner',
      handler: async function* () {
        const exit = yield;
        exit.suppress();
      },
    });
    await agent.modes.enter('outer');
    await agent.withMode('inner', {}, () => {
      throw new Error('swallowed');
    });
    await agent.modes.exit();
    expect(outerSaw).toEqual([false]);
  });

  it('emits entering, entered, exiting and exited with the stack and the real duration', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({ name: 'timed', handler: async function* () { yield; } });
    await agent.withMode('timed', { why: 'test' }, () => effects.time.advance(42));
    expect(effects.emit.events).toEqual([
      { type: 'mode:entering', mode: 'timed', stack: [], params: { why: 'test' } },
      { type: 'mode:entered', mode: 'timed', stack: ['timed'], params: { why: 'test' } },
      { type: 'mode:exiting', mode: 'timed', stack: ['timed'] },
      { type: 'mode:exited', mode: 'timed', stack: [], durationMs: 42 },
    ]);
  });

  it('keeps working when an event listener throws', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({ name: 'steady', handler: async function* () { yield; } });
    agent.on('mode:entered', () => {
      throw new Error('listener bug');
    });
    await agent.withMode('steady', {}, () => undefined);
    expect(agent.mode.history.map((visit) => visit.mode)).toEqual(['steady']);
    expect(effects.log.entries).toContainEqual(expect.objectContaining({ level: 'error', message: 'listener failed on mode:entered' }));
  });
});
