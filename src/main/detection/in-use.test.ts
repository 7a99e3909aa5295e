import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classInfo, isLiving } from '../../shared/detection/classes';
import type { Box, CocoLabel, DetectedItem } from '../../shared/detection/schema';
import { toRelative } from '../../shared/pointing/geometry';
import { newSessionState } from '../../shared/session/new-session';
import type { Photo, SessionState } from '../../shared/session/schema';
import { arbitrarySpotPhoto } from '../../../test-support/detections';
import { inUseIds } from './in-use';
import { offers } from './offers';
import { thingsAt } from './pointed';
import { area, intersection } from './postprocess';
import { busySpots, proposals } from './proposals';

let ids = 0;
function thing(label: CocoLabel, x: number, y: number, width: number, height: number, score = 0.5): DetectedItem {
  ids += 1;
  return { id: String(ids), label, name: classInfo(label).name || label, score, box: { x, y, width, height } };
}

function session(photos: Photo[]): SessionState {
  return { ...newSessionState('s', 0), photos };
}

const photo = (id: string, items: DetectedItem[], size = { width: 1000, height: 600 }): Photo => ({ id, fileName: `${id}.jpg`, ...size, detections: { items, busy: [] } });
const used = (items: DetectedItem[]) => items.filter((item) => inUseIds(items).has(item.id)).map((item) => item.name);

/**
 * What the detector finds in fixtures/bottle-and-bowls.jpg (500 x 338): two people squatting by a low round table, one
 * holding a bottle, and the bowls of food they are eating from (read as three donuts and a bowl). The real-rooms e2e
 * was once offered "3 donuts" there, with Trash first.
 */
function bottleAndBowls(): Photo {
  return photo(
    'meal',
    [
      thing('person', 186, 123, 129, 206, 0.91),
      thing('bottle', 368, 159, 24, 54, 0.78),
      thing('donut', 349, 275, 25, 18, 0.63),
      thing('person', 370, 94, 125, 222, 0.59),
      thing('bowl', 320, 300, 40, 27, 0.55),
      thing('donut', 353, 292, 40, 22, 0.55),
      thing('donut', 309, 283, 37, 20, 0.52),
    ],
    { width: 500, height: 338 },
  );
}

describe('what people are using', () => {
  it('regression: proposes nothing of a meal people are eating, nor the bottle in a hand (it offered "3 donuts" to the bin)', () => {
    const meal = bottleAndBowls();
    expect(used([...meal.detections!.items])).toEqual(['bottle', 'donut', 'bowl', 'donut', 'donut']);
    const state = session([meal]);
    expect(proposals(state)).toEqual([]);
    expect(offers(state)).toEqual([]);
    expect(busySpots(state)).toEqual([]);
    // Pointed at, the bottle is said to be in use, not made a card.
    const bottle = thingsAt(state, { photoId: 'meal', box: toRelative({ x: 368, y: 159, width: 24, height: 54 }, meal) });
    expect(bottle).toMatchObject({ things: [], inUse: 'bottle' });
    expect(bottle?.one).toBeUndefined();
  });

  it('leaves a meal alone while someone is at its table, and proposes it once nobody is', () => {
    const table = thing('dining table', 100, 300, 800, 250);
    const meal = [thing('bowl', 300, 280, 80, 40), thing('cup', 500, 260, 50, 60), thing('pizza', 600, 290, 120, 40), thing('book', 200, 270, 90, 40)];
    // A person seated at the far end: their box reaches into the table's.
    const diner = thing('person', 820, 150, 150, 350);
    expect(used([table, ...meal, diner])).toEqual(['bowl', 'cup', 'pizza']);
    expect(used([table, ...meal])).toEqual([]);
    // Someone across the room, clear of the table and out of reach: nothing of the meal is theirs.
    expect(used([table, ...meal, thing('person', 950, 0, 50, 200)])).toEqual([]);
  });

  it('leaves food and dishes within reach of someone, but not other things, and nothing out of reach', () => {
    const person = thing('person', 400, 100, 150, 400);
    const near = [thing('cup', 560, 420, 40, 50), thing('banana', 340, 450, 50, 30), thing('remote', 560, 430, 40, 20)];
    const far = [thing('cup', 800, 420, 40, 50), thing('apple', 100, 450, 40, 40)];
    expect(used([person, ...near, ...far])).toEqual(['cup', 'banana']);
  });

  it('leaves what someone holds or a pet lies on, whatever it is', () => {
    const held = [thing('cell phone', 450, 200, 40, 70), thing('book', 420, 300, 80, 60)];
    expect(used([thing('person', 400, 100, 150, 400), ...held])).toEqual(['phone', 'book']);
    expect(used([thing('cat', 100, 400, 200, 120), thing('book', 150, 430, 80, 60)])).toEqual(['book']);
    // Half in a box is held; a thing only touching one is not.
    expect(used([thing('person', 400, 100, 150, 400), thing('book', 530, 300, 80, 60)])).toEqual([]);
  });

  // The property: whatever the detector finds, no card, group or point is about a thing half inside a person's or a
  // pet's box, nor about food or dishes touching a person's box.
  it('never proposes, groups or points at what someone holds, or food and dishes touching them', () => {
    const MEAL = new Set<CocoLabel>(['bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange', 'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake']);
    const clear = (item: DetectedItem, items: readonly DetectedItem[]) => {
      const living = items.filter((other) => isLiving(other.label)).map((other) => other.box);
      const people = items.filter((other) => other.label === 'person').map((other) => other.box);
      const touches = (box: Box) => people.some((person) => intersection(box, person) > 0);
      return living.every((other) => intersection(item.box, other) < 0.5 * area(item.box)) && !(MEAL.has(item.label) && touches(item.box));
    };
    fc.assert(
      fc.property(fc.array(arbitrarySpotPhoto, { minLength: 1, maxLength: 3 }), (drawn) => {
        const photos = drawn.map((each, index): Photo => ({ id: `p${index}`, fileName: `p${index}.jpg`, ...each }));
        const state = session(photos);
        const itemOf = (ref: { photoId: string; itemId: string }) => {
          const items = photos.find((each) => each.id === ref.photoId)!.detections!.items;
          return { item: items.find((each) => each.id === ref.itemId)!, items };
        };
        for (const proposal of proposals(state)) {
          const { item, items } = itemOf(proposal.ref);
          expect(clear(item, items), `${item.label} proposed`).toBe(true);
        }
        for (const offer of offers(state)) {
          for (const ref of offer.refs) {
            const { item, items } = itemOf(ref);
            expect(clear(item, items), `${item.label} offered`).toBe(true);
          }
        }
        for (const each of photos) {
          for (const item of each.detections!.items) {
            const found = thingsAt(state, { photoId: each.id, box: toRelative(item.box, each) });
            for (const pointed of found?.things ?? []) {
              const seen = itemOf(pointed.ref);
              expect(clear(seen.item, seen.items), `${seen.item.label} pointed at`).toBe(true);
            }
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) },
    );
  });
});
