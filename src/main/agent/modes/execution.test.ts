import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineMode } from './definition';
import { ModeDefinitionError, ModeHandlerError, ModeParamsError, UnknownModeError } from './errors';
import { eventTypes, testAgent } from '../../../../test-support/mock-model';
import type { Agent } from '../agent';

describe('mode execution', () => {
  it('runs setup before yield and cleanup after it', async () => {
    const { agent } = testAgent();
    const log: string[] = [];
    agent.modes.define({
      name: 'research',
      handler: async function* () {
        log.push('setup');
        yield;
        log.push('cleanup');
      },
    });
    await agent.withMode('research', {}, () => log.push('body'));
    expect(log).toEqual(['setup', 'body', 'cleanup']);
  });

  it('runs cleanup when the body throws, before the error reaches the caller', async () => {
    const { agent } = testAgent();
    const log: string[] = [];
    agent.modes.define({
      name: 'research',
      handler: async function* (a) {
        a.mode.state.set('started', true);
        yield;
        log.push(`cleanup started=${String(a.mode.state.get('started'))}`);
      },
    });
    await expect(
      agent.withMode('research', {}, () => {
        throw new Error('during execution');
      }),
    ).rejects.toThrow('during execution');
    expect(log).toEqual(['cleanup started=true']);
    expect(agent.mode.stack).toEqual([]);
  });

  it('lets the handler see the body error and suppress it', async () => {
    const { agent } = testAgent();
    agent.modes.define({
      name: 'forgiving',
      handler: async function* () {
        const exit = yield;
        if (exit.failed) {
          expect(exit.error).toBeInstanceOf(Error);
          exit.suppress();
        }
      },
    });
    const result = await agent.withMode('forgiving', {}, () => {
      throw new Error('handled by the mode');
    });
    expect(result).toBeUndefined();
    expect(agent.mode.history.at(-1)?.failed).toBe(false);
  });

  it('propagates the body error when the handler sees it but does not suppress it', async () => {
    const { agent } = testAgent();
    const seen: unknown[] = [];
    agent.modes.define({
      name: 'observer',
      handler: async function* () {
        const exit = yield;
        seen.push(exit.error);
      },
    });
    const boom = new Error('boom');
    await expect(
      agent.withMode('observer', {}, () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(seen).toEqual([boom]);
    expect(agent.mode.history.at(-1)?.failed).toBe(true);
  });

  it('tells cleanup that a normal exit did not fail', async () => {
    const { agent } = testAgent();
    const exits: { failed: boolean; error: unknown }[] = [];
    agent.modes.define({
      name: 'calm',
      handler: async function* () {
        const exit = yield;
        exits.push({ failed: exit.failed, error: exit.error });
      },
    });
    expect(await agent.withMode('calm', {}, () => 42)).toBe(42);
    expect(exits).toEqual([{ failed: false, error: undefined }]);
  });

  it('rejects a handler that finishes without yielding, at entry, leaving no mode behind', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({
      name: 'single-shot',
      handler: async function* (a) {
        a.prompt.append('half-done');
        if (a.mode.name === 'single-shot') return;
        yield;
      },
    });
    await expect(agent.modes.enter('single-shot')).rejects.toThrow(ModeHandlerError);
    expect(agent.mode.stack).toEqual([]);
    expect(agent.prompt.render()).toBe('');
    expect(eventTypes(effects)).toEqual(['mode:entering', 'mode:error']);
  });

  it('rejects a handler that yields more than once, still running its finally blocks', async () => {
    const { agent } = testAgent();
    const log: string[] = [];
    agent.modes.define({
      name: 'greedy',
      handler: async function* () {
        try {
          yield;
          yield;
        } finally {
          log.push('finally');
        }
      },
    });
    await agent.modes.enter('greedy');
    await expect(agent.modes.exit()).rejects.toThrow(/yielded more than once/);
    expect(log).toEqual(['finally']);
    expect(agent.mode.stack).toEqual([]);
  });

  it('does not run cleanup when setup throws, and reports the setup error', async () => {
    const { agent, effects } = testAgent();
    const log: string[] = [];
    agent.modes.define({
      name: 'failing-setup',
      handler: async function* () {
        throw new Error('setup failed');
        yield;
        log.push('cleanup');
      },
    });
    await expect(agent.withMode('failing-setup', {}, () => log.push('body'))).rejects.toThrow('setup failed');
    expect(log).toEqual([]);
    expect(effects.emit.events).toContainEqual(
      expect.objectContaining({ type: 'mode:error', mode: 'failing-setup', phase: 'setup', message: 'setup failed' }),
    );
  });

  it('propagates a cleanup error when nothing else failed', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({
      name: 'failing-cleanup',
      handler: async function* () {
        yield;
        throw new Error('cleanup failed');
      },
    });
    await expect(agent.withMode('failing-cleanup', {}, () => 'fine')).rejects.toThrow('cleanup failed');
    expect(agent.mode.stack).toEqual([]);
    expect(effects.emit.events).toContainEqual(expect.objectContaining({ type: 'mode:error', phase: 'cleanup' }));
  });

  it('hands the handler the agent and its validated parameters (the DI of the library)', async () => {
    const { agent } = testAgent();
    const received: { agent: Agent; topic: string; depth: number }[] = [];
    agent.modes.define({
      name: 'research',
      params: z.object({ topic: z.string(), depth: z.number().default(1) }),
      handler: async function* (a, params) {
        received.push({ agent: a, topic: params.topic, depth: params.depth });
        yield;
      },
    });
    await agent.modes.enter('research', { topic: 'quantum' });
    expect(received).toEqual([{ agent, topic: 'quantum', depth: 1 }]);
    expect(agent.mode.state.toObject()).toEqual({ topic: 'quantum', depth: 1 });
  });

  it('rejects parameters that fail the schema before any side effect', async () => {
    const { agent, effects } = testAgent();
    agent.modes.define({
      name: 'research',
      params: z.object({ topic: z.string() }),
      handler: async function* () {
        yield;
      },
    });
    await expect(agent.modes.enter('research', { topic: 3 })).rejects.toThrow(ModeParamsError);
    await expect(agent.modes.enter('research', { topic: 3 })).rejects.toThrow(/Invalid parameters for mode "research"/);
    expect(effects.emit.events).toEqual([]);
  });

  it('takes schema-less parameters as they are, and refuses non-objects', async () => {
    const { agent } = testAgent();
    agent.modes.define({ name: 'free', handler: async function* () { yield; } });
    await expect(agent.modes.enter('free', 'nope')).rejects.toThrow(/must be an object/);
    await agent.modes.enter('free', { any: ['thing'] });
    expect(agent.mode.state.get('any')).toEqual(['thing']);
  });

  it('rejects handlers that are not async generator functions, with a clear error', () => {
    const plainAsync = async () => undefined;
    function* syncGenerator() {
      yield;
    }
    for (const handler of [plainAsync, syncGenerator, () => undefined]) {
      expect(() =>
        // @ts-expect-error the type already forbids it; this checks the runtime guard for JS callers
        defineMode({ name: 'bad', handler }),
      ).toThrow(/must be an async generator function/);
    }
  });

  it('rejects empty names, unknown isolation levels and duplicate registrations', () => {
    const { agent } = testAgent();
    const handler = async function* () {
      yield;
    };
    expect(() => defineMode({ name: ' ', handler })).toThrow(ModeDefinitionError);
    // @ts-expect-error runtime guard for a level the type does not allow
    expect(() => defineMode({ name: 'x', isolation: 'total', handler })).toThrow(/unknown isolation "total"/);
    agent.modes.define({ name: 'x', handler });
    expect(() => agent.modes.define({ name: 'x', handler })).toThrow(/already registered/);
  });

  it('names the registered modes when asked for an unknown one', async () => {
    const { agent } = testAgent();
    await expect(agent.modes.enter('nowhere')).rejects.toThrow('Unknown mode "nowhere" (registered: none)');
    agent.modes.define({ name: 'somewhere', handler: async function* () { yield; } });
    expect(() => agent.modes.get('nowhere')).toThrow(UnknownModeError);
    expect(() => agent.modes.get('nowhere')).toThrow('(registered: somewhere)');
    expect(agent.modes.has('somewhere')).toBe(true);
    expect(agent.modes.names).toEqual(['somewhere']);
  });

  it('accepts standalone definitions through register() and the Agent constructor', async () => {
    const sorting = defineMode({ name: 'sorting', handler: async function* (a) { a.prompt.append('Sort.'); yield; } });
    const surveying = defineMode({ name: 'surveying', handler: async function* () { yield; } });
    const { agent } = testAgent({ modes: [sorting] });
    agent.modes.register(surveying);
    expect(agent.modes.names).toEqual(['sorting', 'surveying']);
    await agent.modes.enter('sorting');
    expect(agent.prompt.render()).toBe('Sort.');
  });
});
