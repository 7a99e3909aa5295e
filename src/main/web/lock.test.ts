import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

interface WebRun {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  readonly pid: number;
  readonly output: { stdout: string; stderr: string };
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const runs: WebRun[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const run of runs.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
    expect(isGone(run.pid)).toBe(true);
  }
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** No model and no data folder from the environment this test runs in: only --data-dir counts. */
function withoutModel(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _url, TIDY_MODEL: _model, TIDY_DATA_DIR: _dir, ...rest } = env;
  return rest;
}

/** Web mode from source, run by Node itself with tsx's loader, so that the PID is the server's own. */
function startWeb(dataDir: string): WebRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/web.ts', '--port', '0', '--no-open', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: withoutModel(process.env),
  });
  if (child.pid === undefined) throw new Error('web mode did not start');
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  const run = { child, pid: child.pid, output, exited };
  runs.push(run);
  return run;
}

function running(run: WebRun): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (run.output.stdout.includes('running at')) resolve();
    };
    run.child.stdout.on('data', check);
    check();
    void run.exited.then(({ code }) => reject(new Error(`web mode exited (${code}) before it ran: ${run.output.stderr}`)));
  });
}

describe('web mode on a data folder already in use', () => {
  it('refuses a second start in one line naming the folder and the first PID, and starts again once the first stops', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tidy-web-lock-'));
    dirs.push(dataDir);
    const first = startWeb(dataDir);
    await running(first);

    const second = startWeb(dataDir);
    expect((await second.exited).code).toBe(1);
    const lines = second.output.stderr.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    expect(lines[0]).toContain(dataDir);
    expect(lines[0]).toContain(`PID ${first.pid}`);
    expect(second.output.stdout).toBe('');

    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(isGone(first.pid)).toBe(true);

    const third = startWeb(dataDir);
    await running(third);
    expect(third.output.stdout).toContain(`Data folder: ${dataDir}`);
  });
});
