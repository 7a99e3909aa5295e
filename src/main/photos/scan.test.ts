import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scan } from './scan';

let dir: string;
const limits = { maxDepth: 8, maxFiles: 5000 };

async function touch(relative: string, content = 'x'): Promise<void> {
  const file = path.join(dir, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tidying-scan-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('scan', () => {
  it('walks nested folders depth first in name order, naming files relative to what was dropped', async () => {
    await touch('room/b.jpg');
    await touch('room/a.jpg');
    await touch('room/desk/c.jpg');
    await touch('room/desk/drawer/d.jpg');
    const result = await scan([path.join(dir, 'room')], limits);
    expect(result.files.map((f) => f.display)).toEqual([
      'room/a.jpg',
      'room/b.jpg',
      'room/desk/c.jpg',
      'room/desk/drawer/d.jpg',
    ]);
    expect(result.files[0]!.path).toBe(path.join(dir, 'room', 'a.jpg'));
    expect(result).toMatchObject({ skipped: [], tooDeep: [], capped: false });
  });

  it('does not enter folders past the depth limit and reports them', async () => {
    await touch('room/top.jpg');
    await touch('room/1/one.jpg');
    await touch('room/1/2/two.jpg');
    const result = await scan([path.join(dir, 'room')], { ...limits, maxDepth: 1 });
    expect(result.files.map((f) => f.display)).toEqual(['room/1/one.jpg', 'room/top.jpg']);
    expect(result.tooDeep).toEqual(['room/1/2']);
  });

  it('survives a link back to an ancestor and lists every real file once', async () => {
    await touch('room/a.jpg');
    await touch('room/sub/b.jpg');
    await fs.symlink(path.join(dir, 'room'), path.join(dir, 'room', 'sub', 'loop'));
    await fs.symlink(path.join(dir, 'room', 'a.jpg'), path.join(dir, 'room', 'sub', 'again.jpg'));
    const result = await scan([path.join(dir, 'room'), path.join(dir, 'room', 'sub')], limits);
    expect(result.files.map((f) => f.display)).toEqual(['room/a.jpg', 'room/sub/b.jpg']);
  });

  it('skips hidden files and folders inside a folder but keeps a hidden file dropped on its own', async () => {
    await touch('room/.DS_Store');
    await touch('room/._a.jpg');
    await touch('room/.thumbnails/t.jpg');
    await touch('room/a.jpg');
    await touch('.chosen.jpg');
    const result = await scan([path.join(dir, 'room'), path.join(dir, '.chosen.jpg')], limits);
    expect(result.files.map((f) => f.display)).toEqual(['room/a.jpg', '.chosen.jpg']);
  });

  it('stops at the file cap and says so', async () => {
    for (const name of ['a', 'b', 'c', 'd']) await touch(`room/${name}.jpg`);
    const result = await scan([path.join(dir, 'room')], { ...limits, maxFiles: 3 });
    expect(result.files).toHaveLength(3);
    expect(result.capped).toBe(true);
  });

  it('reports missing paths and broken links as unreadable without absolute paths', async () => {
    await touch('room/a.jpg');
    await fs.symlink(path.join(dir, 'nowhere.jpg'), path.join(dir, 'room', 'broken.jpg'));
    const result = await scan([path.join(dir, 'room'), path.join(dir, 'gone')], limits);
    expect(result.files.map((f) => f.display)).toEqual(['room/a.jpg']);
    expect(result.skipped).toEqual([
      { file: 'room/broken.jpg', reason: 'unreadable', message: expect.stringContaining('no longer there') },
      { file: 'gone', reason: 'unreadable', message: expect.stringContaining('no longer there') },
    ]);
    expect(JSON.stringify(result.skipped)).not.toContain(dir);
  });

  it('stops walking once cancelled', async () => {
    await touch('room/a.jpg');
    const controller = new AbortController();
    controller.abort();
    const result = await scan([path.join(dir, 'room')], { ...limits, signal: controller.signal });
    expect(result.files).toEqual([]);
  });
});
