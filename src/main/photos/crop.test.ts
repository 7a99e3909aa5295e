import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../../test-support/temp-folder';
import { CROP_LONG_SIDE, cropRegion, pointCropPath, readPointCrop, writePointCrop } from './crop';
import { photoPaths } from './store';

const ID = 'c'.repeat(64);

/** A photo folder holding one 1000 x 500 model copy, left half black, right half white. */
async function folderWithPhoto(): Promise<string> {
  const dir = await tempFolder('tidy-crop-');
  const left = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#000' } }).png().toBuffer();
  await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#fff' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .toFile(photoPaths(dir, ID).model);
  return dir;
}

describe('the crop a model sees of a point', () => {
  it('is the box and a tenth of it around, cut from the stored copy, kept beside it, made once', async () => {
    const dir = await folderWithPhoto();
    const point = { photoId: ID, box: { x: 0.1, y: 0.2, width: 0.2, height: 0.4 } };
    expect(cropRegion(point, { width: 1000, height: 500 })).toEqual({ left: 80, top: 80, width: 240, height: 240 });
    expect(await writePointCrop(dir, point)).toBe(true);
    const bytes = readPointCrop(dir, point)!;
    const { width, height } = await sharp(bytes).metadata();
    expect({ width, height }).toEqual({ width: 240, height: 240 });
    // All of it from the black half.
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.r).toBeLessThan(30);
    const made = (await stat(pointCropPath(dir, point))).mtimeMs;
    expect(await writePointCrop(dir, point)).toBe(true);
    expect((await stat(pointCropPath(dir, point))).mtimeMs).toBe(made);
    expect((await readdir(dir)).filter((name) => name.includes('.point-'))).toHaveLength(1);
  });

  it('keeps the margin inside the photo and a big box no longer than the crop’s longest side', async () => {
    const dir = await folderWithPhoto();
    const edge = { photoId: ID, box: { x: 0, y: 0, width: 1, height: 1 } };
    expect(cropRegion(edge, { width: 1000, height: 500 })).toEqual({ left: 0, top: 0, width: 1000, height: 500 });
    expect(await writePointCrop(dir, edge)).toBe(true);
    const { width, height } = await sharp(readPointCrop(dir, edge)!).metadata();
    expect({ width, height }).toEqual({ width: CROP_LONG_SIDE, height: CROP_LONG_SIDE / 2 });
  });

  it('is not made when the photo’s copy is missing or the id is no photo id, and reads as absent', async () => {
    const dir = await folderWithPhoto();
    const box = { x: 0, y: 0, width: 0.5, height: 0.5 };
    expect(await writePointCrop(dir, { photoId: 'd'.repeat(64), box })).toBe(false);
    expect(await writePointCrop(dir, { photoId: '../../etc/passwd', box })).toBe(false);
    expect(readPointCrop(dir, { photoId: '../../etc/passwd', box })).toBeUndefined();
    expect(readPointCrop(dir, { photoId: ID, box })).toBeUndefined();
    expect(path.basename(pointCropPath(dir, { photoId: ID, box }))).toMatch(/^c{64}\.point-[0-9a-f]{16}\.jpg$/);
  });
});
