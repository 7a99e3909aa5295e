/**
 * Runs the bench's sections one after another, each on its own: every figure is printed the moment a section
 * measures it, a section that throws is reported in one line and the next one still runs, and the run's figures
 * can be written as JSON and compared with an earlier run's.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { compareLines, readResults, type BenchResults, type Figure } from './results';

export interface FigureInput {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The name of the figure (in the same section) this one is a ratio to. */
  readonly baseline?: string;
}

export interface SectionReport {
  /** A line without figures of its own: a heading, or words about figures already printed. */
  say(text: string): void;
  /** Figures just measured, printed at once as one line made from their values (in the order given). */
  figures(figures: readonly FigureInput[], line: (values: number[]) => string): void;
}

export interface Section {
  readonly name: string;
  run(report: SectionReport): Promise<void>;
}

export interface BenchIo {
  /** Prints one line. */
  readonly print: (line: string) => void;
  /** Where results go when `--json` names no file. */
  readonly resultsDir: string;
  readonly now: () => Date;
}

/** A message on one line, whatever the error held. */
const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ').trim();

/**
 * The figures a section reported, each with its baseline's value (a baseline may be measured after the figure that
 * is a ratio to it), and what is wrong with the baselines that were never measured.
 */
function withBaselines(section: string, measured: readonly FigureInput[]): { figures: Figure[]; unmeasured: string[] } {
  const unmeasured: string[] = [];
  const figures = measured.map(({ baseline, ...figure }): Figure => {
    const found = baseline === undefined ? undefined : measured.find((other) => other.name === baseline);
    if (baseline !== undefined && !found) unmeasured.push(`The figure “${figure.name}” names “${baseline}” as its baseline, which was not measured.`);
    return { section, ...figure, ...(found ? { baseline: { name: found.name, value: found.value } } : {}) };
  });
  return { figures, unmeasured };
}

/**
 * Runs `sections` in order: the figures they reported (a failed section's too, up to its failure), the sections
 * that failed, and how long each took.
 */
export async function runBench(
  sections: readonly Section[],
  print: (line: string) => void,
): Promise<Pick<BenchResults, 'figures' | 'failures'> & { seconds: Record<string, number> }> {
  const figures: Figure[] = [];
  const failures: BenchResults['failures'] = [];
  const seconds: Record<string, number> = {};
  for (const [index, section] of sections.entries()) {
    if (index > 0) print('');
    const measured: FigureInput[] = [];
    const report: SectionReport = {
      say: print,
      figures(inputs, line) {
        const bad = inputs.find((input) => !Number.isFinite(input.value));
        if (bad) throw new Error(`The figure “${bad.name}” is not a finite number (${bad.value}).`);
        print(line(inputs.map((input) => input.value)));
        measured.push(...inputs);
      },
    };
    const started = performance.now();
    let failure: string | undefined;
    try {
      await section.run(report);
    } catch (error) {
      failure = oneLine(error);
    }
    seconds[section.name] = (performance.now() - started) / 1000;
    const resolved = withBaselines(section.name, measured);
    figures.push(...resolved.figures);
    failure ??= resolved.unmeasured[0];
    if (failure !== undefined) {
      failures.push({ section: section.name, message: failure });
      print(`${section.name} FAILED: ${failure}`);
    }
  }
  return { figures, failures, seconds };
}

/**
 * `bench/run.ts [--quick] [--only SECTION[,SECTION...]] [--json FILE] [--compare OLD.json]`: the exit code (1 when a section failed or the
 * arguments or the file to compare with are wrong). A full run writes its JSON under `resultsDir` unless `--json`
 * names a file; a quick run writes one only when asked.
 */
const USAGE = 'usage: bench/run.ts [--quick] [--only SECTION[,SECTION...]] [--json FILE] [--compare OLD.json]';

export async function benchMain(argv: readonly string[], sectionsFor: (options: { quick: boolean }) => readonly Section[], io: BenchIo): Promise<number> {
  let options: { quick: boolean; only: string[] | undefined; json: string | undefined; compare: string | undefined };
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, json: { type: 'string' }, compare: { type: 'string' } },
      strict: true,
    });
    options = { quick: values.quick, only: values.only?.split(',').map((name) => name.trim()), json: values.json, compare: values.compare };
  } catch (error) {
    io.print(`bench: ${oneLine(error)} (${USAGE})`);
    return 1;
  }
  let sections = sectionsFor({ quick: options.quick });
  if (options.only) {
    const known = sections.map((section) => section.name);
    const unknown = options.only.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      io.print(`bench: no section named ${unknown.map((name) => `"${name}"`).join(', ')}; the sections are ${known.map((name) => `"${name}"`).join(', ')} (${USAGE})`);
      return 1;
    }
    sections = sections.filter((section) => options.only!.includes(section.name));
  }
  let old: BenchResults | undefined;
  if (options.compare) {
    try {
      old = await readResults(options.compare);
    } catch (error) {
      io.print(oneLine(error));
      return 1;
    }
  }

  const startedAt = io.now();
  const run = await runBench(sections, io.print);
  const results: BenchResults = {
    version: 1,
    startedAt: startedAt.toISOString(),
    quick: options.quick,
    cores: os.availableParallelism(),
    figures: run.figures,
    failures: run.failures,
  };

  io.print('');
  const took = Object.entries(run.seconds).map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`);
  io.print(`Sections took: ${took.join(', ')}.`);
  if (old) {
    io.print('');
    for (const line of compareLines(results, old, options.compare!)) io.print(line);
  }
  const file = options.json ?? (options.quick ? undefined : path.join(io.resultsDir, `${startedAt.toISOString().replaceAll(':', '-')}.json`));
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    io.print(`Figures written to ${path.relative(process.cwd(), file) || file}.`);
  }
  if (run.failures.length > 0) {
    io.print(`${run.failures.length} of ${Object.keys(run.seconds).length} sections failed: ${run.failures.map((failure) => failure.section).join(', ')}.`);
    return 1;
  }
  return 0;
}
