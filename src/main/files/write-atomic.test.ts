import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './write-atomic';

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
