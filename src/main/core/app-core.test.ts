import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../shared/session/schema';
import { testCore } from '../testing/fixtures';
import type { PushEvent } from './app-core';

const signal = new AbortController().signal;

describe('the app core', () => {
  it('starts a fresh session in Surveying with empty piles', () => {
    const { state, rev } = testCore().store.snapshot();
    expect(rev).toBe(0);
    expect(state.mode).toEqual({ kind: 'surveying' });
    expect(state.piles).toEqual({ belongs: [], out: [], unsure: [] });
    expect(state.itemsProcessed).toBe(0);
  });

  it('pushes the new state to every listener when a message is sent', async () => {
    const core = testCore();
    const pushes: PushEvent[] = [];
    core.onPush((event) => {
      if (event.channel === 'session:changed') pushes.push(event);
    });
    const { messageId } = await core.handlers['chat:send']({ text: 'The desk is buried.' }, { signal });
    expect(pushes).toHaveLength(1);
    const pushed = pushes[0]!.payload as SessionSnapshot;
    expect(pushes[0]!.channel).toBe('session:changed');
    expect(pushed.rev).toBe(1);
    expect(pushed.state.messages).toEqual([expect.objectContaining({ id: messageId, role: 'person', text: 'The desk is buried.' })]);
    expect(await core.handlers['session:get'](undefined, { signal })).toEqual(pushed);
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
    expect(delivered).toBe(1);
  });

  it('stops pushing to a listener once it unsubscribes', async () => {
    const core = testCore();
    let delivered = 0;
    const unsubscribe = core.onPush(() => delivered++);
    await core.handlers['chat:send']({ text: 'one' }, { signal });
    await core.idle();
    const before = delivered;
    unsubscribe();
    await core.handlers['chat:send']({ text: 'two' }, { signal });
    await core.idle();
    expect(before).toBeGreaterThan(0);
    expect(delivered).toBe(before);
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
