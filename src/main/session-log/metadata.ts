/**
 * One folder per session under `<dataDir>/sessions/<id>/`: the append-only `log.jsonl`, the stored photos
 * (`photos/`, by content hash) and a small `meta.json` the session list reads without opening any log.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { SessionState } from '../../shared/session/schema';

import { pileCounts } from '../../shared/session/pile-groups';
import { progressOf } from '../../shared/sessions/progress';
import { leftoversOf } from '../carry-over/leftovers';
import { writeJsonFile } from '../files/write-atomic';
import { SessionMetaSchema, type SessionMeta } from '../../shared/sessions/schema';

export { SessionMetaSchema, type SessionMeta };

export interface SessionPaths {
  readonly dir: string;
  readonly log: string;
  readonly meta: string;
  readonly photos: string;
}

export function sessionPaths(dataDir: string, sessionId: string): SessionPaths {
  const dir = path.join(dataDir, 'sessions', sessionId);
  return { dir, log: path.join(dir, 'log.jsonl'), meta: path.join(dir, 'meta.json'), photos: path.join(dir, 'photos') };
}

export function metaFromState(state: SessionState, coach: SessionMeta['coach'], updatedAt: number): SessionMeta {
  return {
    id: state.id,
    startedAt: state.sessionStart,
    updatedAt,
    ...(state.spaceFunction !== undefined ? { spaceFunction: state.spaceFunction } : {}),
    // Counted as the piles count, so a session from before things were told apart shows what its piles hold.
    itemsProcessed: pileCounts(state).decided,
    status: state.status,
    // A session the conversational coach handed over is guided from then on.
    coach: state.handover ? 'guided' : coach,
    leftovers: leftoversOf(state),
    ...(state.carriedOver ? { carriedFrom: state.carriedOver.from } : {}),
    progress: progressOf(state, updatedAt),
  };
}

/** Writes `meta.json` whole or not at all: a temporary file, fsynced, renamed over the old one. */
export async function writeSessionMeta(dir: string, meta: SessionMeta): Promise<void> {
  await writeJsonFile(path.join(dir, 'meta.json'), SessionMetaSchema, meta);
}

export interface ListedSession extends SessionMeta {
  readonly dir: string;
}

export interface SessionListing {
  /** Newest first (by `updatedAt`). */
  readonly sessions: ListedSession[];
  /** Session folders whose `meta.json` is missing or unreadable, and why. */
  readonly broken: { readonly dir: string; readonly reason: string }[];
}

export async function listSessions(dataDir: string): Promise<SessionListing> {
  const root = path.join(dataDir, 'sessions');
  let entries: string[];
  try {
    entries = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { sessions: [], broken: [] };
    throw error;
  }
  const sessions: ListedSession[] = [];
  const broken: { dir: string; reason: string }[] = [];
  await Promise.all(
    entries.map(async (name) => {
      const dir = path.join(root, name);
      try {
        const meta = SessionMetaSchema.parse(JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')));
        sessions.push({ ...meta, dir });
      } catch (error) {
        broken.push({ dir, reason: describe(error) });
      }
    }),
  );
  sessions.sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
  broken.sort((a, b) => a.dir.localeCompare(b.dir));
  return { sessions, broken };
}

function describe(error: unknown): string {
  if (error instanceof z.ZodError) return `meta.json is not valid: ${error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`;
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'meta.json is missing';
  return `meta.json could not be read: ${error instanceof Error ? error.message : String(error)}`;
}
