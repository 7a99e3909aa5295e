/**
 * Reading free text offline (the guided coach's `understand`, on compromise): the time to load it, and the time a
 * person's answer takes to read, over the labelled corpus, beside compromise's own parse of the same answers (the
 * floor any reading built on it pays).
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseCorpus } from '../src/main/guided/understanding/corpus';
import { fmt } from './format';
import type { SectionReport } from './runner';

const CORPUS = path.resolve(import.meta.dirname, '../src/main/guided/understanding/corpus.jsonl');

/** Wall time of a fresh Node process that runs `code` as a module (median of three). */
function freshProcessMs(code: string): number {
  const times = [0, 1, 2].map(() => {
    const start = performance.now();
    execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: path.resolve(import.meta.dirname, '..') });
    return performance.now() - start;
  });
  return times.sort((a, b) => a - b)[1]!;
}

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
  // Loading is timed in a fresh process: in this one an earlier section may have loaded compromise already.
  const emptyMs = freshProcessMs('');
  const loadMs = freshProcessMs("await import('compromise');");
  report.figures(
    [
      { name: 'fresh Node process', value: emptyMs, unit: 'ms' },
      { name: 'load compromise', value: loadMs, unit: 'ms', baseline: 'fresh Node process' },
    ],
    ([empty, load]) => `  load compromise         ${fmt(load! - empty!).padStart(10)}   in a fresh Node process (${fmt(load!)} in all, ${fmt(empty!)} for Node alone)`,
  );
  const { understand, readByRules } = await import('../src/main/guided/understand');
  const { default: nlp } = await import('compromise');
  // The learned reader's shipped learnings are read on first use: timed apart from reading, beside parsing its file.
  const { loadIntentClassifier } = await import('../src/main/guided/intent/classifier');
  const { ShippedModelSchema } = await import('../src/main/guided/intent/shipped');
  const { MODEL_FILE } = await import('../src/main/guided/intent/train');
  const file = await readFile(MODEL_FILE, 'utf8');
  const jsonMs = medianOf(passes, () => JSON.parse(file));
  const learnedMs = medianOf(passes, () => loadIntentClassifier(ShippedModelSchema.parse(JSON.parse(file)).learnings, 'intent-model.json'));

  // One pass first, unmeasured: it warms the JIT and compromise's caches.
  for (const entry of corpus) understand(entry.text, entry.expecting);
  const parseMs = medianOf(passes, () => corpus.forEach((entry) => nlp(entry.text).json())) / corpus.length;
  const rulesMs = medianOf(passes, () => corpus.forEach((entry) => readByRules(entry.text, entry.expecting))) / corpus.length;
  const readMs = medianOf(passes, () => corpus.forEach((entry) => understand(entry.text, entry.expecting))) / corpus.length;
  report.figures(
    [
      { name: 'compromise parse per answer', value: parseMs, unit: 'ms' },
      { name: 'rules per answer', value: rulesMs, unit: 'ms', baseline: 'compromise parse per answer' },
      { name: 'understand per answer', value: readMs, unit: 'ms', baseline: 'rules per answer' },
    ],
    ([parse, rules, read]) =>
      [
        `  rules per answer        ${fmt(rules!).padStart(10)}   ${(rules! / parse!).toFixed(1)}x compromise's parse alone (${fmt(parse!)}); ${corpus.length} answers, median of ${passes} passes`,
        `  understand per answer   ${fmt(read!).padStart(10)}   ${(read! / rules!).toFixed(2)}x the rules alone: the learned reader beside them`,
      ].join('\n'),
  );
  report.figures(
    [
      { name: 'parse the learned reader file', value: jsonMs, unit: 'ms' },
      { name: 'load the learned reader', value: learnedMs, unit: 'ms', baseline: 'parse the learned reader file' },
    ],
    ([json, learned]) => `  load the learned reader ${fmt(learned!).padStart(10)}   on first use, ${(learned! / json!).toFixed(1)}x parsing its ${(file.length / 1024).toFixed(0)} KB file (${fmt(json!)})`,
  );
}
