/**
 * A session written straight into a data folder, as the app leaves one: its log (the opening line and one checkpoint
 * of `state`) and its meta.json. For specs that need sessions in place before the app starts.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { newSessionState } from '../src/shared/session/new-session';
import type { PileItem, SessionState } from '../src/shared/session/schema';
import { documentOf, hashTemplates, metaFromState, SessionLogWriter, sessionPaths, writeSessionMeta } from '../src/main/session-log';

const TEMPLATES = path.resolve(import.meta.dirname, '../templates');

/** `at`: when the log was written; `lastActiveAt`: what meta.json says the session was last active. */
export async function writeLoggedSession(paths: { dir: string; log: string }, state: SessionState, at: number, lastActiveAt = at): Promise<void> {
  const writer = await SessionLogWriter.open(paths.log, { now: () => at });
  await writer.append({
    type: 'session-started',
    sessionId: state.id,
    appVersion: '0.0.0-e2e',
    coach: 'guided',
    model: { vision: false, tools: false, configured: false },
    templates: await hashTemplates(TEMPLATES),
  });
  await writer.append({ type: 'turn-ended', checkpoint: documentOf(state, undefined) });
  await writer.close();
  await writeSessionMeta(paths.dir, metaFromState(state, 'guided', lastActiveAt));
}

/** A thing decided at `at`, as a session's piles keep it ("mum's" is where a `place` thing goes). */
export const decided = (id: string, name: string, outcome: PileItem['outcome'], at: number, location?: string): PileItem => ({
  id,
  name,
  outcome,
  ...(location ? { location } : {}),
  decidedAt: at,
});

/**
 * An ended session in `dataDir`, started at `at` in a space for `spaceFunction`, with `things` in the piles the app
 * puts them in (kept and placed things belong, unsure ones wait, the rest leave the room); last active an hour on.
 */
export async function writeEndedSession(dataDir: string, id: string, at: number, spaceFunction: string, things: readonly PileItem[]): Promise<void> {
  const belongs = things.filter((thing) => thing.outcome === 'keep' || thing.outcome === 'place');
  const unsure = things.filter((thing) => thing.outcome === 'unsure');
  const out = things.filter((thing) => !belongs.includes(thing) && !unsure.includes(thing));
  const state: SessionState = { ...newSessionState(id, at), status: 'ended', spaceFunction, piles: { out, belongs, unsure }, itemsProcessed: things.length };
  const paths = sessionPaths(dataDir, id);
  await mkdir(paths.dir, { recursive: true });
  await writeLoggedSession(paths, state, at, at + 3_600_000);
}
