/**
 * `npm run eval -- --overlap [--record] [--json FILE]`: overlapping photos cut from real photos as a phone pans
 * (`pans.ts`), each run through the app's detector as a photo of its own, then: how well the app finds where two of
 * them overlap (at several thumbnail sizes, and how long a pair takes), how often two photos that do not overlap are
 * taken to, and how often a thing seen in both would get two cards, without twins and with them (at several twins
 * thresholds). Figures are printed as measured; the JSON goes to --json FILE, else to eval-results/ (git-ignored).
 * `--record` keeps the windows' detections and the overlaps found for the twins unit test (`recorded.ts`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OVERLAP } from '../../detection/overlap';
import { THUMBNAIL_SIDE } from '../../detection/overlap-finder';
import { findDetectorRuntime } from '../../detection/runtime';
import { TWINS } from '../../detection/twins';
import { RESULTS_DIR } from '../detection/cli';
import { percentile } from '../detection/run';
import { RECORDED_FILE, writeRecorded } from './recorded';
import { isOverlap, runOverlap, SIZES, SOURCES, type OverlapRun, type RunPair } from './run';
import { judgeAll, TOLERATED_ERROR, type SeenPair, type TwinCounts } from './score';

export interface OverlapEvalOptions {
  readonly json?: string;
  readonly record?: boolean;
}

/** Least scores tried beside the app's, and twins thresholds beside the app's. */
const MIN_SCORES = [0.6, 0.7, 0.75, 0.8, 0.85, 0.9];
const TWIN_IOUS = [0.3, 0.4, 0.5, 0.6, 0.7];

const pct = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(0)}%`);
const ms = (values: readonly number[]) => `${percentile(values, 50).toFixed(1)} / ${percentile(values, 90).toFixed(1)}`;

/** A pair's alignment at a size, and whether it is right (an overlap, close to the truth) or a false overlap. */
function judged(pair: RunPair, size: number, minScore: number = OVERLAP.minScore) {
  const alignment = pair.alignments.find((a) => a.size === size)!;
  const overlap = isOverlap(alignment, minScore);
  return { alignment, overlap, right: overlap && pair.truth !== undefined && (alignment.error ?? Infinity) < TOLERATED_ERROR };
}

function alignmentTable(run: OverlapRun): { text: string; rows: object[] } {
  const pans = run.pairs.filter((pair) => pair.kind === 'pan');
  const negatives = run.pairs.filter((pair) => pair.kind !== 'pan');
  const lines = [
    `${'thumbnail'.padEnd(10)} ${'pans found'.padEnd(16)} ${'found wrong'.padEnd(12)} ${'missed'.padEnd(8)} ${'false overlaps'.padEnd(20)} ${'lowest right'.padEnd(13)} ${'highest false'.padEnd(14)} ms a pair p50 / p90`,
  ];
  const rows = SIZES.map((size) => {
    const j = pans.map((pair) => judged(pair, size));
    const right = j.filter((x) => x.right).length;
    const wrong = j.filter((x) => x.overlap && !x.right).length;
    const falses = negatives.filter((pair) => judged(pair, size).overlap).length;
    const rightScores = pans.map((pair) => judged(pair, size, -1)).filter((x) => x.right).map((x) => x.alignment.best!.score);
    const falseScores = negatives.map((pair) => pair.alignments.find((a) => a.size === size)!.best?.score ?? -1);
    const times = run.pairs.map((pair) => pair.alignments.find((a) => a.size === size)!.ms);
    const row = {
      size,
      pans: pans.length,
      right,
      wrong,
      missed: pans.length - right - wrong,
      negatives: negatives.length,
      falseOverlaps: falses,
      lowestRight: Math.min(...rightScores),
      highestFalse: Math.max(...falseScores),
      msP50: percentile(times, 50),
      msP90: percentile(times, 90),
    };
    lines.push(
      [
        `${size} px${size === THUMBNAIL_SIDE ? '*' : ''}`.padEnd(10),
        `${right} of ${pans.length} (${pct(right, pans.length)})`.padEnd(16),
        String(wrong).padEnd(12),
        String(row.missed).padEnd(8),
        `${falses} of ${negatives.length}`.padEnd(20),
        row.lowestRight.toFixed(3).padEnd(13),
        row.highestFalse.toFixed(3).padEnd(14),
        ms(times),
      ].join(' '),
    );
    return row;
  });
  return { text: lines.join('\n'), rows };
}

function byPan(run: OverlapRun): { text: string; rows: object[] } {
  const names = [...new Set(run.pairs.filter((pair) => pair.kind !== 'other photo').map((pair) => pair.name))];
  const lines = [`${'pair'.padEnd(34)} ${'found right'.padEnd(12)} ${'error p50 / max'.padEnd(16)} lowest score`];
  const rows = names.map((name) => {
    const pairs = run.pairs.filter((pair) => pair.name === name);
    const j = pairs.map((pair) => judged(pair, THUMBNAIL_SIDE));
    const errors = j.flatMap((x) => (x.overlap && x.alignment.error !== undefined ? [x.alignment.error] : []));
    const scores = j.map((x) => x.alignment.best?.score ?? -1);
    const apart = pairs[0]!.kind === 'apart';
    const found = apart ? j.filter((x) => x.overlap).length : j.filter((x) => x.right).length;
    const row = { name, pairs: pairs.length, found, errorP50: errors.length ? percentile(errors, 50) : undefined, errorMax: errors.length ? Math.max(...errors) : undefined, lowest: Math.min(...scores), highest: Math.max(...scores) };
    lines.push(
      [
        name.padEnd(34),
        `${found} of ${pairs.length}${apart ? ' (false)' : ''}`.padEnd(12),
        (errors.length ? `${(100 * row.errorP50!).toFixed(2)}% / ${(100 * row.errorMax!).toFixed(2)}%` : '-').padEnd(16),
        apart ? `highest ${row.highest.toFixed(3)}` : row.lowest.toFixed(3),
      ].join(' '),
    );
    return row;
  });
  return { text: lines.join('\n'), rows };
}

function scoreSweep(run: OverlapRun): { text: string; rows: object[] } {
  const pans = run.pairs.filter((pair) => pair.kind === 'pan');
  const negatives = run.pairs.filter((pair) => pair.kind !== 'pan');
  const lines = [`${'least score'.padEnd(12)} ${'pans found right'.padEnd(18)} false overlaps`];
  const rows = MIN_SCORES.map((minScore) => {
    const right = pans.filter((pair) => judged(pair, THUMBNAIL_SIDE, minScore).right).length;
    const falses = negatives.filter((pair) => judged(pair, THUMBNAIL_SIDE, minScore).overlap).length;
    lines.push(`${`${minScore}${minScore === OVERLAP.minScore ? '*' : ''}`.padEnd(12)} ${`${right} of ${pans.length}`.padEnd(18)} ${falses} of ${negatives.length}`);
    return { minScore, right, falseOverlaps: falses };
  });
  return { text: lines.join('\n'), rows };
}

/** The pairs as the app saw them at its thumbnail size: the best alignment it found. */
export function seenPairs(run: OverlapRun): SeenPair[] {
  return run.pairs.map(({ alignments, ...pair }) => {
    const { best } = alignments.find((a) => a.size === THUMBNAIL_SIDE)!;
    return best ? { ...pair, best } : pair;
  });
}

function twinsTable(run: OverlapRun): { text: string; rows: object[] } {
  const seen = seenPairs(run);
  const pans = seen.filter((pair) => pair.kind === 'pan');
  const negatives = seen.filter((pair) => pair.kind !== 'pan');
  const line = (label: string, c: TwinCounts, falseMerges: number) =>
    [
      label.padEnd(22),
      `${c.through} of ${c.seenTwice} (${pct(c.through, c.seenTwice)})`.padEnd(20),
      String(c.namedTwice).padEnd(12),
      String(c.wronglyMerged + falseMerges).padEnd(15),
      String(c.unsure),
    ].join(' ');
  const without = judgeAll(run.windows, pans, undefined, TWINS.minIou);
  const lines = [
    `${without.things} things detected in the two photos of the ${pans.length} overlapping pairs, ${without.seenTwice} of them seen in both.`,
    `${'twins'.padEnd(22)} ${'duplicates through'.padEnd(20)} ${'named twice'.padEnd(12)} ${'wrongly merged'.padEnd(15)} unsure`,
    line('without twins', without, 0),
  ];
  const rows: object[] = [{ twins: 'none', ...without }];
  for (const minIou of TWIN_IOUS) {
    const counts = judgeAll(run.windows, pans, OVERLAP.minScore, minIou);
    const falseMerges = judgeAll(run.windows, negatives, OVERLAP.minScore, minIou).wronglyMerged;
    lines.push(line(`IoU ${minIou}${minIou === TWINS.minIou ? '*' : ''}`, counts, falseMerges));
    rows.push({ minIou, ...counts, mergedAcrossNegatives: falseMerges });
  }
  return { text: lines.join('\n'), rows };
}

export async function runOverlapEval(options: OverlapEvalOptions, deps: { readonly print: (text: string) => void }): Promise<number> {
  const { print } = deps;
  const lookup = findDetectorRuntime();
  if (!('found' in lookup)) {
    print(lookup.missing);
    return 2;
  }
  print(`Overlap eval: pans cut from ${SOURCES.length} photos; ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}.`);
  const run = await runOverlap(lookup.found, print);
  if (run.windows.size === 0) {
    print(`\nNo photo could be read, so there is nothing to judge.`);
    return 1;
  }
  const pans = run.pairs.filter((pair) => pair.kind === 'pan').length;
  const apart = run.pairs.filter((pair) => pair.kind === 'apart').length;
  const across = run.pairs.filter((pair) => pair.kind === 'other photo').length;
  print(`\n${run.windows.size} windows detected, ${pans} overlapping pairs, ${apart} pairs of one photo that do not overlap, ${across} pairs of two photos.`);
  const alignment = alignmentTable(run);
  print(`\nWhere two photos overlap, by thumbnail size (* the app's; right: within ${TOLERATED_ERROR * 100}% of the photo's long side of the true overlap at the worst corner; least score ${OVERLAP.minScore}):`);
  print(alignment.text);
  const pansTable = byPan(run);
  print(`\nAt ${THUMBNAIL_SIDE} px, by pair:`);
  print(pansTable.text);
  const sweep = scoreSweep(run);
  print(`\nAt ${THUMBNAIL_SIDE} px, by the least score taken as an overlap (* the app's):`);
  print(sweep.text);
  const twins = twinsTable(run);
  print(`\nThings seen in both photos of a pair (by the crop geometry), with the overlaps found at ${THUMBNAIL_SIDE} px, by twins threshold (* the app's); wrongly merged includes merges across photos that do not overlap:`);
  print(twins.text);
  const alignMs = run.pairs.map((pair) => pair.alignments.find((a) => a.size === THUMBNAIL_SIDE)!.ms);
  print(`\nTime: aligning a pair ${ms(alignMs)} ms (p50 / p90), making a photo's ${THUMBNAIL_SIDE} px thumbnail ${ms(run.thumbnailMs)} ms, detecting a window ${ms(run.detectMs)} ms.`);
  if (run.unreadable.length > 0) print(`Not read: ${run.unreadable.join(', ')}.`);
  const out = path.resolve(options.json ?? path.join(RESULTS_DIR, `overlap-${new Date().toISOString().replace(/[:.]/g, '-')}.json`));
  await mkdir(path.dirname(out), { recursive: true });
  const json = {
    kind: 'tidying-overlap-eval',
    version: 1,
    at: new Date().toISOString(),
    machine: { cores: os.availableParallelism(), load: os.loadavg().map((value) => Math.round(value * 100) / 100) },
    thumbnail: THUMBNAIL_SIDE,
    minScore: OVERLAP.minScore,
    twinsMinIou: TWINS.minIou,
    alignment: alignment.rows,
    byPair: pansTable.rows,
    scores: sweep.rows,
    twins: twins.rows,
    ms: { align: { p50: percentile(alignMs, 50), p90: percentile(alignMs, 90) }, thumbnail: { p50: percentile(run.thumbnailMs, 50) }, detect: { p50: percentile(run.detectMs, 50) } },
    pairs: run.pairs,
  };
  await writeFile(out, `${JSON.stringify(json, null, 2)}\n`);
  print(`\nJSON: ${out}`);
  if (options.record) {
    await writeRecorded(RECORDED_FILE, { detector: lookup.found.id, thumbnail: THUMBNAIL_SIDE, windows: run.windows, pairs: seenPairs(run) });
    print(`Windows' detections and the overlaps found: ${path.relative(process.cwd(), RECORDED_FILE)}`);
  }
  return 0;
}
