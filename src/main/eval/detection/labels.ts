/**
 * The labelled real photos the detector is judged on (photos/labels.json): for each photo, where it comes from and
 * under which licence, every COCO class a person would see in it, and the boxes its source drew, if any.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ClutterKindSchema, SurfaceSchema } from '../../../shared/detection/clutter';
import { BoxSchema, CocoLabelSchema, type CocoLabel } from '../../../shared/detection/schema';

export const DEFAULT_PHOTOS_DIR = path.join(import.meta.dirname, 'photos');
/** Real photos of lived-in rooms (issue 28): the product's own kind of input. The set above is the "not a room" check. */
export const ROOMS_DIR = path.join(import.meta.dirname, 'rooms');
export const LABELS_FILE = 'labels.json';
/**
 * Photos of lived-in homes shared beside the project (issue 35), read where they are and never copied in: `../shared/rooms`
 * from the project's root. A clone without the folder has no such photos; what reads them says so and skips.
 */
export const SHARED_ROOMS_DIR = path.resolve(import.meta.dirname, '../../../../../shared/rooms');
/** Their labels are the project's own work, so they live here, naming the shared photos. */
export const SHARED_ROOMS_LABELS = path.join(import.meta.dirname, 'shared-rooms.labels.json');

/** Where the labels of a photo folder are: beside its photos, or the project's for the shared rooms. */
export const labelsFileFor = (dir: string): string => (path.resolve(dir) === SHARED_ROOMS_DIR ? SHARED_ROOMS_LABELS : path.join(dir, LABELS_FILE));

/** What every source records beside where it is: licence and credit, and the cut made before scaling. */
const sourceCommon = {
  licence: z.string().min(1),
  credit: z.string().min(1),
  /** Cut out of the source first (in its pixels): a window frame, a status bar, one half of a figure. */
  crop: BoxSchema.optional(),
  /** Turned clockwise first, for a photo stored on its side with no EXIF orientation to say so. */
  rotate: z.union([z.literal(90), z.literal(180), z.literal(270)]).optional(),
  note: z.string().min(1).optional(),
};

/** A photo from a Debian package (the default, so records without `kind` are Debian ones). */
const DebianSourceSchema = z.object({
  kind: z.literal('debian').default('debian'),
  /** The Debian package the photo comes from, and its version. */
  package: z.string().regex(/^[a-z0-9][a-z0-9.+-]+$/),
  version: z.string().min(1),
  /** The file inside the package. */
  path: z.string().startsWith('/'),
  ...sourceCommon,
});

/** A photo from an npm package's tarball (`npm pack NAME@VERSION`). */
const NpmSourceSchema = z.object({
  kind: z.literal('npm'),
  /** The npm package, scoped or not, and its exact version. */
  name: z.string().regex(/^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/),
  version: z.string().regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]+)?$/),
  /** The file inside the tarball, as `tar` lists it (npm puts everything under `package/`). */
  path: z.string().regex(/^[^/]/),
  ...sourceCommon,
});

/** A photo from a package: what prepare-photos.ts rebuilds a set from. */
export const SourceSchema = z.discriminatedUnion('kind', [DebianSourceSchema, NpmSourceSchema]);
export type Source = z.infer<typeof SourceSchema>;

/**
 * A photo of `../shared/rooms` (issue 35), read where it is: its origin and terms are that folder's
 * `sources.jsonl`; the room kind and whether it is messy are copied here so the eval can report messy rooms apart
 * and cut its folds without the folder's index (shared-rooms.test.ts checks they still agree).
 */
const SharedRoomSourceSchema = z.object({
  kind: z.literal('shared-rooms'),
  room: z.string().min(1),
  messy: z.boolean(),
  /** Who drew its boxes: ADE20K's object polygons, SUN RGB-D's 2D boxes (both as their source keeps them), or a person here. */
  boxedBy: z.enum(['ade20k', 'sun-rgbd', 'hand']).optional(),
});

const PhotoSourceSchema = z.union([SourceSchema, SharedRoomSourceSchema]);

/** Where a source comes from, in one line: the package and the file. */
export const sourcePackage = (source: Source): string => (source.kind === 'npm' ? `npm:${source.name}` : source.package);

const SourceBoxSchema = z.object({
  label: CocoLabelSchema,
  box: BoxSchema,
  /** Looks put away where it belongs (a book standing on a shelf), not left out. */
  away: z.literal(true).optional(),
});

/** One clump of one kind of clutter on one surface (all the clothes heaped by the bed), boxed by hand. */
const ClutterBoxSchema = z.object({ kind: ClutterKindSchema, on: SurfaceSchema, box: BoxSchema });

export const LabelledPhotoSchema = z
  .object({
    file: z.string().regex(/^[a-z0-9-]+\.jpg$/),
    source: PhotoSourceSchema,
    indoor: z.boolean(),
    /** Every COCO class a person would see in the photo. */
    present: z.array(CocoLabelSchema),
    /** Classes a detector may name here without being wrong or being missed: a plate named a bowl, a desk a table. */
    maybe: z.array(CocoLabelSchema).default([]),
    /** Movable things COCO has no class for (papers, cables, a box): what no COCO detector can name, for the record. */
    other: z.array(z.string().min(1)).default([]),
    /** What the clutter is and where it stands, in a sentence or two (the shared rooms: every photo). */
    notes: z.string().min(1).optional(),
    /** Clutter boxed by hand, in the photo's pixels: complete, every clump the labeller saw. */
    otherBoxes: z.array(ClutterBoxSchema).default([]),
    /** Boxes, in the stored photo's pixels (the source's, or drawn by hand): complete for each class they name in this photo. */
    boxes: z.array(SourceBoxSchema).default([]),
    /** How many of each present class a person would count here ("about" is fine: the best count). */
    counts: z.partialRecord(CocoLabelSchema, z.number().int().positive()).optional(),
    /** Kept up to WIDE_MAX_SIDE rather than MAX_SIDE, so two overlapping crops can be cut from it as a phone pans. */
    wide: z.literal(true).optional(),
  })
  .superRefine((photo, ctx) => {
    const twice = photo.present.find((label, index) => photo.present.indexOf(label) !== index);
    if (twice) ctx.addIssue({ code: 'custom', message: `"${twice}" is listed twice in present`, path: ['present'] });
    const both = photo.maybe.find((label) => photo.present.includes(label));
    if (both) ctx.addIssue({ code: 'custom', message: `"${both}" is both present and maybe`, path: ['maybe'] });
    if (photo.source.kind === 'shared-rooms') {
      // The shared rooms name their clutter in the kinds a model on the device could name it in, so it can be judged.
      photo.other.forEach((kind, index) => {
        if (!ClutterKindSchema.safeParse(kind).success) ctx.addIssue({ code: 'custom', message: `"${kind}" is not a kind of clutter (${ClutterKindSchema.options.join(', ')})`, path: ['other', index] });
      });
      if (!photo.notes) ctx.addIssue({ code: 'custom', message: 'a shared room says in notes what its clutter is and where', path: ['notes'] });
    }
    const unboxedKind = photo.otherBoxes.find((box) => !photo.other.includes(box.kind));
    if (unboxedKind) ctx.addIssue({ code: 'custom', message: `a box of "${unboxedKind.kind}" clutter that other does not list`, path: ['otherBoxes'] });
    const unlisted = photo.boxes.find((box) => !photo.present.includes(box.label));
    if (unlisted) ctx.addIssue({ code: 'custom', message: `a box of "${unlisted.label}" whose class is not present`, path: ['boxes'] });
    for (const [label, count] of Object.entries(photo.counts ?? {}) as [CocoLabel, number][]) {
      if (!photo.present.includes(label)) ctx.addIssue({ code: 'custom', message: `a count of "${label}" whose class is not present`, path: ['counts', label] });
      const boxed = photo.boxes.filter((box) => box.label === label).length;
      // Boxes are complete for each class they name, so they are its count.
      if (boxed > 0 && boxed !== count) ctx.addIssue({ code: 'custom', message: `${count} "${label}" counted but ${boxed} boxed`, path: ['counts', label] });
    }
  });
export type LabelledPhoto = z.infer<typeof LabelledPhotoSchema>;
/** A photo a package holds: one prepare-photos.ts can rebuild. */
export type PackagedPhoto = LabelledPhoto & { readonly source: Source };

export function packaged(photo: LabelledPhoto): PackagedPhoto {
  if (photo.source.kind === 'shared-rooms') throw new Error(`${photo.file} is a shared room, read where it is: no package holds it.`);
  return photo as PackagedPhoto;
}

export const LabelsSchema = z
  .object({ photos: z.array(LabelledPhotoSchema).min(1) })
  .superRefine((labels, ctx) => {
    const files = labels.photos.map((photo) => photo.file);
    const twice = files.find((file, index) => files.indexOf(file) !== index);
    if (twice) ctx.addIssue({ code: 'custom', message: `${twice} is labelled twice`, path: ['photos'] });
  });
export type Labels = z.infer<typeof LabelsSchema>;

/**
 * The labels of a photo folder, checked; a clear error naming the file and the field when they are not right, or
 * when the labels and the photos beside them are not one set (`photos: false` skips that: the photos are being made).
 */
export async function readLabels(dir: string, options: { readonly photos?: boolean } = {}): Promise<Labels> {
  const file = labelsFileFor(dir);
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
  if (options.photos === false) return parsed.data;
  // The labels and the photos are one set: a label with no photo would be counted as a photo the detector could not
  // read, and a photo with no labels would silently not count.
  const photos = (await readdir(dir)).filter((name) => /\.(jpe?g|png|webp)$/i.test(name));
  const labelled = new Set(parsed.data.photos.map((photo) => photo.file));
  const missing = [...labelled].filter((name) => !photos.includes(name));
  const unlabelled = photos.filter((name) => !labelled.has(name));
  const problems = [
    ...(missing.length ? [`${file} labels ${missing.join(', ')}, not in ${dir}.`] : []),
    ...(unlabelled.length ? [`${unlabelled.join(', ')} in ${dir} ${unlabelled.length === 1 ? 'has' : 'have'} no labels in ${path.basename(file)}.`] : []),
  ];
  if (problems.length) throw new Error(`The labels and the photos do not match:\n${problems.join('\n')}`);
  return parsed.data;
}

/** Whether a class is one to count for the photo: present, or at least not wrong. */
export function judged(photo: LabelledPhoto, label: CocoLabel): 'present' | 'maybe' | 'absent' {
  if (photo.present.includes(label)) return 'present';
  return photo.maybe.includes(label) ? 'maybe' : 'absent';
}
