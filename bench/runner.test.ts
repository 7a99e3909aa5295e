import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readResults, type BenchResults } from './results';
import { benchMain, type Section } from './runner';

let dir: string;
let lines: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tidy-bench-runner-'));
  lines = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const io = () => ({ print: (line: string) => lines.push(line), resultsDir: path.join(dir, 'results'), now: () => new Date('2026-11-25T10:00:00.000Z') });

/** A section reporting one figure in milliseconds, printed as "  <name>  <value> ms". */
const measuring = (section: string, name: string, value: number, baseline?: string): Section => ({
  name: section,
  run: async (report) => {
    report.say(`${section} heading`);
    report.figures([{ name, value, unit: 'ms', ...(baseline ? { baseline } : {}) }], ([ms]) => `  ${name}  ${ms!.toFixed(1)} ms`);
  },
});

const run = (argv: string[], sections: Section[]) => benchMain(argv, () => sections, io());

describe('the bench runner', () => {
  it('reports a failing section in one line, runs the sections after it and exits with 1', async () => {
    const failing: Section = {
      name: 'Broken',
      run: async (report) => {
        report.say('Broken heading');
        throw new Error('The resumed session is not the one recorded\n  (999 items, not 999)');
      },
    };

    const code = await run(['--quick'], [measuring('First', 'a', 1), failing, measuring('Last', 'c', 3)]);

    expect(code).toBe(1);
    expect(lines.filter((line) => line.includes('999 items'))).toEqual(['Broken FAILED: The resumed session is not the one recorded (999 items, not 999)']);
    expect(lines.indexOf('  c  3.0 ms')).toBeGreaterThan(lines.indexOf('Broken FAILED: The resumed session is not the one recorded (999 items, not 999)'));
    expect(lines.at(-1)).toBe('1 of 3 sections failed: Broken.');
  });

  it('runs only the sections --only names, and refuses a name it does not know, naming the ones it has', async () => {
    expect(await run(['--quick', '--only', 'Last, First'], [measuring('First', 'a', 1), measuring('Middle', 'b', 2), measuring('Last', 'c', 3)])).toBe(0);
    expect(lines).toContain('  a  1.0 ms');
    expect(lines).toContain('  c  3.0 ms');
    expect(lines).not.toContain('  b  2.0 ms');
    lines = [];
    expect(await run(['--only', 'Midle'], [measuring('First', 'a', 1), measuring('Middle', 'b', 2)])).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^bench: no section named "Midle"; the sections are "First", "Middle" \(usage: /)]);
  });

  it('exits with 0 when every section ran', async () => {
    expect(await run(['--quick'], [measuring('First', 'a', 1), measuring('Last', 'c', 3)])).toBe(0);
    expect(lines).not.toContainEqual(expect.stringContaining('FAILED'));
  });

  it('prints each figure the moment it is reported, before the next section starts', async () => {
    const seenAtStart: string[][] = [];
    const second: Section = {
      name: 'Second',
      run: async () => {
        seenAtStart.push([...lines]);
      },
    };
    const first: Section = {
      name: 'First',
      run: async (report) => {
        report.figures([{ name: 'a', value: 1, unit: 'ms' }], ([ms]) => `  a  ${ms} ms`);
        seenAtStart.push([...lines]);
        report.figures([{ name: 'b', value: 2, unit: 'ms' }], ([ms]) => `  b  ${ms} ms`);
      },
    };

    await run(['--quick'], [first, second]);

    expect(seenAtStart[0]).toEqual(['  a  1 ms']);
    expect(seenAtStart[1]).toEqual(['  a  1 ms', '  b  2 ms', '']);
  });

  it('fails a section whose figure is not a number or names a baseline it never measured', async () => {
    const notANumber: Section = { name: 'NaN', run: async (report) => report.figures([{ name: 'x', value: Number.NaN, unit: 'ms' }], () => 'never printed') };

    const code = await run(['--quick'], [notANumber, measuring('Orphan', 'ratio', 2, 'missing')]);

    expect(code).toBe(1);
    expect(lines).toContain('NaN FAILED: The figure “x” is not a finite number (NaN).');
    expect(lines).not.toContain('never printed');
    expect(lines).toContain('Orphan FAILED: The figure “ratio” names “missing” as its baseline, which was not measured.');
  });

  it('writes the figures as JSON that reads back, each with the value of its baseline', async () => {
    const file = path.join(dir, 'run.json');
    const section: Section = {
      name: 'Pair',
      run: async (report) => {
        report.figures([{ name: 'ours', value: 5, unit: 'ms', baseline: 'theirs' }], ([ms]) => `  ours ${ms}`);
        report.figures([{ name: 'theirs', value: 20, unit: 'ms' }], ([ms]) => `  theirs ${ms}`);
      },
    };

    await run(['--quick', '--json', file], [section]);

    const results = await readResults(file);
    expect(results.figures).toEqual([
      { section: 'Pair', name: 'ours', value: 5, unit: 'ms', baseline: { name: 'theirs', value: 20 } },
      { section: 'Pair', name: 'theirs', value: 20, unit: 'ms' },
    ]);
    expect(results).toMatchObject({ quick: true, startedAt: '2026-11-25T10:00:00.000Z', failures: [] });
  });

  it('writes a full run under the results folder and a quick run nowhere unless asked', async () => {
    await run(['--quick'], [measuring('First', 'a', 1)]);
    await expect(readdir(io().resultsDir)).rejects.toThrow(/ENOENT/);

    await run([], [measuring('First', 'a', 1)]);
    expect(await readdir(io().resultsDir)).toEqual(['2026-11-25T10-00-00.000Z.json']);
    expect(lines.at(-1)).toMatch(/^Figures written to .*2026-11-25T10-00-00\.000Z\.json\.$/);
  });

  it('compares with an earlier run: each figure beside the old one with new/old, and the figures only one run has', async () => {
    const old: BenchResults = {
      version: 1,
      startedAt: '2026-11-01T09:00:00.000Z',
      quick: false,
      cores: 2,
      figures: [
        { section: 'First', name: 'a', value: 2, unit: 'ms' },
        { section: 'First', name: 'gone', value: 7, unit: 'ms' },
      ],
      failures: [],
    };
    const oldFile = path.join(dir, 'old.json');
    await writeFile(oldFile, JSON.stringify(old));
    const two: Section = {
      name: 'First',
      run: async (report) => {
        report.figures([{ name: 'a', value: 3, unit: 'ms' }], ([ms]) => `  a ${ms}`);
        report.figures([{ name: 'new', value: 1, unit: 'ms' }], ([ms]) => `  new ${ms}`);
      },
    };

    expect(await run(['--quick', '--compare', oldFile], [two])).toBe(0);

    const from = lines.findIndex((line) => line.startsWith('Compared with'));
    expect(lines.slice(from)).toEqual([
      `Compared with ${oldFile} (full run of 2026-11-01T09:00:00.000Z):`,
      '  figure               now          before  now/before',
      '  First: a            3 ms            2 ms       1.50x',
      '  Only in this run: First: new',
      `  Only in ${oldFile}: First: gone`,
    ]);
  });

  it('refuses a compare file that is not JSON or not a results file in one line, before running anything', async () => {
    const notJson = path.join(dir, 'not.json');
    await writeFile(notJson, '{"version": 1,');
    const wrongShape = path.join(dir, 'shape.json');
    await writeFile(wrongShape, JSON.stringify({ version: 1, startedAt: '2026-11-01T09:00:00.000Z', quick: false, cores: 2, figures: [{ section: 'A', name: 'a', value: 'fast', unit: 'ms' }], failures: [] }));
    let ran = 0;
    const counted: Section = { name: 'Counted', run: async () => void (ran += 1) };

    expect(await run(['--compare', notJson], [counted])).toBe(1);
    expect(await run(['--compare', wrongShape], [counted])).toBe(1);
    expect(await run(['--compare', path.join(dir, 'absent.json')], [counted])).toBe(1);

    expect(ran).toBe(0);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^Cannot compare with ${notJson}: it is not JSON \\(.+\\)$`));
    expect(lines[1]).toBe(`Cannot compare with ${wrongShape}: it is not a bench results file (figures.0.value: Invalid input: expected number, received string)`);
    expect(lines[2]).toMatch(/^Cannot compare with .*absent\.json: ENOENT/);
  });

  it('refuses an unknown argument with the usage', async () => {
    expect(await run(['--quik'], [])).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/^bench: .*--quik.* \(usage: bench\/run\.ts \[--quick\] \[--only SECTION\[,SECTION\.\.\.\]\] \[--json FILE\] \[--compare OLD\.json\]\)$/)]);
  });
});
