/**
 * Detection for the app's sessions: photos queue up as they are imported (or found undetected when a session is
 * resumed), one is detected at a time in the background, each result is cached beside the photo (a photo is never
 * analysed twice, even across restarts) and handed to the session it belongs to. The coach never waits for it: a
 * photo's detections join the session whenever they are ready.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PhotoDetectionsSchema, type DetectionProgress, type PhotoDetections } from '../../shared/detection/schema';
import { writeFileAtomic } from '../files/write-atomic';
import type { Logger } from '../log/logger';
import { Detector, DetectorError, type DetectorOptions } from './detector';
import { findDetectorRuntime, type RuntimeLookup } from './runtime';

export interface DetectionPhoto {
  readonly id: string;
  readonly width: number;
  readonly height: number;
}

export interface DetectionJob {
  readonly sessionId: string;
  /** The session's photo folder: the model copy `<id>.jpg` is read from it and the cache written into it. */
  readonly photosDir: string;
  readonly photos: readonly DetectionPhoto[];
}

export interface DetectionServiceDeps {
  readonly logger: Logger;
  /** Hands a photo's detections to its session (which may no longer be the one in use). */
  readonly deliver: (sessionId: string, photoId: string, detections: PhotoDetections) => Promise<void>;
  readonly onProgress: (progress: DetectionProgress) => void;
  readonly lookup?: () => RuntimeLookup;
  readonly detector?: DetectorOptions;
}

export type DetectorAvailability = { readonly available: true } | { readonly available: false; readonly reason: string };

const CachedSchema = z.object({ detector: z.string(), detections: PhotoDetectionsSchema });

/** The cache file of a photo's detections, beside the photo's own files. */
export function detectionsFile(photosDir: string, photoId: string): string {
  return path.join(photosDir, `${photoId}.detected.json`);
}

interface Task {
  readonly sessionId: string;
  readonly photosDir: string;
  readonly photo: DetectionPhoto;
}

export class DetectionService {
  readonly #deps: DetectionServiceDeps;
  readonly #lookup: RuntimeLookup;
  readonly #detector: Detector | undefined;
  /** Set when the model cannot load: no photo will do better, so detection stops and Settings say why. */
  #broken: string | undefined;
  readonly #queue: Task[] = [];
  #draining: Promise<void> | undefined;
  #progress = { done: 0, total: 0, failed: 0 };

  constructor(deps: DetectionServiceDeps) {
    this.#deps = deps;
    this.#lookup = (deps.lookup ?? findDetectorRuntime)();
    this.#detector = 'found' in this.#lookup ? new Detector(this.#lookup.found, deps.detector) : undefined;
  }

  availability(): DetectorAvailability {
    if ('missing' in this.#lookup) return { available: false, reason: this.#lookup.missing };
    if (this.#broken) return { available: false, reason: this.#broken };
    return { available: true };
  }

  /** Queues the photos not queued yet; their detections reach the session one by one. */
  request(job: DetectionJob): void {
    if (!this.availability().available) return;
    const queued = (photo: DetectionPhoto) => this.#queue.some((task) => task.sessionId === job.sessionId && task.photo.id === photo.id);
    const fresh = job.photos.filter((photo) => !queued(photo));
    if (fresh.length === 0) return;
    this.#queue.push(...fresh.map((photo) => ({ sessionId: job.sessionId, photosDir: job.photosDir, photo })));
    this.#progress = { ...this.#progress, total: this.#progress.total + fresh.length };
    this.#report();
    this.#draining ??= this.#drain().finally(() => (this.#draining = undefined));
  }

  /** Drops what waits (detection was turned off, or the app closes); the photo in hand finishes. */
  cancel(): void {
    const dropped = this.#queue.splice(0).length;
    if (dropped === 0) return;
    this.#progress = { ...this.#progress, total: this.#progress.total - dropped };
    this.#report();
  }

  /** Resolves when nothing waits or runs. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async close(): Promise<void> {
    this.cancel();
    await this.idle();
    await this.#detector?.close();
  }

  async #drain(): Promise<void> {
    for (let task = this.#queue.shift(); task; task = this.#queue.shift()) {
      let failed = false;
      try {
        const detections = await this.#detectionsOf(task);
        if (detections) await this.#deps.deliver(task.sessionId, task.photo.id, detections);
        else failed = true;
      } catch (error) {
        failed = true;
        this.#deps.logger.warn('Detections could not be added to the session', { error });
      }
      this.#progress = { ...this.#progress, done: this.#progress.done + 1, failed: this.#progress.failed + (failed ? 1 : 0) };
      this.#report();
    }
    this.#progress = { done: 0, total: 0, failed: 0 };
  }

  /** From the cache, or from the detector (then cached); undefined when the photo cannot be read or detection failed. */
  async #detectionsOf(task: Task): Promise<PhotoDetections | undefined> {
    const detector = this.#detector;
    if (!detector || this.#broken) return undefined;
    const cacheFile = detectionsFile(task.photosDir, task.photo.id);
    const cached = await readCached(cacheFile, detector.id);
    if (cached) return cached;
    try {
      const { detections, timing } = await detector.detect(path.join(task.photosDir, `${task.photo.id}.jpg`), task.photo);
      this.#deps.logger.debug('Photo detected', { items: detections.items.length, ...timing, loadMs: detector.loadMs });
      try {
        await writeFileAtomic(cacheFile, `${JSON.stringify({ detector: detector.id, detections })}\n`);
      } catch (error) {
        this.#deps.logger.warn('Detections could not be cached; they will be worked out again next time', { error });
      }
      return detections;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof DetectorError && error.kind === 'load') {
        this.#broken = message;
        this.cancel();
      }
      this.#deps.logger.warn('A photo could not be detected', { error: message });
      return undefined;
    }
  }

  #report(): void {
    try {
      this.#deps.onProgress({ ...this.#progress });
    } catch (error) {
      this.#deps.logger.error('A detection progress listener failed', { error });
    }
  }
}

/** The cached detections, if they are there, valid and from this detector. */
async function readCached(file: string, detectorId: string): Promise<PhotoDetections | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const parsed = CachedSchema.safeParse(safeJson(text));
  return parsed.success && parsed.data.detector === detectorId ? parsed.data.detections : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
