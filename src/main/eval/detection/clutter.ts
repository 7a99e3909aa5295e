/**
 * `npm run eval -- --detection --clutter [--photos DIR]`: the clutter model (detection/clutter.ts) on each labelled
 * photo's whole and on each busy region the app's detector leaves, judged per photo against the labels' `other`
 * (what COCO has no class for): a kind named in a photo whose `other` has a word of that kind is right, elsewhere
 * wrong. Printed for every score threshold, so the one the app keeps can be read off at precision 0.7.
 */
import path from 'node:path';
import sharp from 'sharp';
import type { Box } from '../../../shared/detection/schema';
import type { ClutterGuess, ClutterKind } from '../../detection/clutter';
import { Detector } from '../../detection/detector';
import type { DetectorRuntime } from '../../detection/runtime';
import type { Labels, LabelledPhoto } from './labels';
import { TARGET_PRECISION } from './score';

/** The words of an `other` label that say a kind ("cardboard boxes", "boots"); a toolbox or a tin is not a box. */
const KIND_WORDS: Readonly<Record<ClutterKind, RegExp>> = {
  shoes: /\b(shoes?|boots?|sneakers?|trainers|slippers?|sandals?|footwear|heels)\b/i,
  box: /\b(box|boxes|boxed|cartons?|cardboard)\b/i,
};
const KINDS = Object.keys(KIND_WORDS) as ClutterKind[];

export function kindsIn(other: readonly string[]): Set<ClutterKind> {
  return new Set(KINDS.filter((kind) => other.some((label) => KIND_WORDS[kind].test(label))));
}

/** The least score looked at: every threshold from here up is judged. */
const FLOOR = 0.2;
const THRESHOLDS = Array.from({ length: 15 }, (_, step) => Math.round((FLOOR + step * 0.05) * 100) / 100);

/** Where the clutter model looked: the whole photo, or a busy region (what a busy spot's card shows). */
export type CropKind = 'whole' | 'busy';

export interface ClutterPhoto {
  readonly file: string;
  readonly labelled: readonly ClutterKind[];
  /** What each crop named (the crop in the photo's pixels), for the record and to look at. */
  readonly guesses: readonly (ClutterGuess & { readonly crop: Box; readonly from: CropKind })[];
  readonly crops: number;
  readonly inferMs: number;
  readonly cpuMs: number;
}

export interface KindScore {
  readonly threshold: number;
  readonly right: number;
  readonly wrong: number;
  readonly missed: number;
}

/** Right, wrong and missed photos of a kind at each threshold, from the crops of the kinds in `from`. */
export function scoreKind(photos: readonly ClutterPhoto[], kind: ClutterKind, from: readonly CropKind[]): KindScore[] {
  return THRESHOLDS.map((threshold) => {
    let right = 0;
    let wrong = 0;
    let missed = 0;
    for (const photo of photos) {
      const named = photo.guesses.some((guess) => guess.kind === kind && from.includes(guess.from) && guess.score >= threshold);
      const labelled = photo.labelled.includes(kind);
      if (named && labelled) right += 1;
      else if (named) wrong += 1;
      else if (labelled) missed += 1;
    }
    return { threshold, right, wrong, missed };
  });
}

export async function runClutterEval(runtime: DetectorRuntime, labels: Labels, dir: string, print: (line: string) => void): Promise<ClutterPhoto[]> {
  const detector = new Detector(runtime);
  const photos: ClutterPhoto[] = [];
  try {
    for (const photo of labels.photos) {
      try {
        photos.push(await judgePhoto(detector, photo, path.join(dir, photo.file)));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!detector.running && /could not load|stopped|no model/.test(message)) throw error;
        print(`  ${photo.file}: could not be read (${message.split('\n')[0]}); going on without it.`);
      }
    }
  } finally {
    await detector.close();
  }
  return photos;
}

function cells({ right, wrong, missed }: KindScore): string {
  const precision = right + wrong === 0 ? '-' : `${Math.round((100 * right) / (right + wrong))}%`;
  const mark = right + wrong > 0 && right / (right + wrong) >= TARGET_PRECISION ? ' *' : '';
  return `${right} / ${wrong} / ${missed}  ${precision}${mark}`;
}

async function judgePhoto(detector: Detector, photo: LabelledPhoto, file: string): Promise<ClutterPhoto> {
  const { width, height } = await sharp(file).metadata();
  if (!width || !height) throw new Error('it has no size');
  const size = { width, height };
  const { detections } = await detector.detect(file, size);
  const regions: Box[] = [{ x: 0, y: 0, width, height }, ...detections.busy.map((busy) => busy.box)];
  const cpu = process.cpuUsage();
  const { guesses, inferMs } = await detector.clutter(file, size, regions, { shoes: FLOOR, box: FLOOR });
  const used = process.cpuUsage(cpu);
  return {
    file: photo.file,
    labelled: [...kindsIn(photo.other)],
    guesses: guesses.flatMap((found, index) => found.map((guess) => ({ ...guess, crop: regions[index]!, from: index === 0 ? ('whole' as const) : ('busy' as const) }))),
    crops: regions.length,
    inferMs,
    cpuMs: (used.user + used.system) / 1000,
  };
}

export function formatClutterNaming(photos: readonly ClutterPhoto[]): string {
  const lines: string[] = [];
  for (const kind of KINDS) {
    const labelled = photos.filter((photo) => photo.labelled.includes(kind)).length;
    lines.push(`${kind}: labelled in ${labelled} of ${photos.length} photos; right / wrong / missed photos, precision`);
    lines.push('  threshold  busy regions only          whole photo or busy regions');
    const busy = scoreKind(photos, kind, ['busy']);
    const any = scoreKind(photos, kind, ['whole', 'busy']);
    busy.forEach((score, index) => lines.push(`  ${score.threshold.toFixed(2).padStart(9)}  ${cells(score).padEnd(25)}  ${cells(any[index]!)}`));
    const named = photos.flatMap((photo) =>
      photo.guesses.filter((guess) => guess.kind === kind).map((guess) => `${photo.file} ${guess.score.toFixed(2)} (${guess.from})`),
    );
    if (named.length > 0) lines.push(`  named at ${FLOOR} or more: ${named.join('; ')}`);
  }
  const crops = photos.reduce((sum, photo) => sum + photo.crops, 0);
  const infer = photos.reduce((sum, photo) => sum + photo.inferMs, 0);
  const cpu = photos.map((photo) => photo.cpuMs).sort((a, b) => a - b);
  lines.push(`\n${crops} crops (each photo whole, and its busy regions): inference ${(infer / Math.max(1, crops)).toFixed(0)} ms a crop; CPU p50 ${(cpu[Math.floor(cpu.length / 2)] ?? 0).toFixed(0)} ms a photo (all its crops, with cutting them).`);
  lines.push(`* precision ${TARGET_PRECISION} or more.`);
  return lines.join('\n');
}
