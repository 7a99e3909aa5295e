import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

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
