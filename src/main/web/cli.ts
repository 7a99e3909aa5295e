import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { defaultDataDir, resolveDataDir, type Env } from '../config/settings';
import { createLiveCore } from '../core/live-core';
import { acquireDataDirLock } from '../data-lock';
import { startWebServer } from './server';
import { controlTestClock } from './test-clock';

export interface WebCliOptions {
  port: number;
  dataDir: string;
  open: boolean;
}

/** A command-line mistake, or --help: printed as it is, with no stack trace. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

export function parseWebArgs(argv: readonly string[], env: Env): WebCliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string', default: '0' },
        'data-dir': { type: 'string' },
        open: { type: 'boolean', default: true },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowNegative: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${WEB_USAGE}`);
  }
  if (parsed.values.help) throw new UsageError(WEB_USAGE, 0);
  const port = Number(parsed.values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port takes a whole number from 0 to 65535 (0 picks a free port), not "${parsed.values.port}".`);
  }
  return {
    port,
    dataDir: resolveDataDir(parsed.values['data-dir'], env, () => defaultDataDir(env)),
    open: parsed.values.open,
  };
}

export const WEB_USAGE = `Usage: npm run web -- [--port N] [--data-dir DIR] [--no-open]
  --port N        port on 127.0.0.1 (0, the default, picks a free one)
  --data-dir DIR  where sessions are kept (default: TIDY_DATA_DIR, else the per-user data folder)
  --no-open       do not open a browser
Model: OPENAI_API_KEY, OPENAI_BASE_URL (any OpenAI-compatible server), TIDY_MODEL.`;

function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => {
    // No opener on this machine (a server, CI): the printed URL is enough.
  });
  child.unref();
}

/**
 * Starts web mode. Throws `DataDirLockedError` when another Tidying uses the data folder; the lock is released by
 * `close()`, or by `releaseLockSync()` from a process 'exit' handler when the process ends some other way.
 */
export async function runWebCli(options: {
  argv: readonly string[];
  env: Env;
  version: string;
  rendererDir: string;
  print: (line: string) => void;
  /** Standard input: read only under TIDY_TEST_CLOCK, for the lines that move the clock (test-clock.ts). */
  input: () => Readable;
}): Promise<{ close(): Promise<void>; releaseLockSync(): void }> {
  const cli = parseWebArgs(options.argv, options.env);
  const lock = await acquireDataDirLock(cli.dataDir, { runtime: 'web' });
  try {
    const { core, logger, testClock } = createLiveCore({ runtime: 'web', version: options.version, env: options.env, dataDir: cli.dataDir });
    if (lock.tookOver) logger.warn(lock.tookOver.note);
    await core.resumeLatest();
    const server = await startWebServer({ core, logger, rendererDir: options.rendererDir, port: cli.port });
    options.print(`Tidying (web mode) is running at ${server.url}`);
    options.print(`Data folder: ${cli.dataDir}. Press Ctrl+C to stop.`);
    if (cli.open) openInBrowser(server.url);
    const stopClockControl = testClock ? controlTestClock(testClock, options.input(), options.print) : undefined;
    return {
      async close() {
        try {
          stopClockControl?.();
          await server.close();
          await core.dispose();
        } finally {
          await lock.release();
        }
      },
      releaseLockSync: () => lock.releaseSync(),
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}
