/**
 * Twins on real detections, with no detector and no pixels: the windows the overlap eval cut from real photos as a
 * phone pans, what the app's detector found in each, and the best alignment the app found for each pair
 * (`recorded-overlaps.json`, written by `npm run eval -- --overlap --record`). Judged at the app's least score and
 * twins threshold, the figures docs/detection.md gives must still hold whenever the twins logic, its threshold or
 * the least score change.
 */
import { describe, expect, it } from 'vitest';
import { OVERLAP } from '../../detection/overlap';
import { THUMBNAIL_SIDE } from '../../detection/overlap-finder';
import { TWINS } from '../../detection/twins';
import { readRecorded } from './recorded';
import { foundAt, judgeAll } from './score';

const recorded = readRecorded();
const pans = recorded.pairs.filter((pair) => pair.kind === 'pan');
const negatives = recorded.pairs.filter((pair) => pair.kind !== 'pan');

describe('twins on the recorded windows of real photos', () => {
  it('is a recording at the app’s thumbnail size, of pans and of photos that do not overlap', () => {
    expect(recorded.thumbnail).toBe(THUMBNAIL_SIDE);
    expect(pans.length).toBeGreaterThanOrEqual(150);
    expect(negatives.length).toBeGreaterThanOrEqual(400);
  });

  it('without twins, every thing seen in both photos of a pair is two cards', () => {
    const without = judgeAll(recorded.windows, pans, undefined, TWINS.minIou);
    expect(without.seenTwice).toBeGreaterThanOrEqual(80);
    expect(without.through).toBe(without.seenTwice);
    expect(without.wronglyMerged).toBe(0);
  });

  it('with twins, at most one in twenty of them gets through, and no two things are made one', () => {
    const counts = judgeAll(recorded.windows, pans, OVERLAP.minScore, TWINS.minIou);
    expect(counts.through / counts.seenTwice).toBeLessThanOrEqual(0.05);
    expect(counts.wronglyMerged).toBe(0);
    expect(judgeAll(recorded.windows, negatives, OVERLAP.minScore, TWINS.minIou).wronglyMerged).toBe(0);
  });

  it('takes no two photos that do not overlap as overlapping', () => {
    expect(negatives.filter((pair) => foundAt(pair)).map((pair) => `${pair.source}: ${pair.name}`)).toEqual([]);
  });
});
