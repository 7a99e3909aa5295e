/**
 * `rooms.json` in the data folder: the rooms and which sessions each holds. Written whole or not at all (a temporary
 * file, fsynced, renamed over the old one). A file that cannot be read is reported with why, and is never written
 * over: the sessions it names stay in their folders whatever becomes of it.
 */
import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { RoomsFileSchema, type RoomsFile } from '../../shared/rooms/schema';
import { writeFileAtomic } from '../files/write-atomic';

export const ROOMS_FILE = 'rooms.json';

export const roomsFilePath = (dataDir: string) => path.join(dataDir, ROOMS_FILE);

export type RoomsFileRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'read'; readonly file: RoomsFile }
  /** It is there but cannot be used: `reason` says why, in words. */
  | { readonly kind: 'unreadable'; readonly reason: string };

export async function readRoomsFile(dataDir: string): Promise<RoomsFileRead> {
  let text: string;
  try {
    text = await readFile(roomsFilePath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: `it could not be opened (${(error as Error).message})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // A file cut short (written by hand, or by a disk that filled up) is the usual cause.
    return { kind: 'unreadable', reason: text.trim() ? 'it is not complete JSON (it may have been cut short)' : 'it is empty' };
  }
  const parsed = RoomsFileSchema.safeParse(json);
  if (!parsed.success) return { kind: 'unreadable', reason: `it does not hold rooms as Tidying writes them (${issues(parsed.error)})` };
  return { kind: 'read', file: parsed.data };
}

export async function writeRoomsFile(dataDir: string, file: RoomsFile): Promise<void> {
  await writeFileAtomic(roomsFilePath(dataDir), `${JSON.stringify(RoomsFileSchema.parse(file), null, 2)}\n`, { sync: true });
}

/** Puts an unreadable rooms file aside under a name of its own (kept, never deleted); returns that name. */
export async function setRoomsFileAside(dataDir: string, at: number): Promise<string> {
  const aside = `rooms.unreadable-${new Date(at).toISOString().replace(/[:.]/g, '-')}.json`;
  await rename(roomsFilePath(dataDir), path.join(dataDir, aside));
  return aside;
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
