/**
 * The detector's choice (docs/detection.md) on the eval photos, scored from the recorded candidates (no model):
 * what the app ships must name things at precision 0.7 or more, find more of them than CenterNet alone did at any
 * threshold that was that precise, and the doc must say the figures it has.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETECTION } from '../../detection/configuration';
import { itemsFromCandidates } from '../../detection/postprocess';
import { DEFAULT_PHOTOS_DIR, readLabels, type LabelledPhoto } from './labels';
import { readRecorded, TODAY } from './recorded';
import { configName } from './run';
import { groupCounts, photoCounts, precision, recall, sumCounts, TARGET_PRECISION, THRESHOLD_GRID, type Counts } from './score';

const DOC = path.resolve(import.meta.dirname, '../../../../docs/detection.md');
const recorded = readRecorded();
const runOf = (name: string) => recorded.runs.find((run) => configName(run.config) === name);

async function thingsAt(name: string, threshold: number): Promise<Counts> {
  const labels = await readLabels(DEFAULT_PHOTOS_DIR);
  const byFile = new Map<string, LabelledPhoto>(labels.photos.map((photo) => [photo.file, photo]));
  const run = runOf(name)!;
  return groupCounts(sumCounts(run.photos.map((photo) => photoCounts(byFile.get(photo.file)!, itemsFromCandidates(photo.candidates, { default: threshold })))), 'things');
}

const percent = (share: number | undefined) => `${Math.round((share ?? 0) * 100)}%`;

describe('the detector the app runs, judged on the eval photos', () => {
  it('is recorded: the configuration the app runs and CenterNet alone, on every labelled photo', async () => {
    const labels = await readLabels(DEFAULT_PHOTOS_DIR);
    const shipped = configName({ models: DETECTION.models, tiling: DETECTION.tiling });
    for (const name of [shipped, configName(TODAY)]) {
      const run = runOf(name);
      expect(run, `${name} is recorded (npm run eval -- --detection --record)`).toBeDefined();
      expect(run!.photos.map((photo) => photo.file).sort()).toEqual(labels.photos.map((photo) => photo.file).sort());
    }
    expect(recorded.detector.startsWith(`${DETECTION.models.join('+')}-coco `)).toBe(true);
  });

  it('names things at precision 0.7 or more, and finds more of them than CenterNet alone at any threshold that precise', async () => {
    const shipped = await thingsAt(configName({ models: DETECTION.models, tiling: DETECTION.tiling }), DETECTION.thresholds.default);
    expect(precision(shipped)).toBeGreaterThanOrEqual(TARGET_PRECISION);
    let today = 0;
    for (const threshold of THRESHOLD_GRID.filter((value) => value >= recorded.floor)) {
      const counts = await thingsAt(configName(TODAY), threshold);
      if ((precision(counts) ?? 0) >= TARGET_PRECISION) today = Math.max(today, recall(counts) ?? 0);
    }
    expect(today).toBeGreaterThan(0);
    expect(recall(shipped)).toBeGreaterThan(today);

    // The doc says what the app ships and what it scores.
    const doc = readFileSync(DOC, 'utf8');
    const threshold = DETECTION.thresholds.default;
    expect(doc).toContain(`every class is kept at **${threshold}** or more`);
    expect(doc).toContain(`as shipped (threshold ${threshold}) names ${percent(recall(shipped))} of the things at ${percent(precision(shipped))} precision`);
    expect(doc).toContain(`CenterNet alone at best ${percent(today)} at precision 0.7 or more`);
  });
});
