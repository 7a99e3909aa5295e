/**
 * HEIC and HEIF photos where sharp cannot decode them (its prebuilt libheif has no HEVC decoder): libheif's
 * WebAssembly build decodes them in a worker thread (heic-worker.ts), started on the first HEIC of an import and
 * stopped after a while with nothing to do, so its memory (a phone photo's pixels) goes back.
 *
 * The pixels come back as a PNG that carries the photo's ICC profile and, when still to be applied, its EXIF
 * orientation: the photo then goes through render.ts like any other, which turns it upright, converts its colours
 * to sRGB and keeps no metadata.
 */
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { findWorkerFile } from '../files/worker-file';
import type { HeicReply, HeicRequest } from './heic-protocol';

/** With no HEIC to decode for this long the worker stops and gives its memory back. */
export const HEIC_IDLE_MS = 30_000;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = { source: 'heic-worker.ts', built: 'heic-worker.mjs', what: 'The HEIC decoder’s worker' };

/** `too-large`: more pixels than allowed; `undecodable`: damaged, or a kind of HEIF libheif cannot read. */
export class HeicError extends Error {
  override readonly name = 'HeicError';

  constructor(
    readonly kind: 'too-large' | 'undecodable',
    message: string,
  ) {
    super(message);
  }
}

/** Where the worker's file is, from source or in the build (or unpacked from a packaged app's archive). */
export function findHeicWorkerFile(from: string = HERE, fromSource: boolean = FROM_SOURCE): { found: string } | { missing: string } {
  return findWorkerFile(WORKER, from, fromSource);
}

interface Running {
  readonly worker: Worker;
  readonly pending: Map<number, (reply: HeicReply) => void>;
}

export class HeicDecoder {
  readonly #idleMs: number;
  readonly #workerFile: string | undefined;
  #running: Running | undefined;
  #nextId = 0;
  #idleTimer: NodeJS.Timeout | undefined;

  /** `workerFile`: the worker thread's file; by default the one beside this module, wherever that is. */
  constructor(options: { idleMs?: number; workerFile?: string } = {}) {
    this.#idleMs = options.idleMs ?? HEIC_IDLE_MS;
    this.#workerFile = options.workerFile;
  }

  /** Whether a worker is running now. */
  get running(): boolean {
    return this.#running !== undefined;
  }

  /** The primary image of a HEIC/HEIF file as a PNG with its colour profile and orientation (see above). */
  async toPng(bytes: Uint8Array, maxPixels: number): Promise<Buffer> {
    clearTimeout(this.#idleTimer);
    const running = this.#start();
    const id = this.#nextId++;
    // A copy of its own goes to the worker: the caller keeps its bytes (the photo's id is their hash).
    const request: HeicRequest = { id, bytes: new Uint8Array(bytes), maxPixels };
    let reply: HeicReply;
    try {
      reply = await new Promise<HeicReply>((resolve) => {
        running.pending.set(id, resolve);
        running.worker.ref();
        running.worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
      });
    } finally {
      if (this.#running === running && running.pending.size === 0) this.#idle(running);
    }
    if (!reply.ok) throw new HeicError(reply.kind, reply.message);
    const png = await sharp(reply.pixels, { raw: { width: reply.width, height: reply.height, channels: reply.channels } })
      // Stored, not compressed: it is read again at once.
      .png({ compressionLevel: 0, adaptiveFiltering: false })
      .toBuffer();
    return withChunks(png, [
      ...(reply.icc ? [chunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), zlib.deflateSync(reply.icc)]))] : []),
      ...(reply.exif ? [chunk('eXIf', reply.exif)] : []),
    ]);
  }

  /** Stops the worker; a later `toPng` starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const running = this.#running;
    this.#running = undefined;
    if (!running) return;
    const stopped: HeicReply = { id: -1, ok: false, kind: 'undecodable', message: 'The HEIC decoder was stopped.' };
    for (const resolve of running.pending.values()) resolve(stopped);
    running.pending.clear();
    await running.worker.terminate();
  }

  #idle(running: Running): void {
    // An idle worker does not keep the process alive, and stops after a while.
    running.worker.unref();
    this.#idleTimer = setTimeout(() => {
      if (this.#running === running && running.pending.size === 0) void this.close();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }

  #start(): Running {
    if (this.#running) return this.#running;
    const lookup = this.#workerFile ? { found: this.#workerFile } : findHeicWorkerFile();
    if ('missing' in lookup) throw new HeicError('undecodable', lookup.missing);
    const worker = new Worker(lookup.found, { stdout: false, stderr: false });
    const running: Running = { worker, pending: new Map() };
    const fail = (message: string) => {
      for (const [id, resolve] of running.pending) resolve({ id, ok: false, kind: 'undecodable', message });
      running.pending.clear();
      if (this.#running === running) this.#running = undefined;
    };
    worker.on('message', (reply: HeicReply) => {
      const resolve = running.pending.get(reply.id);
      running.pending.delete(reply.id);
      resolve?.(reply);
    });
    // A worker that dies (out of memory on a huge file, say) fails what it had; the next HEIC starts a new one.
    worker.on('error', (error) => fail(`The HEIC decoder failed: ${error.message}`));
    worker.on('exit', () => fail('The HEIC decoder stopped.'));
    this.#running = running;
    return running;
  }
}

/** The decoder imports use: one worker for the whole app, started when first needed. */
export const heicDecoder = new HeicDecoder();

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** PNG's signature (8 bytes) and IHDR chunk (25 bytes) come first; colour profile and EXIF go right after. */
const HEADER_BYTES = 8 + 25;

function withChunks(png: Buffer, chunks: Buffer[]): Buffer {
  return chunks.length === 0 ? png : Buffer.concat([png.subarray(0, HEADER_BYTES), ...chunks, png.subarray(HEADER_BYTES)]);
}
