/**
 * Test support: the checks every labelled set of free-text answers is held to (the held-out set and the blind sets):
 * its size, one id and one wording per answer, no false stop, no thing sent out of the home on words that did not say
 * so, at most one answer in ten asked about, and a floor on the share read as meant (a confirmation counts when the
 * reading it offers first is what was meant).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCorpus } from '../src/main/guided/understanding/corpus';
import { formatUnderstanding, scoreUnderstanding } from '../src/main/guided/understanding/score';

export function describeLabelledSet(title: string, file: string, floor: { readonly answers: number; readonly readPercent: number }): void {
  const set = parseCorpus(readFileSync(file, 'utf8'), file);
  describe(title, () => {
    it(`holds at least ${floor.answers} answers, each with its own id and its own words`, () => {
      expect(set.length).toBeGreaterThanOrEqual(floor.answers);
      expect(new Set(set.map((entry) => entry.id)).size).toBe(set.length);
      expect(new Set(set.map((entry) => entry.text.toLowerCase())).size).toBe(set.length);
    });

    it('reads no answer as a stop where the person did not mean one', () => {
      const { falseStops } = scoreUnderstanding(set);
      expect(falseStops.map(({ entry }) => `${entry.id}: ${entry.text}`)).toEqual([]);
    });

    it('sends nothing out of the home on words that did not say so, and asks about at most one answer in ten', () => {
      const score = scoreUnderstanding(set);
      expect(score.movedOut.map(({ entry }) => `${entry.id}: ${entry.text}`)).toEqual([]);
      expect(score.confirmations / score.total).toBeLessThanOrEqual(0.1);
    });

    it(`reads at least ${floor.readPercent}% as meant`, () => {
      const score = scoreUnderstanding(set);
      expect((100 * score.read) / score.total, formatUnderstanding(score)).toBeGreaterThanOrEqual(floor.readPercent);
    });
  });
}
