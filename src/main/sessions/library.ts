/**
 * The sessions kept in the data folder: listed from their meta.json, opened as a read-only timeline, summarised as
 * Markdown, deleted, and moved between machines as one archive.
 */
import { readFile, rm } from 'node:fs/promises';
import { IpcError } from '../../shared/ipc/errors';
import type { SessionState } from '../../shared/session/schema';
import type { SessionList, Timeline } from '../../shared/sessions/schema';
import { timelineOf } from '../replay/transcript';
import {
  archiveFileName,
  exportSessionArchive,
  importSessionArchive,
  listSessions,
  readSessionLog,
  readSessionLogTail,
  SessionArchiveError,
  sessionOfLog,
  sessionPaths,
} from '../session-log';
import { PhotoIdSchema, photoPaths } from '../photos';
import { sessionSummaryMarkdown } from '../session/summary-markdown';

const NO_SUCH_SESSION = () => new IpcError({ code: 'invalid-input', message: 'There is no logged session with that id.' });

export class SessionLibrary {
  constructor(
    private readonly dataDir: string,
    /** The session in use: it is listed as current, flushed before it is read, and cannot be deleted. */
    private readonly current: { readonly id: string; flush(): Promise<void>; readonly state: SessionState },
  ) {}

  async list(): Promise<SessionList> {
    const listing = await listSessions(this.dataDir);
    return {
      sessions: listing.sessions.map(({ dir: _dir, ...meta }) => ({ ...meta, current: meta.id === this.current.id })),
      unreadable: listing.broken.map((entry) => ({ id: entry.dir.split(/[\\/]/).pop() ?? entry.dir, reason: entry.reason })),
    };
  }

  async timeline(id: string): Promise<Timeline> {
    if (id === this.current.id) await this.current.flush();
    return timelineOf(await this.#events(id));
  }

  /**
   * A session as it stands: the one in use from memory, any other from its log, read from its last checkpoint on
   * (so the start notice's look at ended sessions costs little however long they ran).
   */
  async state(id: string): Promise<SessionState> {
    if (id === this.current.id) return this.current.state;
    let state: SessionState | undefined;
    try {
      state = sessionOfLog((await readSessionLogTail(sessionPaths(this.dataDir, id).log)).events);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw NO_SUCH_SESSION();
      throw error;
    }
    if (!state) throw NO_SUCH_SESSION();
    return state;
  }

  /** The session's summary as Markdown, with its photos' thumbnails embedded and its exit plan's ticks (`done`). */
  async summary(id: string, done: ReadonlySet<string> = new Set()): Promise<{ fileName: string; markdown: string }> {
    const state = await this.state(id);
    const photosDir = sessionPaths(this.dataDir, id).photos;
    const thumbnails = new Map<string, Uint8Array>();
    for (const photo of state.photos) {
      // A log from elsewhere may name a photo by something that is not a photo id: it has no thumbnail here.
      if (!PhotoIdSchema.safeParse(photo.id).success) continue;
      const bytes = await readFile(photoPaths(photosDir, photo.id).thumb).catch(() => undefined);
      if (bytes) thumbnails.set(photo.id, bytes);
    }
    const day = new Date(state.sessionStart).toISOString().slice(0, 10);
    return { fileName: `tidying-${day}.md`, markdown: sessionSummaryMarkdown(state, thumbnails, done) };
  }

  async remove(id: string): Promise<void> {
    if (id === this.current.id) throw new IpcError({ code: 'invalid-input', message: 'The session in use cannot be deleted; start a new one first.' });
    await rm(sessionPaths(this.dataDir, id).dir, { recursive: true, force: true });
  }

  /** One `.tar.gz` with the session's log, meta and photos. */
  async export(id: string): Promise<{ fileName: string; archive: Buffer }> {
    if (id === this.current.id) await this.current.flush();
    const meta = (await listSessions(this.dataDir)).sessions.find((session) => session.id === id);
    if (!meta) throw NO_SUCH_SESSION();
    return { fileName: archiveFileName(id, meta.startedAt), archive: await exportSessionArchive(this.dataDir, id) };
  }

  /** Brings an archive into the data folder (every entry checked, nothing overwritten) and opens its timeline. */
  async import(bytes: Uint8Array): Promise<Timeline> {
    try {
      const id = await importSessionArchive(this.dataDir, bytes);
      return timelineOf(await this.#events(id));
    } catch (error) {
      if (error instanceof SessionArchiveError) throw new IpcError({ code: 'invalid-input', message: error.message });
      throw error;
    }
  }

  async #events(id: string) {
    try {
      return (await readSessionLog(sessionPaths(this.dataDir, id).log)).events;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw NO_SUCH_SESSION();
      throw error;
    }
  }
}
