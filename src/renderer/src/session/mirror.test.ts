import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../../shared/session/new-session';
import type { SessionSnapshot } from '../../../shared/session/schema';
import type { Bridge, ConnectionStatus } from '../bridge';
import { SessionMirror } from './mirror';

function snap(id: string, rev: number, text?: string): SessionSnapshot {
  const state = newSessionState(id, 1);
  return { rev, state: { ...state, messages: text ? [{ id: 'm', role: 'person', text, at: 2 }] : [] } };
}

function fakeBridge(initial: SessionSnapshot) {
  let push: (payload: SessionSnapshot) => void = () => {};
  let statusListener: (status: ConnectionStatus) => void = () => {};
  let gets = 0;
  let answer = initial;
  const bridge = {
    status: 'connected',
    invoke: async () => {
      gets++;
      return answer;
    },
    on: (_channel: string, listener: (payload: SessionSnapshot) => void) => {
      push = listener;
      return () => {};
    },
    onStatus: (listener: (status: ConnectionStatus) => void) => {
      statusListener = listener;
      return () => {};
    },
  } as unknown as Bridge;
  return {
    bridge,
    push: (payload: SessionSnapshot) => push(payload),
    reconnect: (next: SessionSnapshot) => {
      answer = next;
      statusListener('connected');
    },
    gets: () => gets,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session mirror', () => {
  it('loads once, then follows pushes without asking again', async () => {
    const fake = fakeBridge(snap('s', 0));
    const mirror = new SessionMirror(fake.bridge);
    await settle();
    expect(mirror.current?.rev).toBe(0);
    fake.push(snap('s', 1, 'hello'));
    fake.push(snap('s', 2, 'again'));
    expect(mirror.current?.state.messages[0]?.text).toBe('again');
    expect(fake.gets()).toBe(1);
  });

  it('ignores a stale or repeated revision', async () => {
    const fake = fakeBridge(snap('s', 5, 'newest'));
    const mirror = new SessionMirror(fake.bridge);
    await settle();
    fake.push(snap('s', 4, 'older'));
    fake.push(snap('s', 5, 'same rev'));
    expect(mirror.current?.state.messages[0]?.text).toBe('newest');
  });

  it('takes a different session even at a lower revision (main restarted)', async () => {
    const fake = fakeBridge(snap('s', 9));
    const mirror = new SessionMirror(fake.bridge);
    await settle();
    fake.reconnect(snap('t', 0));
    await settle();
    expect(mirror.current?.state.id).toBe('t');
    expect(fake.gets()).toBe(2);
  });

  it('notifies subscribers on every accepted change', async () => {
    const fake = fakeBridge(snap('s', 0));
    const mirror = new SessionMirror(fake.bridge);
    let notified = 0;
    mirror.subscribe(() => notified++);
    await settle();
    fake.push(snap('s', 1));
    fake.push(snap('s', 1));
    expect(notified).toBe(2);
  });
});
