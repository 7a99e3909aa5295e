/**
 * A point: the person saying "this one" on a photo, by a click, a dragged box or the keyboard's highlight box. The box
 * is in photo-relative coordinates (0..1 of the photo's width and height), so it means the same thing at any size the
 * photo was shown at, and on the stored copy the coaches read.
 */
import { z } from 'zod';

/** The smallest side a pointed box may have, as a share of the photo's side: below it a box is a slip, not a thing. */
export const MIN_SIDE = 0.01;
/** Rounding slack for boxes computed in floating point (a box flush with the photo's edge). */
const EDGE = 1e-6;

const share = (what: string) =>
  z
    .number({ error: `The box’s ${what} must be a number.` })
    .min(0, `The box’s ${what} cannot be negative: the box must lie inside the photo.`)
    .max(1, `The box’s ${what} is a share of the photo, at most 1.`);

const side = (what: string) =>
  z
    .number({ error: `The box’s ${what} must be a number.` })
    .min(MIN_SIDE, `The box is empty: its ${what} must be at least ${MIN_SIDE * 100}% of the photo.`)
    .max(1, `The box’s ${what} is a share of the photo, at most 1.`);

/** A rectangle on a photo, as shares of its width and height: top-left corner and size, inside the photo, not empty. */
export const RelativeBoxSchema = z
  .strictObject({ x: share('left edge (x)'), y: share('top edge (y)'), width: side('width'), height: side('height') })
  .refine((box) => box.x + box.width <= 1 + EDGE, { error: 'The box reaches past the right edge of the photo (x + width is more than 1).', path: ['width'] })
  .refine((box) => box.y + box.height <= 1 + EDGE, { error: 'The box reaches past the bottom of the photo (y + height is more than 1).', path: ['height'] });
export type RelativeBox = z.infer<typeof RelativeBoxSchema>;

/** What the person pointed at: which photo of the session, and where on it. */
export const PointSchema = z.strictObject({
  photoId: z.string().min(1, 'A point needs the photo it is on.').max(128),
  box: RelativeBoxSchema,
});
export type Point = z.infer<typeof PointSchema>;

/** Why a point cannot be on this session's photos, or undefined when it can (its shape is checked by the schema). */
export function pointProblem(photos: readonly { readonly id: string }[], point: Point): string | undefined {
  return photos.some((photo) => photo.id === point.photoId) ? undefined : 'That photo is not one of this session’s photos.';
}
