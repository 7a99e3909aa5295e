/**
 * What Home knows of each session, held in memory for the run (docs/rooms.md, "What Home reads, and when"): its
 * meta.json and its exit plan's ticks. They are read once, as the core starts: from `home-index.json` where each
 * file's stamp still matches, else from the file. After that, a Home open lists the sessions folder (one directory
 * read, so a session imported or deleted is seen) and reads only what it does not hold yet; what this process writes
 * (a session's meta.json at each turn's end, an exit plan's ticks) is handed over as it is written. Nothing else
 * writes there while this process runs: the data folder is one Tidying's at a time (src/main/data-lock).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { NO_TICKS, type ExitPlanTicks } from '../../shared/exit-plan/schema';
import { exitPlanFile, parseExitPlanTicks, readExitPlanTicks } from '../exit-plan/ticks-file';
import type { Logger } from '../log/logger';
import { SessionMetaSchema, type ListedSession, type SessionMeta } from '../session-log';
import { homeIndexPath, readCopy, readHomeIndex, sameStamp, stampAt, writeHomeIndex, type IndexedSession } from './home-index';

export interface Summary {
  readonly session: ListedSession;
  readonly ticks: ExitPlanTicks;
}

export class SessionSummaries {
  /** By session folder name (a session's id). */
  readonly #metas = new Map<string, ListedSession>();
  readonly #ticks = new Map<string, ExitPlanTicks>();
  #loading: Promise<void> | undefined;
  #indexWrite: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { readonly dataDir: string; readonly logger: Pick<Logger, 'warn'> }) {}

  /** The read at start, made once (again after one that failed); resolves when Home can be served from memory. */
  load(): Promise<void> {
    this.#loading ??= this.#load().catch((error: unknown) => {
      this.#loading = undefined;
      throw error;
    });
    return this.#loading;
  }

  /** Every session with a readable meta.json, as the disk has it now: newest first, as Sessions lists them. */
  async all(): Promise<Summary[]> {
    await this.load();
    const held = [...this.#metas.keys(), ...this.#ticks.keys()];
    const folders = await sessionFolders(this.deps.dataDir);
    const present = new Set(folders);
    for (const name of held) {
      if (present.has(name)) continue;
      this.#metas.delete(name);
      this.#ticks.delete(name);
    }
    await Promise.all(
      folders.map(async (name) => {
        const dir = this.#dir(name);
        const [meta, ticks] = await Promise.all([
          this.#metas.has(name) ? undefined : readMeta(dir),
          this.#ticks.has(name) ? undefined : readExitPlanTicks(dir, this.deps.logger),
        ]);
        // What was handed over while these were read is newer than them.
        if (meta && !this.#metas.has(name)) this.#metas.set(name, meta);
        if (ticks && !this.#ticks.has(name)) this.#ticks.set(name, ticks);
      }),
    );
    return folders
      .flatMap((name) => {
        const session = this.#metas.get(name);
        return session ? [{ session, ticks: this.#ticks.get(name) ?? NO_TICKS }] : [];
      })
      .sort((a, b) => b.session.updatedAt - a.session.updatedAt || a.session.id.localeCompare(b.session.id));
  }

  /** A session's meta.json, just written by this process. */
  metaWritten(meta: SessionMeta): void {
    this.#metas.set(meta.id, { ...meta, dir: this.#dir(meta.id) });
  }

  /** A session's exit-plan ticks, just written by this process. */
  ticksWritten(sessionId: string, ticks: ExitPlanTicks): void {
    this.#ticks.set(sessionId, ticks);
  }

  /** Resolves once the read at start and the index it writes are done (closing, tests). */
  async idle(): Promise<void> {
    await this.#loading?.catch(() => {});
    await this.#indexWrite;
  }

  async #load(): Promise<void> {
    const { dataDir, logger } = this.deps;
    const [folders, read] = await Promise.all([sessionFolders(dataDir), readHomeIndex(dataDir)]);
    if (read.kind === 'unusable') {
      logger.warn('Home’s index of the sessions could not be used, so it is made again from each session’s files (it only copies them: nothing is lost)', {
        file: homeIndexPath(dataDir),
        reason: read.reason,
      });
    }
    const kept = read.kind === 'read' ? read.value.sessions : {};
    const index: Record<string, IndexedSession> = {};
    let reread = false;
    await Promise.all(
      folders.map(async (name) => {
        const dir = this.#dir(name);
        let copy = kept[name];
        let summary = copy && (await unchanged(dir, copy)) ? this.#parse(dir, copy) : undefined;
        if (!summary) {
          copy = await this.#readCopies(dir);
          summary = copy && this.#parse(dir, copy);
          // A folder without a usable meta.json: Sessions lists it as unreadable, Home leaves it out.
          if (!summary) return;
          reread = true;
        }
        index[name] = copy!;
        // What was handed over while this was read is newer than it.
        if (!this.#metas.has(name)) this.#metas.set(name, summary.session);
        if (!this.#ticks.has(name)) this.#ticks.set(name, summary.ticks);
      }),
    );
    const dropped = Object.keys(kept).some((name) => !(name in index));
    if (read.kind === 'unusable' || reread || dropped) {
      this.#indexWrite = writeHomeIndex(dataDir, { version: 1, sessions: index }).catch((error: unknown) => {
        logger.warn('Home’s index of the sessions could not be written; the next start reads each session’s files instead', { error });
      });
    }
  }

  /** A session's files as they are now, or undefined when its meta.json cannot be read. */
  async #readCopies(dir: string): Promise<IndexedSession | undefined> {
    const file = exitPlanFile(dir);
    const [meta, ticks] = await Promise.all([
      readCopy(path.join(dir, 'meta.json')).catch(() => undefined),
      readCopy(file).catch((error: unknown) => {
        this.deps.logger.warn('The exit plan’s ticks could not be read; the plan shows nothing ticked', { file, error });
        return { stamp: null };
      }),
    ]);
    return meta && 'text' in meta ? { meta, ticks } : undefined;
  }

  #parse(dir: string, copy: IndexedSession): Summary | undefined {
    let meta: SessionMeta;
    try {
      meta = SessionMetaSchema.parse(JSON.parse(copy.meta.text));
    } catch {
      return undefined;
    }
    const ticks = 'text' in copy.ticks ? parseExitPlanTicks(copy.ticks.text, exitPlanFile(dir), this.deps.logger) : NO_TICKS;
    return { session: { ...meta, dir }, ticks };
  }

  #dir(name: string): string {
    return path.join(this.deps.dataDir, 'sessions', name);
  }
}

/** The session folders' names (none before the first session). */
async function sessionFolders(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(path.join(dataDir, 'sessions'), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** A session's meta.json, or undefined when it is missing or not valid (Sessions says which and why). */
async function readMeta(dir: string): Promise<ListedSession | undefined> {
  try {
    return { ...SessionMetaSchema.parse(JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8'))), dir };
  } catch {
    return undefined;
  }
}

/** Whether a session's files are still the ones the index copied. */
async function unchanged(dir: string, copy: IndexedSession): Promise<boolean> {
  try {
    const [meta, ticks] = await Promise.all([stampAt(path.join(dir, 'meta.json')), stampAt(exitPlanFile(dir))]);
    return sameStamp(meta, copy.meta.stamp) && sameStamp(ticks, copy.ticks.stamp);
  } catch {
    return false;
  }
}
