/**
 * Where a box in photo pixels lands in the GUI: on a thumbnail that crops the photo to fill its frame
 * (`object-fit: cover`), and in a close-up cut around the box. Percentages, so the drawing scales with the window.
 */
import type { Box } from '../../../shared/detection/schema';

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** A rectangle as shares of its container, in percent. */
export interface PercentRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

function percentOf(rect: { x: number; y: number; width: number; height: number }, frame: Size): PercentRect {
  const left = clamp(rect.x, 0, frame.width);
  const top = clamp(rect.y, 0, frame.height);
  const right = clamp(rect.x + rect.width, 0, frame.width);
  const bottom = clamp(rect.y + rect.height, 0, frame.height);
  return {
    left: (left / frame.width) * 100,
    top: (top / frame.height) * 100,
    width: ((right - left) / frame.width) * 100,
    height: ((bottom - top) / frame.height) * 100,
  };
}

/** The box on a frame the photo covers (scaled to fill it, centred, the overflow cut off); undefined when cut off. */
export function coverRect(box: Box, photo: Size, frame: Size): PercentRect | undefined {
  const scale = Math.max(frame.width / photo.width, frame.height / photo.height);
  const offsetX = (frame.width - photo.width * scale) / 2;
  const offsetY = (frame.height - photo.height * scale) / 2;
  const rect = percentOf({ x: box.x * scale + offsetX, y: box.y * scale + offsetY, width: box.width * scale, height: box.height * scale }, frame);
  return rect.width > 0 && rect.height > 0 ? rect : undefined;
}

/** The box on the whole photo. */
export function photoRect(box: Box, photo: Size): PercentRect {
  return percentOf(box, photo);
}

/**
 * A square close-up around the box: its longer side with `margin` of it on each side (at least a fifth of the photo's
 * shorter side, so a tiny thing still shows what is around it), kept inside the photo. Returns the cut, how to place
 * the whole photo so the cut fills a square frame, and where the box is in the cut.
 */
export function closeUp(box: Box, photo: Size, margin = 0.6): { cut: Box; image: PercentRect; outline: PercentRect } {
  const shorter = Math.min(photo.width, photo.height);
  const side = Math.min(shorter, Math.max(Math.max(box.width, box.height) * (1 + 2 * margin), shorter / 5));
  const x = clamp(box.x + box.width / 2 - side / 2, 0, photo.width - side);
  const y = clamp(box.y + box.height / 2 - side / 2, 0, photo.height - side);
  const cut = { x: Math.round(x), y: Math.round(y), width: Math.round(side), height: Math.round(side) };
  return {
    cut,
    image: { left: (-cut.x / cut.width) * 100, top: (-cut.y / cut.height) * 100, width: (photo.width / cut.width) * 100, height: (photo.height / cut.height) * 100 },
    outline: percentOf({ x: box.x - cut.x, y: box.y - cut.y, width: box.width, height: box.height }, cut),
  };
}

export function percentStyle(rect: PercentRect): { left: string; top: string; width: string; height: string } {
  return { left: `${rect.left}%`, top: `${rect.top}%`, width: `${rect.width}%`, height: `${rect.height}%` };
}
