/**
 * Where a thing is in a photo, in words a person can follow without the outline: "on the table, left side",
 * "left of the laptop, bottom right". Plain geometry over detection boxes; no model.
 */
import type { Box, CocoLabel, DetectedItem } from '../../shared/detection/schema';
import { classInfo, isLiving } from '../../shared/detection/classes';
import { area, type Size } from './postprocess';

type Column = 'left' | 'middle' | 'right';
type Row = 'top' | 'middle' | 'bottom';

function place(box: Box, photo: Size): { column: Column; row: Row } {
  const cx = (box.x + box.width / 2) / photo.width;
  const cy = (box.y + box.height / 2) / photo.height;
  return {
    column: cx < 1 / 3 ? 'left' : cx > 2 / 3 ? 'right' : 'middle',
    row: cy < 1 / 3 ? 'top' : cy > 2 / 3 ? 'bottom' : 'middle',
  };
}

/** The part of the photo, short: "left side", "top right", "bottom", "middle". */
export function sideOf(box: Box, photo: Size): string {
  const { column, row } = place(box, photo);
  if (row === 'middle') return column === 'middle' ? 'middle' : `${column} side`;
  return column === 'middle' ? row : `${row} ${column}`;
}

/** The part of the photo as a phrase: "on the left", "at the top right", "in the middle". */
export function areaPhrase(box: Box, photo: Size): string {
  const { column, row } = place(box, photo);
  if (row === 'middle') return column === 'middle' ? 'in the middle' : `on the ${column}`;
  return column === 'middle' ? `at the ${row}` : `at the ${row} ${column}`;
}

/**
 * A thing stands on a surface when its base is on the surface's box: its lowest sixth or so inside the box (a box that
 * only reaches over the top edge, books on a shelf above a bed, stands above it; a cup at a table's far edge, its foot
 * a fifth of its height into the table's box, stands on it) and, on a bed, a sofa, a chair or a
 * bench, its base in the box's upper part: their boxes run down their front to the floor, so a base in the lowest part
 * is at their foot. A table's box is its top when seen from above (a desk, a cup of coffee close up), so anywhere in
 * it, or just below it (boxes are loose), is on it.
 */
const BASE_BAND = 0.15;
export const SURFACE_UPPER = 0.85;
const TABLE_SLACK = 0.1;
/** Only the lower part of the photo can be the floor, and only this share of its height below some furniture's feet. */
const FLOOR_FROM = 0.6;
const BELOW_FEET = 0.05;
/**
 * Furniture standing on the floor, whose feet show how high up the photo the floor reaches. Not tables: a table's box
 * is often a close-up of its top (a cup of coffee), which shows no floor.
 */
const FLOOR_STANDING: ReadonlySet<CocoLabel> = new Set(['bed', 'couch', 'chair', 'bench', 'refrigerator', 'toilet', 'oven']);

/** Whether a thing's box stands on a surface (as a person would say "on the bed"). */
export function standsOn(box: Box, surface: Pick<DetectedItem, 'label' | 'box'>): boolean {
  const s = surface.box;
  const baseX = box.x + box.width / 2;
  const baseY = box.y + box.height;
  const lowest = surface.label === 'dining table' ? s.y + s.height + TABLE_SLACK * box.height : s.y + SURFACE_UPPER * s.height;
  return baseX >= s.x && baseX <= s.x + s.width && baseY - BASE_BAND * box.height >= s.y && baseY <= lowest;
}

/**
 * Whether a box stands on the floor, told from the photo alone, on the safe side: its base is in the lower part of
 * the photo, on no furniture, person or pet, and clearly lower in the photo than the feet of some furniture that
 * stands on the floor (a bed, a sofa, a chair...). A photo with no such furniture shows no floor.
 */
export function onTheFloor(box: Box, photo: Size & { readonly items: readonly DetectedItem[] }): boolean {
  const baseX = box.x + box.width / 2;
  const baseY = box.y + box.height;
  if (baseY < FLOOR_FROM * photo.height) return false;
  const under = photo.items.filter((other) => classInfo(other.label).role === 'fixture' || isLiving(other.label));
  const holds = (other: Box) => baseX >= other.x && baseX <= other.x + other.width && baseY >= other.y && baseY <= other.y + other.height;
  if (under.some((other) => holds(other.box))) return false;
  return under.some((other) => FLOOR_STANDING.has(other.label) && other.box.y + other.box.height + BELOW_FEET * photo.height <= baseY);
}

/** The smallest surface (a table, a bed, a sofa, a chair, a bench) the item stands on, if any. */
export function surfaceUnder(item: DetectedItem, others: readonly DetectedItem[]): DetectedItem | undefined {
  return others
    .filter((other) => other.id !== item.id && classInfo(other.label).surface === true && area(other.box) > 1.5 * area(item.box) && standsOn(item.box, other))
    .sort((a, b) => area(a.box) - area(b.box))[0];
}

/**
 * What the item stands on, from where its base is, not from what its box overlaps: a surface ("on the table", "on the
 * bed") or, with the photo's size (which says where the floor can be), the floor.
 */
export function groundOf(item: DetectedItem, others: readonly DetectedItem[], photo?: Size): string | undefined {
  if (classInfo(item.label).role === 'fixture') return undefined;
  const surface = surfaceUnder(item, others);
  if (surface) return `on the ${surface.name}`;
  return photo && onTheFloor(item.box, { ...photo, items: others }) ? 'on the floor' : undefined;
}

/**
 * How the item sits among the others: what it stands on (`groundOf`), else beside a nearby thing of another kind at
 * the same height ("left of the laptop"), else nothing.
 */
export function relationOf(item: DetectedItem, others: readonly DetectedItem[], photo?: Size): string | undefined {
  // Furniture is the landmark, not what is placed by one.
  if (classInfo(item.label).role === 'fixture') return undefined;
  const ground = groundOf(item, others, photo);
  if (ground) return ground;
  const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  const here = centre(item.box);
  const neighbours = others
    .filter((other) => other.id !== item.id && other.name !== item.name && classInfo(other.label).role !== 'ignore')
    // Beside it, not behind or under it: a book above a bed is not "left of the bed".
    .filter((other) => here.x <= other.box.x || here.x >= other.box.x + other.box.width)
    .filter((other) => {
      const overlap = Math.min(item.box.y + item.box.height, other.box.y + other.box.height) - Math.max(item.box.y, other.box.y);
      const gap = Math.max(other.box.x - (item.box.x + item.box.width), item.box.x - (other.box.x + other.box.width));
      return overlap > 0 && gap < Math.max(item.box.width, other.box.width);
    })
    .sort((a, b) => Math.abs(centre(a.box).x - here.x) - Math.abs(centre(b.box).x - here.x));
  const neighbour = neighbours[0];
  if (!neighbour) return undefined;
  return `${centre(neighbour.box).x > here.x ? 'left' : 'right'} of the ${neighbour.name}`;
}

/** Where the item is, for a card or a prompt: "on the table, left side" or just "bottom right". */
export function whereOf(item: DetectedItem, photo: Size & { readonly items: readonly DetectedItem[] }): string {
  const relation = relationOf(item, photo.items, photo);
  const side = sideOf(item.box, photo);
  return relation ? `${relation}, ${side}` : side;
}
