/**
 * Where two photos of one room overlap, from their pixels: people photograph a room as several photos as the phone
 * pans, so photo B often shows part of photo A, a little nearer or farther. Given the two photos' small grey
 * thumbnails, `overlapOf` finds the scale and translation that map B's pixels onto A's, or says there is none (two
 * rooms, two walls). Pure arithmetic on pixels, no model.
 *
 * How: normalised cross-correlation (NCC) over the part both show, coarse to fine. On a pyramid of the thumbnails
 * halved until about COARSE_SIDE px, every scale of a small set and every whole-pixel translation that leaves enough
 * overlap is scored (sums of A and B over a rectangle come from integral images, so only A x B is summed per
 * translation); the best few are then refined level by level (a pixel and a scale step at a time, B sampled
 * bilinearly), and the best at full size is the answer when its NCC is high enough. NCC ignores a change of
 * brightness and contrast between the photos (a phone's exposure changes as it pans).
 */

/** A grey image, one byte a pixel, row by row. */
export interface GreyImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/**
 * B's point (x, y) is at (scale x + dx, scale y + dy) in A, in pixel coordinates whose pixel i spans [i, i + 1)
 * (so a box maps by its corner and size).
 */
export interface Alignment {
  readonly scale: number;
  readonly dx: number;
  readonly dy: number;
  /** The NCC over the overlap, -1 to 1: how alike the two photos are where they overlap. */
  readonly score: number;
  /** The share of B's area that lies inside A. */
  readonly overlap: number;
}

export const OVERLAP = {
  /** A pan moves nearer or farther by this much at most (1.25 is a quarter larger). */
  minScale: 0.8,
  maxScale: 1.25,
  /** Scales tried on the coarsest level, evenly spaced by ratio (about 8% apart). */
  coarseScales: 7,
  /**
   * The least overlap that counts, as a share of the larger photo's area: less is too little to judge by (two
   * different photos find a sliver that matches well).
   */
  minOverlap: 0.2,
  /**
   * The least NCC that is an overlap. Measured by `npm run eval -- --overlap` (docs/detection.md): pans cut from one
   * photo score 0.96 or more (0.87 when the second is tilted 2 degrees), two photos or two walls up to 0.87. A
   * missed overlap costs a second card for a thing; a false one can make two things one, so it is the higher side.
   */
  minScore: 0.9,
  /** Grey levels: an overlap flatter than this (a bare wall, a uniform colour) says nothing about where it is. */
  minDeviation: 3,
} as const;

/** The coarsest level's long side, in pixels: enough detail to find a pan, few enough translations to try them all. */
const COARSE_SIDE = 40;
/** Candidates from the coarse search refined on the finer levels: the true one is nearly always among the first three. */
const CANDIDATES = 3;

interface Plane {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

interface Candidate {
  readonly scale: number;
  readonly dx: number;
  readonly dy: number;
  readonly score: number;
}

/** Where B shows part of A (see `Alignment`), or undefined when it does not, as far as pixels can tell. */
export function overlapOf(a: GreyImage, b: GreyImage): Alignment | undefined {
  const best = bestAlignment(a, b);
  return best && best.score >= OVERLAP.minScore ? best : undefined;
}

/**
 * The alignment of B on A that scores best, however low (the eval reads the scores of photos that do not overlap);
 * undefined only when nothing can be compared (a photo too small, or too flat).
 */
export function bestAlignment(a: GreyImage, b: GreyImage): Alignment | undefined {
  checkImage(a, 'A');
  checkImage(b, 'B');
  const pyramidA = pyramid(plane(a));
  const pyramidB = pyramid(plane(b));
  // Both pyramids go down to the same level, so the coarse search compares like with like.
  const levels = Math.min(pyramidA.length, pyramidB.length);
  const coarse = levels - 1;
  let candidates = coarseSearch(pyramidA[coarse]!, pyramidB[coarse]!);
  const ratio = (OVERLAP.maxScale / OVERLAP.minScale) ** (1 / (OVERLAP.coarseScales - 1));
  for (let level = coarse - 1; level >= 0; level -= 1) {
    const step = ratio ** (1 / 2 ** (coarse - level));
    candidates = candidates
      .map((candidate) => refine(pyramidA[level]!, pyramidB[level]!, { ...candidate, dx: candidate.dx * 2, dy: candidate.dy * 2 }, step))
      .sort((x, y) => y.score - x.score);
    // Past the middle level the order rarely changes: only the best is worth the full-size cost.
    if (level <= 1) candidates = candidates.slice(0, 1);
  }
  const best = candidates[0];
  if (!best || !Number.isFinite(best.score)) return undefined;
  const finest = refine(pyramidA[0]!, pyramidB[0]!, best, ratio ** (1 / 2 ** (coarse + 1)), 0.5);
  if (!Number.isFinite(finest.score)) return undefined;
  return { ...finest, overlap: overlapShare(a, b, finest) };
}

function checkImage(image: GreyImage, name: string): void {
  if (!Number.isInteger(image.width) || !Number.isInteger(image.height) || image.width < 1 || image.height < 1) {
    throw new Error(`Image ${name} has no size (${image.width} x ${image.height}).`);
  }
  if (image.data.length !== image.width * image.height) {
    throw new Error(`Image ${name} is ${image.width} x ${image.height} but holds ${image.data.length} bytes, not one a pixel.`);
  }
}

function plane(image: GreyImage): Plane {
  return { width: image.width, height: image.height, data: Float32Array.from(image.data) };
}

/** The image, then halved (2 x 2 means) until its long side is COARSE_SIDE or less. */
function pyramid(base: Plane): Plane[] {
  const levels = [base];
  for (let top = base; Math.max(top.width, top.height) > COARSE_SIDE && Math.min(top.width, top.height) >= 8; ) {
    top = halve(top);
    levels.push(top);
  }
  return levels;
}

function halve(image: Plane): Plane {
  const width = Math.floor(image.width / 2);
  const height = Math.floor(image.height / 2);
  const data = new Float32Array(width * height);
  const source = image.data;
  for (let y = 0; y < height; y += 1) {
    const row = 2 * y * image.width;
    for (let x = 0; x < width; x += 1) {
      const i = row + 2 * x;
      data[y * width + x] = (source[i]! + source[i + 1]! + source[i + image.width]! + source[i + image.width + 1]!) / 4;
    }
  }
  return { width, height, data };
}

/** B resampled at `scale` (bilinear, at pixel centres): B's point p is at scale p in the result. */
function scaled(image: Plane, scale: number): Plane {
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const sy = (y + 0.5) / scale - 0.5;
    for (let x = 0; x < width; x += 1) data[y * width + x] = sample(image, (x + 0.5) / scale - 0.5, sy);
  }
  return { width, height, data };
}

/** Bilinear sample at pixel-centre coordinates, clamped to the image. */
function sample(image: Plane, x: number, y: number): number {
  const cx = Math.min(Math.max(x, 0), image.width - 1);
  const cy = Math.min(Math.max(y, 0), image.height - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, image.width - 1);
  const y1 = Math.min(y0 + 1, image.height - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const row0 = y0 * image.width;
  const row1 = y1 * image.width;
  const top = image.data[row0 + x0]! + (image.data[row0 + x1]! - image.data[row0 + x0]!) * fx;
  const bottom = image.data[row1 + x0]! + (image.data[row1 + x1]! - image.data[row1 + x0]!) * fx;
  return top + (bottom - top) * fy;
}

/** Sums of values and squares over any rectangle in constant time. */
interface Integral {
  readonly width: number;
  readonly sum: Float64Array;
  readonly squares: Float64Array;
}

function integral(image: Plane): Integral {
  const width = image.width + 1;
  const sum = new Float64Array(width * (image.height + 1));
  const squares = new Float64Array(width * (image.height + 1));
  for (let y = 0; y < image.height; y += 1) {
    let rowSum = 0;
    let rowSquares = 0;
    for (let x = 0; x < image.width; x += 1) {
      const value = image.data[y * image.width + x]!;
      rowSum += value;
      rowSquares += value * value;
      sum[(y + 1) * width + x + 1] = sum[y * width + x + 1]! + rowSum;
      squares[(y + 1) * width + x + 1] = squares[y * width + x + 1]! + rowSquares;
    }
  }
  return { width, sum, squares };
}

function rectangle(table: Float64Array, width: number, x0: number, y0: number, x1: number, y1: number): number {
  return table[y1 * width + x1]! - table[y0 * width + x1]! - table[y1 * width + x0]! + table[y0 * width + x0]!;
}

/** NCC from the sums over n pixels; -Infinity when either side is too flat to say anything. */
function ncc(n: number, sa: number, sb: number, saa: number, sbb: number, sab: number): number {
  const varianceA = saa - (sa * sa) / n;
  const varianceB = sbb - (sb * sb) / n;
  const floor = n * OVERLAP.minDeviation ** 2;
  if (varianceA < floor || varianceB < floor) return -Infinity;
  return (sab - (sa * sb) / n) / Math.sqrt(varianceA * varianceB);
}

/** Every scale, every whole-pixel translation with enough overlap: the best few, told apart from each other. */
function coarseSearch(a: Plane, b: Plane): Candidate[] {
  const integralA = integral(a);
  const found: Candidate[] = [];
  const ratio = (OVERLAP.maxScale / OVERLAP.minScale) ** (1 / (OVERLAP.coarseScales - 1));
  for (let index = 0; index < OVERLAP.coarseScales; index += 1) {
    const scale = OVERLAP.minScale * ratio ** index;
    const bs = scaled(b, scale);
    const integralB = integral(bs);
    const least = OVERLAP.minOverlap * Math.max(a.width * a.height, bs.width * bs.height);
    for (let ty = 1 - bs.height; ty < a.height; ty += 1) {
      const y0 = Math.max(0, ty);
      const y1 = Math.min(a.height, ty + bs.height);
      for (let tx = 1 - bs.width; tx < a.width; tx += 1) {
        const x0 = Math.max(0, tx);
        const x1 = Math.min(a.width, tx + bs.width);
        const n = (x1 - x0) * (y1 - y0);
        if (n < least) continue;
        let sab = 0;
        for (let y = y0; y < y1; y += 1) {
          const rowA = y * a.width;
          const rowB = (y - ty) * bs.width - tx;
          for (let x = x0; x < x1; x += 1) sab += a.data[rowA + x]! * bs.data[rowB + x]!;
        }
        const score = ncc(
          n,
          rectangle(integralA.sum, integralA.width, x0, y0, x1, y1),
          rectangle(integralB.sum, integralB.width, x0 - tx, y0 - ty, x1 - tx, y1 - ty),
          rectangle(integralA.squares, integralA.width, x0, y0, x1, y1),
          rectangle(integralB.squares, integralB.width, x0 - tx, y0 - ty, x1 - tx, y1 - ty),
          sab,
        );
        if (score > -Infinity) keepBest(found, { scale, dx: tx, dy: ty, score });
      }
    }
  }
  return found;
}

/** Keeps the CANDIDATES best, none within two pixels of a better one at a neighbouring scale (the same peak). */
function keepBest(found: Candidate[], candidate: Candidate): void {
  const near = (other: Candidate) =>
    Math.abs(other.dx - candidate.dx) <= 2 && Math.abs(other.dy - candidate.dy) <= 2 && Math.abs(Math.log(other.scale / candidate.scale)) < 0.1;
  const twin = found.findIndex(near);
  if (twin >= 0) {
    if (found[twin]!.score >= candidate.score) return;
    found.splice(twin, 1);
  }
  if (found.length === CANDIDATES && found[CANDIDATES - 1]!.score >= candidate.score) return;
  found.push(candidate);
  found.sort((x, y) => y.score - x.score);
  if (found.length > CANDIDATES) found.pop();
}

/** NCC of B mapped onto A by the candidate's transform, over the part of A it covers (B sampled bilinearly). */
function scoreAt(a: Plane, b: Plane, scale: number, dx: number, dy: number): number {
  // A's pixels whose centres fall inside B's outermost pixel centres.
  const x0 = Math.max(0, Math.ceil(dx + scale * 0.5 - 0.5));
  const x1 = Math.min(a.width, Math.floor(dx + scale * (b.width - 0.5) - 0.5) + 1);
  const y0 = Math.max(0, Math.ceil(dy + scale * 0.5 - 0.5));
  const y1 = Math.min(a.height, Math.floor(dy + scale * (b.height - 0.5) - 0.5) + 1);
  const n = (x1 - x0) * (y1 - y0);
  if (x1 <= x0 || y1 <= y0 || n < OVERLAP.minOverlap * Math.max(a.width * a.height, b.width * b.height * scale * scale)) return -Infinity;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let y = y0; y < y1; y += 1) {
    const by = (y + 0.5 - dy) / scale - 0.5;
    const rowA = y * a.width;
    for (let x = x0; x < x1; x += 1) {
      const va = a.data[rowA + x]!;
      const vb = sample(b, (x + 0.5 - dx) / scale - 0.5, by);
      sa += va;
      sb += vb;
      saa += va * va;
      sbb += vb * vb;
      sab += va * vb;
    }
  }
  return ncc(n, sa, sb, saa, sbb, sab);
}

/** Climbs from the candidate a `shift` of a pixel or a scale `step` at a time while the NCC grows. */
function refine(a: Plane, b: Plane, start: Omit<Candidate, 'score'>, step: number, shift = 1): Candidate {
  let best: Candidate = { ...start, score: scoreAt(a, b, start.scale, start.dx, start.dy) };
  for (let moves = 0; moves < 24; moves += 1) {
    const { scale, dx, dy } = best;
    const around = [
      { scale, dx: dx + shift, dy },
      { scale, dx: dx - shift, dy },
      { scale, dx, dy: dy + shift },
      { scale, dx, dy: dy - shift },
      // Scaled about A's centre, so a scale step does not also slide B across A.
      ...[step, 1 / step].map((factor) => scaledAbout(best, factor, a)),
    ].filter((next) => next.scale >= OVERLAP.minScale / step && next.scale <= OVERLAP.maxScale * step);
    let next = best;
    for (const candidate of around) {
      const score = scoreAt(a, b, candidate.scale, candidate.dx, candidate.dy);
      if (score > next.score) next = { ...candidate, score };
    }
    if (next === best) break;
    best = next;
  }
  return best;
}

/** The transform scaled by `factor` about the centre of A's part that B covers. */
function scaledAbout(transform: Omit<Candidate, 'score'>, factor: number, a: Plane): Omit<Candidate, 'score'> {
  const cx = a.width / 2;
  const cy = a.height / 2;
  return { scale: transform.scale * factor, dx: cx + (transform.dx - cx) * factor, dy: cy + (transform.dy - cy) * factor };
}

/** The share of B's area that lands inside A. */
function overlapShare(a: GreyImage, b: GreyImage, t: Omit<Candidate, 'score'>): number {
  const width = Math.min(a.width, t.dx + t.scale * b.width) - Math.max(0, t.dx);
  const height = Math.min(a.height, t.dy + t.scale * b.height) - Math.max(0, t.dy);
  return width > 0 && height > 0 ? (width * height) / (t.scale * t.scale * b.width * b.height) : 0;
}
