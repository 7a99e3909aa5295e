/**
 * Test support: web mode from source in a child process, run by Node itself with tsx's loader so that the child's
 * PID is the server's own (the tsx CLI would run it in a grandchild that a signal to the child never reaches), and
 * a client for its socket. Every child carries the test-process marker; `stop` waits until it is gone.
 */
import type { ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import WebSocket from 'ws';
import type { ServerFrame } from '../src/shared/ipc/wire';
import type { SessionSnapshot } from '../src/shared/session/schema';
import { UPLOAD_PATH } from '../src/main/web/server';
import { assertGone, killAndWait, spawnTracked, type Exit } from './processes';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface WebChild {
  readonly pid: number;
  readonly output: { stdout: string; stderr: string };
  readonly exited: Promise<Exit>;
  /** Sends `signal`, waits for the exit and checks that the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface RunningWebChild extends WebChild {
  readonly url: URL;
}

/** No model and no data folder from the environment the tests run in: only what a test passes counts. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _url, TIDY_MODEL: _model, TIDY_DATA_DIR: _dir, ...rest } = process.env;
  return { ...rest, ...extra };
}

export function spawnWeb(dataDir: string, env: Record<string, string> = {}): WebChild {
  const child = spawnTracked(process.execPath, ['--import', 'tsx', 'src/main/web.ts', '--port', '0', '--no-open', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: cleanEnv(env),
  }) as ChildProcessByStdio<null, Readable, Readable>;
  if (child.pid === undefined) throw new Error('web mode did not start');
  const pid = child.pid;
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    pid,
    output,
    exited,
    async stop(signal = 'SIGKILL') {
      const exit = await killAndWait(child, signal);
      assertGone(pid);
      return exit;
    },
  };
}

/** Starts web mode and resolves once it says where it runs and which data folder it uses. */
export async function startWeb(dataDir: string, env: Record<string, string> = {}): Promise<RunningWebChild> {
  const web = spawnWeb(dataDir, env);
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /running at (\S+)\n[^\n]*Data folder: /.exec(web.output.stdout);
      if (match) {
        clearInterval(timer);
        resolve(new URL(match[1]!));
      }
    }, 10);
    void web.exited.then(({ code }) => {
      clearInterval(timer);
      reject(new Error(`web mode exited (${code}) before it ran: ${web.output.stderr}`));
    });
  });
  return { ...web, url };
}

export interface WebClient {
  invoke(channel: string, input?: unknown): Promise<{ ok: boolean; output?: unknown; error?: unknown }>;
  /** The first pushed state (or the current one) that satisfies `test`. */
  stateWhere(test: (snapshot: SessionSnapshot) => boolean): Promise<SessionSnapshot>;
  /** Every state pushed so far, in order: what the person has seen. */
  pushed(): SessionSnapshot[];
  close(): void;
}

/** Opens the page's socket (with the token from the URL) and speaks the IPC wire protocol over it. */
export async function connect(url: URL): Promise<WebClient> {
  const token = url.hash.replace('#token=', '');
  const socket = new WebSocket(`ws://${url.host}/ipc?token=${token}`, { origin: url.origin });
  const frames: ServerFrame[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString()) as ServerFrame);
    waiters.splice(0).forEach((wake) => wake());
  });
  socket.on('close', () => waiters.splice(0).forEach((wake) => wake()));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  const next = () => new Promise<void>((wake) => waiters.push(wake));
  const invoke = async (channel: string, input?: unknown) => {
    const callId = `c${++id}`;
    socket.send(JSON.stringify({ type: 'invoke', id: callId, channel, input }));
    for (;;) {
      const found = frames.find((frame) => frame.type === 'result' && frame.result.id === callId);
      if (found && found.type === 'result') return found.result;
      if (socket.readyState !== WebSocket.OPEN) throw new Error(`the socket closed before ${channel} answered`);
      await next();
    }
  };
  const stateWhere = async (test: (snapshot: SessionSnapshot) => boolean) => {
    const current = await invoke('session:get');
    if (current.ok && test(current.output as SessionSnapshot)) return current.output as SessionSnapshot;
    for (let seen = 0; ; ) {
      for (; seen < frames.length; seen++) {
        const frame = frames[seen]!;
        if (frame.type === 'push' && frame.channel === 'session:changed' && test(frame.payload as SessionSnapshot)) return frame.payload as SessionSnapshot;
      }
      if (socket.readyState !== WebSocket.OPEN) throw new Error('the socket closed while waiting for a state');
      await next();
    }
  };
  const pushed = () =>
    frames.flatMap((frame) => (frame.type === 'push' && frame.channel === 'session:changed' ? [frame.payload as SessionSnapshot] : []));
  return { invoke, stateWhere, pushed, close: () => socket.terminate() };
}

/** Uploads one photo the way the page does (a bearer token, the file's name in a header); returns the upload id. */
export async function uploadPhoto(url: URL, name: string, bytes: Uint8Array): Promise<string> {
  const token = url.hash.replace('#token=', '');
  const response = await fetch(new URL(UPLOAD_PATH, url.origin), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-file-name': encodeURIComponent(name), 'content-type': 'application/octet-stream', origin: url.origin },
    body: bytes,
  });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { uploadId: string }).uploadId;
}
