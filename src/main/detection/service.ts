/**
 * Detection for the app's sessions: photos queue up as they are imported (or found undetected when a session is
 * resumed), one is detected at a time in the background, each result is cached beside the photo (a photo is never
 * analysed twice, even across restarts) and handed to the session it belongs to. The coach never waits for it: a
 * photo's detections join the session whenever they are ready.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
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
  /**
   * Hands a photo's detections to its session; false when the session does not take them (not the one in use, or
   * the photo is still being imported): they are kept, and handed over when the photo is asked for again.
   */
  readonly deliver: (sessionId: string, photoId: string, detections: PhotoDetections) => Promise<boolean>;
  readonly onProgress: (progress: DetectionProgress) => void;
  readonly lookup?: () => RuntimeLookup;
  readonly detector?: DetectorOptions;
  /** Worker threads to detect with at once (default: one less than the cores, at most three). */
  readonly workers?: number;
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

const keyOf = (sessionId: string, photoId: string) => `${sessionId}/${photoId}`;
/** Detections kept for a session that has not taken them yet; the oldest go first (their cache files stay). */
const MAX_KEPT = 5000;

/** Workers to run at once: a core is left for the window and the import; more than three buys little. */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(3, os.availableParallelism() - 1));
}

export class DetectionService {
  readonly #deps: DetectionServiceDeps;
  readonly #lookup: RuntimeLookup;
  /** One detector (one worker thread) per drain loop, made when first needed. */
  readonly #detectors: Detector[] = [];
  readonly #workers: number;
  /** Set when the model cannot load: no photo will do better, so detection stops and Settings say why. */
  #broken: string | undefined;
  readonly #queue: Task[] = [];
  /** Photos being detected now, by session and photo. */
  readonly #inFlight = new Map<string, Promise<PhotoDetections | undefined>>();
  /** Detections their session did not take yet, by session and photo; a few hundred at most (one import's worth). */
  readonly #kept = new Map<string, PhotoDetections>();
  readonly #draining = new Set<Promise<void>>();
  #progress = { done: 0, total: 0, failed: 0 };

  constructor(deps: DetectionServiceDeps) {
    this.#deps = deps;
    this.#lookup = (deps.lookup ?? findDetectorRuntime)();
    this.#workers = Math.max(1, deps.workers ?? defaultWorkers());
  }

  availability(): DetectorAvailability {
    if ('missing' in this.#lookup) return { available: false, reason: this.#lookup.missing };
    if (this.#broken) return { available: false, reason: this.#broken };
    return { available: true };
  }

  /** The detectors made so far (for the bench: their cold start). */
  get detectors(): readonly Detector[] {
    return this.#detectors;
  }

  /** Queues the photos not queued, detected or kept yet; their detections reach the session one by one. */
  request(job: DetectionJob): void {
    if (!this.availability().available) return;
    const fresh: Task[] = [];
    for (const photo of job.photos) {
      const key = keyOf(job.sessionId, photo.id);
      const kept = this.#kept.get(key);
      if (kept) {
        this.#kept.delete(key);
        void this.#deliver(job.sessionId, photo.id, kept);
        continue;
      }
      // Queued or being detected: it is handed over when done, and the session has the photo by then (it is asked
      // for again only once the session has it).
      if (this.#inFlight.has(key) || this.#queue.some((task) => keyOf(task.sessionId, task.photo.id) === key)) continue;
      fresh.push({ sessionId: job.sessionId, photosDir: job.photosDir, photo });
    }
    if (fresh.length === 0) return;
    this.#queue.push(...fresh);
    this.#progress = { ...this.#progress, total: this.#progress.total + fresh.length };
    this.#report();
    while (this.#draining.size < Math.min(this.#workers, this.#queue.length)) {
      const detector = this.#detectorFor(this.#draining.size);
      if (!detector) return;
      const draining: Promise<void> = this.#drain(detector).finally(() => {
        this.#draining.delete(draining);
        if (this.#draining.size === 0 && this.#queue.length === 0) this.#progress = { done: 0, total: 0, failed: 0 };
      });
      this.#draining.add(draining);
    }
  }

  /** Drops what waits (the person stopped it, detection was turned off, or the app closes); the photos in hand finish. */
  cancel(): number {
    const dropped = this.#queue.splice(0).length;
    if (dropped === 0) return 0;
    this.#progress = { ...this.#progress, total: this.#progress.total - dropped };
    this.#report();
    return dropped;
  }

  /** Resolves when nothing waits or runs. */
  async idle(): Promise<void> {
    while (this.#draining.size > 0 || this.#inFlight.size > 0) await Promise.all([...this.#draining, ...this.#inFlight.values()]);
  }

  async close(): Promise<void> {
    this.cancel();
    await this.idle();
    await Promise.all(this.#detectors.map((detector) => detector.close()));
  }

  #detectorFor(index: number): Detector | undefined {
    if (!('found' in this.#lookup)) return undefined;
    this.#detectors[index] ??= new Detector(this.#lookup.found, this.#deps.detector);
    return this.#detectors[index];
  }

  async #drain(detector: Detector): Promise<void> {
    for (let task = this.#queue.shift(); task; task = this.#queue.shift()) {
      const key = keyOf(task.sessionId, task.photo.id);
      const detecting = this.#detectionsOf(detector, task);
      this.#inFlight.set(key, detecting);
      const detections = await detecting;
      this.#inFlight.delete(key);
      if (detections) await this.#deliver(task.sessionId, task.photo.id, detections);
      this.#progress = { ...this.#progress, done: this.#progress.done + 1, failed: this.#progress.failed + (detections ? 0 : 1) };
      this.#report();
    }
  }

  async #deliver(sessionId: string, photoId: string, detections: PhotoDetections): Promise<void> {
    try {
      if (await this.#deps.deliver(sessionId, photoId, detections)) return;
      if (this.#kept.size >= MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
      this.#kept.set(keyOf(sessionId, photoId), detections);
    } catch (error) {
      this.#deps.logger.warn('Detections could not be added to the session', { error });
    }
  }

  /** From the cache, or from the detector (then cached); undefined when the photo cannot be read or detection failed. */
  async #detectionsOf(detector: Detector, task: Task): Promise<PhotoDetections | undefined> {
    if (this.#broken) return undefined;
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
