/**
 * `home-index.json` in the data folder: a copy of what Home last read of each session, its meta.json and exit-plan
 * ticks as text, each with the file's stamp (size, modification time, inode) when it was read. A start reads this one
 * file and stats the others instead of reading them all; a file whose stamp differs is read again. It is only a copy:
 * missing, damaged or out of date, it is made again from the sessions' own files, which it never replaces.
 */
import { readFile as readFileCallback, stat, type Stats } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile, type JsonFileRead } from '../files/read-json';
import { writeFileAtomic } from '../files/write-atomic';

export const HOME_INDEX_FILE = 'home-index.json';

export const homeIndexPath = (dataDir: string) => path.join(dataDir, HOME_INDEX_FILE);

/** What tells a file's versions apart: an atomic write makes a new inode, an edit in place a new time or size. */
const StampSchema = z.object({ size: z.number().int().nonnegative(), mtimeMs: z.number().nonnegative(), ino: z.number().nonnegative() });
export type Stamp = z.infer<typeof StampSchema>;

/** A file's text and its stamp when read; a stamp of null is a file that was not there. */
const CopySchema = z.union([z.object({ stamp: StampSchema, text: z.string() }), z.object({ stamp: z.null() })]);
export type Copy = z.infer<typeof CopySchema>;

const IndexedSessionSchema = z.object({ meta: z.object({ stamp: StampSchema, text: z.string() }), ticks: CopySchema });
export type IndexedSession = z.infer<typeof IndexedSessionSchema>;

/** Sessions by their folder's name. */
export const HomeIndexSchema = z.object({ version: z.literal(1), sessions: z.record(z.string(), IndexedSessionSchema) });
export type HomeIndex = z.infer<typeof HomeIndexSchema>;

export function readHomeIndex(dataDir: string): Promise<JsonFileRead<HomeIndex>> {
  return readJsonFile(homeIndexPath(dataDir), HomeIndexSchema, 'an index as Tidying writes it');
}

/** Whole or not at all, like the files it copies (compact: it is read by Tidying only). */
export async function writeHomeIndex(dataDir: string, index: HomeIndex): Promise<void> {
  await writeFileAtomic(homeIndexPath(dataDir), JSON.stringify(index), { sync: true });
}

const stampOf = (stats: Pick<Stats, 'size' | 'mtimeMs' | 'ino'>): Stamp => ({ size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino });

/**
 * The file's stamp now, or null when it is not there. Callback `stat`: for the thousands a start makes, it costs a
 * third of what `fs/promises` does on a busy machine (bench "Rooms home").
 */
export function stampAt(file: string): Promise<Stamp | null> {
  return new Promise((resolve, reject) =>
    stat(file, (error, stats) => {
      if (!error) resolve(stampOf(stats));
      else if (error.code === 'ENOENT') resolve(null);
      else reject(error);
    }),
  );
}

export const sameStamp = (a: Stamp | null, b: Stamp | null) => a === b || (a !== null && b !== null && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino);

/**
 * A file's text with its stamp, or a null stamp when the file is not there. The stamp is taken first: a write that
 * lands in between can only make the copy look out of date (to be read again), never up to date when it is not.
 */
export async function readCopy(file: string): Promise<Copy> {
  const stamp = await stampAt(file);
  if (!stamp) return { stamp };
  const text = await new Promise<string | undefined>((resolve, reject) =>
    readFileCallback(file, 'utf8', (error, read) => {
      if (!error) resolve(read);
      else if (error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    }),
  );
  return text === undefined ? { stamp: null } : { stamp, text };
}
