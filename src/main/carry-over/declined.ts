/**
 * The earlier sessions whose leftovers the person declined, in `carry-over.json` in the data folder. A declined offer
 * is never made again; declining happens before the new session has a folder of its own, so it is kept here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../files/write-atomic';

/** Old declines are dropped past this many: by then those sessions have long been superseded. */
const KEEP = 200;

const DeclinedFileSchema = z.object({ declined: z.array(z.string().min(1).max(64)).max(KEEP) });

export function declinedFile(dataDir: string): string {
  return path.join(dataDir, 'carry-over.json');
}

/** The declined session ids; none when the file is missing or unreadable (an offer made again is the safe failure). */
export async function readDeclined(dataDir: string): Promise<Set<string>> {
  try {
    return new Set(DeclinedFileSchema.parse(JSON.parse(await readFile(declinedFile(dataDir), 'utf8'))).declined);
  } catch {
    return new Set();
  }
}

export async function addDeclined(dataDir: string, sessionId: string): Promise<void> {
  const declined = [...(await readDeclined(dataDir))].filter((id) => id !== sessionId);
  declined.push(sessionId);
  await writeFileAtomic(declinedFile(dataDir), `${JSON.stringify({ declined: declined.slice(-KEEP) }, null, 2)}\n`, { sync: true });
}
