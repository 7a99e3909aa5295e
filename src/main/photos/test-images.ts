import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import type { ImageFormat } from '../../shared/photos/schema';

export interface ImageSpec {
  width?: number;
  height?: number;
  /** Picks the colour, so images of one size still differ in content. */
  seed?: number;
  orientation?: number;
  gps?: boolean;
}

const ENCODERS: Record<Exclude<ImageFormat, 'heic'>, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg(),
  png: (image) => image.png(),
  webp: (image) => image.webp(),
  gif: (image) => image.gif(),
  avif: (image) => image.avif({ effort: 0 }),
  tiff: (image) => image.tiff(),
};

/** A small generated image: every test says what it feeds in (only HEIC, which sharp cannot write, has fixture files). */
export async function makeImage(format: Exclude<ImageFormat, 'heic'>, spec: ImageSpec = {}): Promise<Buffer> {
  const seed = spec.seed ?? 0;
  const background = { r: (seed * 53) % 256, g: (seed * 97 + 80) % 256, b: (seed * 29 + 160) % 256 };
  let image = sharp({ create: { width: spec.width ?? 64, height: spec.height ?? 48, channels: 3, background } });
  if (spec.orientation) image = image.withMetadata({ orientation: spec.orientation });
  if (spec.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    });
  }
  return ENCODERS[format](image).toBuffer();
}

/** The ftyp box an HEIC photo from a phone opens with, followed by filler: enough to be recognised. */
export function heicHeader(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
  return Buffer.concat([ftyp, Buffer.alloc(200)]);
}

/** The start of a QuickTime movie, as an iPhone saves beside a Live Photo: enough to be recognised. */
export function quickTimeMovie(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  \0\0\0\0qt  ', 'latin1')]);
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), Buffer.from('wide', 'latin1'), Buffer.alloc(400)]);
}

/** A valid PNG whose header claims `width` x `height`: tiny on disk, enormous once decoded. */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makeImage('png', { width: 8, height: 8 }));
  // IHDR data starts after the 8-byte signature, the 4-byte length and the 4-byte chunk type.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** True when the EXIF block holds a pointer to GPS data (tag 0x8825, either byte order). */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}
