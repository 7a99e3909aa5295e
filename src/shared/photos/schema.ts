import { z } from 'zod';
import { ViewSchema } from '../before-after/schema';

/** Formats recognised from their first bytes; the file name's extension is never trusted. */
export const ImageFormatSchema = z.enum(['jpeg', 'png', 'webp', 'gif', 'avif', 'heic', 'tiff']);
export type ImageFormat = z.infer<typeof ImageFormatSchema>;

/** sha256 of the original bytes, lower-case hex. */
export const PhotoIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest');
export type PhotoId = z.infer<typeof PhotoIdSchema>;

const fileName = z
  .string()
  .min(1)
  .refine((name) => !/[\\/]/.test(name), 'a file name, not a path');

const side = z.int().positive();

export const PhotoRecordSchema = z.object({
  id: PhotoIdSchema,
  originalName: fileName,
  format: ImageFormatSchema,
  /** Size of the stored model copy, after EXIF orientation. */
  width: side,
  height: side,
  thumbWidth: side,
  thumbHeight: side,
  /** Size of the original file. */
  bytes: z.int().positive(),
  importedAt: z.iso.datetime(),
  /** What it shows, tiny (src/shared/before-after/view.ts); absent for photos stored before views were kept. */
  view: ViewSchema.optional(),
});
export type PhotoRecord = z.infer<typeof PhotoRecordSchema>;

export const SkipReasonSchema = z.enum([
  'corrupt',
  'unsupported',
  'too-large',
  'unreadable',
  'empty',
  'not-an-image',
  /** The photo was fine but the session folder refused it (disk full, no permission). */
  'not-saved',
]);
export type SkipReason = z.infer<typeof SkipReasonSchema>;

/** `file` is always a display name relative to what was dropped, never an absolute path. */
export const SkippedFileSchema = z.object({ file: z.string(), reason: SkipReasonSchema, message: z.string() });
export type SkippedFile = z.infer<typeof SkippedFileSchema>;

export const DuplicateFileSchema = z.object({ file: z.string(), id: PhotoIdSchema });
export type DuplicateFile = z.infer<typeof DuplicateFileSchema>;

export const ImportProgressSchema = z.object({
  done: z.int().nonnegative(),
  total: z.int().nonnegative(),
  /** The file that just finished. */
  currentFile: z.string(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

export const ImportResultSchema = z.object({
  imported: z.array(PhotoRecordSchema),
  duplicates: z.array(DuplicateFileSchema),
  skipped: z.array(SkippedFileSchema),
  /** Folders nested deeper than the depth limit, not entered. */
  tooDeep: z.array(z.string()),
  /** True when the scan stopped at the file cap and later files were never looked at. */
  capped: z.boolean(),
  cancelled: z.boolean(),
  /** Live Photos' movies (`IMG_1.MOV` beside `IMG_1.HEIC`): part of their photos, passed over, not problems. */
  livePhotoMovies: z.array(z.string()).optional(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const ImportLimitsSchema = z.object({
  modelLongSide: z.int().min(64).max(8192).default(1024),
  thumbLongSide: z.int().min(32).max(2048).default(256),
  /** Decoded pixels allowed per photo: a guard against decompression bombs. 200 MP covers today's phone cameras. */
  maxPixels: z.int().positive().default(200_000_000),
  /** Bytes allowed per file, checked before reading it into memory. */
  maxFileBytes: z.int().positive().default(200 * 1024 * 1024),
  maxDepth: z.int().nonnegative().default(8),
  maxFiles: z.int().positive().default(5000),
  /** Files decoded at once; libvips already spreads each decode over the cores. */
  concurrency: z.int().min(1).max(8).default(2),
});
export type ImportLimits = z.input<typeof ImportLimitsSchema>;
