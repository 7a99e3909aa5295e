import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatComparison, formatReport, readRun, scoreRun, totals } from './report';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** The recorded run with the hand-edited wants-to-stop in place of the original: a second run to compare. */
async function editedRun(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tidy-eval-run-'));
  folders.push(dir);
  await cp(path.join(FIXTURES, 'scripted'), dir, { recursive: true });
  await cp(path.join(FIXTURES, 'edited', 'wants-to-stop.json'), path.join(dir, 'wants-to-stop.json'));
  return dir;
}

const rowOf = (report: string, scenario: string) => report.split('\n').find((line) => line.startsWith(`${scenario} `) || line.startsWith(`* ${scenario} `));

describe('the report', () => {
  it('has a row per scenario with a mark per check, the failures quoted, and the total', async () => {
    const run = scoreRun(await readRun(path.join(FIXTURES, 'scripted')));
    const report = formatReport(run);
    expect(report.split('\n')[1]).toBe(
      'scenario           | sorting <20w | one instr. | tone | transitions | piles | wind-down | no repeat',
    );
    expect(rowOf(report, 'wants-to-stop')).toBe('wants-to-stop      | ✓            | ✓          | ✓    | ✓           | ✓     | ✓         | ✗        ');
    expect(rowOf(report, 'photos-many-items')).toBe('photos-many-items  | ✓            | ✓          | ✓    | ✓           | ✓     | –         | ✓        ');
    expect(report).toContain('  which-one / no repeat: proposed again (2x): coffee mug, on the desk');
    const { passed, applicable } = totals(run);
    // 12 scenarios by 7 checks, less the wind-downs not owed (8 scenarios never ask to stop).
    expect(applicable).toBe(12 * 7 - 8);
    expect(passed).toBe(applicable - 9);
    expect(report.trimEnd().split('\n').at(-1)).toBe(`Total: ${passed}/${applicable} checks passed`);
  });

  it('reads only valid transcripts, naming the file that is not one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tidy-eval-bad-'));
    folders.push(dir);
    await writeFile(path.join(dir, 'broken.json'), JSON.stringify({ scenario: { name: 'x' }, events: [] }));
    await expect(readRun(dir)).rejects.toThrow(/broken\.json/);
  });
});

describe('comparing two runs', () => {
  it('puts the runs side by side, marks what changed and lists it, with both totals', async () => {
    const a = scoreRun(await readRun(path.join(FIXTURES, 'scripted')));
    const b = scoreRun(await readRun(await editedRun()));
    const comparison = formatComparison(a, b);
    expect(rowOf(comparison, 'wants-to-stop')).toMatch(/^\* wants-to-stop +\| ✓ ✗\*/);
    expect(rowOf(comparison, 'which-one')).toMatch(/^which-one +\| ✓ ✓ /);
    expect(comparison).toContain('Differences:\n  wants-to-stop / sorting <20w: pass -> fail\n  wants-to-stop / one instr.: pass -> fail\n  wants-to-stop / tone: pass -> fail');
    expect(comparison).toContain('  wants-to-stop / wind-down: pass -> fail');
    const ta = totals(a);
    const tb = totals(b);
    expect(tb.passed).toBe(ta.passed - 6);
    expect(comparison).toContain(`Total: A ${ta.passed}/${ta.applicable}, B ${tb.passed}/${tb.applicable} checks passed`);
  });

  it('shows a scenario only one run has', async () => {
    const a = scoreRun(await readRun(path.join(FIXTURES, 'scripted')));
    const b = scoreRun(await readRun(path.join(FIXTURES, 'edited')));
    const comparison = formatComparison(a, b);
    expect(rowOf(comparison, 'which-one')).toMatch(/^\* which-one +\| ✓ · +\|/);
    expect(comparison).toContain('  which-one: only in run A');
  });

  it('says so when nothing changed', async () => {
    const a = scoreRun(await readRun(path.join(FIXTURES, 'scripted')));
    expect(formatComparison(a, a)).toContain('No differences.');
  });
});
