/**
 * Where a thing is in a photo, in words a person can follow without the outline: "on the table, left side",
 * "left of the laptop, bottom right". Plain geometry over detection boxes; no model.
 */
import type { Box, DetectedItem } from '../../shared/detection/schema';
import { classInfo } from '../../shared/detection/classes';
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
 * How the item sits among the others: on a surface whose box holds the item's base ("on the table"), else beside a
 * nearby thing of another kind at the same height ("left of the laptop"), else nothing.
 */
export function relationOf(item: DetectedItem, others: readonly DetectedItem[]): string | undefined {
  // Furniture is the landmark, not what is placed by one.
  if (classInfo(item.label).role === 'fixture') return undefined;
  const baseX = item.box.x + item.box.width / 2;
  const baseY = item.box.y + item.box.height;
  const surfaces = others.filter(
    (other) =>
      other.id !== item.id &&
      classInfo(other.label).surface === true &&
      area(other.box) > 1.5 * area(item.box) &&
      baseX >= other.box.x &&
      baseX <= other.box.x + other.box.width &&
      baseY >= other.box.y &&
      baseY <= other.box.y + other.box.height + item.box.height * 0.1,
  );
  const surface = surfaces.sort((a, b) => area(a.box) - area(b.box))[0];
  if (surface) return `on the ${surface.name}`;
  const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  const here = centre(item.box);
  const neighbours = others
    .filter((other) => other.id !== item.id && other.name !== item.name && classInfo(other.label).role !== 'ignore')
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
  const relation = relationOf(item, photo.items);
  const side = sideOf(item.box, photo);
  return relation ? `${relation}, ${side}` : side;
}
