import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertGone } from '../../../test-support/processes';
import { spawnWeb, startWeb, type WebChild } from '../../../test-support/web-child';

const runs: WebChild[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const run of runs.splice(0)) await run.stop('SIGKILL');
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('web mode on a data folder already in use', () => {
  it('refuses a second start in one line naming the folder and the first PID, and starts again once the first stops', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-web-lock-'));
    dirs.push(dataDir);
    const first = await startWeb(dataDir);
    runs.push(first);

    const second = spawnWeb(dataDir);
    runs.push(second);
    expect((await second.exited).code).toBe(1);
    const lines = second.output.stderr.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    expect(lines[0]).toContain(dataDir);
    expect(lines[0]).toContain(`PID ${first.pid}`);
    expect(second.output.stdout).toBe('');

    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    assertGone(first.pid);

    const third = await startWeb(dataDir);
    runs.push(third);
    expect(third.output.stdout).toContain(`Data folder: ${dataDir}`);
  });
});
