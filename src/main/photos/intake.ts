import path from 'node:path';
import { IpcError } from '../../shared/ipc/errors';
import type { ImportProgress, ImportResult, PhotoRecord } from '../../shared/photos/schema';
import type { Random } from '../effects';
import { importPhotos, type PhotoSource } from './import';
import { PhotoIdSchema } from '../../shared/photos/schema';
import { photoPaths, PhotoStore } from './store';

/** Bytes a browser may upload for one photo, and in total while they wait to be imported. */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
export const MAX_STAGED_BYTES = 1024 * 1024 * 1024;

const SESSION_ID = /^[A-Za-z0-9-]{1,64}$/;

export type PhotoVariant = 'thumb' | 'model';

/**
 * Where photos come in: uploads from the browser wait here (by id) until `photos:import` takes them, paths come only
 * from what the person dropped or picked, and each session's photos live in its own folder under the data
 * directory, stored by content hash.
 */
export class PhotoIntake {
  readonly #uploads = new Map<string, { name: string; bytes: Uint8Array }>();
  readonly #stores = new Map<string, Promise<PhotoStore>>();
  /** Paths the person dropped on the window or picked: no other path is ever read. */
  readonly #granted = new Set<string>();
  #stagedBytes = 0;

  constructor(
    private readonly dataDir: string,
    private readonly random: Random,
  ) {}

  /** Keeps one uploaded file until it is imported; refuses when too much is already waiting. */
  stage(name: string, bytes: Uint8Array): string {
    if (this.#stagedBytes + bytes.byteLength > MAX_STAGED_BYTES) {
      throw new IpcError({ code: 'invalid-input', message: 'Too many photos are waiting to be imported; import them first.' });
    }
    const id = this.random.id();
    this.#uploads.set(id, { name, bytes });
    this.#stagedBytes += bytes.byteLength;
    return id;
  }

  /** Hands over staged uploads for import. An unknown id was never uploaded (or was imported already). */
  take(ids: readonly string[]): PhotoSource[] {
    const missing = ids.find((id) => !this.#uploads.has(id));
    if (missing) throw new IpcError({ code: 'invalid-input', message: `No uploaded photo has the id "${missing}".` });
    return ids.map((id) => {
      const upload = this.#uploads.get(id)!;
      this.#uploads.delete(id);
      this.#stagedBytes -= upload.bytes.byteLength;
      return { name: upload.name, bytes: upload.bytes };
    });
  }

  grant(paths: readonly string[]): void {
    for (const file of paths) this.#granted.add(file);
  }

  isGranted(file: string): boolean {
    return this.#granted.has(file);
  }

  /** Refuses any path the person did not drop or pick. */
  checkGranted(paths: readonly string[], what: string): void {
    if (paths.some((file) => !this.#granted.has(file))) {
      throw new IpcError({ code: 'invalid-input', message: `Only ${what} you dropped on the window or picked can be ${what === 'photos' ? 'imported' : 'opened'}.` });
    }
  }

  /**
   * Imports into the session's photo folder (by content hash: the same photo twice is one photo). Each new photo is
   * handed to `onImported` as soon as it is stored, before the import as a whole is done.
   */
  async importInto(
    sessionId: string,
    sources: PhotoSource[],
    options: {
      signal: AbortSignal;
      modelLongSide?: number;
      now: () => Date;
      onProgress: (progress: ImportProgress) => void;
      onImported?: (record: PhotoRecord) => void;
    },
  ): Promise<ImportResult> {
    return importPhotos(sources, {
      ...(options.modelLongSide ? { modelLongSide: options.modelLongSide } : {}),
      store: await this.storeFor(sessionId),
      now: options.now,
      signal: options.signal,
      onProgress: options.onProgress,
      ...(options.onImported ? { onImported: options.onImported } : {}),
    });
  }

  sessionPhotoDir(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) throw new Error(`Not a session id: ${sessionId}`);
    return path.join(this.dataDir, 'sessions', sessionId, 'photos');
  }

  storeFor(sessionId: string): Promise<PhotoStore> {
    let store = this.#stores.get(sessionId);
    if (!store) {
      store = PhotoStore.open(this.sessionPhotoDir(sessionId));
      this.#stores.set(sessionId, store);
      store.catch(() => this.#stores.delete(sessionId));
    }
    return store;
  }

  /** The file behind a photo URL, or undefined for anything that is not exactly a session id and a photo id. */
  photoFile(sessionId: string, photoId: string, variant: PhotoVariant): string | undefined {
    if (!SESSION_ID.test(sessionId) || !PhotoIdSchema.safeParse(photoId).success) return undefined;
    return photoPaths(this.sessionPhotoDir(sessionId), photoId)[variant];
  }
}

/** `/photos/<session>/<photo>.thumb.webp` or `.jpg`, as the GUI writes them. */
export function parsePhotoPath(urlPath: string): { sessionId: string; photoId: string; variant: PhotoVariant } | undefined {
  const match = /^\/photos\/([A-Za-z0-9-]{1,64})\/([0-9a-f]{64})\.(thumb\.webp|jpg)$/.exec(urlPath);
  if (!match) return undefined;
  return { sessionId: match[1]!, photoId: match[2]!, variant: match[3] === 'jpg' ? 'model' : 'thumb' };
}
