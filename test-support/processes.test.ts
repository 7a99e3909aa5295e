import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { assertGone, killAndWait, spawnTracked, TEST_PROCESS_MARKER, TEST_PROCESS_OWNER } from './processes';

const IDLE = ['-e', 'setInterval(() => {}, 1000)'];

/** Runs `script` in a tracked Node child and returns what it printed. */
async function output(script: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const child = spawnTracked(process.execPath, ['-e', script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await once(child, 'exit');
  return out;
}

describe('test processes', () => {
  it('marks the child and its own children with the marker and this process as owner', async () => {
    // The child prints its grandchild's view, so this checks inheritance one level further down too.
    const printEnv = `process.stdout.write(JSON.stringify([process.env.${TEST_PROCESS_MARKER}, process.env.${TEST_PROCESS_OWNER}]))`;
    const viaGrandchild = `process.stdout.write(require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(printEnv)}]))`;
    expect(JSON.parse(await output(viaGrandchild))).toEqual(['1', String(process.pid)]);
  });

  it('adds the marker to an environment passed in rather than replacing it', async () => {
    const printed = await output(`process.stdout.write(process.env.EXTRA + ' ' + process.env.${TEST_PROCESS_MARKER})`, { EXTRA: 'kept' });
    expect(printed).toBe('kept 1');
  });

  it('refuses a live pid; kills a running child, waits for its exit, and then its pid is gone', async () => {
    const child = spawnTracked(process.execPath, IDLE, { stdio: 'ignore' });
    await once(child, 'spawn');
    const pid = child.pid as number;
    expect(() => assertGone(pid)).toThrow(`process ${pid} still exists`);
    expect(await killAndWait(child, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(() => assertGone(pid)).not.toThrow();
  });

  it('resolves at once with the exit of a child that has already exited', async () => {
    const child = spawnTracked(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    await once(child, 'exit');
    expect(await killAndWait(child)).toEqual({ code: 3, signal: null });
  });
});
