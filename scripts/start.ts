/**
 * `npm start`: opens the desktop window. Electron's binary is downloaded on first use; where that cannot happen
 * (no network to its host, an unsupported system), this says so in one line and points at web mode.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { findElectronBinary } from './electron-binary';

const ROOT = path.resolve(import.meta.dirname, '..');

function ensureBinary(): { ok: true } | { ok: false; why: string } {
  const found = findElectronBinary();
  if ('path' in found) return { ok: true };
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return { ok: false, why: found.missing };
  process.stdout.write('Fetching the Electron binary (first start only)...\n');
  const install = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/electron/install.js')], {
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
  if (install.status === 0 && 'path' in findElectronBinary()) return { ok: true };
  const detail = `${install.stderr ?? ''}${install.stdout ?? ''}`
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /error|fail/i.test(line));
  return { ok: false, why: `its download failed${detail ? ` (${detail.replace(/^\w*Error:\s*/, '')})` : ''}` };
}

const binary = ensureBinary();
if (!binary.ok) {
  process.stderr.write(
    `Tidying cannot open its desktop window on this machine: the Electron binary is not available, ${binary.why}. ` +
      'Run `npm run web` to use Tidying in your browser instead.\n',
  );
  process.exit(1);
}

const child = spawn(path.join(ROOT, 'node_modules/.bin/electron-vite'), ['preview', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
