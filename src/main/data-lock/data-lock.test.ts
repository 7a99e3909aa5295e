import { spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnTracked } from '../../../test-support/processes';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockFilePath, LockOwnerSchema, type DataDirLock, type LockOwner } from './index';
import type { LockTime } from './lock';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const HOLDER = path.resolve(import.meta.dirname, '../../../test-support/hold-lock.ts');

const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
const locks: DataDirLock[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
    expect(isGone(child.pid ?? 0)).toBe(true);
  }
  for (const lock of locks.splice(0)) await lock.release();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tidy-lock-'));
  dirs.push(dir);
  return dir;
}

async function acquire(...args: Parameters<typeof acquireDataDirLock>): Promise<DataDirLock> {
  const lock = await acquireDataDirLock(...args);
  locks.push(lock);
  return lock;
}

async function refusal(attempt: Promise<unknown>): Promise<DataDirLockedError> {
  const error = await attempt.then(
    () => expect.unreachable('the lock was granted'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DataDirLockedError);
  return error as DataDirLockedError;
}

/**
 * The lock's waits on a clock the test moves: each of the lock's sleeps moves it on by what was asked, so a grace
 * period passes in a few turns of the loop, however slow the machine. `onSleep` runs after each move.
 */
function movedTime(onSleep: (now: number) => Promise<void> | void = () => {}): LockTime & { readonly now: () => number } {
  let now = 0;
  return {
    now: () => now,
    monotonic: () => now,
    sleep: async (ms) => {
      now += ms;
      await onSleep(now);
    },
  };
}

function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The PID of a process that has run and been reaped, so surely not running now. */
function deadPid(): number {
  const { pid, status } = spawnSync(process.execPath, ['-e', '']);
  expect(status).toBe(0);
  expect(isGone(pid)).toBe(true);
  return pid;
}

function ownerFor(pid: number, overrides: Partial<LockOwner> = {}): LockOwner {
  return { pid, hostname: os.hostname(), runtime: 'web', startedAt: new Date(Date.now() - 3_600_000).toISOString(), ...overrides };
}

async function writeLock(dir: string, content: LockOwner | string): Promise<void> {
  await writeFile(lockFilePath(dir), typeof content === 'string' ? content : JSON.stringify(content));
}

async function readLock(dir: string): Promise<LockOwner> {
  return LockOwnerSchema.parse(JSON.parse(await readFile(lockFilePath(dir), 'utf8')));
}

describe('the data folder lock', () => {
  it('is taken in the data folder, names this process, and is removed on release', async () => {
    const dir = path.join(await tempDir(), 'not', 'yet', 'there');
    const lock = await acquire(dir, { runtime: 'electron' });
    expect(lock.tookOver).toBeUndefined();
    expect(lock.file).toBe(path.join(dir, 'tidying.lock'));
    expect(await readLock(dir)).toEqual({ pid: process.pid, hostname: os.hostname(), runtime: 'electron', startedAt: lock.owner.startedAt });
    await lock.release();
    expect(existsSync(lock.file)).toBe(false);
    // Released is released: a new start gets it at once, and a second release is harmless.
    await lock.release();
    const again = await acquire(dir, { runtime: 'web' });
    expect(again.tookOver).toBeUndefined();
    again.releaseSync();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('refuses a second instance in one line naming the folder, the PID and the way out', async () => {
    const dir = await tempDir();
    await acquire(dir, { runtime: 'web' });
    const error = await refusal(acquireDataDirLock(dir, { runtime: 'web' }));
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(
      new RegExp(`^Another Tidying \\(web mode, PID ${process.pid}, since \\d\\d:\\d\\d\\) is using the data folder .+; close it first, or start this one with another --data-dir\\.$`),
    );
    expect(error.message).toContain(dir);
    expect(error).toMatchObject({ dataDir: dir, pid: process.pid, runtime: 'web', otherHost: undefined });
    expect(error.since).toBeInstanceOf(Date);
    // The desktop app has no --data-dir: its way out is the environment variable.
    const fromDesktop = await refusal(acquireDataDirLock(dir, { runtime: 'electron' }));
    expect(fromDesktop.message).toContain('start this one with TIDY_DATA_DIR set to another folder.');
  });

  it('shows the date too when the other instance started on another day', async () => {
    const dir = await tempDir();
    await writeLock(dir, ownerFor(process.ppid, { runtime: 'electron', startedAt: '2020-01-02T03:04:05.000Z' }));
    const error = await refusal(acquireDataDirLock(dir, { runtime: 'web' }));
    expect(error.message).toMatch(/^Another Tidying \(desktop app, PID \d+, since 2020-01-0\d \d\d:\d\d\)/);
    expect(error.since.toISOString()).toBe('2020-01-02T03:04:05.000Z');
  });

  it('takes over the lock of a process that is no longer running, and says whose it was', async () => {
    const dir = await tempDir();
    const dead = ownerFor(deadPid(), { runtime: 'electron' });
    await writeLock(dir, dead);
    const lock = await acquire(dir, { runtime: 'web' });
    expect(lock.tookOver).toMatchObject({ reason: 'not-running', previous: dead });
    expect(lock.tookOver?.note).toContain(`PID ${dead.pid}`);
    expect(lock.tookOver?.note).toContain(dir);
    expect((await readLock(dir)).pid).toBe(process.pid);
  });

  it('takes over a lock naming this PID that this process does not hold (an earlier process with the same PID)', async () => {
    const dir = await tempDir();
    await writeLock(dir, ownerFor(process.pid));
    const lock = await acquire(dir, { runtime: 'web' });
    expect(lock.tookOver?.reason).toBe('not-running');
    expect((await readLock(dir)).startedAt).toBe(lock.owner.startedAt);
  });

  it.each([
    ['cut short', '{"pid": 12', 'not JSON'],
    ['of the wrong shape', JSON.stringify({ pid: 'twelve', hostname: os.hostname() }), 'pid'],
    ['empty', '', 'empty'],
  ])('takes over a lock file that stays unreadable (%s) and reports why', async (_name, content, problem) => {
    const dir = await tempDir();
    await writeLock(dir, content);
    const time = movedTime();
    const lock = await acquire(dir, { runtime: 'web', time });
    // Not at once: a lock being written is unreadable for an instant. Its second of grace passed on the lock's clock.
    expect(time.now()).toBeGreaterThanOrEqual(1000);
    expect(lock.tookOver).toMatchObject({ reason: 'unreadable', problem: expect.stringContaining(problem) });
    expect(lock.tookOver?.note).toContain(lock.file);
    expect((await readLock(dir)).pid).toBe(process.pid);
  });

  it('waits for a lock that is still being written instead of taking it over', async () => {
    const dir = await tempDir();
    await writeLock(dir, '');
    // Its writer finishes a moment later, well inside the grace the lock gives an unreadable file.
    const time = movedTime((now) => (now === 160 ? writeLock(dir, ownerFor(process.ppid)) : undefined));
    const error = await refusal(acquireDataDirLock(dir, { runtime: 'web', time }));
    expect(time.now()).toBeLessThan(1000);
    expect(error.pid).toBe(process.ppid);
  });

  it('refuses a lock made on another computer, whose PID cannot be checked from here, and says how to clear it', async () => {
    const dir = await tempDir();
    await writeLock(dir, ownerFor(deadPid(), { hostname: 'Studio-PC' }));
    const checked: number[] = [];
    const error = await refusal(acquireDataDirLock(dir, { runtime: 'web', isAlive: (pid) => (checked.push(pid), false) }));
    expect(checked).toEqual([]);
    expect(error.otherHost).toBe('Studio-PC');
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('on the computer "Studio-PC"');
    expect(error.message).toContain('its PID cannot be checked from this computer');
    expect(error.message).toContain(`delete ${lockFilePath(dir)}`);
    // The same computer under another spelling is this one.
    await writeLock(dir, ownerFor(deadPid(), { hostname: 'studio-pc' }));
    const lock = await acquire(dir, { runtime: 'web', hostname: 'STUDIO-PC' });
    expect(lock.tookOver?.reason).toBe('not-running');
  });

  it('never removes a lock that is not its own on release', async () => {
    const dir = await tempDir();
    const foreign = JSON.stringify(ownerFor(process.ppid));
    const lock = await acquire(dir, { runtime: 'web' });
    await writeLock(dir, foreign);
    await lock.release();
    expect(await readFile(lock.file, 'utf8')).toBe(foreign);
    lock.releaseSync();
    expect(await readFile(lock.file, 'utf8')).toBe(foreign);
    // Nor one of this PID from another start.
    const same = JSON.stringify(ownerFor(process.pid));
    await writeLock(dir, same);
    lock.releaseSync();
    expect(await readFile(lock.file, 'utf8')).toBe(same);
  });

  it('lets exactly one of two instances take over the same stale lock', async () => {
    const dir = await tempDir();
    const stale = ownerFor(deadPid());
    const [first, second] = [700_001, 700_002];
    const isAlive = (pid: number) => pid === first || pid === second;
    for (let round = 0; round < 50; round += 1) {
      await writeLock(dir, stale);
      const results = await Promise.allSettled([
        acquireDataDirLock(dir, { runtime: 'web', pid: first, isAlive }),
        acquireDataDirLock(dir, { runtime: 'electron', pid: second, isAlive }),
      ]);
      const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const [winner] = won;
      if (!winner) throw new Error('no winner');
      // Usually the winner took the stale lock over itself. Rarely the other removed it under the claim, and the winner,
      // finding no lock in that instant, made a fresh one (lock.ts: "'wx' decides"): still exactly one, with no takeover
      // of its own to report.
      expect([undefined, 'not-running']).toContain(winner.tookOver?.reason);
      expect(lost[0]).toBeInstanceOf(DataDirLockedError);
      expect((lost[0] as DataDirLockedError).pid).toBe(winner.owner.pid);
      expect(await readLock(dir)).toEqual(winner.owner);
      expect(await readdir(dir)).toEqual(['tidying.lock']);
      await winner.release();
    }
  });

  it('removes its takeover claim even when the takeover fails', async () => {
    const dir = await tempDir();
    await writeLock(dir, ownerFor(deadPid()));
    let checks = 0;
    const isAlive = () => {
      checks += 1;
      if (checks > 1) throw new Error('the check failed under the claim');
      return false;
    };
    await expect(acquireDataDirLock(dir, { runtime: 'web', isAlive })).rejects.toThrow('the check failed under the claim');
    expect(await readdir(dir)).toEqual(['tidying.lock']);
  });

  it('breaks a takeover claim abandoned by a starter that died mid-takeover', async () => {
    const dir = await tempDir();
    await writeLock(dir, ownerFor(deadPid()));
    await writeFile(`${lockFilePath(dir)}.takeover`, '{"pid":1,"hostname":"x","token":"left behind"}\n');
    const time = movedTime();
    const lock = await acquire(dir, { runtime: 'web', time });
    // A takeover takes milliseconds: the claim is broken only once it has stood still for three seconds.
    expect(time.now()).toBeGreaterThanOrEqual(3000);
    expect(lock.tookOver?.reason).toBe('not-running');
    expect(await readdir(dir)).toEqual(['tidying.lock']);
  });

  it('is held across processes, and taken over once the holder is killed', async () => {
    const dir = await tempDir();
    const child = spawnTracked(process.execPath, ['--import', 'tsx', HOLDER, dir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] }) as ChildProcessWithoutNullStreams;
    children.push(child);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const pid = await new Promise<number>((resolve, reject) => {
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const held = /holding (\d+)\n/.exec(stdout);
        if (held) resolve(Number(held[1]));
      });
      child.once('exit', (code) => reject(new Error(`the holder exited (${code}): ${stderr}`)));
    });
    expect(pid).toBe(child.pid);

    const error = await refusal(acquireDataDirLock(dir, { runtime: 'electron' }));
    expect(error.pid).toBe(pid);
    expect(error.message).toContain(`PID ${pid}`);
    expect(error.message).toContain(dir);

    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    expect(isGone(pid)).toBe(true);
    const lock = await acquire(dir, { runtime: 'electron' });
    expect(lock.tookOver).toMatchObject({ reason: 'not-running', previous: { pid } });
    expect((await readLock(dir)).pid).toBe(process.pid);
  });
});
