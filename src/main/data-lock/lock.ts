/**
 * One writer per data folder: `<dataDir>/tidying.lock` names the instance using it.
 *
 * Why two instances starting at once can never both win:
 * - The lock is only ever created with an exclusive create ('wx'): of any number of starters, one creates it.
 * - A lock is only ever deleted by its owner (after checking it still names the owner), or as stale, and then
 *   only while holding the takeover claim `tidying.lock.takeover` (also made with 'wx'), after reading and judging
 *   the lock again under the claim. Without the claim, two starters that both judged the same dead lock stale
 *   could act one after the other: the first replaces it, the second deletes the first's fresh lock, and both
 *   run. Under the claim the second reads the first's lock, which is alive, and is refused.
 * - A lock is created first and written a moment later, so a reader can find it empty or cut short. That is
 *   unreadable, not stale: only an unreadable lock that stays the same for UNREADABLE_GRACE_MS is taken over.
 * - A claim left by a starter that died mid-takeover would block every later takeover: a claim that stays the same
 *   for ABANDONED_MS (a takeover takes milliseconds) is broken.
 * Both waits are timed on this process's own clock rather than by file times, which a network share's clock or a
 * coarse file system would skew.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DataDirLockedError,
  describeOwner,
  isProcessAlive,
  LOCK_FILE_NAME,
  parseOwner,
  sameHost,
  serializeOwner,
  type LockOwner,
  type LockRuntime,
} from './owner';

const POLL_MS = 20;
const UNREADABLE_GRACE_MS = 1000;
const ABANDONED_MS = 3000;

export interface DataDirLockOptions {
  readonly runtime: LockRuntime;
  /** This process unless a test says otherwise. */
  readonly pid?: number;
  readonly isAlive?: (pid: number) => boolean;
  readonly hostname?: string;
  /** The waits' clock: this process's monotonic clock and real sleeps unless a test moves time itself. */
  readonly time?: LockTime;
}

export interface LockTime {
  monotonic(): number;
  sleep(ms: number): Promise<void>;
}

const realTime: LockTime = { monotonic: () => performance.now(), sleep: (ms) => sleep(ms) };

/** A lock left behind by a run that did not end cleanly, replaced by this one; `note` is one line for the log. */
export type StaleLock =
  | { readonly reason: 'not-running'; readonly previous: LockOwner; readonly note: string }
  | { readonly reason: 'unreadable'; readonly problem: string; readonly note: string };

export interface DataDirLock {
  readonly dataDir: string;
  readonly file: string;
  readonly owner: LockOwner;
  readonly tookOver: StaleLock | undefined;
  /**
   * Removes the lock file if it still names this owner. Never throws: a lock left behind names a process that is
   * no longer running, and the next start takes it over.
   */
  release(): Promise<void>;
  /** The same, synchronously, for a process 'exit' handler. */
  releaseSync(): void;
}

/**
 * Locks this process holds. A lock naming this very PID is alive only if it is one of them; otherwise an earlier
 * process had the same PID (a restarted container, where the app is PID 1 every time) and left it behind.
 */
const heldHere = new Set<string>();
const heldKey = (file: string, owner: LockOwner) => `${file}\n${owner.pid}\n${owner.startedAt}`;

type Verdict =
  | { readonly kind: 'gone' }
  | { readonly kind: 'held'; readonly owner: LockOwner; readonly otherHost: boolean }
  | { readonly kind: 'stale'; readonly stale: StaleLock }
  /** Unreadable, but perhaps only being written: look again shortly. */
  | { readonly kind: 'unsure' };

type TakeoverOutcome = Exclude<Verdict, { kind: 'stale' }> | { readonly kind: 'won'; readonly stale: StaleLock };

export async function acquireDataDirLock(dataDir: string, options: DataDirLockOptions): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE_NAME);
  const me: LockOwner = {
    pid: options.pid ?? process.pid,
    hostname: options.hostname ?? os.hostname(),
    runtime: options.runtime,
    startedAt: new Date().toISOString(),
  };
  const content = serializeOwner(me);
  const time = options.time ?? realTime;
  const judge = judgeWith(dir, file, me, options.isAlive ?? isProcessAlive, time);

  for (;;) {
    if (await createExclusive(file, content)) return holdLock(dir, file, me, undefined);
    let verdict: TakeoverOutcome | Verdict = judge(await readIfThere(file));
    if (verdict.kind === 'stale') {
      verdict = await withTakeoverClaim(`${file}.takeover`, me, time, async (): Promise<TakeoverOutcome> => {
        // Judged again under the claim: another starter may have taken it over in the meantime.
        const again = judge(await readIfThere(file));
        if (again.kind !== 'stale') return again;
        await rm(file, { force: true });
        // A starter that found no lock at all may create one right now: 'wx' decides, and the loser looks again.
        return (await createExclusive(file, content)) ? { kind: 'won', stale: again.stale } : { kind: 'gone' };
      });
    }
    if (verdict.kind === 'won') return holdLock(dir, file, me, verdict.stale);
    if (verdict.kind === 'held') throw new DataDirLockedError(dir, verdict.owner, { otherHost: verdict.otherHost, ourRuntime: me.runtime });
    if (verdict.kind === 'unsure') await time.sleep(POLL_MS);
  }
}

function judgeWith(dir: string, file: string, me: LockOwner, isAlive: (pid: number) => boolean, time: LockTime): (raw: string | undefined) => Verdict {
  const unreadableFor = steadyFor(time);
  return (raw) => {
    if (raw === undefined) return { kind: 'gone' };
    const parsed = parseOwner(raw);
    if (!parsed.ok) {
      if (unreadableFor(raw) < UNREADABLE_GRACE_MS) return { kind: 'unsure' };
      const note = `Took over the unreadable lock file ${file} (${parsed.problem}).`;
      return { kind: 'stale', stale: { reason: 'unreadable', problem: parsed.problem, note } };
    }
    const { owner } = parsed;
    // A PID on another computer cannot be checked from here: the lock counts as held.
    if (!sameHost(owner.hostname, me.hostname)) return { kind: 'held', owner, otherHost: true };
    const running = owner.pid === process.pid ? heldHere.has(heldKey(file, owner)) : isAlive(owner.pid);
    if (running) return { kind: 'held', owner, otherHost: false };
    const note = `Took over the lock on the data folder ${dir} left by a Tidying (${describeOwner(owner)}) that is no longer running.`;
    return { kind: 'stale', stale: { reason: 'not-running', previous: owner, note } };
  };
}

/** How long, on this process's monotonic clock, the content passed in has stayed the same from call to call. */
function steadyFor(time: LockTime): (content: string) => number {
  let first: { content: string; at: number } | undefined;
  return (content) => {
    const now = time.monotonic();
    if (first?.content !== content) first = { content, at: now };
    return now - first.at;
  };
}

async function withTakeoverClaim<T>(claim: string, me: LockOwner, time: LockTime, run: () => Promise<T>): Promise<T> {
  const content = `${JSON.stringify({ pid: me.pid, hostname: me.hostname, token: randomUUID() })}\n`;
  const abandonedFor = steadyFor(time);
  while (!(await createExclusive(claim, content))) {
    const raw = await readIfThere(claim);
    if (raw === undefined) continue;
    if (abandonedFor(raw) >= ABANDONED_MS) await breakAbandoned(claim, raw);
    else await time.sleep(POLL_MS);
  }
  try {
    return await run();
  } finally {
    // Cleaned up whatever happened, but only while it is still this claim.
    if ((await readIfThere(claim)) === content) await rm(claim, { force: true });
  }
}

/**
 * Moves the claim aside before deleting it, so that a fresh claim made in the instant since it was read is not
 * deleted unseen: if what was moved is not the abandoned claim, it goes back.
 */
async function breakAbandoned(claim: string, abandoned: string): Promise<void> {
  const aside = `${claim}.${randomUUID()}.abandoned`;
  try {
    await rename(claim, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  if ((await readFile(aside, 'utf8')) === abandoned) await rm(aside, { force: true });
  else await rename(aside, claim);
}

/** Creates the file with this content unless it exists: false when it does. */
async function createExclusive(file: string, content: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
  try {
    await handle.writeFile(content);
    await handle.close();
  } catch (error) {
    // Half a lock is nobody's; left there, it would only hold the folder up for the grace period.
    await handle.close().catch(() => undefined);
    await rm(file, { force: true });
    throw error;
  }
  return true;
}

async function readIfThere(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

function isCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException).code === code;
}

function holdLock(dataDir: string, file: string, owner: LockOwner, tookOver: StaleLock | undefined): DataDirLock {
  const key = heldKey(file, owner);
  heldHere.add(key);
  const isOurs = (raw: string) => {
    const parsed = parseOwner(raw);
    return parsed.ok && parsed.owner.pid === owner.pid && parsed.owner.startedAt === owner.startedAt && sameHost(parsed.owner.hostname, owner.hostname);
  };
  return {
    dataDir,
    file,
    owner,
    tookOver,
    async release() {
      try {
        if (isOurs(await readFile(file, 'utf8'))) await rm(file, { force: true });
      } catch {
        // Gone already, or out of reach: see DataDirLock.release.
      } finally {
        heldHere.delete(key);
      }
    },
    releaseSync() {
      try {
        if (isOurs(readFileSync(file, 'utf8'))) rmSync(file, { force: true });
      } catch {
        // Gone already, or out of reach: see DataDirLock.release.
      } finally {
        heldHere.delete(key);
      }
    },
  };
}
