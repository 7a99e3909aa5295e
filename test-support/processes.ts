/**
 * Processes started by tests, marked so that none can outlive `npm test` unseen: its last step,
 * scripts/check-leftover-processes.mjs, finds marked processes by their environment and kills them. That script
 * loads this file with Node's own type stripping, so it must stay free of syntax that needs compiling (enums etc.).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Set to `1` in every process a test starts; their own children inherit it with the rest of the environment. */
export const TEST_PROCESS_MARKER = 'TIDY_TEST_PROCESS';

/**
 * The pid of the test process that started it. While that process is still among its ancestors the run it belongs
 * to is going on (another `npm test` on the same machine, say), so the check leaves it alone.
 */
export const TEST_PROCESS_OWNER = 'TIDY_TEST_OWNER';

/** `spawn`, with the marker and owner added to the child's environment (`options.env`, else this process's). */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const env = { ...(options.env ?? process.env), [TEST_PROCESS_MARKER]: '1', [TEST_PROCESS_OWNER]: String(process.pid) };
  return spawn(command, args, { ...options, env });
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Sends `signal` and resolves once the child has exited (and Node has reaped it); at once if it already had. */
export function killAndWait(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    child.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal }));
    child.kill(signal);
  });
}

/**
 * Throws if a process with this pid still exists. Meant for a child whose 'exit' has fired: Node has reaped it by
 * then, whereas an unreaped (zombie) process still answers signal 0 and would count as alive here.
 */
export function assertGone(pid: number): void {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
    // EPERM: it exists but belongs to someone else.
    throw new Error(`process ${pid} still exists (${(error as Error).message})`, { cause: error });
  }
  throw new Error(`process ${pid} still exists`);
}
