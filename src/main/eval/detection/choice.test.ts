/**
 * The detector's choice (docs/detection.md) on the first eval set, scored from the recorded candidates (no model):
 * chosen on the shared rooms, what the app ships must still find more things here than CenterNet alone did at any
 * threshold 0.7 precise, and people and animals as well as before; the doc must say the figures it has.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETECTION } from '../../detection/configuration';
import { itemsFromCandidates, type Thresholds } from '../../detection/postprocess';
import { DEFAULT_PHOTOS_DIR, readLabels, type LabelledPhoto } from './labels';
import { readRecorded, TODAY } from './recorded';
import { configName } from './run';
import { groupCounts, photoCounts, precision, recall, sumCounts, TARGET_PRECISION, THRESHOLD_GRID, type Counts, type GroupOrThings } from './score';

const DOC = path.resolve(import.meta.dirname, '../../../../docs/detection.md');
const recorded = readRecorded();
const runOf = (name: string) => recorded.runs.find((run) => configName(run.config) === name);

async function groupAt(name: string, thresholds: Thresholds, group: GroupOrThings): Promise<Counts> {
  const labels = await readLabels(DEFAULT_PHOTOS_DIR);
  const byFile = new Map<string, LabelledPhoto>(labels.photos.map((photo) => [photo.file, photo]));
  const run = runOf(name)!;
  return groupCounts(sumCounts(run.photos.map((photo) => photoCounts(byFile.get(photo.file)!, itemsFromCandidates(photo.candidates, thresholds)))), group);
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

  it('on the first set (few rooms: streets, animals, close-ups), finds more things than CenterNet alone at any threshold 0.7 precise, at 0.6 or more, and people and animals as well as before', async () => {
    // The choice is judged on the shared rooms (shared-rooms.floor.test.ts); this set is the check that the rooms'
    // thresholds still name things, and still know people (what a person holds is theirs), where rooms are not.
    const shipped = await groupAt(configName({ models: DETECTION.models, tiling: DETECTION.tiling }), DETECTION.thresholds, 'things');
    expect(precision(shipped)).toBeGreaterThanOrEqual(0.6);
    let today = 0;
    for (const threshold of THRESHOLD_GRID.filter((value) => value >= recorded.floor)) {
      const counts = await groupAt(configName(TODAY), { default: threshold }, 'things');
      if ((precision(counts) ?? 0) >= TARGET_PRECISION) today = Math.max(today, recall(counts) ?? 0);
    }
    expect(today).toBeGreaterThan(0);
    expect(recall(shipped)).toBeGreaterThan(today);
    const living = await groupAt(configName({ models: DETECTION.models, tiling: DETECTION.tiling }), DETECTION.thresholds, 'context');
    expect(recall(living)).toBeGreaterThanOrEqual(0.75);
    expect(precision(living)).toBeGreaterThanOrEqual(0.9);

    // The doc says what the app ships and what it scores here.
    const doc = readFileSync(DOC, 'utf8');
    expect(doc).toContain(`things are kept at **${DETECTION.thresholds.default}** or more`);
    expect(doc).toContain(`on the first set the app as shipped names ${percent(recall(shipped))} of the things at ${percent(precision(shipped))} precision`);
    expect(doc).toContain(`CenterNet alone at best ${percent(today)} at precision 0.7 or more`);
    expect(doc).toContain(`people and animals ${percent(recall(living))} at ${percent(precision(living))}`);
  });
});
