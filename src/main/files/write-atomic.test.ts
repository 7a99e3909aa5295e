import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setFileAside, writeFileAtomic, writeJsonFile } from './write-atomic';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tidy-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('replaces the file whole and leaves no temporary file', async () => {
    const file = path.join(dir, 'settings.json');
    await writeFile(file, 'old');
    await writeFileAtomic(file, 'new', { sync: true });
    expect(await readFile(file, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('keeps the old file and cleans up when the rename fails', async () => {
    const target = path.join(dir, 'taken');
    await writeFile(`${target}-sibling`, 'x');
    // A directory in the way makes the rename fail after the temporary file was written.
    await mkdir(target);
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['taken', 'taken-sibling']);
  });
});

describe('writeJsonFile and setFileAside', () => {
  const Counter = z.object({ version: z.literal(1), count: z.number().int() }).strict();

  it('writes only what its schema takes, and a value it refuses leaves the old file as it was', async () => {
    const file = path.join(dir, 'counter.json');
    await writeJsonFile(file, Counter, { version: 1, count: 2 });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, count: 2 });
    await expect(writeJsonFile(file, Counter, { version: 1, count: 2.5 })).rejects.toThrow();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, count: 2 });
    expect(await readdir(dir)).toEqual(['counter.json']);
  });

  it('puts a file aside under a name of its own, beside it, with what it held', async () => {
    const file = path.join(dir, 'reminders.json');
    await writeFile(file, '{"version":1,"remind');
    const aside = await setFileAside(file, Date.UTC(2026, 10, 28, 9, 30));
    expect(aside).toBe('reminders.unreadable-2026-11-28T09-30-00-000Z.json');
    expect(await readdir(dir)).toEqual([aside]);
    expect(await readFile(path.join(dir, aside), 'utf8')).toBe('{"version":1,"remind');
  });
});
