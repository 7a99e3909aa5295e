import sharp from 'sharp';

let cached: Promise<Uint8Array> | undefined;

/** A small solid red PNG: a colour any vision model names at once, and nothing a model without vision could guess. */
export function redSquarePng(): Promise<Uint8Array> {
  cached ??= sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));
  return cached;
}
