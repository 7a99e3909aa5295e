/**
 * A session written straight into a data folder, as the app leaves one: its log (the opening line and one checkpoint
 * of `state`) and its meta.json. For specs that need sessions in place before the app starts.
 */
import path from 'node:path';
import type { SessionState } from '../src/shared/session/schema';
import { documentOf, hashTemplates, metaFromState, SessionLogWriter, writeSessionMeta } from '../src/main/session-log';

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
