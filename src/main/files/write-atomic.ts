import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';

/** Temporary files of an unfinished atomic write end with this; a store may sweep them at start. */
export const TEMP_SUFFIX = '.tmp';

/**
 * Writes `file` whole or not at all: into a temporary file beside it, then renamed over it. With `sync` the bytes
 * are on disk before the rename, so a crash leaves the old file or the new one, never a torn one. A failed write
 * removes its temporary file.
 */
export async function writeFileAtomic(file: string, data: Uint8Array | string, options: { sync?: boolean } = {}): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(data);
      if (options.sync) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** A JSON file of the app's own, checked against its schema, then written whole or not at all and synced. */
export async function writeJsonFile<S extends z.ZodType>(file: string, schema: S, value: z.input<S>): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(schema.parse(value), null, 2)}\n`, { sync: true });
}

/**
 * Puts a file that could not be read aside, beside it, under a name of its own ("rooms.json" becomes
 * "rooms.unreadable-2026-11-28T09-00-00-000Z.json"): kept, never deleted. Returns the new name.
 */
export async function setFileAside(file: string, at: number): Promise<string> {
  const { dir, name, ext } = path.parse(file);
  const aside = `${name}.unreadable-${new Date(at).toISOString().replace(/[:.]/g, '-')}${ext}`;
  await rename(file, path.join(dir, aside));
  return aside;
}
