import { describe, expect, it } from 'vitest';
import type { ImageFormat } from '../../shared/photos/schema';
import { sniff } from './sniff';
import { heicHeader, makeImage } from './test-images';

function ftyp(major: string, ...compatible: string[]): Buffer {
  const body = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length + 4);
  return Buffer.concat([size, body, Buffer.alloc(16)]);
}

describe('sniff', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'] as const)('recognises %s from its bytes', async (format) => {
    expect(sniff(await makeImage(format))).toBe(format);
  });

  it('recognises big-endian TIFF', () => {
    expect(sniff(Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))).toBe('tiff');
  });

  it.each<[string, Buffer, ImageFormat | undefined]>([
    ['a phone HEIC', heicHeader(), 'heic'],
    ['generic HEIF listing HEVC', ftyp('mif1', 'mif1', 'heic'), 'heic'],
    ['generic HEIF listing AVIF', ftyp('mif1', 'mif1', 'avif'), 'avif'],
    ['an AVIF sequence', ftyp('avis', 'avis', 'msf1'), 'avif'],
    ['an MP4 video', ftyp('isom', 'isom', 'mp41'), undefined],
  ])('reads the ftyp brands of %s', (_label, bytes, format) => {
    expect(sniff(bytes)).toBe(format);
  });

  it('does not take text, a lone JPEG marker or nothing for an image', () => {
    expect(sniff(Buffer.from('hello, this is not a photo'))).toBeUndefined();
    expect(sniff(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniff(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeUndefined();
    expect(sniff(new Uint8Array(0))).toBeUndefined();
  });
});
