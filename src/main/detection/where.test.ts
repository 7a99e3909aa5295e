import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classInfo } from '../../shared/detection/classes';
import type { Box, CocoLabel, DetectedItem } from '../../shared/detection/schema';
import { messyBedroom } from '../../../test-support/detections';
import { onTheFloor, relationOf, whereOf } from './where';

const item = (id: string, label: CocoLabel, box: Box): DetectedItem => ({ id, label, name: classInfo(label).name, score: 0.7, box });

describe('where a thing stands, from its base', () => {
  const room = messyBedroom();
  const { items } = room.detections;
  const named = (label: CocoLabel) => items.filter((one) => one.label === label);

  it('regression (issue 35): books on a shelf above a bed buried in clothes read "on the bed"; their bottoms are above it, not on it', () => {
    for (const book of named('book')) {
      expect(relationOf(book, items, room)).not.toBe('on the bed');
      expect(whereOf(book, { ...room, items })).not.toMatch(/bed/);
    }
  });

  it('says "on the table" for what stands on the desk, and "on the floor" for the bottle in front of the bed', () => {
    expect(whereOf(named('cup')[0]!, { ...room, items })).toBe('on the table, right side');
    expect(whereOf(named('bottle')[0]!, { ...room, items })).toBe('on the floor, bottom');
  });

  it('says "the floor" only where a bed, a sofa or a chair shows it: not in a photo of a table close up, not under or on furniture', () => {
    const photo = { width: 1000, height: 600 };
    const bowl = item('2', 'bowl', { x: 400, y: 500, width: 80, height: 60 });
    // No furniture standing on the floor: the bottom of the photo may as well be a table the detector missed.
    expect(onTheFloor(bowl.box, { ...photo, items: [bowl] })).toBe(false);
    expect(onTheFloor(bowl.box, { ...photo, items: [bowl, item('1', 'dining table', { x: 0, y: 100, width: 1000, height: 300 })] })).toBe(false);
    // A sofa's feet higher up the photo than the bowl's base: the floor reaches down there.
    const sofa = item('1', 'couch', { x: 0, y: 150, width: 600, height: 250 });
    expect(onTheFloor(bowl.box, { ...photo, items: [bowl, sofa] })).toBe(true);
    // Standing on the sofa's seat, or at its foot inside its box, is not the floor.
    expect(onTheFloor({ x: 100, y: 250, width: 50, height: 80 }, { ...photo, items: [sofa] })).toBe(false);
    expect(onTheFloor({ x: 100, y: 330, width: 50, height: 60 }, { ...photo, items: [sofa] })).toBe(false);
  });

  it('for any bed and any thing whose lowest sixth is above the bed’s box, never says "on the bed"; and the floor is never in the upper part of a photo nor on furniture', () => {
    const box = fc.record({ x: fc.integer({ min: 0, max: 900 }), y: fc.integer({ min: 0, max: 700 }), width: fc.integer({ min: 5, max: 400 }), height: fc.integer({ min: 5, max: 400 }) });
    fc.assert(
      fc.property(box, box, box, (bedBox, thingBox, sofaBox) => {
        const photo = { width: 1400, height: 1200 };
        const bed = item('1', 'bed', bedBox);
        const sofa = item('2', 'couch', sofaBox);
        const thing = item('3', 'backpack', thingBox);
        const others = [bed, sofa, thing];
        const relation = relationOf(thing, others, photo);
        const bottom = thingBox.y + thingBox.height;
        if (bottom - 0.15 * thingBox.height < bedBox.y) expect(relation).not.toBe('on the bed');
        if (relation === 'on the floor') {
          expect(bottom).toBeGreaterThanOrEqual(0.6 * photo.height);
          const baseX = thingBox.x + thingBox.width / 2;
          for (const furniture of [bedBox, sofaBox]) {
            const inside = baseX >= furniture.x && baseX <= furniture.x + furniture.width && bottom >= furniture.y && bottom <= furniture.y + furniture.height;
            expect(inside).toBe(false);
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 500) },
    );
  });
});
