/**
 * Reading a session log back. A line counts once its newline is written, so an unterminated last line is a
 * write the app did not finish (a crash): it is reported and skipped. Anything wrong on a terminated line is
 * a damaged log, and the error names the line and what is wrong with it.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { LogEventSchema, LogVersionError, upgrade, type LogEvent } from './events';

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

/** `source` names the file in error messages. */
export function parseSessionLog(text: string, source = 'log.jsonl'): SessionLog {
  const lines = text.split('\n');
  // After the last newline: empty for a log whose last write finished.
  const unterminated = lines.pop() ?? '';
  const events: LogEvent[] = [];
  for (const [index, raw] of lines.entries()) {
    const event = parseLine(raw, index + 1, source);
    const previous = events.at(-1);
    if (previous && event.seq <= previous.seq) {
      throw new SessionLogError(`${source} line ${index + 1}: seq ${event.seq} does not follow seq ${previous.seq}`, index + 1);
    }
    events.push(event);
  }
  if (unterminated === '') return { events };
  const line = lines.length + 1;
  return {
    events,
    tornTail: { line, reason: `line ${line} ends without a newline (${unterminated.length} characters): an unfinished write, skipped` },
  };
}

export async function readSessionLog(file: string): Promise<SessionLog> {
  return parseSessionLog(await readFile(file, 'utf8'), file);
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
