import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * A worker thread's file: `source` beside the module that starts it when that runs from source; in the build, its own
 * entry `built` in out/main (the module may sit in out/main/chunks). In a packaged app that file is unpacked from the
 * archive (asarUnpack) and started from app.asar.unpacked, as a plain file on disk.
 */
export function findWorkerFile(
  worker: { readonly source: string; readonly built: string; readonly what: string },
  from: string,
  fromSource: boolean,
): { found: string } | { missing: string } {
  const candidates = fromSource ? [path.join(from, worker.source)] : [path.join(from, worker.built), path.join(from, '..', worker.built)].map(outsideArchive);
  const found = candidates.find((candidate) => existsSync(candidate));
  return found ? { found } : { missing: `${worker.what} is missing (looked for ${candidates.join(', ')}).` };
}

/**
 * Where a file packed in an asar archive lies on disk when it was unpacked: `…/app.asar/x` is `…/app.asar.unpacked/x`.
 * Electron's fs shows unpacked files inside the archive too, but only the real path works for everything else.
 */
export function outsideArchive(file: string): string {
  return file.replace(/\.asar(?=[\\/])/, '.asar.unpacked');
}
