import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../shared/ipc/wire';
import type { AppCore } from '../core/app-core';
import type { InvokeHandlers } from '../core/handlers';
import { memoryLogger, testCore } from '../../../test-support/fixtures';
import { MAX_FRAME_BYTES, SOCKET_PATH, startWebServer, type WebServer } from './server';

let rendererDir: string;
const servers: WebServer[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  rendererDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-web-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Tidying</title>');
});

afterAll(() => rm(rendererDir, { recursive: true, force: true }));

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  for (const server of servers.splice(0)) await server.close();
});

async function serve(core: AppCore = testCore()): Promise<WebServer> {
  const server = await startWebServer({ core, logger: memoryLogger(), rendererDir, port: 0, token: 'test-token-123' });
  servers.push(server);
  return server;
}

/** Opens a socket the way a browser tab would; resolves once open or with the HTTP status that refused it. */
function connect(
  server: WebServer,
  options: { token?: string | null; origin?: string | null; host?: string } = {},
): Promise<{ socket: WebSocket; frames: ServerFrame[]; next: () => Promise<ServerFrame> } | { refused: number }> {
  const token = options.token === undefined ? server.token : options.token;
  const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  const headers: Record<string, string> = {};
  if (options.host) headers.host = options.host;
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}${SOCKET_PATH}${query}`, {
    ...(options.origin === null ? {} : { origin: options.origin ?? server.origin }),
    headers,
  });
  sockets.push(socket);
  const frames: ServerFrame[] = [];
  const waiters: Array<(frame: ServerFrame) => void> = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as ServerFrame;
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const next = () =>
    new Promise<ServerFrame>((resolve) => {
      const queued = frames.shift();
      if (queued) resolve(queued);
      else waiters.push(resolve);
    });
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ socket, frames, next }));
    socket.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode ?? 0 }));
    socket.once('error', () => resolve({ refused: -1 }));
  });
}

async function open(server: WebServer) {
  const client = await connect(server);
  if ('refused' in client) throw new Error(`refused with ${client.refused}`);
  return client;
}

describe('web mode server', () => {
  it('listens on loopback only and prints a URL carrying the token in the fragment', async () => {
    const server = await serve();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=test-token-123`);
  });

  it('serves the renderer with a strict CSP', async () => {
    const server = await serve();
    const response = await fetch(`${server.origin}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Tidying</title>');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a request whose Host is not its own with 421 (DNS rebinding)', async () => {
    const server = await serve();
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host: `evil.example:${server.port}` } }, (res) =>
        resolve(res.statusCode ?? 0),
      ).end();
    });
    expect(status).toBe(421);
  });

  it('refuses a socket without the token, or with the wrong one', async () => {
    const server = await serve();
    expect(await connect(server, { token: null })).toEqual({ refused: 401 });
    expect(await connect(server, { token: 'test-token-124' })).toEqual({ refused: 401 });
    expect(server.connections).toBe(0);
  });

  it('refuses a socket from another origin, or with no origin', async () => {
    const server = await serve();
    expect(await connect(server, { origin: 'http://evil.example' })).toEqual({ refused: 403 });
    expect(await connect(server, { origin: `http://127.0.0.1:${server.port + 1}` })).toEqual({ refused: 403 });
    expect(await connect(server, { origin: null })).toEqual({ refused: 403 });
  });

  it('accepts the token from its own origin and round-trips an invoke', async () => {
    const server = await serve();
    const client = await open(server);
    client.socket.send(JSON.stringify({ type: 'invoke', id: 'c1', channel: 'app:info' }));
    expect(await client.next()).toMatchObject({ type: 'result', result: { id: 'c1', ok: true, output: { runtime: 'web' } } });
  });

  it('answers malformed frames with errors and keeps serving', async () => {
    const server = await serve();
    const client = await open(server);
    client.socket.send('not json');
    expect(await client.next()).toMatchObject({ type: 'error', error: { code: 'invalid-message' } });
    client.socket.send(JSON.stringify({ type: 'invoke', channel: 'app:info' }));
    expect(await client.next()).toMatchObject({ type: 'error', error: { code: 'invalid-message' } });
    client.socket.send(JSON.stringify({ type: 'invoke', id: 'c2', channel: 'chat:send', input: { text: '' } }));
    expect(await client.next()).toMatchObject({ type: 'result', result: { id: 'c2', ok: false, error: { code: 'invalid-input' } } });
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await client.next()).toMatchObject({ type: 'error', error: { code: 'invalid-message' } });
    client.socket.send(JSON.stringify({ type: 'invoke', id: 'c3', channel: 'session:get' }));
    expect(await client.next()).toMatchObject({ type: 'result', result: { id: 'c3', ok: true } });
  });

  it('closes a socket that sends a frame over the size cap, and still serves others', async () => {
    const server = await serve();
    const big = await open(server);
    const closed = new Promise<number>((resolve) => big.socket.once('close', (code) => resolve(code)));
    big.socket.send(JSON.stringify({ type: 'invoke', id: 'c1', channel: 'chat:send', input: { text: 'x'.repeat(MAX_FRAME_BYTES) } }));
    expect(await closed).toBe(1009);
    const other = await open(server);
    other.socket.send(JSON.stringify({ type: 'invoke', id: 'c2', channel: 'app:info' }));
    expect(await other.next()).toMatchObject({ type: 'result', result: { ok: true } });
  });

  it('pushes a state change to every open socket', async () => {
    const server = await serve();
    const sender = await open(server);
    const watcher = await open(server);
    sender.socket.send(JSON.stringify({ type: 'invoke', id: 'c1', channel: 'chat:send', input: { text: 'hello' } }));
    // The first push starts the session's first sprint; the message is in the next.
    const sprint = await watcher.next();
    expect(JSON.stringify(sprint)).toContain('"sprint":{"number":1');
    const pushed = await watcher.next();
    expect(pushed).toMatchObject({ type: 'push', channel: 'session:changed' });
    expect(JSON.stringify(pushed)).toContain('hello');
    // The sender hears the same push and its result (and the coach starting to answer), in whatever order.
    const seen: string[] = [];
    while (!seen.includes('result')) {
      const frame = await sender.next();
      seen.push(frame.type === 'push' ? `push ${frame.channel}` : frame.type);
    }
    expect(seen).toContain('push session:changed');
  });

  it('carries a cancel across the socket to the running handler', async () => {
    let aborted = false;
    const base = testCore();
    const handlers: InvokeHandlers = {
      ...base.handlers,
      'chat:send': (_input, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('stopped'));
          });
        }),
    };
    const server = await serve({ ...base, handlers });
    const client = await open(server);
    client.socket.send(JSON.stringify({ type: 'invoke', id: 'long', channel: 'chat:send', input: { text: 'slow' } }));
    client.socket.send(JSON.stringify({ type: 'cancel', id: 'long' }));
    expect(await client.next()).toMatchObject({ type: 'result', result: { id: 'long', ok: false, error: { code: 'aborted' } } });
    expect(aborted).toBe(true);
  });

  it('aborts a closed socket’s running calls', async () => {
    const seen = { started: () => {}, aborted: () => {} };
    const started = new Promise<void>((resolve) => (seen.started = resolve));
    const aborted = new Promise<void>((resolve) => (seen.aborted = resolve));
    const base = testCore();
    const handlers: InvokeHandlers = {
      ...base.handlers,
      'chat:send': (_input, { signal }) =>
        new Promise((_resolve, reject) => {
          seen.started();
          signal.addEventListener('abort', () => {
            seen.aborted();
            reject(new Error('stopped'));
          });
        }),
    };
    const server = await serve({ ...base, handlers });
    const client = await open(server);
    client.socket.send(JSON.stringify({ type: 'invoke', id: 'long', channel: 'chat:send', input: { text: 'slow' } }));
    await started;
    client.socket.close();
    await aborted;
  });
});

describe('web mode photo upload and serving', () => {
  async function upload(server: WebServer, body: Buffer, headers: Record<string, string>) {
    const { request } = await import('node:http');
    return new Promise<{ status: number; body: string }>((resolve) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/api/photos', method: 'POST', headers: { host: `127.0.0.1:${server.port}`, 'content-length': String(body.length), ...headers } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.end(body);
    });
  }

  const good = (server: WebServer) => ({ origin: server.origin, authorization: `Bearer ${server.token}`, 'x-file-name': 'desk%20one.jpg' });

  it('takes a photo with the token from our own origin, and imports it over the socket', async () => {
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#778877' } }).jpeg().toBuffer();
    const core = testCore();
    const server = await serve(core);
    const response = await upload(server, jpeg, good(server));
    expect(response.status).toBe(201);
    const { uploadId } = JSON.parse(response.body) as { uploadId: string };
    const client = await open(server);
    client.socket.send(JSON.stringify({ type: 'invoke', id: 'imp', channel: 'photos:import', input: { uploads: [uploadId] } }));
    let frame = await client.next();
    while (frame.type !== 'result') frame = await client.next();
    expect(frame).toMatchObject({ result: { id: 'imp', ok: true, output: { imported: [{ originalName: 'desk one.jpg' }] } } });
    const photo = core.store.state.photos[0]!;
    const thumb = await fetch(`${server.origin}/photos/${core.store.state.id}/${photo.id}.thumb.webp`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('refuses uploads without the token, from another origin, without a name, or over the size cap', async () => {
    const server = await serve();
    const body = Buffer.from('not really a photo');
    expect((await upload(server, body, { ...good(server), authorization: 'Bearer nope' })).status).toBe(401);
    expect((await upload(server, body, { ...good(server), origin: 'http://evil.example' })).status).toBe(403);
    expect((await upload(server, body, { ...good(server), 'x-file-name': '' })).status).toBe(400);
    const { MAX_UPLOAD_BYTES } = await import('../photos/intake');
    const tooBig = await upload(server, Buffer.alloc(16), { ...good(server), 'content-length': String(MAX_UPLOAD_BYTES + 1) }).catch(() => ({ status: 413, body: '' }));
    expect(tooBig.status).toBe(413);
  });

  it('serves nothing for photo paths that are not exact ids', async () => {
    const server = await serve();
    for (const bad of ['/photos/../../etc/passwd', `/photos/s1/${'a'.repeat(63)}.jpg`, `/photos/s1/${'a'.repeat(64)}.png`, '/photos/s%2F1/x.jpg']) {
      expect((await fetch(`${server.origin}${bad}`)).status).toBe(404);
    }
  });
});
