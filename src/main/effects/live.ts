/**
 * Live interpreters that need no Electron. The GUI-facing ones (input, question UI, emit to the
 * renderer) are supplied by the app.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID, getRandomValues } from 'node:crypto';
import type { ModelMessage } from 'ai';
import type { ChatHistory, Clock, Log, LogEntry, Random, StateStore, Timers } from './effects';

/** The real clock; with `startAt` (TIDY_CLOCK_START, a test hook) it reads that moment when made and runs on from there. */
export function systemClock(startAt?: number): Clock {
  const offset = startAt === undefined ? 0 : startAt - Date.now();
  return { now: () => Date.now() + offset, monotonic: () => performance.now() };
}

export const systemTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function cryptoRandom(): Random {
  const buffer = new Uint32Array(1);
  return {
    float: () => (getRandomValues(buffer)[0] ?? 0) / 2 ** 32,
    id: () => randomUUID(),
  };
}

export function memoryChatHistory(initial: readonly ModelMessage[] = []): ChatHistory {
  let messages: readonly ModelMessage[] = [...initial];
  return {
    list: () => messages,
    append: (...more) => {
      messages = [...messages, ...more];
    },
    replace: (next) => {
      messages = [...next];
    },
  };
}

export function memoryState<S>(initial: S): StateStore<S> {
  let current = initial;
  return {
    get: () => current,
    set: (next) => {
      current = next;
    },
  };
}

/** Keeps every entry in memory; `entries` is the read side. */
export interface MemoryLog extends Log {
  readonly entries: readonly LogEntry[];
}

export function memoryLog(): MemoryLog {
  const entries: LogEntry[] = [];
  return { entries, write: (entry) => void entries.push(entry) };
}
