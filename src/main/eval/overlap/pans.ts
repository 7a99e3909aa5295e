/**
 * The overlap eval's photos: windows cut from one real photo as a phone pans across a room, so where two of them
 * overlap is known exactly from the geometry. Each window becomes a photo of its own (as the app stores one: at
 * most 1024 px, JPEG), and the eval judges the app's alignment and twins against this truth. Pure geometry here;
 * cutting is in `run.ts`.
 */

/** A window of the source photo, in its pixels, and how it is turned into a photo. */
export interface Window {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** The stored photo's size: the window resized (the same shrink both ways, to a pixel). */
  readonly out: { readonly width: number; readonly height: number };
  /** Brightness factor: a phone's exposure changes as it pans (1 when absent). */
  readonly gain?: number;
  /** Degrees clockwise about the window's centre: a phone is not held level (0 when absent). */
  readonly tilt?: number;
}

export type PairKind = 'pan' | 'apart';

/** Two windows of one source, the second taken after the first. */
export interface Pair {
  /** What the pan is, for reading the report ("pan right 50%"). */
  readonly name: string;
  readonly kind: PairKind;
  readonly a: Window;
  readonly b: Window;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The stored photos' long side at most, as the app's model copies. */
export const STORED_LONG_SIDE = 1024;

const PAN_OVERLAPS = [0.7, 0.5, 0.3] as const;
/** The second photo taken this much nearer (its window smaller, stored at the first one's size). */
const NEARER = 1.15;
const DARKER = 0.8;
const TILT_DEGREES = 2;

function window(left: number, top: number, width: number, height: number, extra: Partial<Pick<Window, 'gain' | 'tilt' | 'out'>> = {}): Window {
  const shrink = Math.min(1, STORED_LONG_SIDE / Math.max(width, height));
  const out = extra.out ?? { width: Math.round(width * shrink), height: Math.round(height * shrink) };
  return { left: Math.round(left), top: Math.round(top), width: Math.round(width), height: Math.round(height), ...extra, out };
}

/**
 * The pairs cut from a source of this size: pans right at 70%, 50% and 30% overlap, a pan down at 50%, a step nearer
 * and one back, a darker second photo, a tilted one, and two windows that do not overlap at all (another part of the
 * wall: a negative from the same room, lit the same).
 */
export function pansOf(size: { readonly width: number; readonly height: number }): Pair[] {
  const { width: W, height: H } = size;
  // A phone photo is 4:3 across a landscape source, 3:4 down a portrait one.
  const tall = H > W ? 4 / 3 : 3 / 4;
  const across = (overlap: number) => {
    const width = W / (2 - overlap);
    const height = Math.min(H, width * tall);
    return { width, height, top: (H - height) / 2, step: width * (1 - overlap) };
  };
  const pairs: Pair[] = PAN_OVERLAPS.map((overlap) => {
    const { width, height, top, step } = across(overlap);
    return { name: `pan right ${overlap * 100}%`, kind: 'pan', a: window(0, top, width, height), b: window(step, top, width, height) };
  });
  {
    const height = H / 1.5;
    const width = Math.min(W, height / tall);
    const left = (W - width) / 2;
    pairs.push({ name: 'pan down 50%', kind: 'pan', a: window(left, 0, width, height), b: window(left, height / 2, width, height) });
  }
  const half = across(0.5);
  const a = window(0, half.top, half.width, half.height);
  const nearer = window(half.step, half.top + (half.height - half.height / NEARER) / 2, half.width / NEARER, half.height / NEARER, { out: a.out });
  pairs.push({ name: `pan right 50%, ${Math.round((NEARER - 1) * 100)}% nearer`, kind: 'pan', a, b: nearer });
  // The same two photos the other way round: the second one farther.
  pairs.push({ name: `pan left 50%, ${Math.round((NEARER - 1) * 100)}% farther`, kind: 'pan', a: nearer, b: a });
  pairs.push({ name: `pan right 50%, darker`, kind: 'pan', a, b: window(half.step, half.top, half.width, half.height, { gain: DARKER }) });
  pairs.push({ name: `pan right 50%, tilted ${TILT_DEGREES} degrees`, kind: 'pan', a, b: window(half.step, half.top, half.width, half.height, { tilt: TILT_DEGREES }) });
  {
    const width = W * 0.45;
    const height = Math.min(H, width * tall);
    const top = (H - height) / 2;
    pairs.push({ name: 'apart (no overlap)', kind: 'apart', a: window(0, top, width, height), b: window(W - width, top, width, height) });
  }
  return pairs;
}

/** A point of the window's stored photo in the source's pixels (pixel i spans [i, i + 1)). */
export function toSource(window: Window, point: Point): Point {
  const local = { x: (point.x * window.width) / window.out.width, y: (point.y * window.height) / window.out.height };
  const tilt = ((window.tilt ?? 0) * Math.PI) / 180;
  if (tilt === 0) return { x: window.left + local.x, y: window.top + local.y };
  // The window was cut from the source turned clockwise by `tilt` about the window's centre: turn back.
  const cx = window.width / 2;
  const cy = window.height / 2;
  const dx = local.x - cx;
  const dy = local.y - cy;
  return { x: window.left + cx + dx * Math.cos(tilt) + dy * Math.sin(tilt), y: window.top + cy - dx * Math.sin(tilt) + dy * Math.cos(tilt) };
}

/** A point of the source in the window's stored photo (the inverse of `toSource`). */
export function fromSource(window: Window, point: Point): Point {
  const tilt = ((window.tilt ?? 0) * Math.PI) / 180;
  const cx = window.width / 2;
  const cy = window.height / 2;
  const dx = point.x - window.left - cx;
  const dy = point.y - window.top - cy;
  const local = { x: cx + dx * Math.cos(tilt) - dy * Math.sin(tilt), y: cy + dx * Math.sin(tilt) + dy * Math.cos(tilt) };
  return { x: (local.x * window.out.width) / window.width, y: (local.y * window.out.height) / window.height };
}

/**
 * The true overlap of B on A as the app states one (B's point p is at scale p + d in A): exact for windows that are
 * not tilted; for a tilted one, the scale and translation that put B's centre and size right (the tilt is what the
 * app's alignment cannot state).
 */
export function trueOverlap(pair: Pair): { readonly scale: number; readonly dx: number; readonly dy: number } {
  const centre = { x: pair.b.out.width / 2, y: pair.b.out.height / 2 };
  const at = fromSource(pair.a, toSource(pair.b, centre));
  const scale = (pair.b.width / pair.b.out.width / (pair.a.width / pair.a.out.width) + pair.b.height / pair.b.out.height / (pair.a.height / pair.a.out.height)) / 2;
  return { scale, dx: at.x - scale * centre.x, dy: at.y - scale * centre.y };
}

/**
 * How far an alignment is from the true overlap (`trueOverlap`): the largest distance, over B's four corners, between
 * where each puts them in A, as a share of A's long side. For a tilted pair that is against the best a scale and a
 * translation can do, as the tilt itself is not the app's to state.
 */
export function alignmentError(pair: Pair, alignment: { readonly scale: number; readonly dx: number; readonly dy: number }): number {
  const truth = trueOverlap(pair);
  const corners = [0, pair.b.out.width].flatMap((x) => [0, pair.b.out.height].map((y) => ({ x, y })));
  const worst = Math.max(
    ...corners.map(({ x, y }) => Math.hypot((alignment.scale - truth.scale) * x + alignment.dx - truth.dx, (alignment.scale - truth.scale) * y + alignment.dy - truth.dy)),
  );
  return worst / Math.max(pair.a.out.width, pair.a.out.height);
}
