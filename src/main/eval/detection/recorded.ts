/**
 * What the detector found in the eval photos, kept (`npm run eval -- --detection --record`): the candidates of the
 * configuration the app runs and of CenterNet alone on the whole photo (the detector before the eval), everything at
 * RECORD_FLOOR or more, before thresholds. Scoring them needs no model, so a unit test can check the choice in
 * docs/detection.md still holds whenever the labels, the classes' roles or the thresholds change (a change of roles
 * once moved the shipped threshold below precision 0.7 without anyone running the eval).
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CocoLabelSchema } from '../../../shared/detection/schema';
import { MODEL_IDS } from '../../detection/models';
import { TILINGS, type Candidate } from '../../detection/postprocess';
import type { ConfigRun, DetectionConfig } from './run';

export const RECORDED_FILE = path.join(import.meta.dirname, 'recorded-candidates.json');
/** Below every threshold the eval fits on these photos' figures (CenterNet alone is below precision 0.5 here). */
export const RECORD_FLOOR = 0.2;
/** The detector before the eval: CenterNet on the whole photo. */
export const TODAY: DetectionConfig = { models: ['centernet'], tiling: 'whole' };

const ConfigSchema = z.object({ models: z.array(z.enum(MODEL_IDS)).min(1), tiling: z.enum(TILINGS) });
/** A candidate as [label, score, x, y, width, height], in the stored photo's pixels. */
const RowSchema = z.tuple([CocoLabelSchema, z.number().min(0).max(1), z.number(), z.number(), z.number().positive(), z.number().positive()]);

const RecordedSchema = z.object({
  kind: z.literal('tidying-detection-candidates'),
  /** The detector runtime's id: models and package versions. */
  detector: z.string().min(1),
  floor: z.number(),
  runs: z.array(z.object({ config: ConfigSchema, photos: z.array(z.object({ file: z.string(), candidates: z.array(RowSchema) })) })).min(1),
});

export interface Recorded {
  readonly detector: string;
  readonly floor: number;
  readonly runs: readonly { readonly config: DetectionConfig; readonly photos: readonly { readonly file: string; readonly candidates: readonly Candidate[] }[] }[];
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function writeRecorded(file: string, detector: string, runs: readonly ConfigRun[]): Promise<void> {
  const photoLine = (photo: ConfigRun['photos'][number]) =>
    'candidates' in photo
      ? [
          `  ${JSON.stringify({
            file: photo.file,
            candidates: photo.candidates
              .filter((candidate) => candidate.score >= RECORD_FLOOR)
              .map(({ label, score, box }) => [label, score, round(box.x), round(box.y), round(box.width), round(box.height)]),
          })}`,
        ]
      : [];
  // One photo a line: a new recording reads as a diff of the photos whose finds changed.
  const runText = (run: ConfigRun) => ` {"config": ${JSON.stringify(run.config)}, "photos": [\n${run.photos.flatMap(photoLine).join(',\n')}\n ]}`;
  const head = `{"kind": "tidying-detection-candidates", "detector": ${JSON.stringify(detector)}, "floor": ${RECORD_FLOOR}, "runs": [`;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${head}\n${runs.map(runText).join(',\n')}\n]}\n`);
}

export function readRecorded(file: string = RECORDED_FILE): Recorded {
  const parsed = RecordedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a recording of the detector's candidates:\n${z.prettifyError(parsed.error)}`);
  return {
    ...parsed.data,
    runs: parsed.data.runs.map((run) => ({
      config: run.config,
      photos: run.photos.map((photo) => ({
        file: photo.file,
        candidates: photo.candidates.map(([label, score, x, y, width, height]) => ({ label, score, box: { x, y, width, height } })),
      })),
    })),
  };
}
