import { describe, expect, it } from 'vitest';
import { IpcError } from '../../shared/ipc/errors';
import { memoryLogger, testCore } from '../../../test-support/fixtures';
import type { InvokeHandlers } from '../core/handlers';
import { dispatchInvoke } from './dispatch';

const live = () => new AbortController().signal;

function handlersWith(overrides: Partial<InvokeHandlers>): InvokeHandlers {
  return { ...testCore().handlers, ...overrides };
}

describe('dispatchInvoke', () => {
  it('answers a valid request with the handler output', async () => {
    const result = await dispatchInvoke(testCore().handlers, { id: 'c1', channel: 'app:info' }, live(), memoryLogger());
    expect(result).toMatchObject({ id: 'c1', ok: true, output: { name: 'Tidying', runtime: 'web' } });
  });

  it('refuses a message that is not a request, keeping its id when it has one', async () => {
    const logger = memoryLogger();
    expect(await dispatchInvoke(testCore().handlers, 'hello', live(), logger)).toMatchObject({
      id: '(none)',
      ok: false,
      error: { code: 'invalid-message' },
    });
    expect(await dispatchInvoke(testCore().handlers, { id: 'c9', channel: 7 }, live(), logger)).toMatchObject({
      id: 'c9',
      ok: false,
      error: { code: 'invalid-message' },
    });
  });

  it('names an unknown channel', async () => {
    const result = await dispatchInvoke(testCore().handlers, { id: 'c1', channel: 'fs:readAll' }, live(), memoryLogger());
    expect(result).toEqual({
      id: 'c1',
      ok: false,
      error: { code: 'unknown-channel', message: 'There is no channel named "fs:readAll".' },
    });
  });

  it('reports a channel of the contract that main does not serve, whatever the input, without saying more', async () => {
    const logger = memoryLogger();
    const handlers: Partial<InvokeHandlers> = { ...testCore().handlers };
    delete handlers['photos:pick'];
    for (const input of [undefined, { notInTheContract: true }]) {
      expect(await dispatchInvoke(handlers as InvokeHandlers, { id: 'c1', channel: 'photos:pick', input }, live(), logger)).toEqual({
        id: 'c1',
        ok: false,
        error: { code: 'internal', message: 'Tidying could not complete "photos:pick". The details are in the log.' },
      });
    }
    expect(logger.lines.join('\n')).toContain('No handler for "photos:pick"');
  });

  it('says which field of the input is wrong and never runs the handler', async () => {
    let ran = false;
    const handlers = handlersWith({
      'chat:send': () => {
        ran = true;
        return { messageId: 'x' };
      },
    });
    const result = await dispatchInvoke(handlers, { id: 'c1', channel: 'chat:send', input: { text: 5 } }, live(), memoryLogger());
    expect(ran).toBe(false);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid-input');
    expect(result.error.issues?.[0]?.path).toBe('text');
  });

  it('says the first reason in the contract’s own words, so a person reads why (a message too long to send)', async () => {
    const handlers = handlersWith({ 'chat:send': () => ({ messageId: 'x' }) });
    const result = await dispatchInvoke(handlers, { id: 'c1', channel: 'chat:send', input: { text: 'x'.repeat(10_000) } }, live(), memoryLogger());
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: 'The input for "chat:send" is not valid: A message can be at most 4,000 characters.' },
    });
  });

  it('refuses a point whose box leaves the photo, naming the edge and the field, before any handler runs', async () => {
    let ran = false;
    const handlers = handlersWith({
      'point:send': () => {
        ran = true;
        return { messageId: 'x' };
      },
    });
    const input = { point: { photoId: 'p1', box: { x: 0.8, y: 0.1, width: 0.3, height: 0.2 } } };
    const result = await dispatchInvoke(handlers, { id: 'c1', channel: 'point:send', input }, live(), memoryLogger());
    expect(ran).toBe(false);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: 'The input for "point:send" is not valid: The box reaches past the right edge of the photo (x + width is more than 1).' },
    });
    if (!result.ok) expect(result.error.issues?.[0]?.path).toBe('point.box.width');
  });

  it('turns a handler crash into an internal error, logging the details but not sending them', async () => {
    const logger = memoryLogger();
    const handlers = handlersWith({
      'session:get': () => {
        throw new Error('disk on fire at /home/alex/secret');
      },
    });
    const result = await dispatchInvoke(handlers, { id: 'c1', channel: 'session:get' }, live(), logger);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('disk on fire');
    expect(logger.lines.join('\n')).toContain('disk on fire');
  });

  it('passes a typed IpcError from a handler through unchanged', async () => {
    const handlers = handlersWith({
      'session:get': () => {
        throw new IpcError({ code: 'invalid-input', message: 'No session is open.' });
      },
    });
    const result = await dispatchInvoke(handlers, { id: 'c1', channel: 'session:get' }, live(), memoryLogger());
    expect(result).toEqual({ id: 'c1', ok: false, error: { code: 'invalid-input', message: 'No session is open.' } });
  });

  it('refuses output that breaks the contract instead of sending it on', async () => {
    const logger = memoryLogger();
    const handlers = handlersWith({ 'chat:send': () => ({ messageId: 42 }) as never });
    const result = await dispatchInvoke(handlers, { id: 'c1', channel: 'chat:send', input: { text: 'hi' } }, live(), logger);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(logger.lines.join('\n')).toContain('breaks the contract');
  });

  it('reports a cancelled call as aborted, even when the handler resolves afterwards', async () => {
    const controller = new AbortController();
    const handlers = handlersWith({
      'chat:send': async () => {
        controller.abort();
        return { messageId: 'late' };
      },
    });
    const result = await dispatchInvoke(handlers, { id: 'c1', channel: 'chat:send', input: { text: 'hi' } }, controller.signal, memoryLogger());
    expect(result).toMatchObject({ ok: false, error: { code: 'aborted' } });
  });
});
