/**
 * What a logged session comes back with: the document its log folds to (from the last checkpoint on, so a long
 * session opens as fast as a short one), the lines of the turn that was in flight, and the coach's memory. A
 * version-1 log kept no memory: its finished turns are replayed through the runtime to rebuild it, and if the code
 * has changed so much that replay goes another way, the coach starts afresh from the saved state.
 */
import { IpcError } from '../../shared/ipc/errors';
import type { Logger } from '../log/logger';
import { replayLog } from '../replay/check';
import {
  foldLog,
  readSessionLog,
  readSessionLogTail,
  type CoachMemory,
  type LogEvent,
  type LogEventOf,
  type SessionDocument,
  type SessionPaths,
} from '../session-log';
import type { TemplateRenderer } from '../templates';

export interface LoggedSession {
  readonly started: LogEventOf<'session-started'>;
  readonly document: SessionDocument;
  readonly inFlight: readonly LogEvent[];
  /** The line of the last turn's end: the resumed coach is rebuilt from the document as of there. */
  readonly from: number;
  /** The last checkpoint's size and where it ends, for the checkpoint policy. */
  readonly checkpoint: { readonly bytes: number; readonly end: number };
  readonly memory: { readonly memory?: CoachMemory; readonly how: 'folded' | 'replayed' | 'fresh' };
  /** When the log's last line was written. */
  readonly lastAt: number;
}

export async function loadLoggedSession(
  paths: SessionPaths,
  options: { readonly templates: TemplateRenderer; readonly logger: Logger },
): Promise<LoggedSession> {
  const tail = await readSessionLogTail(paths.log);
  if (tail.tornTail) options.logger.warn('The session log ended in a torn line; it was skipped', { line: tail.tornTail.line });
  const { document, inFlight } = foldLog(tail.events);
  const lastEnd = tail.events.findLast((event) => event.type === 'turn-ended');
  if (!document || !lastEnd) throw new IpcError({ code: 'invalid-input', message: 'That session’s log has no saved state to resume from.' });
  const checkpoint = { bytes: tail.checkpoint.end - tail.checkpoint.start, end: tail.checkpoint.end };
  const logged = { started: tail.started, document, inFlight, from: lastEnd.seq, checkpoint, lastAt: tail.events.at(-1)?.at ?? lastEnd.at };
  if (document.coach || tail.checkpoint.version >= 2 || tail.started.coach !== 'conversational' || tail.started.model.configured === false) {
    return { ...logged, memory: { ...(document.coach ? { memory: document.coach } : {}), how: 'folded' } };
  }
  const { events } = await readSessionLog(paths.log);
  const finished = events.slice(0, events.findLastIndex((event) => event.type === 'turn-ended') + 1);
  const replayed = await replayLog(finished, { templates: options.templates, photosDir: paths.photos });
  if (replayed.divergence) {
    options.logger.warn('Replaying the version-1 session went another way; its coach starts afresh from the saved state', {
      divergence: replayed.divergence.message,
    });
    return { ...logged, memory: { how: 'fresh' } };
  }
  return { ...logged, memory: { ...(replayed.memory ? { memory: replayed.memory } : {}), how: 'replayed' } };
}
