import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ELECTRON_DIR = path.resolve(import.meta.dirname, '../node_modules/electron');

/**
 * Where the Electron binary is, without triggering its download (requiring the `electron` package would).
 * Returns the reason instead when there is none.
 */
export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): { path: string } | { missing: string } {
  const pathFile = path.join(ELECTRON_DIR, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, relative ?? 'electron');
    return existsSync(candidate)
      ? { path: candidate }
      : { missing: `ELECTRON_OVERRIDE_DIST_PATH is set but ${candidate} does not exist` };
  }
  if (!relative) return { missing: 'the Electron binary has not been downloaded (node_modules/electron/path.txt is absent)' };
  const candidate = path.join(ELECTRON_DIR, 'dist', relative);
  return existsSync(candidate) ? { path: candidate } : { missing: `the Electron binary is missing at ${candidate}` };
}
