import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCorpus } from './corpus';
import { formatUnderstanding, scoreUnderstanding } from './score';

/**
 * The first of the sets written blind for issue 27, by people who had never seen the reader. Unseen, the reader read
 * 160/193 (82.9 %) of it as meant, with no false stop. It then became the development set: its misses were sorted
 * into shapes of language and each shape was fixed as a rule, tested on new phrasings added to `corpus.jsonl` (never
 * on these answers). So it is NO LONGER UNSEEN: the figure below guards against going back. The second blind set
 * (fresh-b) has since been measured and tuned on too; a third, kept sealed, is what says how the reader reads answers
 * nobody tuned it to.
 */
const FILE = path.join(import.meta.dirname, 'fresh-a.jsonl');
const freshA = parseCorpus(await readFile(FILE, 'utf8'), FILE);

/**
 * The share read after the work on its shapes (192/193, 99.5 %), rounded down; it was 82.9 % before. The one miss,
 * fresha-128, names what overwhelms ("too many boxes"), which the reader leaves unnamed: it was taken back while the
 * guided coach's pivot brought back the card just answered (a loop since fixed in decide.ts).
 */
const LEAST_READ_PERCENT = 99;

describe('the first blind set (fresh-a)', () => {
  it('holds at least 190 answers, each with its own id and its own words', () => {
    expect(freshA.length).toBeGreaterThanOrEqual(190);
    expect(new Set(freshA.map((entry) => entry.id)).size).toBe(freshA.length);
    expect(new Set(freshA.map((entry) => entry.text.toLowerCase())).size).toBe(freshA.length);
  });

  it('reads no answer as a stop where the person did not mean one', () => {
    const { falseStops } = scoreUnderstanding(freshA);
    expect(falseStops.map(({ entry }) => `${entry.id}: ${entry.text}`)).toEqual([]);
  });

  it(`reads at least ${LEAST_READ_PERCENT}% as meant`, () => {
    const score = scoreUnderstanding(freshA);
    expect((100 * score.read) / score.total, formatUnderstanding(score)).toBeGreaterThanOrEqual(LEAST_READ_PERCENT);
  });
});
