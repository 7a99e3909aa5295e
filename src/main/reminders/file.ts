/**
 * `reminders.json` in the data folder (docs/rooms.md, "Reminders"): the reminders the person set on Home's trips.
 * Written whole or not at all (a temporary file, fsynced, renamed over the old one). A file that cannot be read is
 * reported with why and never written over: the first reminder set after it puts it aside, kept, under a name of its
 * own, and starts a new file.
 */
import path from 'node:path';
import { RemindersFileSchema, type RemindersFile } from '../../shared/reminders/schema';
import { readJsonFile } from '../files/read-json';
import { setFileAside, writeJsonFile } from '../files/write-atomic';

export const REMINDERS_FILE = 'reminders.json';

export const remindersFilePath = (dataDir: string) => path.join(dataDir, REMINDERS_FILE);

export const NO_REMINDERS: RemindersFile = { version: 1, reminders: [] };

export type RemindersFileRead = { readonly kind: 'read'; readonly file: RemindersFile } | { readonly kind: 'unreadable'; readonly reason: string };

/** A missing file is no reminders yet. */
export async function readRemindersFile(dataDir: string): Promise<RemindersFileRead> {
  const read = await readJsonFile(remindersFilePath(dataDir), RemindersFileSchema, 'reminders as Tidying writes them');
  if (read.kind === 'missing') return { kind: 'read', file: NO_REMINDERS };
  return read.kind === 'read' ? { kind: 'read', file: read.value } : { kind: 'unreadable', reason: read.reason };
}

export async function writeRemindersFile(dataDir: string, file: RemindersFile): Promise<void> {
  await writeJsonFile(remindersFilePath(dataDir), RemindersFileSchema, file);
}

/** Puts an unreadable reminders file aside (kept, never deleted); returns its new name. */
export function setRemindersFileAside(dataDir: string, at: number): Promise<string> {
  return setFileAside(remindersFilePath(dataDir), at);
}
