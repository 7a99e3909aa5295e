import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { fsMessage } from './errors';
import type { SkippedFile } from '../../shared/photos/schema';

export interface ScanOptions {
  maxDepth: number;
  maxFiles: number;
  signal?: AbortSignal;
}

export interface ScannedFile {
  /** Where to read it. Stays in main: never put in a record, a message or a log. */
  path: string;
  /** Relative to the folder the dropped item sits in, with `/` separators: what the person recognises. */
  display: string;
}

export interface ScanResult {
  files: ScannedFile[];
  skipped: SkippedFile[];
  tooDeep: string[];
  capped: boolean;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const isHidden = (name: string) => name.startsWith('.');

/**
 * Expands dropped paths into candidate files in a stable order (sorted by name, depth first). Folders are
 * entered at most `maxDepth` levels below a dropped folder; links are followed but each real folder and file is
 * visited once (by device and inode), so a link back to an ancestor cannot loop. Hidden entries inside folders are
 * skipped; a hidden file dropped on its own was chosen on purpose and is kept.
 */
export async function scan(roots: readonly string[], options: ScanOptions): Promise<ScanResult> {
  const result: ScanResult = { files: [], skipped: [], tooDeep: [], capped: false };
  const seen = new Set<string>();

  const firstVisit = (stats: Stats) => {
    const key = `${stats.dev}:${stats.ino}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };

  const visit = async (full: string, display: string, depth: number): Promise<void> => {
    if (result.capped || options.signal?.aborted) return;
    let stats: Stats;
    try {
      stats = await fs.stat(full);
    } catch (error) {
      result.skipped.push({ file: display, reason: 'unreadable', message: fsMessage(error) });
      return;
    }
    if (!firstVisit(stats)) return;
    if (stats.isFile()) {
      if (result.files.length >= options.maxFiles) {
        result.capped = true;
        return;
      }
      result.files.push({ path: full, display });
      return;
    }
    if (!stats.isDirectory()) {
      result.skipped.push({ file: display, reason: 'not-an-image', message: 'Not a regular file.' });
      return;
    }
    if (depth > options.maxDepth) {
      result.tooDeep.push(display);
      return;
    }
    let names: string[];
    try {
      names = await fs.readdir(full);
    } catch (error) {
      result.skipped.push({ file: display, reason: 'unreadable', message: `Folder: ${fsMessage(error)}` });
      return;
    }
    for (const name of names.filter((n) => !isHidden(n)).sort(byName)) {
      await visit(path.join(full, name), `${display}/${name}`, depth + 1);
    }
  };

  for (const root of roots) {
    const full = path.resolve(root);
    await visit(full, path.basename(full) || full, 0);
  }
  return result;
}
