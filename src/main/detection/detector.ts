/**
 * The on-device detector: a worker thread that runs the CenterNet COCO model on tfjs's WebAssembly backend, started
 * on the first photo and stopped after a while with nothing to do. The photo is decoded and scaled here (sharp does
 * that off the main thread too), the worker infers, and the rows come back as items in photo pixels with the busy
 * parts of the photo that no item explains.
 */
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { PhotoDetectionsSchema, type PhotoDetections } from '../../shared/detection/schema';
import { busyRegions, edgeGrid, itemsFromRows, type Size } from './postprocess';
import type { WorkerConfig, WorkerReply } from './protocol';
import { findWorkerFile, type DetectorRuntime } from './runtime';

/** CenterNet's square input and its output of 100 rows (x1, y1, x2, y2, score, class). */
export const INPUT_SIZE = 512;
const OUTPUT_NODE = 'tower_0/detections';
/** With nothing to detect for this long the worker stops and gives its memory back. */
export const IDLE_MS = 120_000;

/** `load`: the model cannot run here at all; `photo`: this photo failed; `stopped`: the worker went away. */
export class DetectorError extends Error {
  override readonly name = 'DetectorError';

  constructor(
    readonly kind: 'load' | 'photo' | 'stopped',
    message: string,
  ) {
    super(message);
  }
}

export interface DetectorOptions {
  readonly idleMs?: number;
  /** The worker thread's file; by default the one beside this module, wherever that is (`findWorkerFile`). */
  readonly workerFile?: string;
}

/** What a detection cost, for the bench and the log. */
export interface DetectionTiming {
  /** Decoding and scaling the photo. */
  readonly prepareMs: number;
  /** Inference in the worker. */
  readonly inferMs: number;
}

interface Pending {
  resolve(rows: Float32Array, ms: number): void;
  reject(error: Error): void;
}

interface Running {
  readonly worker: Worker;
  readonly ready: Promise<number>;
  readonly pending: Map<number, Pending>;
}

export class Detector {
  readonly #runtime: DetectorRuntime;
  readonly #idleMs: number;
  readonly #workerFile: string | undefined;
  #running: Running | undefined;
  #nextId = 0;
  #idleTimer: NodeJS.Timeout | undefined;
  /** How long the last worker took to load the model (cold start). */
  loadMs: number | undefined;

  constructor(runtime: DetectorRuntime, options: DetectorOptions = {}) {
    this.#runtime = runtime;
    this.#idleMs = options.idleMs ?? IDLE_MS;
    this.#workerFile = options.workerFile;
  }

  get id(): string {
    return this.#runtime.id;
  }

  /** Whether a worker is running now. */
  get running(): boolean {
    return this.#running !== undefined;
  }

  /** Detects things in a photo (a file or its bytes) whose stored size is `photo`. */
  async detect(image: string | Uint8Array, photo: Size): Promise<{ detections: PhotoDetections; timing: DetectionTiming }> {
    const started = performance.now();
    const { data } = await sharp(image, { failOn: 'error' })
      .removeAlpha()
      .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const gray = toGray(data);
    const prepareMs = performance.now() - started;
    // A copy of its own: sharp's buffers cannot be handed over to another thread.
    const { rows, ms } = await this.#infer(new Uint8Array(data));
    const items = itemsFromRows(rows, INPUT_SIZE, photo);
    const detections = PhotoDetectionsSchema.parse({ items, busy: busyRegions(edgeGrid(gray, INPUT_SIZE, INPUT_SIZE), photo, items) });
    return { detections, timing: { prepareMs, inferMs: ms } };
  }

  /** Stops the worker; a later `detect` starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const running = this.#running;
    this.#running = undefined;
    if (!running) return;
    for (const pending of running.pending.values()) pending.reject(new DetectorError('stopped', 'The detector was stopped.'));
    running.pending.clear();
    await running.worker.terminate();
  }

  #workerFileToStart(): string {
    if (this.#workerFile) return this.#workerFile;
    const lookup = findWorkerFile();
    if ('missing' in lookup) throw new DetectorError('load', lookup.missing);
    return lookup.found;
  }

  async #infer(pixels: Uint8Array): Promise<{ rows: Float32Array; ms: number }> {
    clearTimeout(this.#idleTimer);
    const running = this.#start();
    const id = this.#nextId++;
    try {
      this.loadMs = await running.ready;
      return await new Promise((resolve, reject) => {
        running.pending.set(id, { resolve: (rows, ms) => resolve({ rows, ms }), reject });
        running.worker.postMessage({ id, pixels }, [pixels.buffer as ArrayBuffer]);
      });
    } finally {
      if (this.#running === running && running.pending.size === 0) {
        this.#idleTimer = setTimeout(() => void this.close(), this.#idleMs);
        this.#idleTimer.unref();
      }
    }
  }

  #start(): Running {
    if (this.#running) return this.#running;
    const runtime = this.#runtime;
    const workerData: WorkerConfig = {
      modules: runtime.modules,
      wasmDir: runtime.wasmDir,
      modelJson: runtime.modelJson,
      modelBin: runtime.modelBin,
      inputSize: INPUT_SIZE,
      outputNode: OUTPUT_NODE,
    };
    const worker = new Worker(this.#workerFileToStart(), { workerData, stdout: false, stderr: false });
    const pending = new Map<number, Pending>();
    const running: Running = {
      worker,
      pending,
      ready: new Promise<number>((resolve, reject) => {
        const stop = (error: Error) => {
          reject(error);
          for (const waiting of pending.values()) waiting.reject(error);
          pending.clear();
          if (this.#running === running) this.#running = undefined;
        };
        worker.on('message', (reply: WorkerReply) => {
          switch (reply.type) {
            case 'ready':
              resolve(reply.loadMs);
              break;
            case 'failed':
              stop(new DetectorError('load', `The detector could not load its model: ${reply.message}`));
              void worker.terminate();
              break;
            case 'rows':
              pending.get(reply.id)?.resolve(reply.rows, reply.ms);
              pending.delete(reply.id);
              break;
            case 'error':
              pending.get(reply.id)?.reject(new DetectorError('photo', `The detector failed on a photo: ${reply.message}`));
              pending.delete(reply.id);
              break;
          }
        });
        worker.on('error', (error) => stop(new DetectorError('stopped', `The detector stopped unexpectedly: ${error.message}`)));
        worker.on('exit', (code) => stop(new DetectorError('stopped', `The detector stopped unexpectedly (exit code ${code}).`)));
      }),
    };
    running.ready.catch(() => {});
    this.#running = running;
    return running;
  }
}

/** Luma of RGB pixels (ITU-R BT.601 weights, in integers). */
function toGray(rgb: Uint8Array): Uint8Array {
  const gray = new Uint8Array(rgb.length / 3);
  for (let i = 0, j = 0; i < gray.length; i += 1, j += 3) gray[i] = (rgb[j]! * 77 + rgb[j + 1]! * 150 + rgb[j + 2]! * 29) >> 8;
  return gray;
}
