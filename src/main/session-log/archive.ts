/**
 * A session folder as one file (a gzipped tar), to move it to another machine: its log, its meta.json, its exit
 * plan's ticks (when there are any) and its photos. Opening one checks every entry (only the files a session folder holds, nothing outside it) and the log
 * itself before anything lands in the data folder.
 */
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create, extract } from 'tar';
import { readSessionLog } from './reader';
import { sessionPaths } from './metadata';

/** What a session archive may hold; anything else in one is left out. */
const ALLOWED = /^(log\.jsonl|meta\.json|exit-plan\.json|photos\/[0-9a-f]{64}\.(jpg|thumb\.webp|json|point-[0-9a-f]{16}\.jpg))$/;
/** A generous cap for one session's archive: photos are model-sized copies. */
export const MAX_ARCHIVE_BYTES = 512 * 1024 * 1024;

export async function exportSessionArchive(dataDir: string, sessionId: string): Promise<Buffer> {
  return archiveOfFolder(sessionPaths(dataDir, sessionId).dir);
}

/** Any session folder (a data folder's, or one dropped from elsewhere) as an archive of what a session holds. */
export async function archiveOfFolder(dir: string): Promise<Buffer> {
  const photos = await readdir(path.join(dir, 'photos')).catch(() => [] as string[]);
  // The ticks file exists only once something in the exit plan was ticked.
  const ticks = (await stat(path.join(dir, 'exit-plan.json')).catch(() => undefined)) ? ['exit-plan.json'] : [];
  const files = ['log.jsonl', 'meta.json', ...ticks, ...photos.map((name) => `photos/${name}`)].filter((name) => ALLOWED.test(name));
  const chunks: Buffer[] = [];
  const stream = create({ gzip: true, cwd: dir, portable: true }, files);
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export class SessionArchiveError extends Error {
  override readonly name = 'SessionArchiveError';
}

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Brings a session into the data folder as one of its own and returns its id: from an archive, or from a bare
 * `log.jsonl` (a replay without photos). Refuses to overwrite a session that is already here.
 */
export async function importSessionArchive(dataDir: string, archive: Uint8Array): Promise<string> {
  if (archive.byteLength > MAX_ARCHIVE_BYTES) throw new SessionArchiveError('That file is too large to be a Tidying session.');
  const staging = await mkdtemp(path.join(dataDir, '.import-'));
  try {
    const unpacked = path.join(staging, 'session');
    await mkdir(unpacked);
    if (isGzip(archive)) {
      const file = path.join(staging, 'archive.tar.gz');
      await writeFile(file, archive);
      try {
        await extract({
          file,
          cwd: unpacked,
          strict: true,
          filter: (entryPath, entry) => ALLOWED.test(entryPath.replace(/^\.\//, '')) && (!('type' in entry) || entry.type === 'File'),
        });
      } catch {
        throw new SessionArchiveError('That file is not a Tidying session archive (it could not be unpacked).');
      }
    } else if (archive[0] === 0x7b) {
      await writeFile(path.join(unpacked, 'log.jsonl'), archive);
    } else {
      throw new SessionArchiveError('That file is not a Tidying session: open an exported .tar.gz, a session folder or its log.jsonl.');
    }
    let events;
    try {
      ({ events } = await readSessionLog(path.join(unpacked, 'log.jsonl')));
    } catch (error) {
      throw new SessionArchiveError(`That archive holds no readable session log: ${(error as Error).message}`);
    }
    const started = events.find((event) => event.type === 'session-started');
    if (!started || !/^[A-Za-z0-9-]{1,64}$/.test(started.sessionId)) throw new SessionArchiveError('That archive’s log does not say which session it is.');
    const target = sessionPaths(dataDir, started.sessionId).dir;
    if (await stat(target).catch(() => undefined)) throw new SessionArchiveError('That session is already here: open it from Sessions.');
    await mkdir(path.dirname(target), { recursive: true });
    await rename(unpacked, target);
    return started.sessionId;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export const archiveFileName = (sessionId: string, startedAt: number) =>
  `tidying-session-${new Date(startedAt).toISOString().slice(0, 10)}-${sessionId.slice(0, 8)}.tar.gz`;
