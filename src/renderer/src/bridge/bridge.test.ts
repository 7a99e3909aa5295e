import { describe, expect, it } from 'vitest';
import type { InvokeRequest, InvokeResult, PushMessage } from '../../../shared/ipc/wire';
import { newSessionState } from '../../../shared/session/new-session';
import { createBridge, type ConnectionStatus, type Transport } from './bridge';

/** A transport whose answers the test controls. */
function fakeTransport() {
  const requests: InvokeRequest[] = [];
  const cancelled: string[] = [];
  const answers = new Map<string, (result: InvokeResult) => void>();
  const pushListeners = new Set<(message: PushMessage) => void>();
  const transport: Transport = {
    request(request) {
      requests.push(request);
      return new Promise((resolve) => answers.set(request.id, resolve));
    },
    cancel: (id) => cancelled.push(id),
    onPush(listener) {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    status: 'connected' as ConnectionStatus,
    onStatus: () => () => {},
  };
  return {
    transport,
    requests,
    cancelled,
    answer: (id: string, result: { ok: true; output: unknown } | { ok: false; error: { code: 'invalid-input' | 'internal'; message: string } }) =>
      answers.get(id)?.({ id, ...result } as InvokeResult),
    push: (message: PushMessage) => pushListeners.forEach((listener) => listener(message)),
  };
}

const snapshot = { rev: 1, state: newSessionState('s', 1) };

describe('the renderer bridge', () => {
  it('resolves with the validated output', async () => {
    const fake = fakeTransport();
    const bridge = createBridge(fake.transport);
    const call = bridge.invoke('chat:send', { text: 'hi' });
    expect(fake.requests).toEqual([{ id: 'c1', channel: 'chat:send', input: { text: 'hi' } }]);
    fake.answer('c1', { ok: true, output: { messageId: 'm1' } });
    expect(await call).toEqual({ messageId: 'm1' });
  });

  it('rejects with the typed error main sent', async () => {
    const fake = fakeTransport();
    const call = createBridge(fake.transport).invoke('chat:send', { text: 'hi' });
    fake.answer('c1', { ok: false, error: { code: 'invalid-input', message: 'Too long.' } });
    await expect(call).rejects.toMatchObject({ name: 'IpcError', code: 'invalid-input', message: 'Too long.' });
  });

  it('refuses an answer that breaks the contract', async () => {
    const fake = fakeTransport();
    const call = createBridge(fake.transport).invoke('session:get');
    fake.answer('c1', { ok: true, output: { rev: 'one' } });
    await expect(call).rejects.toMatchObject({ code: 'internal' });
  });

  it('cancels across the transport when the signal aborts, and rejects at once', async () => {
    const fake = fakeTransport();
    const controller = new AbortController();
    const call = createBridge(fake.transport).invoke('chat:send', { text: 'hi' }, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'aborted' });
    expect(fake.cancelled).toEqual(['c1']);
  });

  it('does not send a call whose signal is already aborted', async () => {
    const fake = fakeTransport();
    await expect(
      createBridge(fake.transport).invoke('app:info', undefined, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'aborted' });
    expect(fake.requests).toEqual([]);
  });

  it('delivers pushes for the subscribed channel only, drops invalid ones, and stops after unsubscribe', () => {
    const fake = fakeTransport();
    const bridge = createBridge(fake.transport);
    const received: unknown[] = [];
    const unsubscribe = bridge.on('session:changed', (payload) => received.push(payload.rev));
    fake.push({ channel: 'session:changed', payload: snapshot });
    fake.push({ channel: 'session:changed', payload: { rev: 2 } });
    fake.push({ channel: 'something:else', payload: snapshot });
    unsubscribe();
    fake.push({ channel: 'session:changed', payload: { ...snapshot, rev: 3 } });
    expect(received).toEqual([1]);
  });
});
