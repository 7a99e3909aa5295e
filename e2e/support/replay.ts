import { expect } from '@playwright/test';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { runReplayCli } from '../../src/main/replay/cli';

/**
 * `npm run replay -- <session folder> --check` over the one session the app wrote in `dataDir`, in this process (the
 * CLI's own code, with no model and no detector: a child process would only add its start-up and a TypeScript
 * compile). Fails unless every turn went the way the log says; returns what the CLI printed.
 */
export async function replayCheck(dataDir: string): Promise<string> {
  const [session] = await readdir(path.join(dataDir, 'sessions'));
  const printed: string[] = [];
  const code = await runReplayCli([path.join(dataDir, 'sessions', session!), '--check'], (text) => printed.push(text));
  const stdout = printed.join('\n');
  expect(code, stdout).toBe(0);
  return stdout;
}
