/**
 * The geometry of pointing, shared by the page (a click, a drag, the keyboard's box) and main (what the box holds):
 * boxes as shares of the photo (`RelativeBox`), boxes in photo pixels (`Box`), and how much two boxes overlap.
 */
import type { Box } from '../detection/schema';
import { MIN_SIDE, type RelativeBox } from './schema';

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A spot on a photo, as shares of its width and height. */
export interface RelativeSpot {
  readonly x: number;
  readonly y: number;
}

/** Any rectangle: a relative box, a pixel box. */
interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A click's box, as a share of the photo's shorter side: about a mug's size in a photo of a desk. */
export const CLICK_SIDE = 0.12;
/** How far one arrow key moves the keyboard's box, and how much Shift and an arrow grow or shrink it. */
export const KEY_STEP = 0.04;

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** The box made valid: each side between the smallest allowed and the whole photo, the box moved inside the photo. */
export function clampBox(box: Rect): RelativeBox {
  const width = clamp(Number.isFinite(box.width) ? box.width : MIN_SIDE, MIN_SIDE, 1);
  const height = clamp(Number.isFinite(box.height) ? box.height : MIN_SIDE, MIN_SIDE, 1);
  return {
    x: clamp(Number.isFinite(box.x) ? box.x : 0, 0, 1 - width),
    y: clamp(Number.isFinite(box.y) ? box.y : 0, 0, 1 - height),
    width,
    height,
  };
}

/** The spot clamped into the photo. */
export function clampSpot(spot: RelativeSpot): RelativeSpot {
  return { x: clamp(spot.x, 0, 1), y: clamp(spot.y, 0, 1) };
}

/**
 * A click's box: a square on the photo (`side` of its shorter side) centred on the spot, kept inside the photo, so a
 * click near an edge still points at what is there.
 */
export function boxAround(spot: RelativeSpot, photo: Size, side = CLICK_SIDE): RelativeBox {
  const pixels = Math.min(photo.width, photo.height) * side;
  const width = pixels / photo.width;
  const height = pixels / photo.height;
  const at = clampSpot(spot);
  return clampBox({ x: at.x - width / 2, y: at.y - height / 2, width, height });
}

/** A dragged box, from where the drag began to where it is now, whichever way it went. */
export function boxBetween(from: RelativeSpot, to: RelativeSpot): RelativeBox {
  const a = clampSpot(from);
  const b = clampSpot(to);
  return clampBox({ x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) });
}

/** The box moved by (dx, dy), stopping at the photo's edges. */
export function moveBox(box: RelativeBox, dx: number, dy: number): RelativeBox {
  return clampBox({ ...box, x: box.x + dx, y: box.y + dy });
}

/** The box grown (or shrunk, with negative amounts) about its centre, never below the smallest side or past the photo. */
export function resizeBox(box: RelativeBox, dw: number, dh: number): RelativeBox {
  const width = clamp(box.width + dw, MIN_SIDE, 1);
  const height = clamp(box.height + dh, MIN_SIDE, 1);
  return clampBox({ x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height });
}

/** Floating-point slack when a share becomes pixels: 413/600 of 600 px is 413 px, not 414. */
const PIXEL_SLACK = 1e-6;

/**
 * A relative box in the photo's pixels: the whole pixels it touches, at least one each way, inside the photo. A box
 * made from a pixel box (a detection clicked on) comes back as that very box.
 */
export function toPixels(box: RelativeBox, photo: Size): Box {
  const x = clamp(Math.floor(box.x * photo.width + PIXEL_SLACK), 0, photo.width - 1);
  const y = clamp(Math.floor(box.y * photo.height + PIXEL_SLACK), 0, photo.height - 1);
  const right = clamp(Math.ceil((box.x + box.width) * photo.width - PIXEL_SLACK), x + 1, photo.width);
  const bottom = clamp(Math.ceil((box.y + box.height) * photo.height - PIXEL_SLACK), y + 1, photo.height);
  return { x, y, width: right - x, height: bottom - y };
}

/** A box in the photo's pixels as shares of the photo. */
export function toRelative(box: Box, photo: Size): RelativeBox {
  return clampBox({ x: box.x / photo.width, y: box.y / photo.height, width: box.width / photo.width, height: box.height / photo.height });
}

export function area(box: Rect): number {
  return Math.max(0, box.width) * Math.max(0, box.height);
}

/** The area two boxes share. */
export function intersection(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** Intersection over union: 1 for the same box, 0 for boxes that do not touch. */
export function iou(a: Rect, b: Rect): number {
  const shared = intersection(a, b);
  const union = area(a) + area(b) - shared;
  return union > 0 ? shared / union : 0;
}

/**
 * How a pointed box and a thing's box overlap: `inside`, the share of the thing within the box (a box dragged around
 * it); `on`, the share of the box the thing fills (a click on it); and their IoU.
 */
export function overlapOf(pointed: Rect, thing: Rect): { readonly iou: number; readonly inside: number; readonly on: number } {
  const shared = intersection(pointed, thing);
  return { iou: iou(pointed, thing), inside: area(thing) > 0 ? shared / area(thing) : 0, on: area(pointed) > 0 ? shared / area(pointed) : 0 };
}

/** Whether a pointed box means the thing: most of the thing is in the box, or most of the box is on the thing. */
export function pointsAt(pointed: Rect, thing: Rect): boolean {
  const { inside, on } = overlapOf(pointed, thing);
  return inside >= 0.5 || on >= 0.5;
}

/** The smallest of `boxes` (in pixels) that holds the spot, or undefined: what a click on the photo lands on. */
export function boxUnder<T extends { readonly box: Box }>(spot: RelativeSpot, photo: Size, things: readonly T[]): T | undefined {
  const x = spot.x * photo.width;
  const y = spot.y * photo.height;
  return things
    .filter(({ box }) => x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height)
    .sort((a, b) => area(a.box) - area(b.box))[0];
}
