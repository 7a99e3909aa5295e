/**
 * The labelled real photos the detector is judged on (photos/labels.json): for each photo, where it comes from and
 * under which licence, every COCO class a person would see in it, and the boxes its source drew, if any.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BoxSchema, CocoLabelSchema, type CocoLabel } from '../../../shared/detection/schema';

export const DEFAULT_PHOTOS_DIR = path.join(import.meta.dirname, 'photos');
export const LABELS_FILE = 'labels.json';

const SourceSchema = z.object({
  /** The Debian package the photo comes from, and its version. */
  package: z.string().regex(/^[a-z0-9][a-z0-9.+-]+$/),
  version: z.string().min(1),
  /** The file inside the package. */
  path: z.string().startsWith('/'),
  licence: z.string().min(1),
  credit: z.string().min(1),
  /** Cut out of the source first (in its pixels): a window frame, a status bar, one half of a figure. */
  crop: BoxSchema.optional(),
  note: z.string().min(1).optional(),
});

const SourceBoxSchema = z.object({ label: CocoLabelSchema, box: BoxSchema });

export const LabelledPhotoSchema = z
  .object({
    file: z.string().regex(/^[a-z0-9-]+\.jpg$/),
    source: SourceSchema,
    indoor: z.boolean(),
    /** Every COCO class a person would see in the photo. */
    present: z.array(CocoLabelSchema),
    /** Classes a detector may name here without being wrong or being missed: a plate named a bowl, a desk a table. */
    maybe: z.array(CocoLabelSchema).default([]),
    /** Movable things COCO has no class for (papers, cables, a box): what no COCO detector can name, for the record. */
    other: z.array(z.string().min(1)).default([]),
    /** The source's own boxes, in the stored photo's pixels: complete for each class they name in this photo. */
    boxes: z.array(SourceBoxSchema).default([]),
  })
  .superRefine((photo, ctx) => {
    const twice = photo.present.find((label, index) => photo.present.indexOf(label) !== index);
    if (twice) ctx.addIssue({ code: 'custom', message: `"${twice}" is listed twice in present`, path: ['present'] });
    const both = photo.maybe.find((label) => photo.present.includes(label));
    if (both) ctx.addIssue({ code: 'custom', message: `"${both}" is both present and maybe`, path: ['maybe'] });
    const unlisted = photo.boxes.find((box) => !photo.present.includes(box.label));
    if (unlisted) ctx.addIssue({ code: 'custom', message: `a box of "${unlisted.label}" whose class is not present`, path: ['boxes'] });
  });
export type LabelledPhoto = z.infer<typeof LabelledPhotoSchema>;

export const LabelsSchema = z
  .object({ photos: z.array(LabelledPhotoSchema).min(1) })
  .superRefine((labels, ctx) => {
    const files = labels.photos.map((photo) => photo.file);
    const twice = files.find((file, index) => files.indexOf(file) !== index);
    if (twice) ctx.addIssue({ code: 'custom', message: `${twice} is labelled twice`, path: ['photos'] });
  });
export type Labels = z.infer<typeof LabelsSchema>;

/** The labels of a photo folder, checked; a clear error naming the file and the field when they are not right. */
export async function readLabels(dir: string): Promise<Labels> {
  const file = path.join(dir, LABELS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`No labels for the detection eval: ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = LabelsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not a valid labels file:\n${z.prettifyError(parsed.error)}`);
  // The labels and the photos are one set: a label with no photo would be counted as a photo the detector could not
  // read, and a photo with no labels would silently not count.
  const photos = (await readdir(dir)).filter((name) => /\.(jpe?g|png|webp)$/i.test(name));
  const labelled = new Set(parsed.data.photos.map((photo) => photo.file));
  const missing = [...labelled].filter((name) => !photos.includes(name));
  const unlabelled = photos.filter((name) => !labelled.has(name));
  const problems = [
    ...(missing.length ? [`${file} labels ${missing.join(', ')}, not in ${dir}.`] : []),
    ...(unlabelled.length ? [`${unlabelled.join(', ')} in ${dir} ${unlabelled.length === 1 ? 'has' : 'have'} no labels in ${LABELS_FILE}.`] : []),
  ];
  if (problems.length) throw new Error(`The labels and the photos do not match:\n${problems.join('\n')}`);
  return parsed.data;
}

/** Whether a class is one to count for the photo: present, or at least not wrong. */
export function judged(photo: LabelledPhoto, label: CocoLabel): 'present' | 'maybe' | 'absent' {
  if (photo.present.includes(label)) return 'present';
  return photo.maybe.includes(label) ? 'maybe' : 'absent';
}
