/**
 * What the overlap eval saw, kept (`npm run eval -- --overlap --record`): each window's detections (as the app's
 * detector gave them) and each pair's true alignment and the best alignment the app found at its thumbnail size,
 * with its score. Judging
 * twins on them needs no detector and no pixels, so `twins.recorded.test.ts` checks the twins logic on real
 * detections whenever it changes. Record again when the detector, the alignment or the pans change.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CocoLabelSchema, PhotoOverlapSchema, type DetectedItem } from '../../../shared/detection/schema';
import type { SeenPair, WindowPhoto } from './score';

export const RECORDED_FILE = path.join(import.meta.dirname, 'recorded-overlaps.json');

const TransformSchema = PhotoOverlapSchema.omit({ photoId: true });
/** An item as [id, label, score, x, y, width, height], in the window's stored pixels. */
const ItemRowSchema = z.tuple([z.string(), CocoLabelSchema, z.number().min(0).max(1), z.int().nonnegative(), z.int().nonnegative(), z.int().positive(), z.int().positive()]);

const RecordedSchema = z.object({
  kind: z.literal('tidying-overlap-pairs'),
  /** The detector runtime's id: models and package versions. */
  detector: z.string().min(1),
  /** The thumbnails' long side the overlaps were found at. */
  thumbnail: z.int().positive(),
  windows: z.array(z.object({ id: z.string().min(1), width: z.int().positive(), height: z.int().positive(), items: z.array(ItemRowSchema) })),
  pairs: z.array(
    z.object({
      source: z.string().min(1),
      name: z.string().min(1),
      kind: z.enum(['pan', 'apart', 'other photo']),
      a: z.string().min(1),
      b: z.string().min(1),
      truth: TransformSchema.optional(),
      best: TransformSchema.extend({ score: z.number().min(-1).max(1) }).optional(),
    }),
  ),
});

export interface Recorded {
  readonly detector: string;
  readonly thumbnail: number;
  readonly windows: ReadonlyMap<string, WindowPhoto>;
  readonly pairs: readonly SeenPair[];
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export async function writeRecorded(file: string, recorded: Recorded): Promise<void> {
  const row = (item: DetectedItem) => [item.id, item.label, round(item.score, 3), item.box.x, item.box.y, item.box.width, item.box.height];
  const transform = (t: SeenPair['truth']) => t && { scale: round(t.scale, 4), dx: round(t.dx, 1), dy: round(t.dy, 1) };
  // Scores kept to four places: an overlap is judged on its score against the app's least score.
  const best = (b: SeenPair['best']) => b && { ...transform(b), score: round(b.score, 4) };
  // One window or pair a line: a new recording reads as a diff of what changed.
  const windows = [...recorded.windows.values()].map((w) => `  ${JSON.stringify({ id: w.id, width: w.width, height: w.height, items: w.items.map(row) })}`);
  const pairs = recorded.pairs.map((p) => `  ${JSON.stringify({ source: p.source, name: p.name, kind: p.kind, a: p.a, b: p.b, truth: transform(p.truth), best: best(p.best) })}`);
  const head = `{"kind": "tidying-overlap-pairs", "detector": ${JSON.stringify(recorded.detector)}, "thumbnail": ${recorded.thumbnail},`;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${head}\n "windows": [\n${windows.join(',\n')}\n ],\n "pairs": [\n${pairs.join(',\n')}\n ]}\n`);
}

export function readRecorded(file: string = RECORDED_FILE): Recorded {
  const parsed = RecordedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a recording of the overlap eval:\n${z.prettifyError(parsed.error)}`);
  const { detector, thumbnail } = parsed.data;
  const windows = new Map(
    parsed.data.windows.map((w) => [
      w.id,
      { id: w.id, width: w.width, height: w.height, items: w.items.map(([id, label, score, x, y, width, height]) => ({ id, label, name: label, score, box: { x, y, width, height } })) },
    ]),
  );
  const pairs = parsed.data.pairs.map(({ truth, best, ...pair }) => ({ ...pair, ...(truth ? { truth } : {}), ...(best ? { best } : {}) }));
  return { detector, thumbnail, windows, pairs };
}
