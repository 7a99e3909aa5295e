import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { killAndWait, spawnTracked } from '../../test-support/processes';

export interface RunningWebMode {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  stdout: () => string;
  /** What it logged (the app's log goes to standard error). */
  stderr: () => string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Starts the built web mode (`out/main/web.js`) exactly as `npm run web` does, on a free port. */
export async function startWebMode(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningWebMode> {
  // A data folder passed in outlives this run (a restart test); one made here is removed at stop.
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'tidy-e2e-')));
  const child = spawnTracked(
    process.execPath,
    [path.join(ROOT, 'out/main/web.js'), '--port', '0', '--no-open', '--data-dir', dataDir],
    { env: { ...process.env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /running at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`web mode exited with ${code}: ${err || out}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.hash.replace('#token=', ''),
    dataDir,
    stdout: () => out,
    stderr: () => err,
    async stop() {
      await killAndWait(child, 'SIGTERM');
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Stops web mode and removes a data folder the test made for it (one that outlives restarts), for `afterEach`. */
export async function stopAndRemove(app: RunningWebMode | undefined, folder: string | undefined): Promise<void> {
  await app?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
}
