import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { decodeFailure, errorCode, fsMessage, READABLE_FORMATS, type Failure } from './errors';
import { heicDecoder, type HeicDecoder } from './heic';
import { canDecodeHeic, render, type Rendered } from './render';
import { scan } from './scan';
import {
  ImportLimitsSchema,
  type DuplicateFile,
  type ImportLimits,
  type ImportProgress,
  type ImportResult,
  type PhotoId,
  type PhotoRecord,
  type SkippedFile,
} from '../../shared/photos/schema';
import { isQuickTime, sniff } from './sniff';
import type { PhotoStore } from './store';

/** A dropped or picked path (desktop), or bytes uploaded by the browser with their file name (web mode). */
export type PhotoSource = { path: string } | { name: string; bytes: Uint8Array };

export interface ImportOptions extends ImportLimits {
  store: PhotoStore;
  now: () => Date;
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Each new photo once it is stored and every photo given before it is done, so in the order they were given, before
   * the import as a whole is done (the session takes them in as they come).
   */
  onImported?: (record: PhotoRecord) => void;
  /** Decodes HEIC where sharp cannot (default: the app's one worker). */
  heic?: Pick<HeicDecoder, 'toPng'>;
}

interface Job {
  display: string;
  originalName: string;
  read: () => Promise<Uint8Array | Failure>;
}

type Outcome =
  | { kind: 'imported'; record: PhotoRecord }
  | { kind: 'live-photo-movie'; file: string }
  | { kind: 'duplicate'; duplicate: DuplicateFile }
  | { kind: 'skipped'; skipped: SkippedFile };

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Browsers may send a path-like name; only its last part is a file name. */
function uploadName(name: string): string {
  return name.split(/[\\/]/).pop()?.trim() || 'upload';
}

function sizeFailure(size: number, maxFileBytes: number): Failure | undefined {
  if (size === 0) return { reason: 'empty', message: 'The file is empty (0 bytes).' };
  if (size > maxFileBytes) {
    return { reason: 'too-large', message: `The file is ${mb(size)}; a photo may be at most ${mb(maxFileBytes)}.` };
  }
  return undefined;
}

function readFromDisk(file: string, maxFileBytes: number): () => Promise<Uint8Array | Failure> {
  return async () => {
    try {
      // Checked before reading so a huge file never lands in memory; checked again after, as files can change.
      const before = sizeFailure((await fs.stat(file)).size, maxFileBytes);
      if (before) return before;
      const bytes = await fs.readFile(file);
      return sizeFailure(bytes.length, maxFileBytes) ?? bytes;
    } catch (error) {
      return { reason: 'unreadable', message: fsMessage(error) };
    }
  };
}

/**
 * Imports photos into the session's store. Every file gets exactly one outcome: imported, duplicate, skipped with a
 * reason, or passed over as a Live Photo's movie; no single file can stop the others. Cancelling stops between files: photos already stored stay
 * and are reported. Progress is reported after each file.
 */
export async function importPhotos(sources: readonly PhotoSource[], options: ImportOptions): Promise<ImportResult> {
  const limits = ImportLimitsSchema.parse(options);
  const { store, now, signal, onProgress, onImported, heic = heicDecoder } = options;

  const roots = sources.flatMap((s) => ('path' in s ? [s.path] : []));
  const scanned = await scan(roots, { maxDepth: limits.maxDepth, maxFiles: limits.maxFiles, signal });
  const scanCut = signal?.aborted === true;
  const jobs: Job[] = [
    ...scanned.files.map((f) => ({
      display: f.display,
      originalName: path.basename(f.path),
      read: readFromDisk(f.path, limits.maxFileBytes),
    })),
    ...sources.flatMap((s) => {
      if ('path' in s) return [];
      const name = uploadName(s.name);
      const bytes = s.bytes;
      const read = async () => sizeFailure(bytes.length, limits.maxFileBytes) ?? bytes;
      return [{ display: name, originalName: name, read }];
    }),
  ];

  // A Live Photo is a still and a movie of the same name: `IMG_1.HEIC` and `IMG_1.MOV` side by side.
  const stem = (display: string) => display.replace(/\.[^./]*$/, '').toLowerCase();
  const names = new Map<string, number>();
  for (const job of jobs) names.set(stem(job.display), (names.get(stem(job.display)) ?? 0) + 1);
  const hasTwin = (job: Job) => (names.get(stem(job.display)) ?? 0) > 1;

  // Claimed synchronously after hashing, so two copies of one photo decoded side by side still count once.
  const claimed = new Set<PhotoId>();

  const importOne = async (job: Job): Promise<Outcome> => {
    const skip = (failure: Failure): Outcome => ({ kind: 'skipped', skipped: { file: job.display, ...failure } });
    const bytes = await job.read();
    if (!(bytes instanceof Uint8Array)) return skip(bytes);
    const format = sniff(bytes);
    if (!format && isQuickTime(bytes) && hasTwin(job)) return { kind: 'live-photo-movie', file: job.display };
    if (!format) {
      const message = `Its contents are not a photo format Tidying reads (${READABLE_FORMATS}).`;
      return skip({ reason: 'not-an-image', message });
    }
    // The id hashes the original bytes, not the stored copies: the same photo dropped twice, from another folder
    // or uploaded under another name is one photo, and duplicates are found before any costly decoding.
    const id = createHash('sha256').update(bytes).digest('hex');
    if (claimed.has(id)) return { kind: 'duplicate', duplicate: { file: job.display, id } };
    claimed.add(id);
    if (await store.has(id)) return { kind: 'duplicate', duplicate: { file: job.display, id } };

    let rendered: Rendered;
    try {
      // Where sharp reads no HEIC, libheif's WebAssembly build decodes it first (heic.ts), off the main thread.
      const decodable = format === 'heic' && !canDecodeHeic() ? await heic.toPng(bytes, limits.maxPixels) : bytes;
      rendered = await render(decodable, limits);
    } catch (error) {
      claimed.delete(id);
      return skip(decodeFailure(error, format, limits.maxPixels));
    }
    const { model, thumb, view, ...size } = rendered;
    const record: PhotoRecord = {
      id,
      originalName: job.originalName,
      format,
      ...size,
      bytes: bytes.length,
      importedAt: now().toISOString(),
      view,
    };
    try {
      await store.put(record, model, thumb);
    } catch (error) {
      claimed.delete(id);
      const message = `The session folder could not store it (${errorCode(error) ?? 'unknown error'}).`;
      return skip({ reason: 'not-saved', message });
    }
    return { kind: 'imported', record };
  };

  const outcomes: (Outcome | undefined)[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  // Stored photos are handed over in the order they were given, each as soon as every photo before it is done.
  let handedOver = 0;
  const handOver = () => {
    for (; handedOver < jobs.length && outcomes[handedOver]; handedOver += 1) {
      const outcome = outcomes[handedOver]!;
      if (outcome.kind !== 'imported') continue;
      try {
        onImported?.(outcome.record);
      } catch {
        // Whoever listens is not the import's concern: the photo is stored either way.
      }
    }
  };
  const worker = async () => {
    while (next < jobs.length && !signal?.aborted) {
      const index = next++;
      const job = jobs[index]!;
      // importOne maps every expected failure itself; this is the guard that keeps one file from stopping the rest.
      // Error texts can hold absolute paths, so none reaches the summary.
      outcomes[index] = await importOne(job).catch(
        (): Outcome => ({
          kind: 'skipped',
          skipped: { file: job.display, reason: 'unreadable', message: 'Something unexpected went wrong reading it.' },
        }),
      );
      handOver();
      done += 1;
      try {
        onProgress?.({ done, total: jobs.length, currentFile: job.display });
      } catch {
        // A failing progress listener is the GUI's problem; the photos still get imported.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.concurrency, jobs.length) }, worker));

  const result: ImportResult = {
    imported: [],
    duplicates: [],
    skipped: [...scanned.skipped],
    tooDeep: scanned.tooDeep,
    capped: scanned.capped,
    cancelled: scanCut || done < jobs.length,
  };
  for (const outcome of outcomes) {
    if (outcome?.kind === 'imported') result.imported.push(outcome.record);
    else if (outcome?.kind === 'duplicate') result.duplicates.push(outcome.duplicate);
    else if (outcome?.kind === 'skipped') result.skipped.push(outcome.skipped);
    else if (outcome?.kind === 'live-photo-movie') (result.livePhotoMovies ??= []).push(outcome.file);
  }
  return result;
}
