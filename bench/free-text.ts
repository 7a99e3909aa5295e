/**
 * Reading free text offline (the guided coach's `understand`, on compromise): the time to load it, and the time a
 * person's answer takes to read, over the labelled corpus, beside compromise's own parse of the same answers (the
 * floor any reading built on it pays).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseCorpus } from '../src/main/guided/understanding/corpus';
import { fmt } from './format';
import type { SectionReport } from './runner';

const CORPUS = path.resolve(import.meta.dirname, '../src/main/guided/understanding/corpus.jsonl');

function medianOf(passes: number, run: () => void): number {
  const times: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

export async function measureFreeText(report: SectionReport, { passes }: { passes: number }): Promise<void> {
  const corpus = parseCorpus(await readFile(CORPUS, 'utf8'), CORPUS);
  report.say(`Free-text reading offline (the guided coach's understand, on compromise), ${corpus.length} labelled answers`);
  const loading = performance.now();
  const { understand } = await import('../src/main/guided/understand');
  const { default: nlp } = await import('compromise');
  report.figures([{ name: 'load understand', value: performance.now() - loading, unit: 'ms' }], ([ms]) => `  load (compromise and the reader) ${fmt(ms!).padStart(10)}`);

  // One pass first, unmeasured: it warms the JIT and compromise's caches.
  for (const entry of corpus) understand(entry.text, entry.expecting);
  const parseMs = medianOf(passes, () => corpus.forEach((entry) => nlp(entry.text).json())) / corpus.length;
  const readMs = medianOf(passes, () => corpus.forEach((entry) => understand(entry.text, entry.expecting))) / corpus.length;
  report.figures(
    [
      { name: 'compromise parse per answer', value: parseMs, unit: 'ms' },
      { name: 'understand per answer', value: readMs, unit: 'ms', baseline: 'compromise parse per answer' },
    ],
    ([parse, read]) =>
      `  understand per answer   ${fmt(read!).padStart(10)}   ${(read! / parse!).toFixed(1)}x compromise's parse alone (${fmt(parse!)}); ${corpus.length} answers, median of ${passes} passes`,
  );
}
