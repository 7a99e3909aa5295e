/**
 * `rooms.json` in the data folder: the rooms and which sessions each holds. Written whole or not at all (a temporary
 * file, fsynced, renamed over the old one). A file that cannot be read is reported with why, and is never written
 * over: the sessions it names stay in their folders whatever becomes of it.
 */
import path from 'node:path';
import { RoomsFileSchema, type RoomsFile } from '../../shared/rooms/schema';
import { readJsonFile } from '../files/read-json';
import { setFileAside, writeJsonFile } from '../files/write-atomic';

export const ROOMS_FILE = 'rooms.json';

export const roomsFilePath = (dataDir: string) => path.join(dataDir, ROOMS_FILE);

export type RoomsFileRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'read'; readonly file: RoomsFile }
  /** It is there but cannot be used: `reason` says why, in words. */
  | { readonly kind: 'unreadable'; readonly reason: string };

export async function readRoomsFile(dataDir: string): Promise<RoomsFileRead> {
  const read = await readJsonFile(roomsFilePath(dataDir), RoomsFileSchema, 'rooms as Tidying writes them');
  if (read.kind === 'read') return { kind: 'read', file: read.value };
  return read.kind === 'missing' ? read : { kind: 'unreadable', reason: read.reason };
}

export async function writeRoomsFile(dataDir: string, file: RoomsFile): Promise<void> {
  await writeJsonFile(roomsFilePath(dataDir), RoomsFileSchema, file);
}

/** Puts an unreadable rooms file aside under a name of its own (kept, never deleted); returns that name. */
export function setRoomsFileAside(dataDir: string, at: number): Promise<string> {
  return setFileAside(roomsFilePath(dataDir), at);
}
