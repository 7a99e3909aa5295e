import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertGone, spawnTracked } from '../../../test-support/processes';
import { foldLog, openQuestionOf, readSessionLog } from './index';
import { tempFolder } from '../../../test-support/temp-folder';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CHILD = path.resolve(import.meta.dirname, '../../../test-support/session-log/crash-child.ts');
const TURNS = 30;

interface Run {
  readonly pid: number;
  readonly answered: string[];
  readonly done: boolean;
}

/** Runs the child until it has acknowledged `killAfter` answers (then SIGKILL), or to the end. */
function runChild(file: string, killAfter?: number, killDelayMs = 0): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx's loader: the tsx CLI would run the script in a grandchild that SIGKILL does not reach.
    const child = spawnTracked(process.execPath, ['--import', 'tsx', CHILD, file, String(TURNS)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const answered: string[] = [];
    let done = false;
    let stderr = '';
    let buffered = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'done') done = true;
        if (!line.startsWith('answered ')) continue;
        answered.push(line.slice('answered '.length));
        if (answered.length === killAfter) setTimeout(() => child.kill('SIGKILL'), killDelayMs);
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if ((signal === 'SIGKILL' || code === 0) && child.pid !== undefined) resolve({ pid: child.pid, answered, done });
      else reject(new Error(`the child failed (${code}): ${stderr}`));
    });
  });
}

describe('a recording process killed with SIGKILL', () => {
  it('never loses an acknowledged answer, and resuming goes on from the log', { timeout: 180_000 }, async () => {
    const file = path.join(await tempFolder('session-log-crash-'), 'log.jsonl');
    const acknowledged: string[] = [];
    let tornTails = 0;
    // Kill after 1, 2 or 3 more answers, mostly at once, sometimes a few milliseconds later, so kills land all over a turn.
    const kills = [1, 2, 1, 3, 2, 1, 2, 3, 1, 1, 2, 1];
    for (const [index, killAfter] of kills.entries()) {
      const run = await runChild(file, killAfter, index % 4 === 3 ? index % 5 : 0);
      expect(run.done).toBe(false);
      // SIGKILL ended the process (runChild returns on 'exit', once Node has reaped it): nothing of it runs on.
      assertGone(run.pid);
      acknowledged.push(...run.answered);
      const { events, tornTail } = await readSessionLog(file);
      if (tornTail) tornTails += 1;
      const closed = new Set(events.flatMap((event) => (event.type === 'question-closed' && event.questionId ? [event.questionId] : [])));
      expect(acknowledged.filter((id) => !closed.has(id))).toEqual([]);
    }
    const last = await runChild(file);
    expect(last.done).toBe(true);
    const { events, tornTail } = await readSessionLog(file);
    expect(tornTail).toBeUndefined();
    const folded = foldLog(events);
    expect(folded.turns).toBe(TURNS);
    expect(openQuestionOf(folded.inFlight)).toBeUndefined();
    // Every answer ever acknowledged is in the log; a turn cut short is played again, so there can be more.
    const closed = events.flatMap((event) => (event.type === 'question-closed' && event.questionId ? [event.questionId] : []));
    expect(closed).toEqual(expect.arrayContaining([...acknowledged, ...last.answered]));
    expect(tornTails).toBeLessThanOrEqual(kills.length);
  });
});
