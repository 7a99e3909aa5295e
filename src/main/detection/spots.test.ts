import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { classInfo, isLiving, isProposable } from '../../shared/detection/classes';
import type { Box, BusyRegion, CocoLabel, DetectedItem } from '../../shared/detection/schema';
import { arbitrarySpotPhoto, messyBedroom } from '../../../test-support/detections';
import { Detector } from './detector';
import { intersection } from './postprocess';
import { findDetectorRuntime } from './runtime';
import { areaPlace, clearOfLiving, halfOf, MAX_LIVING_SHARE, spotAt, spotsIn, spotWords, type SpotPhoto } from './spots';

let ids = 0;
function thing(label: CocoLabel, x: number, y: number, width: number, height: number, score = 0.5): DetectedItem {
  ids += 1;
  return { id: String(ids), label, name: classInfo(label).name || label, score, box: { x, y, width, height } };
}

function photo(items: DetectedItem[], busy: BusyRegion[] = [], size = { width: 1000, height: 600 }): SpotPhoto {
  return { ...size, detections: { items, busy } };
}

const places = (spots: ReturnType<typeof spotsIn>) => spots.map((spot) => spot.place);

describe('busy spots are places where things stand', () => {
  it('regression: a living room where the detector saw only the people has no busy spot on them (it pointed at the people on the sofa)', () => {
    // What the detector found in fixtures/bottle-and-bowls.jpg: two people, a bottle in a hand, a bowl and a donut at
    // their feet, and three busy cells, each mostly a person.
    const room = photo(
      [
        thing('person', 184, 118, 132, 211, 0.74),
        thing('person', 368, 88, 127, 239, 0.52),
        thing('bottle', 369, 159, 22, 55, 0.38),
        thing('bowl', 321, 300, 38, 26, 0.32),
        thing('donut', 348, 275, 27, 18, 0.28),
      ],
      [
        { box: { x: 167, y: 225, width: 166, height: 113 }, busyness: 1.3 },
        { box: { x: 167, y: 113, width: 166, height: 112 }, busyness: 1.24 },
        { box: { x: 333, y: 225, width: 167, height: 113 }, busyness: 1.22 },
      ],
      { width: 500, height: 338 },
    );
    expect(spotsIn(room)).toEqual([]);
  });

  it('names the table with everything on it, and ranks it above a smaller pile elsewhere', () => {
    const spots = spotsIn(
      photo(
        [
          thing('dining table', 0, 300, 600, 250),
          thing('cup', 100, 250, 60, 80),
          thing('book', 200, 280, 100, 50),
          thing('bottle', 400, 220, 40, 110),
          thing('backpack', 800, 450, 80, 100),
          thing('handbag', 880, 470, 90, 80),
        ],
        [{ box: { x: 667, y: 0, width: 333, height: 200 }, busyness: 1.5 }],
      ),
    );
    expect(spots.map((spot) => [spot.place, spot.amount, spot.things.map((one) => one.name).sort()])).toEqual([
      ['the things on the table', 3, ['book', 'bottle', 'cup']],
      ['the spot at the upper right', 2, []],
      ['the things by the table', 2, ['backpack', 'bag']],
    ]);
    // The outline holds what stands there, with a small margin, inside the photo.
    expect(spots[0]!.box).toEqual({ x: 80, y: 200, width: 380, height: 150 });
  });

  it('counts a busy part nothing could name with the furniture it lies on: clothes on the bed', () => {
    const [spot, ...rest] = spotsIn(photo([thing('bed', 100, 200, 800, 400)], [{ box: { x: 333, y: 200, width: 333, height: 200 }, busyness: 1.8 }]));
    expect(rest).toEqual([]);
    expect(spot).toMatchObject({ kind: 'on', sight: 'a pile', at: 'on the bed', place: 'the pile on the bed', amount: 2, things: [] });
  });

  it('says which one when a photo has two of the same furniture, and where things stand on the floor by furniture', () => {
    const spots = spotsIn(
      photo([
        thing('chair', 50, 200, 200, 300),
        thing('chair', 700, 200, 200, 300),
        thing('book', 80, 300, 60, 40),
        thing('book', 150, 310, 60, 40),
        thing('bed', 300, 100, 350, 300),
        thing('cup', 400, 480, 50, 60),
        thing('bottle', 480, 470, 40, 80),
        thing('tv', 300, 0, 200, 90),
      ]),
    );
    expect(places(spots).sort()).toEqual(['the things on the chair on the left', 'the things on the floor, in front of the bed']);
  });

  it('puts what stands below a TV under it, and names a place by where it is when no furniture is near', () => {
    const spots = spotsIn(photo([thing('tv', 400, 50, 300, 150), thing('remote', 450, 260, 60, 30), thing('book', 530, 250, 80, 40), thing('cup', 50, 500, 50, 60), thing('cup', 120, 500, 50, 60)]));
    // Two cups cover more of the photo than a remote and a book: the lower left comes first.
    expect(places(spots)).toEqual(['the things at the lower left', 'the things under the TV']);
    expect(areaPlace({ x: 450, y: 250, width: 100, height: 100 }, { width: 1000, height: 600 })).toBe('the middle');
    expect(areaPlace({ x: 0, y: 0, width: 100, height: 100 }, { width: 1000, height: 600 })).toBe('the upper left');
    expect(areaPlace({ x: 900, y: 250, width: 100, height: 100 }, { width: 1000, height: 600 })).toBe('the right side');
  });

  it('says the photo: "in photo 2" for a named place, "of photo 3" or "of the photo" for a part of it', () => {
    const [onTable] = spotsIn(photo([thing('dining table', 0, 300, 600, 250), thing('cup', 100, 250, 60, 80), thing('book', 200, 280, 100, 50)]));
    expect(spotWords(onTable!, 2)).toBe('the things on the table in photo 2');
    expect(spotWords(onTable!, undefined)).toBe('the things on the table');
    expect(spotAt(onTable!, 2)).toBe('on the table in photo 2');
    const [pile] = spotsIn(photo([], [{ box: { x: 0, y: 400, width: 333, height: 200 }, busyness: 1.4 }]));
    expect(spotWords(pile!, 3)).toBe('the spot at the lower left of photo 3');
    expect(spotWords(pile!, undefined)).toBe('the spot at the lower left of the photo');
    expect(spotAt(pile!, 3)).toBe('at the lower left of photo 3');
  });

  it('leaves out what a person holds, and keeps the side of the sofa where more stands when a person sits in the middle', () => {
    const spots = spotsIn(
      photo([
        thing('couch', 0, 200, 1000, 300),
        thing('person', 400, 100, 200, 400),
        thing('cell phone', 450, 250, 40, 60),
        thing('handbag', 100, 300, 100, 80),
        thing('remote', 220, 330, 60, 30),
        thing('book', 700, 320, 80, 50),
      ]),
    );
    expect(spots).toHaveLength(1);
    expect(spots[0]).toMatchObject({ place: 'the things on the sofa', amount: 2 });
    expect(spots[0]!.things.map((one) => one.name).sort()).toEqual(['bag', 'remote']);
    expect(spots[0]!.box.x + spots[0]!.box.width).toBeLessThanOrEqual(400);
  });

  it('offers the busier half of a spot as a smaller step, never a half on a person, and none for a part of the photo', () => {
    const table = photo([thing('dining table', 0, 300, 1000, 250), thing('cup', 50, 250, 60, 80), thing('book', 150, 280, 100, 50), thing('bottle', 800, 220, 40, 110)]);
    const [spot] = spotsIn(table);
    expect(halfOf(spot!, table)).toEqual({ side: 'left', box: { x: 30, y: 200, width: 415, height: 150 } });
    const [pile] = spotsIn(photo([], [{ box: { x: 0, y: 400, width: 333, height: 200 }, busyness: 1.4 }]));
    expect(halfOf(pile!, photo([], []))).toBeUndefined();
  });
});

describe('the mess, said plainly (issue 35)', () => {
  it('finds the pile on the bed and the pile on the floor in front of it, as part of the mess; the books on the shelf above are no part of the bed', () => {
    const spots = spotsIn(messyBedroom());
    const words = spots.map((spot) => [spot.kind, spot.sight, spot.at, spot.things.map((one) => one.name)]);
    expect(words).toContainEqual(['on', 'a pile', 'on the bed', []]);
    expect(words).toContainEqual(['floor', 'a pile', 'on the floor, in front of the bed', []]);
    const bed = spots.find((spot) => spot.at === 'on the bed')!;
    expect(bed.things.map((one) => one.name)).not.toContain('book');
    expect(spotWords(bed, 2)).toBe('the pile on the bed in photo 2');
    expect(spotAt(spots.find((spot) => spot.kind === 'floor')!, 2)).toBe('on the floor, in front of the bed, in photo 2');
  });

  it('says "something" for a busy part on a table (papers, cables), and "a few things" where it named them all', () => {
    const desk = photo([thing('dining table', 0, 300, 1000, 300), thing('cup', 100, 250, 60, 80)], [{ box: { x: 333, y: 300, width: 333, height: 200 }, busyness: 1.5 }]);
    expect(spotsIn(desk).map((spot) => `${spot.sight} ${spot.at}`)).toEqual(['something on the table']);
    const named = photo([thing('dining table', 0, 300, 1000, 300), thing('cup', 100, 250, 60, 80), thing('book', 200, 280, 100, 50)]);
    expect(spotsIn(named).map((spot) => `${spot.sight} ${spot.at}`)).toEqual(['a few things on the table']);
  });
});

describe('two spots by the same piece of furniture', () => {
  const oven = thing('oven', 300, 200, 200, 300);
  const onIt = { box: { x: 320, y: 250, width: 160, height: 120 }, busyness: 2.4 };
  const right = { box: { x: 520, y: 250, width: 160, height: 120 }, busyness: 1.3 };
  const left = { box: { x: 120, y: 250, width: 160, height: 120 }, busyness: 1.2 };

  it('say which side of it "by" is, so "around the oven" and "by the oven" read apart', () => {
    // A pile on the oven and one beside it, as in kitchen.jpg.
    expect(places(spotsIn(photo([oven], [onIt, right])))).toEqual(['the spot around the oven', 'the spot to the right of the oven']);
    expect(places(spotsIn(photo([oven], [onIt, left])))).toEqual(['the spot around the oven', 'the spot to the left of the oven']);
  });

  it('keep "by" for a place alone by its furniture, as recorded sessions name it (they work the words out again on replay)', () => {
    expect(places(spotsIn(photo([oven], [right])))).toEqual(['the spot by the oven']);
    // Places that read the same are still one (the busiest): detected.jsonl's "the spot by the table" is three piles.
    expect(places(spotsIn(photo([oven], [right, left])))).toEqual(['the spot by the oven']);
  });
});

describe('busy spots in real photos, as the detector sees them', () => {
  const lookup = findDetectorRuntime();
  // The install puts the detector there (npm install runs scripts/install-detector.mjs): its absence is a failure.
  if (!('found' in lookup)) throw new Error(lookup.missing);
  const detector = new Detector(lookup.found);
  afterAll(() => detector.close());

  async function spotsOf(file: string) {
    const bytes = readFileSync(path.join(import.meta.dirname, '../eval/detection/photos', file));
    const { width, height } = await sharp(bytes).metadata();
    const { detections } = await detector.detect(bytes, { width: width!, height: height! });
    return spotsIn({ width: width!, height: height!, detections });
  }

  it('regression: kitchen.jpg had "the spot around the oven" and "the spot by the oven"; now the second says which side', async () => {
    const kitchen = places(await spotsOf('kitchen.jpg'));
    expect(kitchen).toContain('the spot around the oven');
    expect(kitchen).toContain('the spot to the right of the oven');
    expect(kitchen).not.toContain('the spot by the oven');
  });
});

/** Judged here rather than by spots.ts's own `clearOfLiving`: the centre on no person or animal, little shared. */
function expectOffLiving(box: Box, living: readonly Box[]) {
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const under = living.find((other) => centre.x > other.x && centre.x < other.x + other.width && centre.y > other.y && centre.y < other.y + other.height);
  expect(under, `centre ${JSON.stringify(centre)} on a person or an animal`).toBeUndefined();
  const shared = living.reduce((sum, other) => sum + intersection(box, other), 0);
  // As a share of the spot, as the app judges it: 0.15 of an area, multiplied out, can fall a hair under a share of
  // exactly 0.15 (5184 of 34560 read as over 5183.999999999999).
  expect(shared / (box.width * box.height)).toBeLessThanOrEqual(MAX_LIVING_SHARE);
}

describe('for any detections, people and pets included', () => {
  it('no busy spot, and no half of one, falls on a person or an animal: at most a small share of it, never its centre', () => {
    fc.assert(
      fc.property(arbitrarySpotPhoto, (photo) => {
        const living = photo.detections.items.filter((item) => isLiving(item.label)).map((item) => item.box);
        for (const spot of spotsIn(photo)) {
          expectOffLiving(spot.box, living);
          expect(clearOfLiving(spot.box, living)).toBe(true);
          const half = halfOf(spot, photo);
          if (half) expectOffLiving(half.box, living);
          // What stands there is movable things only, and enough of it.
          expect(spot.things.every((one) => isProposable(one.label) && !isLiving(one.label))).toBe(true);
          expect(spot.amount).toBeGreaterThanOrEqual(2);
          expect(spot.box.x + spot.box.width).toBeLessThanOrEqual(photo.width);
          expect(spot.box.y + spot.box.height).toBeLessThanOrEqual(photo.height);
        }
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 500),
        // A spot sharing exactly its allowed 15 % with a person, which the check once misjudged (seed -694233625).
        examples: [
          [
            {
              width: 1479,
              height: 1594,
              detections: {
                items: [{ id: '1', name: 'person', label: 'person', box: { x: 0, y: 1, width: 96, height: 190 }, score: 0.25 }],
                busy: [{ box: { x: 9, y: 169, width: 55, height: 296 }, busyness: 1.15 }],
              },
            },
          ],
        ],
      },
    );
  });

  it('ranks the spots by how much stands there, each place named once, the same every time', () => {
    fc.assert(
      fc.property(arbitrarySpotPhoto, (photo) => {
        const spots = spotsIn(photo);
        expect(spots.map((spot) => spot.amount)).toEqual([...spots.map((spot) => spot.amount)].sort((a, b) => b - a));
        expect(new Set(spots.map((spot) => spot.place)).size).toBe(spots.length);
        expect(spotsIn(photo)).toEqual(spots);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  });
});
