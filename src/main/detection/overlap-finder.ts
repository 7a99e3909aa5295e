/**
 * Finds where a session's photo overlaps the few photos just before it (a pan is consecutive), from the stored model
 * copies: each is read once into a small grey thumbnail kept in memory, and each pair aligned by `overlapOf`. What
 * it finds is session data (`Photo.overlaps`, logged with the photo's detections), so replay and resume need no
 * pixels.
 */
import sharp from 'sharp';
import type { PhotoOverlap } from '../../shared/detection/schema';
import type { Photo } from '../../shared/session/schema';
import { photoPaths } from '../photos/store';
import { overlapOf, type Alignment, type GreyImage } from './overlap';

/**
 * The thumbnails' long side, in pixels. Measured by `npm run eval -- --overlap` (docs/detection.md): 96 px finds
 * every pan that 128 px finds, to a few pixels of a 1024 px photo, in half the time (its coarsest level is 24 px).
 */
export const THUMBNAIL_SIDE = 96;
/** How many photos before a new one it is compared with: a pan is a few photos in a row. */
export const NEIGHBOURS = 3;
/** Thumbnails kept in memory: the neighbours of the photos being detected now, with room to spare. */
const KEPT = 16;

type Sized = Pick<Photo, 'id' | 'width' | 'height'>;

/** A photo's grey thumbnail, its long side THUMBNAIL_SIDE (or less, for a smaller photo); the photo's own orientation. */
export async function greyThumbnail(image: string | Uint8Array, side: number = THUMBNAIL_SIDE): Promise<GreyImage> {
  const { data, info } = await sharp(image)
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`A grey thumbnail came out with ${info.channels} channels.`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * An alignment of two thumbnails as an overlap of the photos they show, in the photos' pixels: B's point p is at
 * scale p + d in A. Rounded (a ten-thousandth of scale, a tenth of a pixel) so the log stays short.
 */
export function photoOverlap(alignment: Pick<Alignment, 'scale' | 'dx' | 'dy'>, a: { photo: Sized; thumbnail: GreyImage }, b: { photo: Sized; thumbnail: GreyImage }): PhotoOverlap {
  const across = { a: a.thumbnail.width / a.photo.width, b: b.thumbnail.width / b.photo.width };
  const down = { a: a.thumbnail.height / a.photo.height, b: b.thumbnail.height / b.photo.height };
  // A thumbnail's two sides are rounded apart, so its two shrink factors differ by a pixel's worth: take their mean.
  const scale = (alignment.scale * (across.b / across.a + down.b / down.a)) / 2;
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  return { photoId: a.photo.id, scale: round(scale, 4), dx: round(alignment.dx / across.a, 1), dy: round(alignment.dy / down.a, 1) };
}

export class OverlapFinder {
  readonly #photosDir: string;
  /** By photo id, oldest first; undefined when the photo could not be read. */
  readonly #thumbnails = new Map<string, Promise<GreyImage | undefined>>();

  /** `photosDir`: the session's photo folder, where each photo's model copy `<id>.jpg` is. */
  constructor(photosDir: string) {
    this.#photosDir = photosDir;
  }

  /**
   * Where `photo` shows part of each of `earlier` (the photos just before it, oldest first), with the newest first;
   * none for a photo that cannot be read.
   */
  async overlapsOf(photo: Sized, earlier: readonly Sized[]): Promise<PhotoOverlap[]> {
    // The session's first photo has nothing to overlap: it is not even read (the coach waits for its detections).
    if (earlier.length === 0) return [];
    const thumbnail = await this.#thumbnail(photo.id);
    if (!thumbnail) return [];
    const found: PhotoOverlap[] = [];
    for (const other of [...earlier].reverse()) {
      const theirs = await this.#thumbnail(other.id);
      const alignment = theirs && overlapOf(theirs, thumbnail);
      if (alignment) found.push(photoOverlap(alignment, { photo: other, thumbnail: theirs }, { photo, thumbnail }));
    }
    return found;
  }

  #thumbnail(id: string): Promise<GreyImage | undefined> {
    const kept = this.#thumbnails.get(id);
    if (kept) {
      // Used again: it is the newest now.
      this.#thumbnails.delete(id);
      this.#thumbnails.set(id, kept);
      return kept;
    }
    // A photo that cannot be read (gone, damaged, not a photo id) overlaps nothing; the detector said so already.
    const made = (async () => greyThumbnail(photoPaths(this.#photosDir, id).model))().catch(() => undefined);
    this.#thumbnails.set(id, made);
    if (this.#thumbnails.size > KEPT) this.#thumbnails.delete(this.#thumbnails.keys().next().value!);
    return made;
  }
}
