/**
 * The phone link's security claims (docs/security.md, Photos from a phone), each tested on loopback: the listener's
 * address is injected (127.0.0.1), and a second phone is told apart by its own loopback address (127.0.0.2).
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneLinkSchema, type PhoneLink } from '../../shared/phone/schema';
import { manualTime, type ManualTime } from '../effects';
import { memoryLogger } from '../../../test-support/fixtures';
import { PHONE_LIMITS, phoneName, PhoneListener, qrRows, type PhoneLimits, type Received } from './link';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const PIXEL = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request as a phone's browser would make it, from `from` (a loopback address of its own). */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer; from?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from ?? '127.0.0.1', agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

interface Harness {
  listener: PhoneListener;
  received: string[];
  pushes: PhoneLink[];
  logger: ReturnType<typeof memoryLogger>;
  /** The app's clock: it moves only when the test moves it. */
  time: ManualTime;
}

const START = Date.parse('2026-01-01T09:00:00.000Z');

const open: PhoneListener[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((listener) => listener.close()));
});

function harness(limits: Partial<PhoneLimits> = {}, outcome: (name: string) => Received = () => ({ outcome: 'imported' })): Harness {
  const received: string[] = [];
  const pushes: PhoneLink[] = [];
  const logger = memoryLogger();
  const time = manualTime(START);
  const listener = new PhoneListener({
    address: () => '127.0.0.1',
    receive: async ({ name }) => {
      received.push(name);
      return outcome(name);
    },
    onChange: (link) => pushes.push(PhoneLinkSchema.parse(link)),
    logger,
    now: time.clock.now,
    timers: time.timers,
    limits,
  });
  open.push(listener);
  return { listener, received, pushes, logger, time };
}

async function opened(h: Harness): Promise<Extract<PhoneLink, { status: 'open' }>> {
  const link = await h.listener.open();
  if (link.status !== 'open') throw new Error(`not open: ${link.status}`);
  return link;
}

/** Loads the page as a phone does and returns what its uploads need: the cookie the page set. */
async function visit(url: string, agent = IPHONE, from = '127.0.0.1'): Promise<string> {
  const page = await request(url, { headers: { 'User-Agent': agent }, from });
  expect(page.status).toBe(200);
  return String(page.headers['set-cookie']![0]!.split(';')[0]);
}

function upload(url: string, cookie: string, body: Buffer, options: { name?: string; origin?: string; from?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return request(`${url}photos`, {
    method: 'POST',
    body,
    from: options.from ?? '127.0.0.1',
    headers: {
      Origin: options.origin ?? new URL(url).origin,
      Cookie: cookie,
      'X-File-Name': encodeURIComponent(options.name ?? 'IMG_0001.HEIC'),
      'Content-Length': String(body.length),
      ...options.headers,
    },
  });
}

const PHOTO = Buffer.from('not really a photo: the import decides what it is');

describe('the phone link', () => {
  it('is off until opened, listens only while open, and not after it closed', async () => {
    const h = harness();
    expect(h.listener.state).toEqual({ status: 'closed' });
    const link = await opened(h);
    expect((await request(link.url)).status).toBe(200);
    expect(await h.listener.close()).toEqual({ status: 'closed' });
    await expect(request(link.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // Opened, the phone that loaded the page listed, closed.
    expect(h.pushes.map((push) => push.status)).toEqual(['open', 'open', 'closed']);
  });

  it('closes by itself once its 15 minutes are up, saying so to the window', async () => {
    const h = harness();
    const link = await opened(h);
    expect(link.closesAt).toBe('2026-01-01T09:15:00.000Z');
    h.time.advance(15 * 60_000 - 1);
    expect((await request(link.url)).status).toBe(200);
    h.time.advance(1);
    await expect.poll(() => h.listener.state.status).toBe('closed');
    await expect(request(link.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(h.pushes.at(-1)).toEqual({ status: 'closed' });
  });

  it('starts one listener for two opens at once, and a close that comes while it starts leaves nothing listening', async () => {
    const h = harness();
    // Two windows opening the panel together: one link, one listener.
    const [first, second] = await Promise.all([opened(h), opened(h)]);
    expect(second.url).toBe(first.url);
    await h.listener.close();
    await expect(request(first.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // The panel closed as soon as it opened (the listener still starting): closed after all, and a new open is new.
    const starting = h.listener.open();
    expect(await h.listener.close()).toEqual({ status: 'closed' });
    const started = await starting;
    if (started.status !== 'open') throw new Error(started.status);
    await expect(request(started.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(h.listener.state).toEqual({ status: 'closed' });
    const again = await opened(h);
    expect(again.url).not.toBe(started.url);
  });

  it('listens on the one address it was given, never on every interface', async () => {
    const h = harness();
    const link = await opened(h);
    const { port } = new URL(link.url);
    // 127.0.0.2 is this machine too: a listener on every interface would answer there.
    await expect(
      new Promise((resolve, reject) => net.connect({ host: '127.0.0.2', port: Number(port) }).on('connect', resolve).on('error', reject)),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(new URL(link.url).hostname).toBe('127.0.0.1');
  });

  it('says plainly when this computer has no private network address: no listener, no QR code', async () => {
    const listener = new PhoneListener({ address: () => undefined, receive: async () => ({ outcome: 'imported' }), onChange: () => {}, logger: memoryLogger(), now: Date.now });
    expect(await listener.open()).toEqual({ status: 'noNetwork' });
  });

  it('has a fresh unguessable token each opening, carried by the QR code’s address and written in no log', async () => {
    const h = harness();
    const first = await opened(h);
    await h.listener.close();
    const second = await opened(h);
    const token = (url: string) => new URL(url).pathname.split('/')[1]!;
    expect(token(first.url)).toMatch(/^[2-9a-km-zA-HJ-NP-Z]{12}$/);
    expect(token(second.url)).not.toBe(token(first.url));
    expect(second.qr).toEqual(qrRows(second.url));
    // The old token means nothing to the new listener.
    expect((await request(second.url.replace(token(second.url), token(first.url)))).status).toBe(404);
    for (const line of h.logger.lines) expect(line).not.toContain(token(second.url));
  });

  it('refuses a wrong token exactly as any path that is not there: no hint', async () => {
    const h = harness();
    const link = await opened(h);
    const { origin } = new URL(link.url);
    const token = new URL(link.url).pathname.split('/')[1]!;
    const nearly = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    const answers = await Promise.all([`${origin}/${nearly}/`, `${origin}/${nearly}/page.js`, `${origin}/nothing`, `${origin}/`].map((url) => request(url)));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe('Not found');
      expect({ ...answer.headers, date: undefined }).toEqual({ ...answers[0]!.headers, date: undefined });
    }
  });

  it('serves the page and sends images only: nothing of the session, the data folder or the app is there', async () => {
    const h = harness();
    const link = await opened(h);
    const { origin } = new URL(link.url);
    for (const path of ['/api/photos', '/ipc', '/photos/session/abc.jpg', '/index.html', '/assets/index.js', '/settings.json', '/sessions/']) {
      expect((await request(`${origin}${path}`)).status, path).toBe(404);
      expect((await request(`${link.url}${path.slice(1)}`)).status, `under the token: ${path}`).toBe(404);
    }
    for (const path of ['../package.json', '%2e%2e/package.json', 'page.js/x', 'photos/x', '%2Fetc%2Fpasswd']) {
      expect((await request(`${link.url}${path}`)).status, path).toBe(404);
    }
    // The photos path takes POST only.
    expect((await request(`${link.url}photos`)).status).toBe(405);
    // An upload is answered with its own outcome and nothing more.
    const cookie = await visit(link.url);
    const answer = await upload(link.url, cookie, PHOTO);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ outcome: 'imported' });
  });

  it('sends its page with a strict CSP, no caching and no referrer, so the token stays where it is', async () => {
    const h = harness();
    const link = await opened(h);
    for (const path of ['', 'page.js', 'page.css']) {
      const answer = await request(`${link.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
    }
    const page = await request(link.url);
    expect(page.body).toContain('<script src="page.js" defer></script>');
    expect(page.body).not.toMatch(/<script>|<style|\sstyle=|\son[a-z]+=/);
    expect(page.headers['set-cookie']![0]).toMatch(/HttpOnly; SameSite=Strict$/);
  });

  it('refuses a Host that is not the address it gave (another name for this computer: DNS rebinding)', async () => {
    const h = harness();
    const link = await opened(h);
    expect((await request(link.url, { headers: { Host: `evil.example:${new URL(link.url).port}` } })).status).toBe(404);
  });

  it('takes an upload only from its own page: its origin, and the cookie the page set, from the phone that loaded it', async () => {
    const h = harness();
    const link = await opened(h);
    const cookie = await visit(link.url);
    expect((await upload(link.url, cookie, PHOTO, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await upload(link.url, '', PHOTO)).status).toBe(403);
    expect((await upload(link.url, 'tidying-phone=made-up', PHOTO)).status).toBe(403);
    expect((await upload(link.url, cookie, PHOTO, { from: '127.0.0.2', origin: new URL(link.url).origin })).status).toBe(403);
    expect(h.received).toEqual([]);
  });

  it('caps the size of a photo, the photos of an opening, and the phones, before reading what is sent', async () => {
    const h = harness({ maxPhotoBytes: 100, maxPhotos: 2, maxPhones: 1 });
    const link = await opened(h);
    const cookie = await visit(link.url);
    const big = await upload(link.url, cookie, Buffer.alloc(101, 1));
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error).toMatch(/^A photo may be at most .* MB\.$/);
    expect((await upload(link.url, cookie, PHOTO.subarray(0, 50))).status).toBe(201);
    expect((await upload(link.url, cookie, PHOTO.subarray(0, 60))).status).toBe(201);
    const third = await upload(link.url, cookie, PHOTO.subarray(0, 70));
    expect(third.status).toBe(413);
    expect(JSON.parse(third.body).error).toMatch(/as many photos as one connection takes/);
    expect(h.received).toHaveLength(2);
    // A second phone is one too many here.
    expect((await request(link.url, { headers: { 'User-Agent': PIXEL }, from: '127.0.0.2' })).status).toBe(403);
  });

  it('caps the bytes of an opening, whatever the count', async () => {
    const h = harness({ maxBytes: 100 });
    const link = await opened(h);
    const cookie = await visit(link.url);
    expect((await upload(link.url, cookie, PHOTO.subarray(0, 40))).status).toBe(201);
    expect((await upload(link.url, cookie, PHOTO.subarray(0, 45))).status).toBe(201);
    const over = await upload(link.url, cookie, PHOTO.subarray(0, 20));
    expect([over.status, JSON.parse(over.body).error]).toEqual([413, expect.stringMatching(/as many photos as one connection takes/)]);
    expect(h.received).toHaveLength(2);
  });

  it('drops a connection that is slow to send its headers (10 s in the app)', async () => {
    const h = harness({ headersMs: 300 });
    const link = await opened(h);
    const { hostname, port } = new URL(link.url);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(`GET ${new URL(link.url).pathname} HTTP/1.1\r\nHost: ${hostname}`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // Checked once a second: not the 30 s Node waits by default.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(PHONE_LIMITS.headersMs).toBe(10_000);
  });

  it('limits how fast an address may ask, guesses at the token included', async () => {
    const h = harness({ burst: 3, refillMs: 60_000 });
    const link = await opened(h);
    const { origin } = new URL(link.url);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => request(`${origin}/guess${index}/`)));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 429, 429]);
    expect(answers[3]!.headers['retry-after']).toBe('60');
    // Another address has its own allowance.
    expect((await request(link.url, { from: '127.0.0.2' })).status).toBe(200);
  });

  it('answers a malformed upload with a clear error and changes nothing', async () => {
    const h = harness();
    const link = await opened(h);
    const cookie = await visit(link.url);
    const empty = await upload(link.url, cookie, Buffer.alloc(0));
    expect([empty.status, JSON.parse(empty.body).error]).toEqual([400, 'The photo is empty (0 bytes).']);
    const nameless = await upload(link.url, cookie, PHOTO, { name: '' });
    expect([nameless.status, JSON.parse(nameless.body).error]).toEqual([400, 'The photo’s name (X-File-Name) is missing or too long.']);
    const badName = await upload(link.url, cookie, PHOTO, { headers: { 'X-File-Name': '%E0%A4%A' } });
    expect(badName.status).toBe(400);
    const chunked = await request(`${link.url}photos`, {
      method: 'POST',
      body: PHOTO,
      headers: { Origin: new URL(link.url).origin, Cookie: cookie, 'X-File-Name': 'a.jpg', 'Transfer-Encoding': 'chunked' },
    });
    expect([chunked.status, JSON.parse(chunked.body).error]).toEqual([411, 'The photo’s size (Content-Length) is missing.']);
    // A body cut short: the connection ends before the declared size arrives.
    const cut = await new Promise<string>((resolve) => {
      const { hostname, port, pathname } = new URL(`${link.url}photos`);
      const socket = net.connect({ host: hostname, port: Number(port) }, () => {
        socket.end(
          `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: http://${hostname}:${port}\r\nCookie: ${cookie}\r\nX-File-Name: a.jpg\r\nContent-Length: 1000\r\n\r\n${'x'.repeat(10)}`,
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    // Node's own parser answers it, before any of it is handed on.
    expect(cut).toMatch(/^HTTP\/1\.1 400 /);
    expect(h.received).toEqual([]);
    // A phone that goes away mid-photo is said as such, not as the app's error.
    await expect.poll(() => h.logger.lines.some((line) => line.includes('A phone went away while sending'))).toBe(true);
    expect(h.logger.lines.filter((line) => line.includes('Serving the phone failed'))).toEqual([]);
  });

  it('passes on what the import says of a file that is not a photo, and keeps it nowhere', async () => {
    const h = harness({}, () => ({ outcome: 'skipped', message: 'Its contents are not a photo format Tidying reads (JPEG, PNG, …).' }));
    const link = await opened(h);
    const cookie = await visit(link.url);
    const answer = await upload(link.url, cookie, PHOTO, { name: 'notes.txt' });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body)).toEqual({ outcome: 'skipped', message: expect.stringContaining('not a photo format') });
    expect(h.listener.state).toMatchObject({ phones: [{ name: 'iPhone', photos: 0, problems: [{ file: 'notes.txt', message: expect.any(String) }] }] });
  });

  it('lists each phone for the window, and ends one phone’s connection while the other goes on', async () => {
    const h = harness();
    const link = await opened(h);
    const iphone = await visit(link.url, IPHONE, '127.0.0.1');
    const pixel = await visit(link.url, PIXEL, '127.0.0.2');
    await upload(link.url, iphone, PHOTO, { name: 'IMG_1.HEIC' });
    await upload(link.url, pixel, PHOTO, { name: 'PXL_1.jpg', from: '127.0.0.2' });
    await upload(link.url, pixel, PHOTO, { name: 'PXL_2.jpg', from: '127.0.0.2' });
    const listed = h.listener.state;
    expect(listed).toMatchObject({ phones: [{ name: 'iPhone', photos: 1, ended: false }, { name: 'Android phone', photos: 2, ended: false }] });
    if (listed.status !== 'open') throw new Error('closed');
    const ended = h.listener.end(listed.phones[0]!.id);
    expect(ended).toMatchObject({ phones: [{ name: 'iPhone', ended: true }, { name: 'Android phone', ended: false }] });
    const refused = await upload(link.url, iphone, PHOTO, { name: 'IMG_2.HEIC' });
    expect([refused.status, JSON.parse(refused.body).error]).toEqual([403, 'The window ended this phone’s connection.']);
    // Not even its page again, with a new cookie, in this opening.
    expect((await request(link.url, { headers: { 'User-Agent': IPHONE } })).status).toBe(403);
    expect((await upload(link.url, pixel, PHOTO, { name: 'PXL_3.jpg', from: '127.0.0.2' })).status).toBe(201);
    expect(h.received).toEqual(['IMG_1.HEIC', 'PXL_1.jpg', 'PXL_2.jpg', 'PXL_3.jpg']);
  });

  it('names phones from their browsers’ words', () => {
    expect([IPHONE, PIXEL, 'Mozilla/5.0 (iPad; CPU OS 17_0)', 'Mozilla/5.0 (Linux; Android 14; SM-X200)', undefined].map(phoneName)).toEqual([
      'iPhone',
      'Android phone',
      'iPad',
      'Android tablet',
      'Phone',
    ]);
  });
});
