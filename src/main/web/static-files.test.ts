import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStaticFile } from './static-files';

let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'tidy-static-'));
  root = path.join(base, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<html></html>');
  await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(base, 'secret.txt'), 'do not serve');
});

afterAll(() => rm(base, { recursive: true, force: true }));

describe('static files for web mode', () => {
  it('serves index.html for / and files by type', async () => {
    expect((await readStaticFile(root, '/'))?.contentType).toBe('text/html; charset=utf-8');
    expect((await readStaticFile(root, '/assets/app.js'))?.contentType).toBe('text/javascript; charset=utf-8');
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%00index.html', '/..\\secret.txt', '/%E0%A4%A', '/assets'])(
    'serves nothing for %s',
    async (urlPath) => {
      expect(await readStaticFile(root, urlPath)).toBeUndefined();
    },
  );
});
