/**
 * Where two photos overlap, on crops of real photos as a phone pans: each window is stored as the app stores a
 * photo (JPEG), made into the app's grey thumbnail, and aligned; the alignment, put in the windows' own pixels, must
 * land B's corners where the crop geometry says they are.
 */
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bestAlignment, OVERLAP, overlapOf, type GreyImage } from './overlap';
import { greyThumbnail, photoOverlap } from './overlap-finder';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const SHELF = path.join(FIXTURES, 'shelf-with-books.jpg');
const ALOE = path.join(FIXTURES, 'aloe-in-pot.jpg');
const COFFEE = path.join(FIXTURES, 'coffee.jpg');
const FRUITS = path.join(FIXTURES, 'fruits.jpg');

interface Window {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** Stored at this size (default the window's own). */
  readonly out?: { readonly width: number; readonly height: number };
  readonly gain?: number;
}

interface Stored {
  readonly window: Window;
  readonly photo: { readonly id: string; readonly width: number; readonly height: number };
  readonly thumbnail: GreyImage;
}

async function store(file: string, window: Window, id: string): Promise<Stored> {
  const out = window.out ?? { width: window.width, height: window.height };
  let image = sharp(file).extract({ left: window.left, top: window.top, width: window.width, height: window.height }).resize(out.width, out.height, { fit: 'fill' });
  if (window.gain) image = image.linear(window.gain, 0);
  const bytes = await image.jpeg({ quality: 85 }).toBuffer();
  return { window, photo: { id, ...out }, thumbnail: await greyThumbnail(bytes) };
}

/** B's point in A's stored pixels, by the crop geometry. */
function truly(a: Window, b: Window, x: number, y: number): { x: number; y: number } {
  const bOut = b.out ?? b;
  const aOut = a.out ?? a;
  const source = { x: b.left + (x * b.width) / bOut.width, y: b.top + (y * b.height) / bOut.height };
  return { x: ((source.x - a.left) * aOut.width) / a.width, y: ((source.y - a.top) * aOut.height) / a.height };
}

/** The alignment found, in the stored photos' pixels, and its worst corner error as a share of A's long side. */
async function aligned(file: string, a: Window, b: Window, fileB = file) {
  const first = await store(file, a, 'a');
  const second = await store(fileB, b, 'b');
  const alignment = overlapOf(first.thumbnail, second.thumbnail);
  if (!alignment) return { alignment };
  const overlap = photoOverlap(alignment, first, second);
  const corners = [0, second.photo.width].flatMap((x) => [0, second.photo.height].map((y) => ({ x, y })));
  const error = Math.max(...corners.map(({ x, y }) => {
    const truth = truly(a, b, x, y);
    return Math.hypot(overlap.scale * x + overlap.dx - truth.x, overlap.scale * y + overlap.dy - truth.y);
  }));
  return { alignment, overlap, error: error / Math.max(first.photo.width, first.photo.height) };
}

describe('where two crops of one real photo overlap', () => {
  // shelf-with-books.jpg is 640 x 480: rows of books, a hard case (the same shapes over and over).
  const left = { left: 0, top: 60, width: 420, height: 315 };
  const right = { left: 210, top: 60, width: 420, height: 315 };

  it.each([
    ['a pan right, half the photo shared', SHELF, left, right],
    ['a pan left', SHELF, right, left],
    ['a pan right with 30% shared', SHELF, { left: 0, top: 80, width: 376, height: 282 }, { left: 263, top: 80, width: 376, height: 282 }],
    ['a pan down', SHELF, { left: 100, top: 0, width: 400, height: 300 }, { left: 100, top: 170, width: 400, height: 300 }],
    ['a pan up and to the left', ALOE, { left: 180, top: 200, width: 440, height: 330 }, { left: 20, top: 60, width: 440, height: 330 }],
    ['a second photo a fifth nearer', COFFEE, { left: 0, top: 40, width: 400, height: 300 }, { left: 220, top: 65, width: 333, height: 250, out: { width: 400, height: 300 } }],
    ['a second photo a fifth farther', COFFEE, { left: 220, top: 65, width: 333, height: 250, out: { width: 400, height: 300 } }, { left: 0, top: 40, width: 400, height: 300 }],
    ['a darker second photo', SHELF, left, { ...right, gain: 0.7 }],
    ['photos stored at different sizes', SHELF, left, { ...right, out: { width: 210, height: 158 } }],
  ])('finds %s, to within 1.5%% of the photo at the worst corner', async (_name, file, a, b) => {
    const { alignment, error } = await aligned(file, a, b);
    expect(alignment, 'an overlap').toBeDefined();
    expect(alignment!.score).toBeGreaterThanOrEqual(OVERLAP.minScore);
    expect(error).toBeLessThan(0.015);
  });

  it('finds a photo against itself, exactly, with the whole of it shared', async () => {
    const photo = await store(SHELF, { left: 0, top: 0, width: 640, height: 480 }, 'same');
    const alignment = bestAlignment(photo.thumbnail, photo.thumbnail);
    expect(alignment!.scale).toBeCloseTo(1, 9);
    expect([alignment!.dx, alignment!.dy, alignment!.overlap]).toEqual([0, 0, expect.closeTo(1, 9)]);
    expect(alignment!.score).toBeGreaterThan(0.999);
  });

  it('says how much of the second photo the first one shows', async () => {
    const { alignment } = await aligned(SHELF, left, right);
    expect(alignment!.overlap).toBeCloseTo(0.5, 1);
  });
});

describe('photos that do not overlap', () => {
  it.each([
    ['two different photos', SHELF, COFFEE],
    ['a shelf and a plant', SHELF, ALOE],
    ['fruit and a plant', FRUITS, ALOE],
    ['coffee and fruit', COFFEE, FRUITS],
  ])('%s: no overlap', async (_name, first, second) => {
    const a = await store(first, { left: 0, top: 0, width: 400, height: 300 }, 'a');
    const b = await store(second, { left: 0, top: 0, width: 400, height: 300 }, 'b');
    expect(overlapOf(a.thumbnail, b.thumbnail)).toBeUndefined();
    expect(overlapOf(b.thumbnail, a.thumbnail)).toBeUndefined();
  });

  it('two ends of one photo that share nothing (another part of the same wall): no overlap', async () => {
    const { alignment } = await aligned(SHELF, { left: 0, top: 90, width: 280, height: 210 }, { left: 360, top: 90, width: 280, height: 210 });
    expect(alignment).toBeUndefined();
  });
});

describe('photos of any size', () => {
  const flat = (width: number, height: number, level = 128): GreyImage => ({ width, height, data: new Uint8Array(width * height).fill(level) });

  it('a huge photo (more than a phone’s 12 megapixels) is a thumbnail like any other, and two windows of it align', async () => {
    const huge = await sharp(SHELF).resize(6000, 4500).jpeg({ quality: 85 }).toBuffer();
    const thumbnail = await greyThumbnail(huge);
    expect([thumbnail.width, thumbnail.height]).toEqual([96, 72]);
    const windows = [0, 2000].map((left) => sharp(huge).extract({ left, top: 500, width: 4000, height: 3000 }).jpeg().toBuffer());
    const [a, b] = await Promise.all(windows.map(async (window) => greyThumbnail(await window)));
    const found = overlapOf(a!, b!);
    expect(found).toBeDefined();
    // 2000 px of the window's 4000 is half its thumbnail's 96 px.
    expect(found!.dx).toBeCloseTo(48, 0);
    expect(Math.abs(found!.dy)).toBeLessThan(1);
  });

  it('a tiny photo is never enlarged, and aligns with itself or says nothing, never throws', async () => {
    const tiny = await sharp(SHELF).resize(16, 12).jpeg().toBuffer();
    const thumbnail = await greyThumbnail(tiny);
    expect([thumbnail.width, thumbnail.height]).toEqual([16, 12]);
    const self = overlapOf(thumbnail, thumbnail);
    if (self) expect([self.scale, self.dx, self.dy]).toEqual([expect.closeTo(1, 9), 0, 0]);
    expect(bestAlignment(flat(1, 1), flat(1, 1))).toBeUndefined();
    expect(bestAlignment(thumbnail, flat(1, 1))).toBeUndefined();
    expect(bestAlignment(flat(96, 2), thumbnail)).toBeUndefined();
  });

  it('flat photos (a bare wall, one colour) say nothing about where they are', () => {
    expect(bestAlignment(flat(96, 72), flat(96, 72, 90))).toBeUndefined();
  });

  it('refuses an image whose bytes are not one a pixel, saying which', () => {
    expect(() => bestAlignment({ width: 4, height: 4, data: new Uint8Array(15) }, flat(4, 4))).toThrow(/Image A is 4 x 4 but holds 15 bytes/);
    expect(() => bestAlignment(flat(4, 4), { width: 0, height: 4, data: new Uint8Array(0) })).toThrow(/Image B has no size/);
  });
});

describe('an alignment of thumbnails as an overlap of the photos', () => {
  it('puts it in each photo’s own pixels, whatever size each was stored at', () => {
    const a = { photo: { id: 'a', width: 960, height: 720 }, thumbnail: { width: 96, height: 72, data: new Uint8Array(0) } };
    const b = { photo: { id: 'b', width: 480, height: 360 }, thumbnail: { width: 96, height: 72, data: new Uint8Array(0) } };
    expect(photoOverlap({ scale: 1, dx: 10, dy: -4.5 }, a, b)).toEqual({ photoId: 'a', scale: 2, dx: 100, dy: -45 });
  });
});
