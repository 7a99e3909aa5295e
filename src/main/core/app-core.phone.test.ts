import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PushEvent } from './app-core';
import { testCore, untilState } from '../../../test-support/fixtures';
import { tempFolderSync } from '../../../test-support/temp-folder';
import { hasGpsPointer, makeImage, pngBomb } from '../photos/test-images';

const signal = new AbortController().signal;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1';

function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}): Promise<{ status: number; cookie?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, cookie: res.headers['set-cookie']?.[0]?.split(';')[0], body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('photos from a phone, in the core', () => {
  it('listens only once "Add from phone" opens, and each photo joins the session through the same import as a drop (sniffed, its limits, no metadata kept, duplicates found)', async () => {
    let asked = 0;
    const dataDir = tempFolderSync('tidy-core-phone-');
    const core = testCore({
      dataDir,
      phoneAddress: () => {
        asked += 1;
        return '127.0.0.1';
      },
    });
    const pushes: PushEvent[] = [];
    core.onPush((event) => pushes.push(event));
    expect(await core.handlers['phone:status'](undefined, { signal })).toEqual({ status: 'closed' });
    expect(asked).toBe(0);

    const link = await core.handlers['phone:open'](undefined, { signal });
    if (link.status !== 'open') throw new Error(link.status);
    const page = await send(link.url, { headers: { 'User-Agent': IPHONE } });
    const upload = (name: string, body: Buffer) =>
      send(`${link.url}photos`, {
        method: 'POST',
        body,
        headers: { Origin: new URL(link.url).origin, Cookie: page.cookie!, 'X-File-Name': encodeURIComponent(name), 'Content-Length': String(body.length) },
      });
    const heic = readFileSync(path.join(import.meta.dirname, '../photos/fixtures/coffee.heic'));
    // A phone's JPEG says where it was taken: the copies kept must not.
    const located = await makeImage('jpeg', { seed: 3, gps: true });
    expect(hasGpsPointer((await sharp(located).metadata()).exif)).toBe(true);
    const answers = [
      await upload('IMG_0001.HEIC', heic),
      await upload('IMG_0002.JPG', located),
      await upload('IMG_0001 copy.HEIC', heic),
      await upload('notes.txt', Buffer.from('not a photo')),
      await upload('huge.png', await pngBomb(30_000, 30_000)),
    ];
    expect(answers.map(({ status, body }) => [status, JSON.parse(body)])).toEqual([
      [201, { outcome: 'imported' }],
      [201, { outcome: 'imported' }],
      [200, { outcome: 'duplicate' }],
      [422, { outcome: 'skipped', message: expect.stringContaining('not a photo format') }],
      [422, { outcome: 'skipped', message: expect.stringMatching(/^Larger than the .* a photo may have\.$/) }],
    ]);
    const state = await untilState(core, (s) => s.photos.length === 2);
    expect(state.photos.map((photo) => photo.fileName)).toEqual(['IMG_0001.HEIC', 'IMG_0002.JPG']);
    // Every copy kept (model copies and thumbnails) is without metadata, the photo from the phone's camera too.
    const kept = (readdirSync(dataDir, { recursive: true }) as string[]).filter((file) => /\.(jpe?g|webp|png)$/i.test(file));
    expect(kept.length).toBeGreaterThanOrEqual(4);
    for (const file of kept) expect((await sharp(path.join(dataDir, file)).metadata()).exif, file).toBeUndefined();
    // The import's own progress, as for a drop, and the window's list of phones.
    expect(pushes.filter((event) => event.channel === 'photos:progress')).toHaveLength(5);
    expect(await core.handlers['phone:status'](undefined, { signal })).toMatchObject({
      status: 'open',
      phones: [{ name: 'iPhone', photos: 2, duplicates: 1, problems: [{ file: 'notes.txt' }, { file: 'huge.png' }], ended: false }],
    });

    expect(await core.handlers['phone:close'](undefined, { signal })).toEqual({ status: 'closed' });
    await expect(send(link.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(pushes.filter((event) => event.channel === 'phone:changed').at(-1)?.payload).toEqual({ status: 'closed' });
    await core.dispose();
  });

  it('stops listening when the app quits', async () => {
    const core = testCore({ phoneAddress: () => '127.0.0.1' });
    const link = await core.handlers['phone:open'](undefined, { signal });
    if (link.status !== 'open') throw new Error(link.status);
    await core.dispose();
    await expect(send(link.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
