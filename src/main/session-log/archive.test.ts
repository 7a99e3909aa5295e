import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create } from 'tar';
import { describe, expect, it } from 'vitest';
import { exportSessionArchive, importSessionArchive } from './archive';
import { tempFolder } from '../../../test-support/temp-folder';

const PHOTO = 'a'.repeat(64);

async function sessionFolder(): Promise<{ dataDir: string; id: string }> {
  const dataDir = await tempFolder('tidy-archive-');
  const id = 'session-1';
  const dir = path.join(dataDir, 'sessions', id);
  await mkdir(path.join(dir, 'photos'), { recursive: true });
  const fixture = await readFile(path.resolve(import.meta.dirname, 'fixtures/v1/session.jsonl'), 'utf8');
  const sessionId = /"sessionId":"([^"]+)"/.exec(fixture)![1]!;
  await writeFile(path.join(dir, 'log.jsonl'), fixture.replaceAll(sessionId, id));
  await writeFile(path.join(dir, 'meta.json'), '{}');
  await writeFile(path.join(dir, 'exit-plan.json'), '{"version":1,"done":["a"]}');
  await writeFile(path.join(dir, 'photos', `${PHOTO}.jpg`), 'jpeg bytes');
  await writeFile(path.join(dir, 'photos', `${PHOTO}.thumb.webp`), 'webp bytes');
  // What a model was shown of a point: replay --check sends it again.
  await writeFile(path.join(dir, 'photos', `${PHOTO}.point-0123456789abcdef.jpg`), 'crop bytes');
  await writeFile(path.join(dir, 'photos', `${PHOTO}.detected.json`), 'a cache, not exported');
  await writeFile(path.join(dir, 'log.interrupted-9.jsonl'), 'not exported');
  return { dataDir, id };
}

describe('session archives', () => {
  it('carry a session to another data folder: log, meta, exit plan ticks and photos, nothing else', async () => {
    const { dataDir, id } = await sessionFolder();
    const archive = await exportSessionArchive(dataDir, id);
    const elsewhere = await tempFolder('tidy-archive-other-');
    expect(await importSessionArchive(elsewhere, archive)).toBe(id);
    const dir = path.join(elsewhere, 'sessions', id);
    expect((await readdir(dir)).sort()).toEqual(['exit-plan.json', 'log.jsonl', 'meta.json', 'photos']);
    expect(await readFile(path.join(dir, 'exit-plan.json'), 'utf8')).toBe('{"version":1,"done":["a"]}');
    expect(await readFile(path.join(dir, 'photos', `${PHOTO}.jpg`), 'utf8')).toBe('jpeg bytes');
    expect((await readdir(path.join(dir, 'photos'))).sort()).toEqual([`${PHOTO}.jpg`, `${PHOTO}.point-0123456789abcdef.jpg`, `${PHOTO}.thumb.webp`]);
    expect(await readFile(path.join(dir, 'log.jsonl'), 'utf8')).toBe(await readFile(path.join(dataDir, 'sessions', id, 'log.jsonl'), 'utf8'));
    await expect(importSessionArchive(elsewhere, archive)).rejects.toThrow('already here');
  });

  it('refuses what is not a session archive, and never writes outside the session folder', async () => {
    const dataDir = await tempFolder('tidy-archive-bad-');
    await expect(importSessionArchive(dataDir, Buffer.from('hello'))).rejects.toThrow('not a Tidying session');
    await expect(importSessionArchive(dataDir, Buffer.from([0x1f, 0x8b, 1, 2, 3]))).rejects.toThrow('could not be unpacked');
    const sneaky = await tempFolder('tidy-archive-sneaky-');
    await writeFile(path.join(sneaky, 'evil.sh'), 'rm -rf /');
    await writeFile(path.join(sneaky, 'log.jsonl'), '{"v":1,"seq":0,"at":0,"type":"error","message":"no start"}\n');
    const chunks: Buffer[] = [];
    for await (const chunk of create({ gzip: true, cwd: sneaky }, ['evil.sh', 'log.jsonl']) as AsyncIterable<Buffer>) chunks.push(chunk);
    await expect(importSessionArchive(dataDir, Buffer.concat(chunks))).rejects.toThrow('does not say which session');
    expect((await readdir(dataDir)).filter((name) => !name.startsWith('.'))).toEqual([]);
  });
});

describe('opening a session from its folder or its log', () => {
  it('takes a session folder (through an archive of it) and a bare log.jsonl', async () => {
    const { archiveOfFolder } = await import('./archive');
    const { dataDir, id } = await sessionFolder();
    const elsewhere = await tempFolder('tidy-archive-folder-');
    expect(await importSessionArchive(elsewhere, await archiveOfFolder(path.join(dataDir, 'sessions', id)))).toBe(id);
    const third = await tempFolder('tidy-archive-log-');
    expect(await importSessionArchive(third, await readFile(path.join(dataDir, 'sessions', id, 'log.jsonl')))).toBe(id);
    expect(await readdir(path.join(third, 'sessions', id))).toEqual(['log.jsonl']);
  });
});
