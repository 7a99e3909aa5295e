/**
 * Detection for the app's sessions: photos queue up as they are imported (or found undetected when a session is
 * resumed), the one the coach will show first ahead of the rest, and are detected in the background on a worker per
 * core; each result is cached beside the photo (a photo is never analysed twice, even across restarts) and handed to
 * the session it belongs to. The coach waits only for the first photo of an import (`settled`), and not for long.
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
  /** Worker threads to detect with at once (default: `defaultWorkers()`). */
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

/**
 * Workers to run at once: one per core on two cores (the import is over long before the detection, and the window
 * and the coach need little), one less than the cores beyond that, and never more than three, which buys little.
 */
export function defaultWorkers(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(3, cores <= 2 ? cores : cores - 1));
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
  /** The drain loop each busy detector runs. */
  readonly #draining = new Map<Detector, Promise<void>>();
  /** Whether a detector has given a result yet: until then one works alone, so the first photo has the cores. */
  #warmedUp = false;
  /** Who waits for a photo's detections to reach its session (or to fail), by session and photo. */
  readonly #waiting = new Map<string, (() => void)[]>();
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

  /**
   * Queues the photos not queued, detected or kept yet; their detections reach the session one by one. `first`: they
   * go ahead of everything waiting (the photo the coach is about to show), and one already waiting moves up.
   */
  request(job: DetectionJob, { first = false }: { first?: boolean } = {}): void {
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
      if (this.#inFlight.has(key)) continue;
      const queued = this.#queuedAt(key);
      if (queued >= 0 && first) this.#queue.unshift(...this.#queue.splice(queued, 1));
      if (queued >= 0) continue;
      fresh.push({ sessionId: job.sessionId, photosDir: job.photosDir, photo });
    }
    if (fresh.length === 0) return;
    if (first) this.#queue.unshift(...fresh);
    else this.#queue.push(...fresh);
    this.#progress = { ...this.#progress, total: this.#progress.total + fresh.length };
    this.#report();
    this.#spread();
  }

  /**
   * Resolves once the photo's detections are in its session, or once it is known they will not come (detection is
   * off or broken, the photo failed or was dropped, or nothing is queued for it). It never rejects.
   */
  settled(sessionId: string, photoId: string): Promise<void> {
    const key = keyOf(sessionId, photoId);
    if (!this.#inFlight.has(key) && this.#queuedAt(key) < 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.set(key, [...(this.#waiting.get(key) ?? []), resolve]));
  }

  /** Starts the first worker loading its models now, so the first photo of an import does not wait for that. */
  warm(): void {
    if (this.availability().available) this.#detectorFor(0)?.warm();
  }

  /** Drops what waits (the person stopped it, detection was turned off, or the app closes); the photos in hand finish. */
  cancel(): number {
    const tasks = this.#queue.splice(0);
    for (const task of tasks) this.#settle(keyOf(task.sessionId, task.photo.id));
    const dropped = tasks.length;
    if (dropped === 0) return 0;
    this.#progress = { ...this.#progress, total: this.#progress.total - dropped };
    this.#report();
    return dropped;
  }

  /** Resolves when nothing waits or runs. */
  async idle(): Promise<void> {
    while (this.#draining.size > 0 || this.#inFlight.size > 0) await Promise.all([...this.#draining.values(), ...this.#inFlight.values()]);
  }

  async close(): Promise<void> {
    this.cancel();
    await this.idle();
    await Promise.all(this.#detectors.map((detector) => detector.close()));
  }

  /**
   * A drain loop on every idle detector while photos wait, up to the workers allowed; a single one until the first
   * result is in (a second worker's cold start would slow the photo the coach is waiting for).
   */
  #spread(): void {
    const workers = this.#warmedUp ? this.#workers : 1;
    for (let index = 0; index < workers && this.#queue.length > 0; index += 1) {
      const detector = this.#detectorFor(index);
      if (!detector) return;
      if (this.#draining.has(detector)) continue;
      const draining = this.#drain(detector).finally(() => {
        this.#draining.delete(detector);
        if (this.#draining.size === 0 && this.#queue.length === 0) this.#progress = { done: 0, total: 0, failed: 0 };
      });
      this.#draining.set(detector, draining);
    }
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
      this.#settle(key);
      if (detections && !this.#warmedUp) {
        this.#warmedUp = true;
        this.#spread();
      }
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

  /** Where the photo waits in the queue, by session and photo; -1 when it does not. */
  #queuedAt(key: string): number {
    return this.#queue.findIndex((task) => keyOf(task.sessionId, task.photo.id) === key);
  }

  #settle(key: string): void {
    const waiting = this.#waiting.get(key);
    this.#waiting.delete(key);
    for (const resolve of waiting ?? []) resolve();
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
