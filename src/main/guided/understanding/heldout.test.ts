import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCorpus } from './corpus';
import { scoreUnderstanding } from './score';

/**
 * A held-out set of free-text answers, written apart from `understand` and from `corpus.jsonl`, so the share read
 * as meant here says how the reader does on words it was not tuned to. Only the false stops are held: the share is
 * measured, not asserted.
 */
const FILE = path.join(import.meta.dirname, 'heldout.jsonl');
const heldout = parseCorpus(await readFile(FILE, 'utf8'), FILE);

describe('the held-out answers', () => {
  it('holds at least 150 answers, each with its own id and its own words', () => {
    expect(heldout.length).toBeGreaterThanOrEqual(150);
    expect(new Set(heldout.map((entry) => entry.id)).size).toBe(heldout.length);
    expect(new Set(heldout.map((entry) => entry.text.toLowerCase())).size).toBe(heldout.length);
  });

  it('reads no answer as a stop where the person did not mean one', () => {
    const { falseStops } = scoreUnderstanding(heldout);
    expect(falseStops.map(({ entry }) => `${entry.id}: ${entry.text}`)).toEqual([]);
  });
});
