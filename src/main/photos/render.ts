import sharp from 'sharp';
import type { View } from '../../shared/before-after/schema';
import { viewOf } from './view';

export interface RenderOptions {
  modelLongSide: number;
  thumbLongSide: number;
  maxPixels: number;
}

export interface Rendered {
  model: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  /** What the photo shows, tiny, to tell whether an after photo shows the same view as a before photo. */
  view: View;
}

/** The prebuilt libheif decodes AVIF but reads HEIC only when it was built with an HEVC decoder. */
export function canDecodeHeic(): boolean {
  return sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;
}

/**
 * Decodes once (JPEG shrink-on-load keeps big photos cheap), applies EXIF orientation, and encodes both copies
 * from the same upright 8-bit sRGB pixels (sharp's default output, whatever the input's depth or colour space).
 * No metadata is carried over: sharp writes EXIF, XMP, IPTC or ICC only when asked, so location and camera details
 * stay behind.
 */
export async function render(bytes: Uint8Array, options: RenderOptions): Promise<Rendered> {
  const upright = await sharp(bytes, { limitInputPixels: options.maxPixels, failOn: 'error' })
    .rotate()
    .resize(options.modelLongSide, options.modelLongSide, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const raw = { raw: { width, height, channels } } as const;
  const [model, thumb, view] = await Promise.all([
    sharp(upright.data, raw).jpeg({ quality: 85 }).toBuffer(),
    sharp(upright.data, raw)
      .resize(options.thumbLongSide, options.thumbLongSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true }),
    viewOf(sharp(upright.data, raw)),
  ]);
  return { model, thumb: thumb.data, width, height, thumbWidth: thumb.info.width, thumbHeight: thumb.info.height, view };
}
