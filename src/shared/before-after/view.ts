/**
 * Whether two photos show the same view: their views (schema.ts) compared as pictures of light and dark. The
 * correlation of the grey levels ignores a brighter or darker exposure, and trying the two a cell apart each way
 * allows for a photo taken a step to the side. Things moved in between change it less than a different view does.
 */
import { VIEW_SIDE, type View } from './schema';

/**
 * At or above this the two photos show the same view. Measured on the detector's five fixture photos through the
 * import (src/main/photos/view.test.ts): the same view after painting over parts, moving the frame by up to 5% and
 * changing the exposure by a quarter scored 0.77 to 1.00; different photos -0.22 to 0.40; the left and right
 * three-fifths of one photo (two views of one room) 0.20 to 0.50. Five photos are few: a real room's before and after
 * may differ more (a floor cleared), which is why the words say what was compared.
 */
export const SAME_VIEW = 0.6;

/** How alike two views are, from -1 to 1 (1: the same picture, give or take light and a small step aside). */
export function viewSimilarity(a: View, b: View): number {
  const one = levels(a);
  const other = levels(b);
  let best = -1;
  for (let dy = -1; dy <= 1; dy += 1) {
    for (let dx = -1; dx <= 1; dx += 1) best = Math.max(best, correlation(one, other, dx, dy));
  }
  return best;
}

function levels(view: View): Uint8Array {
  const text = atob(view);
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** Pearson's correlation of the cells the two share when `b` is shifted by (dx, dy); 0 when either is flat. */
function correlation(a: Uint8Array, b: Uint8Array, dx: number, dy: number): number {
  let n = 0;
  let sumA = 0;
  let sumB = 0;
  let sumAB = 0;
  let sumAA = 0;
  let sumBB = 0;
  for (let y = Math.max(0, -dy); y < Math.min(VIEW_SIDE, VIEW_SIDE - dy); y += 1) {
    for (let x = Math.max(0, -dx); x < Math.min(VIEW_SIDE, VIEW_SIDE - dx); x += 1) {
      const p = a[y * VIEW_SIDE + x]!;
      const q = b[(y + dy) * VIEW_SIDE + x + dx]!;
      n += 1;
      sumA += p;
      sumB += q;
      sumAB += p * q;
      sumAA += p * p;
      sumBB += q * q;
    }
  }
  const covariance = sumAB - (sumA * sumB) / n;
  const spread = Math.sqrt((sumAA - (sumA * sumA) / n) * (sumBB - (sumB * sumB) / n));
  return spread > 0 ? covariance / spread : 0;
}
