/**
 * Photos straight from a phone: while the window's "Add from phone" panel is open, a second HTTP server listens on
 * this computer's private network address, under a fresh one-time path, and takes photos from a small upload page,
 * handing each to the same import as a drop. Its threat model and each claim's test: docs/security.md, Photos from a
 * phone.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { generate } from 'lean-qr';
import { PHONE_LINK_MINUTES, type Phone, type PhoneLink } from '../../shared/phone/schema';
import { systemTimers, type Timers } from '../effects';
import type { Logger } from '../log/logger';
import { urlHost } from './address';
import { PAGE_CSS, PAGE_HTML, PAGE_JS } from './page';

/** What became of one photo the phone sent: it joined the session, was already there, or was not a photo we read. */
export type Received = { outcome: 'imported' } | { outcome: 'duplicate' } | { outcome: 'skipped'; message: string };

export interface PhoneLimits {
  /** Bytes one photo may have (a phone's largest photos, ProRAW, are about 75 MB). */
  readonly maxPhotoBytes: number;
  /** Photos one opening takes, whatever they turn out to be. */
  readonly maxPhotos: number;
  /** Bytes one opening takes in all. */
  readonly maxBytes: number;
  /** Phones one opening serves. */
  readonly maxPhones: number;
  /** Requests an address may make in a burst, then one a second (`refillMs`). */
  readonly burst: number;
  readonly refillMs: number;
  /** How long the link stays open at most. */
  readonly openMs: number;
  /** How long a connection may take to send a request's headers (a slow one holds a connection, not the link). */
  readonly headersMs: number;
}

export const PHONE_LIMITS: PhoneLimits = {
  maxPhotoBytes: 100 * 1024 * 1024,
  maxPhotos: 500,
  maxBytes: 4 * 1024 * 1024 * 1024,
  maxPhones: 8,
  burst: 30,
  refillMs: 1000,
  openMs: PHONE_LINK_MINUTES * 60_000,
  headersMs: 10_000,
};

export interface PhoneLinkDeps {
  /** This computer's private network address (address.ts), or undefined when it has none; tests give 127.0.0.1. */
  readonly address: () => string | undefined;
  /** Imports one photo into the session in use, as a drop would. */
  readonly receive: (photo: { name: string; bytes: Uint8Array }) => Promise<Received>;
  /** Every change of what the window shows. */
  readonly onChange: (link: PhoneLink) => void;
  readonly logger: Logger;
  readonly now: () => number;
  /** The app's timers, on the same clock as `now` (the link closes by itself after `openMs`). */
  readonly timers?: Timers;
  readonly limits?: Partial<PhoneLimits>;
  /** The port to listen on (default 0: any free one). */
  readonly port?: number;
}

/** Letters and digits that cannot be mistaken for each other when typed from the window (no 0/O, 1/l/I). */
const TOKEN_ALPHABET = '23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
/** 12 of them: about 70 bits, against at most one guess a second from each address for 15 minutes. */
const TOKEN_LENGTH = 12;
const COOKIE = 'tidying-phone';

const SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
/** The page may load its own script and style and send photos back to where it came from; nothing else. */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ASSETS: Record<string, { type: string; body: string }> = {
  '': { type: 'text/html; charset=utf-8', body: PAGE_HTML },
  'page.js': { type: 'text/javascript; charset=utf-8', body: PAGE_JS },
  'page.css': { type: 'text/css; charset=utf-8', body: PAGE_CSS },
};

/** What kind of phone sent the request, in its browser's own words. */
export function phoneName(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  if (/iPhone/.test(agent)) return 'iPhone';
  if (/iPad/.test(agent)) return 'iPad';
  if (/Android/.test(agent)) return /Mobile/.test(agent) ? 'Android phone' : 'Android tablet';
  return 'Phone';
}

/** The QR code of `text`, row by row, `1` for a dark module. */
export function qrRows(text: string): string[] {
  const code = generate(text);
  return Array.from({ length: code.size }, (_, y) => Array.from({ length: code.size }, (_, x) => (code.get(x, y) ? '1' : '0')).join(''));
}

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Visitor {
  readonly phone: Phone;
  readonly address: string;
}

interface Opening {
  readonly server: http.Server;
  readonly token: string;
  readonly origin: string;
  readonly url: string;
  readonly qr: string[];
  readonly closesAt: number;
  readonly timer: unknown;
  readonly visitors: Map<string, Visitor>;
  /** Addresses whose phone the window ended: refused for the rest of this opening. */
  readonly ended: Set<string>;
  readonly buckets: Map<string, { tokens: number; at: number }>;
  readonly sockets: Set<Socket>;
  photos: number;
  bytes: number;
}

export class PhoneListener {
  readonly #deps: PhoneLinkDeps;
  readonly #limits: PhoneLimits;
  readonly #timers: Timers;
  #opening: Opening | undefined;
  /**
   * Opens and closes run one after another: listening is asynchronous, and two opens at once (two windows) would
   * otherwise start two listeners, or a close that came while an open was still starting would find nothing to close
   * and leave it listening.
   */
  #queue: Promise<unknown> = Promise.resolve();
  #link: PhoneLink = { status: 'closed' };

  constructor(deps: PhoneLinkDeps) {
    this.#deps = deps;
    this.#limits = { ...PHONE_LIMITS, ...deps.limits };
    this.#timers = deps.timers ?? systemTimers;
  }

  get state(): PhoneLink {
    return this.#link;
  }

  /** Starts listening, with a fresh token, unless it listens already (another look at the same panel). */
  open(): Promise<PhoneLink> {
    return this.#inTurn(() => this.#open());
  }

  /** Stops listening and drops every connection: the page's address leads nowhere from now on. */
  close(): Promise<PhoneLink> {
    return this.#inTurn(() => this.#close());
  }

  #inTurn(operation: () => Promise<PhoneLink>): Promise<PhoneLink> {
    const result = this.#queue.then(operation);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  async #open(): Promise<PhoneLink> {
    if (this.#opening) return this.#link;
    const address = this.#deps.address();
    if (!address) return this.#set({ status: 'noNetwork' });
    const token = Array.from({ length: TOKEN_LENGTH }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('');
    // Slow or idle connections do not hold the listener: a phone sends a photo in one go. Node looks for connections
    // past their time every `connectionsCheckingInterval` (30 s by default): once a second here.
    const server = http.createServer({
      headersTimeout: this.#limits.headersMs,
      requestTimeout: 120_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: Math.min(1000, this.#limits.headersMs),
    });
    server.maxConnections = 4 * this.#limits.maxPhones;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.#deps.port ?? 0, address, () => {
          server.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      this.#deps.logger.warn('The phone link could not listen', { error: (error as Error).message });
      return this.#set({ status: 'failed', message: 'Tidying could not open a connection for your phone on this computer. Try again in a moment.' });
    }
    const origin = `http://${urlHost(address, (server.address() as AddressInfo).port)}`;
    const url = `${origin}/${token}/`;
    const closesAt = this.#deps.now() + this.#limits.openMs;
    const timer = this.#timers.set(() => void this.close(), this.#limits.openMs);
    const opening: Opening = {
      server,
      token,
      origin,
      url,
      qr: qrRows(url),
      closesAt,
      timer,
      visitors: new Map(),
      ended: new Set(),
      buckets: new Map(),
      sockets: new Set(),
      photos: 0,
      bytes: 0,
    };
    server.on('connection', (socket: Socket) => {
      opening.sockets.add(socket);
      socket.once('close', () => opening.sockets.delete(socket));
    });
    server.on('request', (req, res) => {
      this.#serve(opening, req, res).catch((error: unknown) => {
        // A phone that went away in the middle of a photo (out of the Wi-Fi's reach) is no fault of the app's.
        if (req.destroyed) return this.#deps.logger.warn('A phone went away while sending', { error: (error as Error).message });
        this.#deps.logger.error('Serving the phone failed', { error });
        if (!res.headersSent) res.writeHead(500, SECURITY_HEADERS).end();
      });
    });
    this.#opening = opening;
    this.#deps.logger.info('The phone link is open', { address });
    return this.#publish();
  }

  async #close(): Promise<PhoneLink> {
    const opening = this.#opening;
    this.#opening = undefined;
    if (opening) {
      this.#timers.clear(opening.timer);
      opening.server.closeAllConnections();
      await new Promise<void>((resolve) => opening.server.close(() => resolve()));
      this.#deps.logger.info('The phone link is closed');
    }
    return this.#set({ status: 'closed' });
  }

  /** Ends one phone's connection: what it sends from now on is refused, for the rest of this opening. */
  end(phoneId: string): PhoneLink {
    const visitor = this.#opening?.visitors.get(phoneId);
    if (!this.#opening || !visitor) return this.#link;
    visitor.phone.ended = true;
    this.#opening.ended.add(visitor.address);
    for (const socket of this.#opening.sockets) if (socket.remoteAddress === visitor.address) socket.destroy();
    return this.#publish();
  }

  #set(link: PhoneLink): PhoneLink {
    this.#link = link;
    this.#deps.onChange(link);
    return link;
  }

  #publish(): PhoneLink {
    const opening = this.#opening!;
    return this.#set({
      status: 'open',
      url: opening.url,
      qr: opening.qr,
      closesAt: new Date(opening.closesAt).toISOString(),
      phones: [...opening.visitors.values()].map(({ phone }) => structuredClone(phone)),
    });
  }

  /** One request a second per address, after a burst (`burst`): enough for a page and its photos, not for guessing. */
  #allowed(opening: Opening, address: string): number {
    const now = this.#deps.now();
    const bucket = opening.buckets.get(address) ?? { tokens: this.#limits.burst, at: now };
    bucket.tokens = Math.min(this.#limits.burst, bucket.tokens + (now - bucket.at) / this.#limits.refillMs);
    bucket.at = now;
    opening.buckets.set(address, bucket);
    if (bucket.tokens < 1) return Math.ceil(((1 - bucket.tokens) * this.#limits.refillMs) / 1000);
    bucket.tokens -= 1;
    return 0;
  }

  async #serve(opening: Opening, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const address = req.socket.remoteAddress ?? '';
    const notFound = () => void res.writeHead(404, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    const json = (status: number, body: object, headers: Record<string, string> = {}) =>
      void res.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

    const wait = this.#allowed(opening, address);
    if (wait > 0) return json(429, { error: 'Too many requests: wait a moment.' }, { 'Retry-After': String(wait) });
    if (opening.ended.has(address)) return json(403, { error: 'The window ended this phone’s connection.' });
    // The Host a browser sends is the address it was given: anything else is another name for this computer (DNS
    // rebinding) or a misdirected request.
    if (req.headers.host !== opening.origin.slice('http://'.length)) return notFound();

    // Everything lives under the one-time path; a wrong or missing token is a path like any other that is not here.
    const [, given, rest, ...more] = (req.url ?? '').split('?')[0]!.split('/');
    if (given === undefined || !sameText(opening.token, given) || more.length > 0) return notFound();
    if (rest === undefined) return void res.writeHead(308, { ...SECURITY_HEADERS, Location: `/${opening.token}/` }).end();

    if (rest === 'photos') {
      if (req.method !== 'POST') return void res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'POST' }).end();
      return this.#upload(opening, req, address, json);
    }
    const asset = ASSETS[rest];
    if (!asset) return notFound();
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD' }).end();
    const headers: Record<string, string> = { ...SECURITY_HEADERS, 'Content-Type': asset.type, 'Content-Security-Policy': PAGE_CSP };
    if (rest === '') {
      const visitor = this.#visitor(opening, req, address);
      if (!visitor) return json(403, { error: 'This page already serves as many phones as it can.' });
      headers['Set-Cookie'] = `${COOKIE}=${visitor.phone.id}; Path=/${opening.token}/; HttpOnly; SameSite=Strict`;
    }
    res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : asset.body);
  }

  /** The phone that loaded the page: known by its cookie, or new (up to `maxPhones`). */
  #visitor(opening: Opening, req: http.IncomingMessage, address: string): Visitor | undefined {
    const known = this.#cookieVisitor(opening, req);
    if (known) return known;
    if (opening.visitors.size >= this.#limits.maxPhones) return undefined;
    const base = phoneName(req.headers['user-agent']);
    const same = [...opening.visitors.values()].filter(({ phone }) => phone.name.startsWith(base)).length;
    const phone: Phone = { id: randomBytes(12).toString('base64url'), name: same === 0 ? base : `${base} ${same + 1}`, photos: 0, duplicates: 0, problems: [], ended: false };
    const visitor = { phone, address };
    opening.visitors.set(phone.id, visitor);
    this.#publish();
    return visitor;
  }

  #cookieVisitor(opening: Opening, req: http.IncomingMessage): Visitor | undefined {
    const id = /(?:^|;\s*)tidying-phone=([A-Za-z0-9_-]{1,64})/.exec(req.headers.cookie ?? '')?.[1];
    return id ? opening.visitors.get(id) : undefined;
  }

  async #upload(
    opening: Opening,
    req: http.IncomingMessage,
    address: string,
    json: (status: number, body: object, headers?: Record<string, string>) => void,
  ): Promise<void> {
    const limits = this.#limits;
    // Sent by our page only: its own origin, and the cookie it got with the page.
    if (req.headers.origin !== opening.origin) return json(403, { error: 'Photos are sent from the page the QR code opens.' });
    const visitor = this.#cookieVisitor(opening, req);
    if (!visitor || visitor.address !== address) return json(403, { error: 'Open the page from the QR code on the window again.' });
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (!Number.isInteger(declared)) return json(411, { error: 'The photo’s size (Content-Length) is missing.' });
    if (declared === 0) return json(400, { error: 'The photo is empty (0 bytes).' });
    if (declared > limits.maxPhotoBytes) return json(413, { error: `A photo may be at most ${limits.maxPhotoBytes / (1024 * 1024)} MB.` });
    if (opening.photos >= limits.maxPhotos || opening.bytes + declared > limits.maxBytes) {
      return json(413, { error: 'That is as many photos as one connection takes. Close and open "Add from phone" again on the window.' });
    }
    let name: string;
    try {
      name = decodeURIComponent(String(req.headers['x-file-name'] ?? ''));
    } catch {
      name = '';
    }
    name = name.split(/[\\/]/).pop()?.trim() ?? '';
    if (!name || name.length > 255) return json(400, { error: 'The photo’s name (X-File-Name) is missing or too long.' });

    const chunks: Buffer[] = [];
    let received = 0;
    // Node's parser reads no more than Content-Length: what follows would be another request.
    for await (const chunk of req as AsyncIterable<Buffer>) {
      received += chunk.length;
      chunks.push(chunk);
    }
    if (received < declared) return json(400, { error: 'The photo arrived incomplete: nothing was kept.' });
    opening.photos += 1;
    opening.bytes += received;

    const result = await this.#deps.receive({ name, bytes: Buffer.concat(chunks) });
    if (result.outcome === 'imported') visitor.phone.photos += 1;
    else if (result.outcome === 'duplicate') visitor.phone.duplicates += 1;
    else visitor.phone.problems = [...visitor.phone.problems, { file: name, message: result.message }].slice(-20);
    if (this.#opening === opening) this.#publish();
    json(result.outcome === 'skipped' ? 422 : result.outcome === 'imported' ? 201 : 200, result);
  }
}
