import type { ImageFormat, SkipReason } from '../../shared/photos/schema';
import { HeicError } from './heic';

export interface Failure {
  reason: SkipReason;
  message: string;
}

const FORMAT_NAMES: Record<ImageFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  avif: 'AVIF',
  heic: 'HEIC',
  tiff: 'TIFF',
};

export const READABLE_FORMATS = Object.values(FORMAT_NAMES).join(', ');

export function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A person-sized explanation of a file system error. */
export function fsMessage(error: unknown): string {
  const code = errorCode(error);
  if (code === 'ENOENT') return 'It is no longer there (moved, deleted, or a broken link).';
  if (code === 'EACCES' || code === 'EPERM') return 'Permission denied.';
  if (code === 'ELOOP') return 'A link that points back at itself.';
  if (code === 'EISDIR') return 'It is a folder.';
  return `It could not be read (${code ?? 'unknown error'}).`;
}

const megapixels = (pixels: number) => `${Math.round(pixels / 1e6)} megapixels`;

/**
 * sharp reports every decode problem as a plain Error, the HEIC decoder as a HeicError. The bytes were already
 * recognised as an image format we read, so anything other than the pixel limit means the file is damaged or a
 * variant the decoder cannot read.
 */
export function decodeFailure(error: unknown, format: ImageFormat, maxPixels: number): Failure {
  const text = error instanceof Error ? error.message : String(error);
  if ((error instanceof HeicError && error.kind === 'too-large') || /exceeds pixel limit/i.test(text)) {
    return { reason: 'too-large', message: `Larger than the ${megapixels(maxPixels)} a photo may have.` };
  }
  return {
    reason: 'corrupt',
    message: `It looks like a ${FORMAT_NAMES[format]} file but could not be decoded: damaged or incomplete.`,
  };
}
