import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../shared/session/schema';
import { manualTime } from '../effects';
import { testCore, untilState } from '../../../test-support/fixtures';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;

describe('the app core', () => {
  it('starts a fresh session in Surveying with empty piles, saying once that it guides offline without a model', () => {
    const { state } = testCore().store.snapshot();
    expect(state.mode).toEqual({ kind: 'surveying' });
    expect(state.piles).toEqual({ belongs: [], out: [], unsure: [] });
    expect(state.itemsProcessed).toBe(0);
    expect(state.messages).toEqual([expect.objectContaining({ role: 'coach', text: expect.stringContaining('works offline') })]);
  });

  it('pushes the new state to every listener when a message is sent', async () => {
    const core = testCore();
    const pushes: SessionSnapshot[] = [];
    const before = core.store.snapshot().rev;
    core.onPush((event) => {
      if (event.channel === 'session:changed') pushes.push(event.payload as SessionSnapshot);
    });
    const { messageId } = await core.handlers['chat:send']({ text: 'The desk is buried.' }, { signal });
    // The session's first sprint starts with its first message, in the same tick.
    const [sprint, first] = pushes as [SessionSnapshot, SessionSnapshot];
    expect(sprint.rev).toBe(before + 1);
    expect(sprint.state.sprint).toMatchObject({ number: 1, phase: { kind: 'running' } });
    expect(first.rev).toBe(before + 2);
    expect(first.state.queued).toEqual([expect.objectContaining({ id: messageId, role: 'person', text: 'The desk is buried.' })]);
    // Read in one tick: the coach keeps working on the message and pushing.
    const current = core.handlers['session:get'](undefined, { signal });
    const latestPush = pushes.at(-1);
    expect(await current).toEqual(latestPush);
    await core.dispose();
  });

  it('keeps pushing to other listeners when one of them throws', async () => {
    const core = testCore();
    let delivered = 0;
    core.onPush(() => {
      throw new Error('broken window');
    });
    core.onPush((event) => {
      if (event.channel === 'session:changed') delivered++;
    });
    await core.handlers['chat:send']({ text: 'one' }, { signal });
    expect(delivered).toBeGreaterThan(0);
    await core.dispose();
  });

  it('stops pushing to a listener once it unsubscribes', async () => {
    const core = testCore();
    let delivered = 0;
    const unsubscribe = core.onPush(() => delivered++);
    core.store.update((state) => ({ ...state, anchors: ['desk'] }));
    expect(delivered).toBe(1);
    unsubscribe();
    core.store.update((state) => ({ ...state, anchors: ['desk', 'lamp'] }));
    expect(delivered).toBe(1);
    await core.dispose();
  });

  it('tells the renderer whether a key is set, never the key itself', async () => {
    const core = testCore({ model: { apiKey: 'sk-test-1234567890abcdef', model: 'gpt-test', vision: true, tools: false } });
    const info = await core.handlers['app:info'](undefined, { signal });
    expect(info.model).toEqual({ configured: true, name: 'gpt-test', apiKeySet: true, vision: true, tools: false });
    expect(JSON.stringify(info)).not.toContain('sk-test');
  });

  it('refuses an update that would break the session schema and keeps the old state', () => {
    const core = testCore();
    const before = core.store.snapshot();
    expect(() => core.store.update((state) => ({ ...state, itemsProcessed: -1 }))).toThrow();
    expect(core.store.snapshot()).toBe(before);
  });
});

describe("main's clock, for the page", () => {
  const START = Date.UTC(2026, 0, 5, 9);

  it('is read on connect, running by itself in the app', async () => {
    const core = testCore({ time: { now: () => START, monotonic: () => 0 } });
    expect(await core.handlers['clock:get'](undefined, { signal })).toEqual({ now: START, runs: true });
    await core.dispose();
  });

  it("under a test's clock stands still, and each move (the card it timed out included) is pushed", async () => {
    const time = manualTime(START);
    const core = testCore({ time: time.clock, timers: time.timers, clockMoves: time.onAdvance, questionTimeoutMs: 5 * 60_000 });
    expect(await core.handlers['clock:get'](undefined, { signal })).toEqual({ now: START, runs: false });
    const pushed: unknown[] = [];
    core.onPush((event) => {
      if (event.channel === 'clock:changed') pushed.push(event.payload);
    });
    await core.handlers['chat:send']({ text: 'hello' }, { signal });
    await untilState(core, (state) => state.pendingQuestion !== undefined);
    const card = core.store.state.pendingQuestion!;
    time.advance(5 * 60_000 - 1);
    expect(core.store.state.pendingQuestion?.id).toBe(card.id);
    time.advance(1);
    expect(core.store.state.pendingQuestion?.id).not.toBe(card.id);
    expect(pushed).toEqual([
      { now: START + 5 * 60_000 - 1, runs: false },
      { now: START + 5 * 60_000, runs: false },
    ]);
    await core.dispose();
    time.advance(1);
    expect(pushed).toHaveLength(2);
  });
});

describe('which coach a session gets', () => {
  it('is guided without a model, and says so in app info', async () => {
    const core = testCore();
    expect((await core.handlers['app:info'](undefined, { signal })).coach).toBe('guided');
    await core.dispose();
  });

  it('is guided with a model when the person prefers it, and conversational otherwise', async () => {
    const llm = { generate: () => Promise.reject(new Error('not called')) };
    const model = { model: 'm', apiKey: 'sk-aaaaaaaaaaaaaaaaaaaa', vision: true, tools: true };
    const guided = testCore({ llm, model, coachPreference: 'guided' });
    const conversational = testCore({ llm, model });
    expect((await guided.handlers['app:info'](undefined, { signal })).coach).toBe('guided');
    expect((await conversational.handlers['app:info'](undefined, { signal })).coach).toBe('conversational');
    // Only an offline session announces itself.
    expect(guided.store.state.messages).toEqual([]);
    await guided.dispose();
    await conversational.dispose();
  });
});

describe('settings', () => {
  it('offers only the guided coach without a model, and refuses the conversational one clearly', async () => {
    const core = testCore();
    expect(await core.handlers['settings:get'](undefined, { signal })).toMatchObject({
      settings: { theme: 'dark' },
      effectiveCoach: 'guided',
      modelConfigured: false,
    });
    await expect(async () => core.handlers['settings:set']({ coach: 'conversational' }, { signal })).rejects.toThrow('needs a model');
    await core.dispose();
  });

  it('applies a new coach choice from the next session on, and keeps settings across restarts', async () => {
    const dataDir = await tempFolder('tidy-settings-core-');
    const llm = { generate: () => Promise.reject(new Error('not called')) };
    const model = { model: 'm', apiKey: 'sk-aaaaaaaaaaaaaaaaaaaa', vision: true, tools: true };
    const core = testCore({ dataDir, llm, model });
    expect((await core.handlers['app:info'](undefined, { signal })).coach).toBe('conversational');
    const view = await core.handlers['settings:set']({ coach: 'guided', theme: 'light' }, { signal });
    expect(view).toMatchObject({ settings: { coach: 'guided', theme: 'light' }, effectiveCoach: 'guided' });
    expect((await core.handlers['app:info'](undefined, { signal })).coach).toBe('conversational');
    await core.handlers['session:new'](undefined, { signal });
    expect((await core.handlers['app:info'](undefined, { signal })).coach).toBe('guided');
    await core.dispose();
    const restarted = testCore({ dataDir, llm, model });
    expect((await restarted.handlers['settings:get'](undefined, { signal })).settings).toEqual({ coach: 'guided', theme: 'light' });
    expect((await restarted.handlers['app:info'](undefined, { signal })).coach).toBe('guided');
    await restarted.dispose();
  });
});

describe('the debug panel’s event log', () => {
  it('is empty before the session has a log, then shows its latest events', async () => {
    const core = testCore();
    expect(await core.handlers['debug:events']({ limit: 10 }, { signal })).toEqual({ events: [], total: 0 });
    await core.handlers['chat:send']({ text: 'hello' }, { signal });
    // The guided coach's first card is on screen: nothing more is written until it is answered.
    await new Promise<void>((resolve) => {
      const check = () => (core.store.state.pendingQuestion ? resolve() : setTimeout(check, 5));
      check();
    });
    const all = await core.handlers['debug:events']({ limit: 1000 }, { signal });
    expect(all.events.slice(0, 4).map((event) => event.type)).toEqual(['session-started', 'turn-ended', 'sprint', 'person-message']);
    const latest = await core.handlers['debug:events']({ limit: 2 }, { signal });
    expect(latest.events).toEqual(all.events.slice(-2));
    expect(latest.total).toBe(all.total);
    await core.dispose();
  });
});
