import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PhotoRecord } from '../../shared/photos/schema';
import { PhotoStore } from './store';

let dir: string;
const id = (text: string) => createHash('sha256').update(text).digest('hex');
const record = (text: string, importedAt = '2025-03-01T10:00:00.000Z'): PhotoRecord => ({
  id: id(text),
  originalName: `${text}.jpg`,
  format: 'jpeg',
  width: 40,
  height: 30,
  thumbWidth: 20,
  thumbHeight: 15,
  bytes: 1234,
  importedAt,
});

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidying-store-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('PhotoStore', () => {
  it('stores a model copy, a thumbnail and a record under the content hash, with no temporary files left', async () => {
    const store = await PhotoStore.open(path.join(dir, 'photos'));
    const photo = record('desk');
    expect(await store.has(photo.id)).toBe(false);
    await store.put(photo, Buffer.from('model'), Buffer.from('thumb'));
    expect(await store.has(photo.id)).toBe(true);
    expect(await store.get(photo.id)).toEqual(photo);
    const paths = store.paths(photo.id);
    expect(await fs.readFile(paths.model, 'utf8')).toBe('model');
    expect(await fs.readFile(paths.thumb, 'utf8')).toBe('thumb');
    expect((await fs.readdir(store.dir)).sort()).toEqual(
      [`${photo.id}.jpg`, `${photo.id}.json`, `${photo.id}.thumb.webp`].sort(),
    );
  });

  it('refuses an invalid record before writing anything', async () => {
    const store = await PhotoStore.open(dir);
    const withPath = { ...record('a'), originalName: '/home/me/a.jpg' };
    await expect(store.put(withPath, Buffer.from('m'), Buffer.from('t'))).rejects.toThrow('a file name, not a path');
    await expect(store.put({ ...record('a'), width: 0 }, Buffer.from('m'), Buffer.from('t'))).rejects.toThrow();
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('rejects a record file that does not match the schema', async () => {
    const store = await PhotoStore.open(dir);
    const photo = record('a');
    await fs.writeFile(store.paths(photo.id).record, JSON.stringify({ ...photo, format: 'bmp' }));
    await expect(store.get(photo.id)).rejects.toThrow();
  });

  it('only builds paths from real content hashes', async () => {
    const store = await PhotoStore.open(dir);
    expect(() => store.paths('../../etc/passwd')).toThrow();
  });

  it('lists complete photos oldest first and removes temporary files left by a crash', async () => {
    const first = await PhotoStore.open(dir);
    await first.put(record('later', '2025-03-01T10:05:00.000Z'), Buffer.from('m'), Buffer.from('t'));
    await first.put(record('earlier', '2025-03-01T10:00:00.000Z'), Buffer.from('m'), Buffer.from('t'));
    await fs.writeFile(path.join(dir, `${id('x')}.jpg.abc123.tmp`), 'half');
    const reopened = await PhotoStore.open(dir);
    expect((await reopened.list()).map((r) => r.originalName)).toEqual(['earlier.jpg', 'later.jpg']);
    expect((await fs.readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
