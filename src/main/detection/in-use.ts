/**
 * What people in a photo are using, which the coach never proposes to move: a thing someone holds (or a pet lies on),
 * and a meal while people are at it. Pure geometry over one photo's detections, like spots.ts, whose busy spots leave
 * held things out by the same share.
 */
import { classInfo, isLiving } from '../../shared/detection/classes';
import type { Box, CocoLabel, DetectedItem } from '../../shared/detection/schema';
import { area, intersection } from './postprocess';
import { standsOn } from './where';

/** A thing this much inside a person's or an animal's box is held, worn or sat on. */
const HELD = 0.5;

/** Whether a thing's box is held, worn or sat on: mostly inside a person's or an animal's box. */
export function isHeld(box: Box, living: readonly Box[]): boolean {
  return living.some((other) => intersection(box, other) >= HELD * area(box));
}
/**
 * Within reach of someone: a gap to their box under this share of its longer side. Wide on purpose: a bowl at a
 * seated person's feet is theirs, and a meal left alone costs nothing while a meal taken away is a real mistake.
 */
const REACH = 0.15;
/** What people eat and drink from, and the food itself: left alone while someone is at it. */
const MEAL: ReadonlySet<CocoLabel> = new Set<CocoLabel>([
  'bottle',
  'wine glass',
  'cup',
  'fork',
  'knife',
  'spoon',
  'bowl',
  'banana',
  'apple',
  'sandwich',
  'orange',
  'broccoli',
  'carrot',
  'hot dog',
  'pizza',
  'donut',
  'cake',
]);

/** The ids of a photo's detected things that people are using there. */
export function inUseIds(items: readonly DetectedItem[]): ReadonlySet<string> {
  const living = items.filter((item) => isLiving(item.label)).map((item) => item.box);
  const people = items.filter((item) => item.label === 'person').map((item) => item.box);
  // A table (a sofa, a bed) someone's box reaches is one they are at.
  const occupied = items.filter((item) => classInfo(item.label).surface && people.some((person) => intersection(person, item.box) > 0));
  const used = items.filter(
    (item) =>
      !isLiving(item.label) &&
      (isHeld(item.box, living) ||
        (MEAL.has(item.label) && (people.some((person) => withinReach(item.box, person)) || occupied.some((surface) => standsOn(item.box, surface))))),
  );
  return new Set(used.map((item) => item.id));
}

function withinReach(box: Box, person: Box): boolean {
  const dx = Math.max(0, person.x - (box.x + box.width), box.x - (person.x + person.width));
  const dy = Math.max(0, person.y - (box.y + box.height), box.y - (person.y + person.height));
  return Math.hypot(dx, dy) <= REACH * Math.max(person.width, person.height);
}
