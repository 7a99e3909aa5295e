/** What a lock file says (who holds the data folder), how it is read, and how a refusal is worded. */
import path from 'node:path';
import { z } from 'zod';

export const LOCK_FILE_NAME = 'tidying.lock';

export function lockFilePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), LOCK_FILE_NAME);
}

export const LockRuntimeSchema = z.enum(['web', 'electron']);
export type LockRuntime = z.infer<typeof LockRuntimeSchema>;

export const LockOwnerSchema = z.object({
  pid: z.number().int().positive(),
  // No control characters: it is printed inside a one-line message.
  hostname: z.string().min(1).max(255).regex(/^[^\p{Cc}]+$/u),
  runtime: LockRuntimeSchema,
  startedAt: z.iso.datetime(),
});
export type LockOwner = z.infer<typeof LockOwnerSchema>;

export function serializeOwner(owner: LockOwner): string {
  return `${JSON.stringify(LockOwnerSchema.parse(owner))}\n`;
}

export type ParsedOwner = { readonly ok: true; readonly owner: LockOwner } | { readonly ok: false; readonly problem: string };

export function parseOwner(raw: string): ParsedOwner {
  if (raw.trim() === '') return { ok: false, problem: 'the file is empty' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { ok: false, problem: `not JSON (${(error as Error).message})` };
  }
  const parsed = LockOwnerSchema.safeParse(json);
  if (parsed.success) return { ok: true, owner: parsed.data };
  return { ok: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'content'}: ${issue.message}`).join('; ') };
}

export function sameHost(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** True while a process with that PID exists on this computer, whoever owns it (EPERM means it exists). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const RUNTIME_LABELS: Record<LockRuntime, string> = { web: 'web mode', electron: 'desktop app' };

/** How the refused instance can start anyway, in the terms of its own runtime. */
const WAYS_OUT: Record<LockRuntime, string> = {
  web: 'start this one with another --data-dir',
  electron: 'start this one with TIDY_DATA_DIR set to another folder',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** Local clock time, with the date in front when it is not today. */
function formatSince(since: Date, now: Date): string {
  const time = `${pad(since.getHours())}:${pad(since.getMinutes())}`;
  if (since.toDateString() === now.toDateString()) return time;
  return `${since.getFullYear()}-${pad(since.getMonth() + 1)}-${pad(since.getDate())} ${time}`;
}

export function describeOwner(owner: LockOwner, now = new Date()): string {
  return `${RUNTIME_LABELS[owner.runtime]}, PID ${owner.pid}, since ${formatSince(new Date(owner.startedAt), now)}`;
}

/** Another instance holds the data folder. The message is one line, meant to be shown as it is. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  readonly pid: number;
  readonly runtime: LockRuntime;
  readonly since: Date;
  /** The other computer's name when the lock was made elsewhere (a shared folder), where its PID cannot be checked. */
  readonly otherHost: string | undefined;

  constructor(
    readonly dataDir: string,
    owner: LockOwner,
    options: { readonly otherHost: boolean; readonly ourRuntime: LockRuntime },
  ) {
    const wayOut = WAYS_OUT[options.ourRuntime];
    const since = new Date(owner.startedAt);
    const time = formatSince(since, new Date());
    super(
      options.otherHost
        ? `Another Tidying (${RUNTIME_LABELS[owner.runtime]}, PID ${owner.pid} on the computer "${owner.hostname}", since ${time}) ` +
            `is using the data folder ${dataDir}, and its PID cannot be checked from this computer; close it there first, ` +
            `or ${wayOut} (if it is surely not running, delete ${lockFilePath(dataDir)}).`
        : `Another Tidying (${describeOwner(owner)}) is using the data folder ${dataDir}; ` +
            `close it first, or ${wayOut}.`,
    );
    this.pid = owner.pid;
    this.runtime = owner.runtime;
    this.since = since;
    this.otherHost = options.otherHost ? owner.hostname : undefined;
  }
}
