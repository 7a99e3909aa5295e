import { describe, expect, it } from 'vitest';
import { memoryLogger, testCore } from '../../../test-support/fixtures';
import { IpcConnection } from './connection';
import type { InvokeHandlers } from '../core/handlers';

/** A chat:send handler that runs until its signal aborts, and records that it saw the abort. */
function waitingHandlers() {
  const seen = { aborted: 0, started: 0 };
  const handlers: InvokeHandlers = {
    ...testCore().handlers,
    'chat:send': ({ text }, { signal }) =>
      new Promise((resolve, reject) => {
        seen.started++;
        if (text === 'quick') return resolve({ messageId: 'q' });
        signal.addEventListener('abort', () => {
          seen.aborted++;
          reject(new Error('stopped'));
        });
      }),
  };
  return { handlers, seen };
}

describe('IpcConnection', () => {
  it('aborts the handler of a cancelled call and answers "aborted"', async () => {
    const { handlers, seen } = waitingHandlers();
    const connection = new IpcConnection(handlers, memoryLogger());
    const pending = connection.invoke({ id: 'c1', channel: 'chat:send', input: { text: 'long' } });
    await Promise.resolve();
    connection.cancel('c1');
    expect(await pending).toMatchObject({ id: 'c1', ok: false, error: { code: 'aborted' } });
    expect(seen.aborted).toBe(1);
  });

  it('aborts everything still running when it closes, and refuses calls afterwards', async () => {
    const { handlers, seen } = waitingHandlers();
    const connection = new IpcConnection(handlers, memoryLogger());
    const first = connection.invoke({ id: 'a', channel: 'chat:send', input: { text: 'one' } });
    const second = connection.invoke({ id: 'b', channel: 'chat:send', input: { text: 'two' } });
    await Promise.resolve();
    connection.close();
    expect((await first).ok).toBe(false);
    expect((await second).ok).toBe(false);
    expect(seen.aborted).toBe(2);
    expect(await connection.invoke({ id: 'c', channel: 'app:info' })).toMatchObject({ ok: false, error: { code: 'disconnected' } });
  });

  it('refuses a second call with an id that is still running', async () => {
    const { handlers } = waitingHandlers();
    const connection = new IpcConnection(handlers, memoryLogger());
    void connection.invoke({ id: 'dup', channel: 'chat:send', input: { text: 'long' } });
    expect(await connection.invoke({ id: 'dup', channel: 'chat:send', input: { text: 'quick' } })).toMatchObject({
      id: 'dup',
      ok: false,
      error: { code: 'invalid-message' },
    });
    connection.close();
  });

  it('lets an id be reused once its call has finished', async () => {
    const { handlers } = waitingHandlers();
    const connection = new IpcConnection(handlers, memoryLogger());
    expect((await connection.invoke({ id: 'x', channel: 'chat:send', input: { text: 'quick' } })).ok).toBe(true);
    expect((await connection.invoke({ id: 'x', channel: 'chat:send', input: { text: 'quick' } })).ok).toBe(true);
  });

  it('does not let one cancel reach another call', async () => {
    const { handlers, seen } = waitingHandlers();
    const connection = new IpcConnection(handlers, memoryLogger());
    const keep = connection.invoke({ id: 'keep', channel: 'chat:send', input: { text: 'long' } });
    connection.cancel('other');
    await Promise.resolve();
    expect(seen.aborted).toBe(0);
    connection.close();
    await keep;
  });
});
