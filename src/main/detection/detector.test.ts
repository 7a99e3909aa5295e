import { DETECTED } from './testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Box, DetectedItem } from '../../shared/detection/schema';
import { isProposable } from '../../shared/detection/classes';
import { Detector, DetectorError } from './detector';
import { findDetectorRuntime, type DetectorRuntime } from './runtime';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

function installed(): DetectorRuntime {
  const lookup = findDetectorRuntime();
  // The install puts it there (npm install runs scripts/install-detector.mjs): its absence is a failure, not a skip.
  if (!('found' in lookup)) throw new Error(lookup.missing);
  return lookup.found;
}

const detector = new Detector(installed());
afterAll(() => detector.close());

async function detect(file: string) {
  const bytes = readFileSync(path.join(FIXTURES, file));
  const { width, height } = await sharp(bytes).metadata();
  const { detections } = await detector.detect(bytes, { width: width!, height: height! });
  return { ...detections, width: width!, height: height! };
}

/** The box's centre as a share of the photo's width and height. */
function centre(box: Box, photo: { width: number; height: number }) {
  return { x: (box.x + box.width / 2) / photo.width, y: (box.y + box.height / 2) / photo.height };
}

function find(items: readonly DetectedItem[], ...labels: string[]): DetectedItem {
  const found = items.find((item) => labels.includes(item.label));
  if (!found) throw new Error(`No ${labels.join(' or ')} among ${items.map((item) => item.label).join(', ') || 'nothing'}`);
  return found;
}

describe('the on-device detector on real photos', () => {
  it('finds the cup of coffee in the middle of the close-up, standing on the table', async () => {
    const photo = await detect('coffee.jpg');
    const cup = find(photo.items, 'cup');
    expect(cup.name).toBe('cup');
    const at = centre(cup.box, photo);
    expect(at.x).toBeGreaterThan(0.35);
    expect(at.x).toBeLessThan(0.65);
    expect(at.y).toBeLessThan(0.5);
    expect(find(photo.items, 'dining table').name).toBe('table');
  });

  it('finds the bottle in the hand on the right and a bowl on the floor at the bottom right', async () => {
    const photo = await detect('bottle-and-bowls.jpg');
    const bottle = centre(find(photo.items, 'bottle').box, photo);
    expect(bottle.x).toBeGreaterThan(0.7);
    expect(bottle.x).toBeLessThan(0.82);
    expect(bottle.y).toBeGreaterThan(0.4);
    expect(bottle.y).toBeLessThan(0.7);
    const bowl = centre(find(photo.items, 'bowl').box, photo);
    expect(bowl.x).toBeGreaterThan(0.55);
    expect(bowl.y).toBeGreaterThan(0.8);
    expect(photo.items.filter((item) => item.label === 'person').length).toBeGreaterThanOrEqual(2);
  });

  it('finds the pot of the aloe at the bottom right', async () => {
    const photo = await detect('aloe-in-pot.jpg');
    const pot = centre(find(photo.items, 'vase', 'potted plant').box, photo);
    expect(pot.x).toBeGreaterThan(0.55);
    expect(pot.y).toBeGreaterThan(0.65);
  });

  it('names the fruit in a bowl of fruit as fruit, where it is: a lime on the right as the apple COCO has for it', async () => {
    // The green fruits on the right are limes, which COCO has no word for: at the rooms' threshold (0.3) one is an
    // apple, at 0.32. The halved orange left of the middle, 0.497 with CenterNet and NanoDet together, is not found by
    // CenterNet with the Open Images SSD, which knows no fruit (docs/detection.md, what the eyes still cannot see).
    const photo = await detect('fruits.jpg');
    expect(photo.items.length).toBeGreaterThan(0);
    for (const item of photo.items) {
      expect(['apple', 'orange', 'banana']).toContain(item.label);
      expect(centre(item.box, photo).x).toBeGreaterThan(0.5);
    }
  });

  it('names nothing to move on a shelf it is unsure of, and points at the busy part below the middle instead', async () => {
    // Both models see the books at the bottom edge only faintly (0.35 together, below the threshold), so the coach
    // asks about the busy part rather than naming a guess.
    const photo = await detect('shelf-with-books.jpg');
    expect(photo.items.filter((item) => isProposable(item.label))).toEqual([]);
    const [busiest] = photo.busy;
    expect(busiest).toBeDefined();
    expect(centre(busiest!.box, photo).y).toBeGreaterThan(0.6);
  });

  it('keeps boxes inside the photo, one label per object, most confident first', async () => {
    for (const file of ['coffee.jpg', 'bottle-and-bowls.jpg', 'aloe-in-pot.jpg', 'fruits.jpg', 'shelf-with-books.jpg']) {
      const photo = await detect(file);
      const scores = photo.items.map((item) => item.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      for (const { box } of photo.items) {
        expect(box.x + box.width).toBeLessThanOrEqual(photo.width);
        expect(box.y + box.height).toBeLessThanOrEqual(photo.height);
      }
      expect(new Set(photo.items.map((item) => item.id)).size).toBe(photo.items.length);
    }
  });

  it('finds nothing in a blank wall, rather than inventing things', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d8d2c4' } }).jpeg().toBuffer();
    const { detections } = await detector.detect(blank, { width: 800, height: 600 });
    expect(detections.items).toEqual([]);
    expect(detections.busy).toEqual([]);
  });

  it('rejects a file that is not a photo with a clear error, and keeps working', async () => {
    await expect(detector.detect(Buffer.from('not a photo'), { width: 10, height: 10 })).rejects.toThrow(/unsupported image format|Input buffer/i);
    expect((await detect('coffee.jpg')).items.length).toBeGreaterThan(0);
  });

  it('stops its worker when idle and starts a new one for the next photo', async () => {
    const quick = new Detector(installed(), { idleMs: 10 });
    try {
      await quick.detect(readFileSync(path.join(FIXTURES, 'coffee.jpg')), { width: 600, height: 400 });
      expect(quick.running).toBe(true);
      await expect.poll(() => quick.running, DETECTED).toBe(false);
      const again = await quick.detect(readFileSync(path.join(FIXTURES, 'coffee.jpg')), { width: 600, height: 400 });
      expect(again.detections.items.map((item) => item.label)).toContain('cup');
    } finally {
      await quick.close();
    }
  });

  it('warms up before the first photo: the worker loads its models at once, and idles out if no photo comes', async () => {
    const warmed = new Detector(installed(), { idleMs: 10 });
    try {
      warmed.warm();
      expect(warmed.running).toBe(true);
      await expect.poll(() => warmed.running, DETECTED).toBe(false);
      warmed.warm();
      const found = await warmed.detect(readFileSync(path.join(FIXTURES, 'coffee.jpg')), { width: 600, height: 400 });
      expect(found.detections.items.map((item) => item.label)).toContain('cup');
    } finally {
      await warmed.close();
    }
  });

  it('names the cardboard box in a crop of the top of a photo, and no clutter in the part below it', async () => {
    // An eval photo (its labels: a cardboard box, a tin, paper, a toy figure); the box stands along the top edge.
    const photo = path.join(import.meta.dirname, '../eval/detection/photos/boxes-on-table.jpg');
    const { guesses } = await detector.clutter(photo, { width: 640, height: 480 }, [
      { x: 120, y: 0, width: 420, height: 150 },
      { x: 0, y: 200, width: 640, height: 280 },
    ]);
    expect(guesses[0]!.map((guess) => guess.kind)).toEqual(['box']);
    // The box fills most of the crop it was asked about.
    expect(guesses[0]![0]!.box.width).toBeGreaterThan(0.5);
    expect(guesses[1]).toEqual([]);
  });

  it('says so when the model cannot load, instead of hanging', async () => {
    const runtime = installed();
    const broken = new Detector({ ...runtime, models: runtime.models.map((model) => ({ ...model, files: model.files.map(() => path.join(FIXTURES, 'missing.bin')) })) });
    try {
      const failure = broken.detect(readFileSync(path.join(FIXTURES, 'coffee.jpg')), { width: 600, height: 400 });
      await expect(failure).rejects.toBeInstanceOf(DetectorError);
      await expect(failure).rejects.toMatchObject({ kind: 'load' });
    } finally {
      await broken.close();
    }
  });
});
