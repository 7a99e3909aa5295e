/** Test support: temp folders that go when the test that made them ends, passed or failed. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/** A new folder in the temp dir (`prefix` names it), removed once the current test and its afterEach hooks are done. */
export function tempFolderSync(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function tempFolder(prefix: string): Promise<string> {
  return Promise.resolve(tempFolderSync(prefix));
}
