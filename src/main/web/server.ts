import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ClientFrameSchema, type ServerFrame } from '../../shared/ipc/wire';
import { issuesOf } from '../../shared/ipc/errors';
import type { AppCore } from '../core/app-core';
import { IpcConnection } from '../ipc/connection';
import type { Logger } from '../log/logger';
import { allowedHosts, allowedOrigins, contentSecurityPolicy, tokensEqual } from './security';
import { MAX_UPLOAD_BYTES } from '../photos/intake';
import { readStaticFile } from './static-files';
import { readFile } from 'node:fs/promises';

/** Largest socket frame accepted from a browser. Requests are small; photos will travel over HTTP. */
export const MAX_FRAME_BYTES = 1024 * 1024;
export const SOCKET_PATH = '/ipc';
export const UPLOAD_PATH = '/api/photos';

export interface WebServerOptions {
  core: AppCore;
  logger: Logger;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 picks any free port. */
  port?: number;
  /** Fixed token for tests; a fresh random one per run otherwise. */
  token?: string;
}

export interface WebServer {
  /** Open this in a browser: it carries the token in the fragment, which the browser never sends to a server. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  readonly connections: number;
  close(): Promise<void>;
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Web mode: the same core as the desktop window, served to a browser on 127.0.0.1 only. The socket requires the
 * per-run token and this server's own Origin and Host, and caps frame size.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { core, logger } = options;
  const token = options.token ?? randomBytes(24).toString('base64url');
  let hosts = new Set<string>();
  let origins = new Set<string>();
  let csp = '';

  const server = http.createServer((req, res) => {
    void (async () => {
      if (!req.headers.host || !hosts.has(req.headers.host)) {
        res.writeHead(421, { 'Content-Type': 'text/plain' }).end('Misdirected request');
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === UPLOAD_PATH) {
        await receiveUpload(req, res);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      if (url.pathname.startsWith('/photos/')) {
        await servePhoto(url.pathname, req.method === 'HEAD', res);
        return;
      }
      const file = await readStaticFile(options.rendererDir, url.pathname);
      if (!file) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      res.writeHead(200, {
        'Content-Type': file.contentType,
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Resource-Policy': 'same-origin',
        'Cache-Control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : file.body);
    })().catch((error: unknown) => {
      logger.error('Serving a web-mode request failed', { error });
      if (!res.headersSent) res.writeHead(500).end();
    });
  });

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));

  /**
   * One photo's bytes from the page: the same token as the socket (as a bearer header, which other sites cannot
   * set on a cross-origin request without a preflight this server never grants) and our own Origin.
   */
  const receiveUpload = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST' }).end();
    if (!req.headers.origin || !origins.has(req.headers.origin)) return json(res, 403, { error: 'Forbidden origin.' });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!tokensEqual(token, bearer)) return json(res, 401, { error: 'Missing or wrong token.' });
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (!Number.isFinite(declared)) return json(res, 411, { error: 'Content-Length is required.' });
    if (declared > MAX_UPLOAD_BYTES) return json(res, 413, { error: `A photo may be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB.` });
    let name: string;
    try {
      name = decodeURIComponent(String(req.headers['x-file-name'] ?? '')).trim();
    } catch {
      name = '';
    }
    if (!name || name.length > 255) return json(res, 400, { error: 'X-File-Name must carry the file name.' });
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > declared) return json(res, 400, { error: 'The body is longer than its Content-Length.' });
      chunks.push(chunk);
    }
    try {
      json(res, 201, { uploadId: core.stageUpload(name, Buffer.concat(chunks)) });
    } catch (error) {
      json(res, 507, { error: (error as Error).message });
    }
  };

  /** Thumbnails and model copies for the GUI: only exact session and photo ids resolve, and only for this origin. */
  const servePhoto = async (pathname: string, head: boolean, res: http.ServerResponse) => {
    const file = core.photoFile(pathname);
    let body: Buffer | undefined;
    try {
      body = file ? await readFile(file) : undefined;
    } catch {
      body = undefined;
    }
    if (!body) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    res.writeHead(200, {
      'Content-Type': pathname.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
    res.end(head ? undefined : body);
  };

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const clients = new Set<WebSocket>();

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!req.headers.host || !hosts.has(req.headers.host)) return refuseUpgrade(socket, 421, 'Misdirected Request');
    if (!req.headers.origin || !origins.has(req.headers.origin)) {
      logger.warn('Refused a web-mode socket from a foreign origin', { origin: req.headers.origin ?? '(none)' });
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    if (!tokensEqual(token, url.searchParams.get('token'))) return refuseUpgrade(socket, 401, 'Unauthorized');
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
  });

  sockets.on('connection', (ws: WebSocket) => {
    clients.add(ws);
    const connection = new IpcConnection(core.handlers, logger);
    const send = (frame: ServerFrame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    ws.on('message', (data: RawData, isBinary: boolean) => {
      void handleFrame(data, isBinary);
    });
    const handleFrame = async (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        send({ type: 'error', error: { code: 'invalid-message', message: 'Binary frames are not accepted.' } });
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(data.toString());
      } catch {
        send({ type: 'error', error: { code: 'invalid-message', message: 'The frame is not valid JSON.' } });
        return;
      }
      const frame = ClientFrameSchema.safeParse(json);
      if (!frame.success) {
        send({
          type: 'error',
          error: {
            code: 'invalid-message',
            message: 'The frame is not a valid invoke or cancel message.',
            issues: issuesOf(frame.error),
          },
        });
        return;
      }
      if (frame.data.type === 'cancel') {
        connection.cancel(frame.data.id);
        return;
      }
      const { id, channel, input } = frame.data;
      send({ type: 'result', result: await connection.invoke({ id, channel, input }) });
    };
    ws.on('error', (error) => logger.warn('A web-mode socket failed', { error: error.message }));
    ws.on('close', () => {
      clients.delete(ws);
      connection.close();
    });
  });

  const unsubscribe = core.onPush((event) => {
    const frame = JSON.stringify({ type: 'push', channel: event.channel, payload: event.payload } satisfies ServerFrame);
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(frame);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  hosts = allowedHosts(port);
  origins = allowedOrigins(port);
  const origin = `http://127.0.0.1:${port}`;
  csp = contentSecurityPolicy(origin);

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    get connections() {
      return clients.size;
    },
    async close() {
      unsubscribe();
      for (const ws of clients) ws.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
