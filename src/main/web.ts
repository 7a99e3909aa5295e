/** Entry of `npm run web`: the main-process core in plain Node, serving the built renderer to a browser. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../../package.json';
import { DataDirLockedError } from './data-lock';
import { runWebCli, UsageError } from './web/cli';

const here = path.dirname(fileURLToPath(import.meta.url));

try {
  const app = await runWebCli({
    argv: process.argv.slice(2),
    env: process.env,
    version,
    rendererDir: path.join(here, '../renderer'),
    print: (line) => process.stdout.write(`${line}\n`),
    input: () => process.stdin,
  });
  process.once('exit', () => app.releaseLockSync());
  const stop = () => {
    void app.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  const message =
    error instanceof UsageError || error instanceof DataDirLockedError
      ? error.message
      : code === 'EADDRINUSE'
        ? 'That port is already in use on 127.0.0.1; choose another with --port, or --port 0 for any free one.'
        : code === 'EACCES'
          ? 'Tidying may not use that port or data folder (permission denied).'
          : `Tidying could not start web mode: ${(error as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(error instanceof UsageError ? error.exitCode : 1);
}
