/**
 * Appending to a session log. Lines are written in the order `append` is called (the sequence number is taken
 * at the call, so synchronous effects such as the clock can log without waiting), batched into one write per
 * turn of the event loop, and fsynced when the batch holds a durable event. A durable append resolves only
 * after its bytes, and every line before them, are on disk.
 */
import { mkdir, open, writeFile, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { redact } from '../log/logger';
import { DURABLE_EVENTS, LOG_VERSION, LogEventSchema, type LogEventInput } from './events';

export interface SessionLogWriterOptions {
  /** The session's clock effect, for each line's `at` (reading it is not itself recorded). */
  readonly now: () => number;
  /** Secrets to blank out of every line (the API key); common key shapes are blanked anyway. */
  readonly secrets?: () => readonly string[];
  /** Written as `~` wherever it appears, so no line holds an absolute home path. */
  readonly home?: string;
  /** Every append that failed, including ones nobody awaited (clock and random reads). */
  readonly onError?: (error: unknown) => void;
}

interface Pending {
  /** A line to append, or work on the file that must happen between two appends (setting lines aside). */
  readonly text: string | (() => Promise<void>);
  readonly durable: boolean;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

const TAIL_CHUNK = 64 * 1024;
const NEWLINE = 0x0a;

export class SessionLogWriter {
  readonly file: string;
  /** Bytes of an unfinished last line cut off when the log was opened (a crash during a write). */
  readonly repairedTailBytes: number;
  readonly #handle: FileHandle;
  readonly #options: SessionLogWriterOptions;
  readonly #home: string | undefined;
  #nextSeq: number;
  /** The file's size once everything queued so far is written. */
  #size: number;
  #pending: Pending[] = [];
  #draining: Promise<void> | undefined;
  #failure: unknown;
  #closed = false;

  private constructor(
    file: string,
    handle: FileHandle,
    nextSeq: number,
    size: number,
    repairedTailBytes: number,
    options: SessionLogWriterOptions,
  ) {
    this.file = file;
    this.#handle = handle;
    this.#nextSeq = nextSeq;
    this.#size = size;
    this.repairedTailBytes = repairedTailBytes;
    this.#options = options;
    // Inside a JSON string a Windows path has its backslashes doubled.
    this.#home = options.home ? JSON.stringify(options.home).slice(1, -1) : undefined;
  }

  /**
   * Opens (or creates) a log for appending. An unfinished last line is cut off first, so the next line does
   * not glue onto it; numbering continues after the last complete line.
   */
  static async open(file: string, options: SessionLogWriterOptions): Promise<SessionLogWriter> {
    await mkdir(path.dirname(file), { recursive: true });
    const handle = await open(file, 'a+');
    try {
      const { size } = await handle.stat();
      const tail = await completeTail(handle, size);
      if (tail.end < size) {
        await handle.truncate(tail.end);
        await handle.datasync();
      }
      if (size === 0) await syncDirectory(path.dirname(file));
      let nextSeq = 0;
      if (tail.lastLine !== undefined) {
        const seq = seqOf(tail.lastLine);
        if (seq === undefined) throw new Error(`${file}: the last complete line has no sequence number; the log is damaged.`);
        nextSeq = seq + 1;
      }
      return new SessionLogWriter(file, handle, nextSeq, tail.end, size - tail.end, { home: os.homedir(), ...options });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /**
   * Validates and queues one event. Resolves when its line is written, and for durable event types
   * (`DURABLE_EVENTS`) when it is fsynced. A failed write fails this and every later append.
   */
  append(event: LogEventInput): Promise<void> {
    const promise = this.#enqueue(event);
    // Clock and random reads do not await their lines; `onError` still hears about a failure.
    promise.catch((error: unknown) => this.#options.onError?.(error));
    return promise;
  }

  /** The sequence number the next append gets. */
  get nextSeq(): number {
    return this.#nextSeq;
  }

  /** The log's size in bytes with everything appended so far. */
  get size(): number {
    return this.#size;
  }

  /**
   * Moves the lines from `seq` on out of the log into `log.interrupted-<seq>.jsonl` beside it (kept for a look
   * later) and numbers the next append `seq`. Queued like an append: lines appended before it are written first,
   * lines appended after it follow the cut.
   */
  setAsideFrom(seq: number): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(`The session log ${this.file} is closed.`));
    if (seq >= this.#nextSeq) return Promise.resolve();
    this.#nextSeq = seq;
    const aside = path.join(path.dirname(this.file), `log.interrupted-${seq}.jsonl`);
    const cut = async () => {
      const { size } = await this.#handle.stat();
      const start = await lineStart(this.#handle, size, seq);
      const tail = Buffer.alloc(size - start);
      await this.#handle.read(tail, 0, tail.length, start);
      await writeFile(aside, tail);
      await this.#handle.truncate(start);
      this.#size = start;
    };
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ text: cut, durable: true, resolve, reject });
      this.#draining ??= this.#drain();
    });
  }

  /** Resolves when everything appended so far is written. */
  async flush(): Promise<void> {
    while (this.#draining) await this.#draining;
    if (this.#failure) throw this.#failure;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.flush();
    } finally {
      this.#closed = true;
      await this.#handle.close();
    }
  }

  #enqueue(event: LogEventInput): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(`The session log ${this.file} is closed.`));
    if (this.#failure) return Promise.reject(this.#failure);
    const parsed = LogEventSchema.safeParse({ ...event, v: LOG_VERSION, seq: this.#nextSeq, at: this.#options.now() });
    if (!parsed.success) {
      return Promise.reject(new Error(`Not a valid "${event.type}" log event: ${parsed.error.message}`));
    }
    this.#nextSeq += 1;
    const text = `${this.#clean(JSON.stringify(parsed.data))}\n`;
    this.#size += Buffer.byteLength(text);
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ text, durable: DURABLE_EVENTS.has(event.type), resolve, reject });
      this.#draining ??= this.#drain();
    });
  }

  #clean(line: string): string {
    const redacted = redact(line, this.#options.secrets?.() ?? []);
    return this.#home && this.#home.length > 1 ? redacted.split(this.#home).join('~') : redacted;
  }

  async #drain(): Promise<void> {
    // Lets every append of the current tick join one write.
    await Promise.resolve();
    while (this.#pending.length > 0) {
      const batch = this.#pending;
      this.#pending = [];
      try {
        if (this.#failure) throw this.#failure;
        let lines = '';
        for (const entry of batch) {
          if (typeof entry.text === 'string') {
            lines += entry.text;
            continue;
          }
          if (lines) await this.#handle.appendFile(lines);
          lines = '';
          await entry.text();
        }
        if (lines) await this.#handle.appendFile(lines);
        if (batch.some((entry) => entry.durable)) await this.#handle.datasync();
        for (const entry of batch) entry.resolve();
      } catch (error) {
        this.#failure ??= error;
        for (const entry of batch) entry.reject(error);
      }
    }
    // Cleared in the same tick as the last check of the queue, so no append can land in between unwritten.
    this.#draining = undefined;
  }
}

/** Where the complete lines end, and the last complete line. */
async function completeTail(handle: FileHandle, size: number): Promise<{ end: number; lastLine?: string }> {
  let start = size;
  let buffer = Buffer.alloc(0);
  for (;;) {
    const lastNewline = buffer.lastIndexOf(NEWLINE);
    if (lastNewline >= 0) {
      const previousNewline = lastNewline > 0 ? buffer.lastIndexOf(NEWLINE, lastNewline - 1) : -1;
      if (previousNewline >= 0 || start === 0) {
        return { end: start + lastNewline + 1, lastLine: buffer.subarray(previousNewline + 1, lastNewline).toString('utf8') };
      }
    } else if (start === 0) {
      return { end: 0 };
    }
    const from = Math.max(0, start - TAIL_CHUNK);
    const chunk = Buffer.alloc(start - from);
    await handle.read(chunk, 0, chunk.length, from);
    buffer = Buffer.concat([chunk, buffer]);
    start = from;
  }
}

/** Where the line numbered `seq` starts, reading back from the end (it is near the end). */
async function lineStart(handle: FileHandle, size: number, seq: number): Promise<number> {
  const needle = Buffer.from(`"seq":${seq},`);
  for (let length = TAIL_CHUNK; ; length *= 2) {
    const from = Math.max(0, size - length);
    const buffer = Buffer.alloc(size - from);
    await handle.read(buffer, 0, buffer.length, from);
    for (let at = buffer.lastIndexOf(needle); at >= 0; at = at > 0 ? buffer.lastIndexOf(needle, at - 1) : -1) {
      // A line begins {"v":N,"seq":S, right after a newline or at the start of the file.
      const lineBegins = buffer.lastIndexOf(NEWLINE, at) + 1;
      if (lineBegins === 0 && from > 0) continue;
      if (/^\{"v":\d+,$/.test(buffer.subarray(lineBegins, at).toString('utf8'))) return from + lineBegins;
    }
    if (from === 0) throw new Error(`The session log has no line numbered ${seq}.`);
  }
}

function seqOf(line: string): number | undefined {
  try {
    const seq = (JSON.parse(line) as { seq?: unknown }).seq;
    return typeof seq === 'number' && Number.isInteger(seq) ? seq : undefined;
  } catch {
    return undefined;
  }
}

/** Makes a new file's directory entry durable too; some platforms cannot sync a directory, which is fine there. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    return;
  }
}
