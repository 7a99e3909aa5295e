import type { Sharp } from 'sharp';
import { VIEW_SIDE, ViewSchema, type View } from '../../shared/before-after/schema';

/** A photo's view (src/shared/before-after/view.ts): its upright pixels stretched to 16 x 16 grey levels. */
export async function viewOf(image: Sharp): Promise<View> {
  const { data, info } = await image.resize(VIEW_SIDE, VIEW_SIDE, { fit: 'fill' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || data.length !== VIEW_SIDE * VIEW_SIDE) throw new Error(`A view came out ${info.width} x ${info.height} x ${info.channels}.`);
  return ViewSchema.parse(data.toString('base64'));
}
