/**
 * The on-device detector: a worker thread that runs the detectors (models.ts) on WebAssembly (tfjs, TensorFlow
 * Lite), started on the first photo and stopped after a while with nothing to do. The photo is decoded here and cut into the views
 * its tiling asks for (sharp does that off the main thread too), the worker infers on each, and what the views found
 * is merged into items in photo pixels, with the busy parts of the photo that no item explains.
 */
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { PhotoDetectionsSchema, type Box, type PhotoDetections } from '../../shared/detection/schema';
import { DETECTION } from './configuration';
import { CLUTTER_THRESHOLDS, clutterIn, type ClutterGuess, type ClutterThresholds } from './clutter';
import { decode } from './models';
import { decodeOid } from './oidv4';
import {
  agreeing,
  busyRegions,
  candidatesIn,
  edgeGrid,
  itemsFromCandidates,
  viewsOf,
  WHOLE,
  type Candidate,
  type Size,
  type Thresholds,
  type Tiling,
  type View,
} from './postprocess';
import type { WorkerConfig, WorkerReply } from './protocol';
import { findWorkerFile, type DetectorRuntime } from './runtime';

/** With nothing to detect for this long the worker stops and gives its memory back. */
export const IDLE_MS = 120_000;
/** Candidates below this are not worth keeping even for the eval's threshold fitting. */
export const CANDIDATE_FLOOR = 0.1;
/**
 * The photo is decoded at most this large: enough for the models' inputs from the whole photo, and for tiles to be
 * sharper than the whole photo's view (JPEG decoding shrinks on load, so a smaller side is also quicker).
 */
const DECODE_SIDE: Readonly<Record<Tiling, number>> = { whole: 1024, halves: 2048, quarters: 2048 };
/** A crop for the clutter model is cut from the photo decoded at most this large: a small spot keeps its detail. */
const CLUTTER_DECODE_SIDE = 2048;
/** The busy regions are measured on the whole photo stretched to this square, whatever the model's input. */
const BUSY_SIDE = 512;

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
  /** Which parts of the photo the model looks at (default: the app's, configuration.ts). */
  readonly tiling?: Tiling;
  /** The score each class is kept at (default: the app's, configuration.ts). */
  readonly thresholds?: Thresholds;
  /** The worker thread's file; by default the one beside this module, wherever that is (`findWorkerFile`). */
  readonly workerFile?: string;
}

/** What a detection cost, for the bench and the log. */
export interface DetectionTiming {
  /** Decoding the photo and cutting and scaling its views. */
  readonly prepareMs: number;
  /** Inference in the worker, all views together. */
  readonly inferMs: number;
  /** How many views the model looked at. */
  readonly views: number;
}

interface Pending {
  resolve(outputs: Float32Array[], ms: number): void;
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
  readonly #tiling: Tiling;
  readonly #thresholds: Thresholds;
  readonly #workerFile: string | undefined;
  #running: Running | undefined;
  #nextId = 0;
  #idleTimer: NodeJS.Timeout | undefined;
  /** How long the last worker took to load the model (cold start). */
  loadMs: number | undefined;

  constructor(runtime: DetectorRuntime, options: DetectorOptions = {}) {
    this.#runtime = runtime;
    this.#idleMs = options.idleMs ?? IDLE_MS;
    this.#tiling = options.tiling ?? DETECTION.tiling;
    this.#thresholds = options.thresholds ?? DETECTION.thresholds;
    this.#workerFile = options.workerFile;
  }

  /** The model, its versions, the tiling and the thresholds: detections cached by another detector are not reused. */
  get id(): string {
    const perClass = Object.entries(this.#thresholds.perClass ?? {}).sort(([a], [b]) => a.localeCompare(b));
    const thresholds = [this.#thresholds.default, ...perClass.map(([label, value]) => `${label}:${value}`)].join(',');
    return `${this.#runtime.id} tiling:${this.#tiling} thresholds:${thresholds}`;
  }

  /** Whether a worker is running now. */
  get running(): boolean {
    return this.#running !== undefined;
  }

  /** Detects things in a photo (a file or its bytes) whose stored size is `photo`. */
  async detect(image: string | Uint8Array, photo: Size): Promise<{ detections: PhotoDetections; timing: DetectionTiming }> {
    const { detections, timing } = await this.candidates(image, photo);
    return { detections, timing };
  }

  /**
   * Everything each view found at CANDIDATE_FLOOR or more, in photo pixels, before thresholds and merging (the eval
   * fits thresholds on these), and what `detect` makes of them, from one look.
   */
  async candidates(image: string | Uint8Array, photo: Size): Promise<{ candidates: Candidate[]; detections: PhotoDetections; timing: DetectionTiming }> {
    const { candidates, gray, timing } = await this.#look(image, photo);
    const items = itemsFromCandidates(candidates, this.#thresholds);
    const detections = PhotoDetectionsSchema.parse({ items, busy: busyRegions(edgeGrid(gray, BUSY_SIDE, BUSY_SIDE), photo, items) });
    return { candidates, detections, timing };
  }

  /**
   * What clutter the clutter model names in each of `regions` (boxes in the pixels of the stored photo of size
   * `photo`, a busy spot's most often): each is cut out, stretched to the model's square and looked at on its own,
   * one inference a region. The eval asks with lower `thresholds`, to judge them.
   */
  async clutter(
    image: string | Uint8Array,
    photo: Size,
    regions: readonly Box[],
    thresholds: ClutterThresholds = CLUTTER_THRESHOLDS,
  ): Promise<{ guesses: ClutterGuess[][]; inferMs: number }> {
    const index = this.#runtime.models.findIndex((model) => model.spec.id === DETECTION.clutter);
    if (index < 0) throw new DetectorError('load', `This detector runs no ${DETECTION.clutter}, the model that names clutter.`);
    const decoded = await sharp(image, { failOn: 'error' })
      .removeAlpha()
      .resize(CLUTTER_DECODE_SIDE, CLUTTER_DECODE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const source = { width: decoded.info.width, height: decoded.info.height };
    const side = this.#runtime.models[index]!.spec.inputSize;
    const guesses: ClutterGuess[][] = [];
    let inferMs = 0;
    for (const box of regions) {
      const view = { x: box.x / photo.width, y: box.y / photo.height, width: box.width / photo.width, height: box.height / photo.height };
      const pixels = await sharp(decoded.data, { raw: { ...source, channels: 3 } }).extract(region(view, source)).resize(side, side, { fit: 'fill' }).raw().toBuffer();
      const { outputs, ms } = await this.#infer(index, new Uint8Array(pixels));
      inferMs += ms;
      guesses.push(clutterIn(decodeOid(outputs, Math.min(CANDIDATE_FLOOR, ...Object.values(thresholds))), thresholds));
    }
    return { guesses, inferMs };
  }

  async #look(image: string | Uint8Array, photo: Size): Promise<{ candidates: Candidate[]; gray: Uint8Array; timing: DetectionTiming }> {
    const started = performance.now();
    const decoded = await sharp(image, { failOn: 'error' })
      .removeAlpha()
      .resize(DECODE_SIDE[this.#tiling], DECODE_SIDE[this.#tiling], { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const source = { width: decoded.info.width, height: decoded.info.height };
    const raw = { raw: { ...source, channels: 3 as const } };
    const views = viewsOf(this.#tiling, source);
    // Each view at each input side the models take, and the whole photo at the busy measure's side: cut and scaled once.
    const sides = [...new Set(this.#runtime.models.map((model) => model.spec.inputSize))];
    const jobs = views.flatMap((view, index) => sides.map((side) => ({ key: `${index}@${side}`, view, side })));
    if (!sides.includes(BUSY_SIDE)) jobs.push({ key: `0@${BUSY_SIDE}`, view: WHOLE, side: BUSY_SIDE });
    const inputs = new Map(
      await Promise.all(
        jobs.map(async ({ key, view, side }) => {
          const pixels = await sharp(decoded.data, raw).extract(region(view, source)).resize(side, side, { fit: 'fill' }).raw().toBuffer();
          return [key, pixels] as const;
        }),
      ),
    );
    const gray = toGray(inputs.get(`0@${BUSY_SIDE}`)!);
    const prepareMs = performance.now() - started;
    const perModel: Candidate[][] = [];
    let inferMs = 0;
    for (const [model, { spec }] of this.#runtime.models.entries()) {
      const found: Candidate[] = [];
      for (const [index, view] of views.entries()) {
        // A copy of its own: sharp's buffers cannot be handed over to another thread.
        const { outputs, ms } = await this.#infer(model, new Uint8Array(inputs.get(`${index}@${spec.inputSize}`)!));
        inferMs += ms;
        found.push(...candidatesIn(decode(spec, outputs, CANDIDATE_FLOOR), view, photo));
      }
      perModel.push(found);
    }
    const candidates = perModel.slice(1).reduce((all, found) => agreeing(all, found), perModel[0] ?? []);
    return { candidates, gray, timing: { prepareMs, inferMs, views: views.length } };
  }

  /**
   * Starts the worker and loads the models now rather than on the first photo; it idles out like any other. A model
   * that cannot load is reported by the next `detect`, as it would have been without this.
   */
  warm(): void {
    if (this.#running) return;
    let running: Running;
    try {
      running = this.#start();
    } catch {
      return;
    }
    void running.ready.then(
      () => {
        if (this.#running === running && running.pending.size === 0) this.#idleAfter(running);
      },
      () => {},
    );
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

  async #infer(model: number, pixels: Uint8Array): Promise<{ outputs: Float32Array[]; ms: number }> {
    clearTimeout(this.#idleTimer);
    const running = this.#start();
    const id = this.#nextId++;
    try {
      this.loadMs = await running.ready;
      return await new Promise((resolve, reject) => {
        running.pending.set(id, { resolve: (outputs, ms) => resolve({ outputs, ms }), reject });
        running.worker.postMessage({ id, model, pixels }, [pixels.buffer as ArrayBuffer]);
      });
    } finally {
      if (this.#running === running && running.pending.size === 0) this.#idleAfter(running);
    }
  }

  #idleAfter(running: Running): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#running === running && running.pending.size === 0) void this.close();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }

  #start(): Running {
    if (this.#running) return this.#running;
    const runtime = this.#runtime;
    const workerData: WorkerConfig = {
      modules: runtime.modules,
      wasmDir: runtime.wasmDir,
      models: runtime.models.map(({ spec, files }) => ({ format: spec.format, files, inputSize: spec.inputSize, layout: spec.layout, outputNodes: spec.outputs })),
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
            case 'outputs':
              pending.get(reply.id)?.resolve(reply.outputs, reply.ms);
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

/** A view in the pixels of the decoded photo, at least one pixel. */
function region(view: View, size: Size): { left: number; top: number; width: number; height: number } {
  if (view === WHOLE) return { left: 0, top: 0, width: size.width, height: size.height };
  const left = Math.min(Math.round(view.x * size.width), size.width - 1);
  const top = Math.min(Math.round(view.y * size.height), size.height - 1);
  return {
    left,
    top,
    width: Math.max(1, Math.min(Math.round(view.width * size.width), size.width - left)),
    height: Math.max(1, Math.min(Math.round(view.height * size.height), size.height - top)),
  };
}

/** Luma of RGB pixels (ITU-R BT.601 weights, in integers). */
function toGray(rgb: Uint8Array): Uint8Array {
  const gray = new Uint8Array(rgb.length / 3);
  for (let i = 0, j = 0; i < gray.length; i += 1, j += 3) gray[i] = (rgb[j]! * 77 + rgb[j + 1]! * 150 + rgb[j + 2]! * 29) >> 8;
  return gray;
}
