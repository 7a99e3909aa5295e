import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { TEMP_SUFFIX, writeFileAtomic } from '../files/write-atomic';
import { PhotoIdSchema, PhotoRecordSchema, type PhotoId, type PhotoRecord } from '../../shared/photos/schema';

export interface PhotoPaths {
  /** JPEG for the vision model. */
  model: string;
  /** WebP for the GUI. */
  thumb: string;
  /** JSON metadata; written last, so its presence means the photo is complete. */
  record: string;
}

const RECORD_SUFFIX = '.json';

/** Where a photo's files are in a session's photo folder. An id that is not a photo id throws. */
export function photoPaths(dir: string, id: PhotoId): PhotoPaths {
  const base = path.join(dir, PhotoIdSchema.parse(id));
  return { model: `${base}.jpg`, thumb: `${base}.thumb.webp`, record: `${base}${RECORD_SUFFIX}` };
}

/** The model-sized copy of a photo, or undefined when there is none (or the id is not a photo id). */
export function readModelCopy(dir: string, id: string): Uint8Array | undefined {
  try {
    return readFileSync(photoPaths(dir, id).model);
  } catch {
    return undefined;
  }
}

/**
 * A session's photo folder: `<id>.jpg`, `<id>.thumb.webp` and `<id>.json` per photo, where the id is the sha256
 * of the original bytes. Every file is written to a temporary name and renamed into place, so a crash or a
 * cancel never leaves a half-written photo under a real name.
 */
export class PhotoStore {
  private constructor(readonly dir: string) {}

  /** Creates the folder if needed and removes temporary files a crashed import left behind. */
  static async open(dir: string): Promise<PhotoStore> {
    await fs.mkdir(dir, { recursive: true });
    const names = await fs.readdir(dir);
    const leftovers = names.filter((n) => n.endsWith(TEMP_SUFFIX));
    await Promise.all(leftovers.map((n) => fs.rm(path.join(dir, n), { force: true })));
    return new PhotoStore(dir);
  }

  paths(id: PhotoId): PhotoPaths {
    return photoPaths(this.dir, id);
  }

  async has(id: PhotoId): Promise<boolean> {
    try {
      await fs.access(this.paths(id).record);
      return true;
    } catch {
      return false;
    }
  }

  /** The validated record, or undefined when the photo is not in the store. */
  async get(id: PhotoId): Promise<PhotoRecord | undefined> {
    let text: string;
    try {
      text = await fs.readFile(this.paths(id).record, 'utf8');
    } catch {
      return undefined;
    }
    return PhotoRecordSchema.parse(JSON.parse(text));
  }

  /** Every complete photo, oldest import first. */
  async list(): Promise<PhotoRecord[]> {
    const names = await fs.readdir(this.dir);
    const ids = names.filter((n) => n.endsWith(RECORD_SUFFIX)).map((n) => n.slice(0, -RECORD_SUFFIX.length));
    const valid = ids.filter((id) => PhotoIdSchema.safeParse(id).success);
    const records = await Promise.all(valid.map((id) => this.get(id)));
    return records
      .filter((r): r is PhotoRecord => r !== undefined)
      .sort((a, b) => a.importedAt.localeCompare(b.importedAt) || a.id.localeCompare(b.id));
  }

  async put(record: PhotoRecord, model: Uint8Array, thumb: Uint8Array): Promise<void> {
    const valid = PhotoRecordSchema.parse(record);
    const paths = this.paths(valid.id);
    await writeFileAtomic(paths.model, model);
    await writeFileAtomic(paths.thumb, thumb);
    await writeFileAtomic(paths.record, `${JSON.stringify(valid, null, 2)}\n`);
  }
}
