/**
 * What a model sees of a point: the pointed box cut from the photo's stored model copy, with a little of what is
 * around it, as a JPEG kept beside the photo (`<photo id>.point-<hash>.jpg`). It is made once, before the point
 * reaches the coach, and read synchronously like the model copies, so a replay sends the model exactly the bytes it
 * was sent live (the log holds only their hash).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { toPixels } from '../../shared/pointing/geometry';
import type { Point } from '../../shared/pointing/schema';
import { writeFileAtomic } from '../files/write-atomic';
import { photoPaths } from './store';

/** The crop's longer side at most, in pixels: enough for a vision model to tell what a thing is. */
export const CROP_LONG_SIDE = 512;
/** Added on each side of the pointed box, as a share of its side: what a thing stands on helps to name it. */
export const CROP_MARGIN = 0.1;

/** The name a point's crop has in the photo folder, by the photo and a hash of the box; throws for an id that is no photo id. */
export function pointCropPath(dir: string, point: Point): string {
  const { model } = photoPaths(dir, point.photoId);
  const key = createHash('sha256').update(JSON.stringify([point.box.x, point.box.y, point.box.width, point.box.height])).digest('hex').slice(0, 16);
  return path.join(path.dirname(model), `${path.basename(model, '.jpg')}.point-${key}.jpg`);
}

/** The part of the photo a crop holds, in the model copy's pixels: the box and its margin, inside the photo. */
export function cropRegion(point: Point, photo: { readonly width: number; readonly height: number }) {
  const box = toPixels(point.box, photo);
  const marginX = Math.round(box.width * CROP_MARGIN);
  const marginY = Math.round(box.height * CROP_MARGIN);
  const left = Math.max(0, box.x - marginX);
  const top = Math.max(0, box.y - marginY);
  const right = Math.min(photo.width, box.x + box.width + marginX);
  const bottom = Math.min(photo.height, box.y + box.height + marginY);
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Makes the crop of a point from the photo's model copy, unless it is there already; false when the photo's copy
 * cannot be read (the coach then goes by words alone).
 */
export async function writePointCrop(dir: string, point: Point): Promise<boolean> {
  let file: string;
  let source: string;
  try {
    file = pointCropPath(dir, point);
    source = photoPaths(dir, point.photoId).model;
  } catch {
    return false;
  }
  if (await access(file).then(() => true, () => false)) return true;
  try {
    const image = sharp(source, { failOn: 'error' });
    const { width, height } = await image.metadata();
    if (!width || !height) return false;
    const crop = await image
      .extract(cropRegion(point, { width, height }))
      .resize(CROP_LONG_SIDE, CROP_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    // On disk before the point is logged: a log that holds the point has its crop after any crash.
    await writeFileAtomic(file, crop, { sync: true });
    return true;
  } catch {
    return false;
  }
}

/** The crop made for a point, or undefined when there is none. Synchronous, like the model copies, for replay's sake. */
export function readPointCrop(dir: string, point: Point): Uint8Array | undefined {
  try {
    return readFileSync(pointCropPath(dir, point));
  } catch {
    return undefined;
  }
}
