import type { ImageFormat } from '../../shared/photos/schema';

/** Brands past this point are not looked at: real files list a handful. */
const FTYP_SCAN_BYTES = 64;

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/**
 * ISO base media files (HEIF, AVIF, but also MP4 video) open with an `ftyp` box: a major brand, a version, then
 * compatible brands. AVIF wins over HEIC because AVIF files also list the generic HEIF brand `mif1`.
 */
function sniffFtyp(bytes: Uint8Array): ImageFormat | undefined {
  if (ascii(bytes, 4, 8) !== 'ftyp') return undefined;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  return undefined;
}

/** The image format the bytes announce, or undefined when they are not an image we import. */
export function sniff(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  return sniffFtyp(bytes.subarray(0, FTYP_SCAN_BYTES));
}

/** A QuickTime movie (an ftyp box whose major brand is `qt  `): what an iPhone saves beside a Live Photo's still. */
export function isQuickTime(bytes: Uint8Array): boolean {
  return ascii(bytes, 4, 8) === 'ftyp' && ascii(bytes, 8, 12) === 'qt  ';
}
