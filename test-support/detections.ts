/** Random detections for property tests: what the detector could give for a photo, people and pets included. */
import fc from 'fast-check';
import { classInfo, isLiving } from '../src/shared/detection/classes';
import { COCO_LABELS, type Box, type DetectedItem } from '../src/shared/detection/schema';

const LIVING = COCO_LABELS.filter((label) => isLiving(label));
/** Mostly things of everyday size, now and then one as big as the photo (furniture, a person close up). */
const side = (length: number) => fc.oneof({ arbitrary: fc.integer({ min: 10, max: Math.round(length / 4) }), weight: 4 }, { arbitrary: fc.integer({ min: 10, max: length }), weight: 1 });
const box = (photo: { width: number; height: number }) =>
  fc
    .record({ x: fc.integer({ min: 0, max: photo.width - 10 }), y: fc.integer({ min: 0, max: photo.height - 10 }), width: side(photo.width), height: side(photo.height) })
    .map((b): Box => ({ ...b, width: Math.min(b.width, photo.width - b.x), height: Math.min(b.height, photo.height - b.y) }));

/** Random detections as the detector gives them, people and pets included (often), with busy parts anywhere. */
export const arbitrarySpotPhoto = fc.record({ width: fc.integer({ min: 200, max: 1600 }), height: fc.integer({ min: 200, max: 1600 }) }).chain((size) =>
  fc.record({
    width: fc.constant(size.width),
    height: fc.constant(size.height),
    detections: fc.record({
      items: fc
        .array(fc.record({ label: fc.oneof(fc.constantFrom(...LIVING), fc.constantFrom(...COCO_LABELS)), box: box(size), score: fc.double({ min: 0.25, max: 1, noNaN: true }) }), { maxLength: 24 })
        .map((items) => items.map((item, index): DetectedItem => ({ id: String(index + 1), name: classInfo(item.label).name || item.label, ...item }))),
      busy: fc.array(fc.record({ box: box(size), busyness: fc.double({ min: 1.15, max: 3, noNaN: true }) }), { maxLength: 9 }),
    }),
  }),
);
