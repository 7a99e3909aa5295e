/**
 * Reading a session log back. A line counts once its newline is written, so an unterminated last line is a
 * write the app did not finish (a crash): it is reported and skipped. Anything wrong on a terminated line is
 * a damaged log, and the error names the line and what is wrong with it.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { LogEventSchema, LogVersionError, upgrade, type LogEvent, type LogEventOf } from './events';

export class SessionLogError extends Error {
  override readonly name = 'SessionLogError';
  constructor(
    message: string,
    /** 1-based line number in the file. */
    readonly line: number,
  ) {
    super(message);
  }
}

export interface TornTail {
  /** 1-based line number of the unfinished line. */
  readonly line: number;
  readonly reason: string;
}

export interface SessionLog {
  readonly events: LogEvent[];
  readonly tornTail?: TornTail;
}

/** `source` names the file in error messages; `firstLine` is the file line `text` starts at. */
export function parseSessionLog(text: string, source = 'log.jsonl', firstLine = 1): SessionLog {
  const lines = text.split('\n');
  // After the last newline: empty for a log whose last write finished.
  const unterminated = lines.pop() ?? '';
  const events: LogEvent[] = [];
  for (const [index, raw] of lines.entries()) {
    const number = firstLine + index;
    const event = parseLine(raw, number, source);
    const previous = events.at(-1);
    if (previous && event.seq <= previous.seq) {
      throw new SessionLogError(`${source} line ${number}: seq ${event.seq} does not follow seq ${previous.seq}`, number);
    }
    events.push(event);
  }
  if (unterminated === '') return { events };
  const line = firstLine + lines.length;
  return {
    events,
    tornTail: { line, reason: `line ${line} ends without a newline (${unterminated.length} characters): an unfinished write, skipped` },
  };
}

export async function readSessionLog(file: string): Promise<SessionLog> {
  return parseSessionLog(await readFile(file, 'utf8'), file);
}

export interface SessionLogTail extends SessionLog {
  /** The session's first line. */
  readonly started: LogEventOf<'session-started'>;
  /** Where the last checkpoint's line is in the file (bytes), and the log version it was written in. */
  readonly checkpoint: { readonly start: number; readonly end: number; readonly version: number };
}

const NEWLINE = 0x0a;
const CHECKPOINT = [Buffer.from('"type":"turn-ended","checkpoint":'), Buffer.from('"type":"turn-ended","state":')];

/**
 * What resuming needs, without reading every line of a long log: its `session-started` line, and every line from
 * the last checkpoint on (a turn's end with the whole session), validated as `readSessionLog` would.
 */
export async function readSessionLogTail(file: string): Promise<SessionLogTail> {
  const bytes = await readFile(file);
  const start = lastCheckpointStart(bytes);
  const head = parseSessionLog(headLines(bytes, start), file);
  const started = head.events.find((event): event is LogEventOf<'session-started'> => event.type === 'session-started');
  if (!started) throw new SessionLogError(`${file}: no session-started line before the first checkpoint`, 1);
  const end = start === undefined ? 0 : bytes.indexOf(NEWLINE, start) + 1;
  const version = start === undefined ? 0 : Number(/^\{"v":(\d+),/.exec(bytes.subarray(start, start + 16).toString('utf8'))?.[1] ?? 0);
  const checkpoint = { start: start ?? 0, end, version };
  if (!start) return { ...parseSessionLog(bytes.toString('utf8'), file), started, checkpoint };
  const firstLine = countNewlines(bytes, start) + 1;
  return { ...parseSessionLog(bytes.subarray(start).toString('utf8'), file, firstLine), started, checkpoint };
}

/** Where the last complete line holding a checkpoint starts, if there is one. */
function lastCheckpointStart(bytes: Buffer): number | undefined {
  const end = bytes.lastIndexOf(NEWLINE);
  for (let at = end; at > 0; ) {
    const begins = bytes.lastIndexOf(NEWLINE, at - 1) + 1;
    // The type follows v, seq and at: it sits in the first few dozen bytes of a line.
    const head = bytes.subarray(begins, Math.min(at, begins + 128));
    if (CHECKPOINT.some((marker) => head.includes(marker))) return begins;
    at = begins - 1;
  }
  return undefined;
}

/** The lines before `end` up to the session-started line (it is the first, or one of the first). */
function headLines(bytes: Buffer, end: number | undefined): string {
  let cut = 0;
  for (let lines = 0; lines < 8; lines += 1) {
    const next = bytes.indexOf(NEWLINE, cut);
    if (next < 0 || (end !== undefined && next >= end)) break;
    cut = next + 1;
    if (bytes.subarray(0, cut).includes('"type":"session-started"')) break;
  }
  return bytes.subarray(0, cut).toString('utf8');
}

function countNewlines(bytes: Buffer, end: number): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at >= 0 && at < end; at = bytes.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}

function parseLine(raw: string, line: number, source: string): LogEvent {
  const fail = (what: string) => new SessionLogError(`${source} line ${line}: ${what}`, line);
  if (raw.trim() === '') throw fail('is empty');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw fail(`is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  let current: unknown;
  try {
    current = upgrade(json);
  } catch (error) {
    if (error instanceof LogVersionError) throw fail(error.message);
    throw error;
  }
  const parsed = LogEventSchema.safeParse(current);
  if (!parsed.success) {
    const type = (current as { type?: unknown }).type;
    throw fail(`is not a valid ${typeof type === 'string' ? `"${type}" ` : ''}event: ${describeIssues(parsed.error)}`);
  }
  return parsed.data;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(line)'}: ${issue.message}`)
    .join('; ');
}
