/**
 * `npx tsx scripts/understand-cost.ts`: what reading free text with `compromise` costs the offline coach. Prints
 * the time to load `understand` (which loads compromise once, at import) and the time per call over the labelled
 * corpus, warm, as the median of several passes. Figures for a person to read; nothing asserts on them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseCorpus } from '../src/main/guided/understanding/corpus';

const PASSES = 7;
const file = path.resolve(import.meta.dirname, '../src/main/guided/understanding/corpus.jsonl');
const corpus = parseCorpus(await readFile(file, 'utf8'), file);

const loading = performance.now();
const { understand } = await import('../src/main/guided/understand');
const loadMs = performance.now() - loading;

// The first pass warms the JIT and compromise's caches; it is reported apart.
const passMs: number[] = [];
for (let pass = 0; pass <= PASSES; pass++) {
  const start = performance.now();
  for (const entry of corpus) understand(entry.text, entry.expecting);
  passMs.push(performance.now() - start);
}
const [first, ...warm] = passMs;
const median = warm.sort((a, b) => a - b)[Math.floor(warm.length / 2)]!;
const longest = 'x '.repeat(5000);
const longStart = performance.now();
understand(longest, { kind: 'item' });
const longMs = performance.now() - longStart;

console.log(`load understand (with compromise): ${loadMs.toFixed(0)} ms`);
console.log(`first pass over ${corpus.length} answers: ${first!.toFixed(0)} ms (${(first! / corpus.length).toFixed(2)} ms a call)`);
console.log(`warm pass, median of ${PASSES}: ${median.toFixed(0)} ms (${(median / corpus.length).toFixed(2)} ms a call)`);
console.log(`one 10 kB message (read up to its cap): ${longMs.toFixed(1)} ms`);
