/**
 * The overlap eval's run: cuts each source photo's pans (`pans.ts`) into photos of their own, as the app stores them,
 * runs the app's detector on each, and aligns every pair with the app's `overlapOf` at several thumbnail sizes (the
 * app's and others, to show why it is that one), timing each. Pairs from two different photos are the negatives
 * beside the windows that do not overlap.
 */
import path from 'node:path';
import sharp from 'sharp';
import { Detector } from '../../detection/detector';
import { bestAlignment, OVERLAP, type GreyImage } from '../../detection/overlap';
import { greyThumbnail, photoOverlap, THUMBNAIL_SIDE } from '../../detection/overlap-finder';
import type { DetectorRuntime } from '../../detection/runtime';
import { alignmentError, pansOf, trueOverlap, type Pair, type Window } from './pans';
import type { SeenPair, WindowPhoto } from './score';

const DETECTION_DIR = path.join(import.meta.dirname, '../detection');

/**
 * The photos cut into pans: every photo of the rooms set, and the room-like photos of the detection set (rooms,
 * tables, desks, shelves: what people photograph to tidy).
 */
export const SOURCES: readonly string[] = [
  'rooms/dining-table-christmas.jpg',
  'rooms/kids-room-toy-cars-on-rug.jpg',
  'rooms/office-desks-red-light.jpg',
  'rooms/living-room-family.jpg',
  'rooms/living-room-panorama.jpg',
  'rooms/hallway-empty.jpg',
  'rooms/rec-room-pool-table.jpg',
  'photos/kitchen.jpg',
  'photos/breakfast-table.jpg',
  'photos/plant-on-shelf.jpg',
  'photos/living-room-sofa.jpg',
  'photos/books-on-floor.jpg',
  'photos/webcams.jpg',
  'photos/shelf-bin.jpg',
  'photos/box-in-clutter.jpg',
  'photos/boxes-on-table.jpg',
  'photos/desk-pen-lighter.jpg',
  'photos/lab-bench.jpg',
  'photos/coffee.jpg',
  'photos/notebook.jpg',
  'photos/motorcycle-garage.jpg',
  'photos/corridor-basketball.jpg',
];

/** Thumbnail sizes the alignment is measured at: the app's, and others around it. */
export const SIZES = [64, THUMBNAIL_SIDE, 128, 160] as const;

/** The pan whose windows stand for their source in the pairs across two photos. */
const ACROSS = 'pan right 50%';

export interface Alignment {
  readonly size: number;
  /** The best alignment and its score, whether or not it is an overlap; absent when nothing could be compared. */
  readonly best?: { readonly scale: number; readonly dx: number; readonly dy: number; readonly score: number };
  readonly ms: number;
}

export interface RunPair extends Omit<SeenPair, 'best'> {
  /** B's worst corner error of the best alignment at each size, as a share of A's long side (pans only). */
  readonly alignments: readonly (Alignment & { readonly error?: number })[];
}

export interface OverlapRun {
  readonly windows: ReadonlyMap<string, WindowPhoto>;
  readonly pairs: readonly RunPair[];
  /** Detection time per window, ms (wall clock). */
  readonly detectMs: readonly number[];
  /** Making the app's thumbnail of a stored window, ms. */
  readonly thumbnailMs: readonly number[];
  readonly unreadable: readonly string[];
}

const windowKey = (source: string, window: Window) => `${source}@${window.left},${window.top},${window.width}x${window.height}>${window.out.width}x${window.out.height}${window.gain ? ` gain ${window.gain}` : ''}${window.tilt ? ` tilt ${window.tilt}` : ''}`;

/** The window as the app would store it: cut (from the source turned, when tilted), resized, JPEG at 85. */
async function cut(file: string, size: { width: number; height: number }, window: Window): Promise<Buffer> {
  let image = sharp(file);
  let { left, top } = window;
  if (window.tilt) {
    // Turn the whole photo about its centre, then cut the window around where its centre went.
    const turned = await image.rotate(window.tilt, { background: '#808080' }).toBuffer({ resolveWithObject: true });
    const angle = (window.tilt * Math.PI) / 180;
    const cx = window.left + window.width / 2 - size.width / 2;
    const cy = window.top + window.height / 2 - size.height / 2;
    left = Math.round(turned.info.width / 2 + cx * Math.cos(angle) - cy * Math.sin(angle) - window.width / 2);
    top = Math.round(turned.info.height / 2 + cx * Math.sin(angle) + cy * Math.cos(angle) - window.height / 2);
    image = sharp(turned.data);
  }
  image = image.extract({ left, top, width: window.width, height: window.height }).resize(window.out.width, window.out.height, { fit: 'fill' });
  if (window.gain) image = image.linear(window.gain, 0);
  return image.jpeg({ quality: 85 }).toBuffer();
}

function align(a: GreyImage, b: GreyImage, size: number): Alignment {
  const started = performance.now();
  const best = bestAlignment(a, b);
  const ms = performance.now() - started;
  return { size, ...(best ? { best: { scale: best.scale, dx: best.dx, dy: best.dy, score: best.score } } : {}), ms };
}

export async function runOverlap(runtime: DetectorRuntime, print: (line: string) => void): Promise<OverlapRun> {
  const windows = new Map<string, WindowPhoto>();
  const thumbnails = new Map<string, Map<number, GreyImage>>();
  const detectMs: number[] = [];
  const thumbnailMs: number[] = [];
  const unreadable: string[] = [];
  const pans: { source: string; pair: Pair }[] = [];
  const detector = new Detector(runtime);
  try {
    // The first inference pays for loading the models; that is not a window's time.
    const blank = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).png().toBuffer();
    await detector.detect(blank, { width: 64, height: 64 });
    for (const source of SOURCES) {
      const file = path.join(DETECTION_DIR, source);
      try {
        const { width, height } = await sharp(file).metadata();
        if (!width || !height) throw new Error('it has no size');
        for (const pair of pansOf({ width, height })) {
          pans.push({ source, pair });
          for (const window of [pair.a, pair.b]) {
            const id = windowKey(source, window);
            if (windows.has(id)) continue;
            const stored = await cut(file, { width, height }, window);
            const started = performance.now();
            const { detections } = await detector.detect(stored, window.out);
            detectMs.push(performance.now() - started);
            windows.set(id, { id, ...window.out, items: detections.items });
            const sizes = new Map<number, GreyImage>();
            for (const side of SIZES) {
              const before = performance.now();
              sizes.set(side, await greyThumbnail(stored, side));
              if (side === THUMBNAIL_SIDE) thumbnailMs.push(performance.now() - before);
            }
            thumbnails.set(id, sizes);
          }
        }
        print(`  ${source}: ${width} x ${height}, ${pansOf({ width, height }).length} pairs.`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (!detector.running && /could not load|stopped/.test(message)) throw error;
        print(`  ${source}: could not be read (${message.split('\n')[0]}); going on without it.`);
        unreadable.push(source);
      }
    }
  } finally {
    await detector.close();
  }
  const pairs: RunPair[] = [];
  const alignAll = (a: string, b: string) => SIZES.map((size) => align(thumbnails.get(a)!.get(size)!, thumbnails.get(b)!.get(size)!, size));
  for (const { source, pair } of pans) {
    const a = windowKey(source, pair.a);
    const b = windowKey(source, pair.b);
    if (!windows.has(a) || !windows.has(b)) continue;
    const truth = pair.kind === 'pan' ? trueOverlap(pair) : undefined;
    const alignments = alignAll(a, b).map((alignment) => {
      if (!truth || !alignment.best) return alignment;
      const inPhoto = inPhotoPixels(alignment, windows.get(a)!, windows.get(b)!, thumbnails.get(a)!.get(alignment.size)!, thumbnails.get(b)!.get(alignment.size)!);
      return { ...alignment, best: { ...alignment.best, ...inPhoto }, error: alignmentError(pair, inPhoto) };
    });
    pairs.push({ source, name: pair.name, kind: pair.kind, a, b, ...(truth ? { truth } : {}), alignments });
  }
  // Every photo against every other, by their 50% pans' windows: two rooms, or two parts of a house.
  const across = pans.filter(({ pair }) => pair.name === ACROSS);
  for (const first of across) {
    for (const second of across) {
      if (first.source === second.source) continue;
      const a = windowKey(first.source, first.pair.a);
      const b = windowKey(second.source, second.pair.b);
      if (!windows.has(a) || !windows.has(b)) continue;
      const alignments = alignAll(a, b).map((alignment) =>
        alignment.best
          ? { ...alignment, best: { ...alignment.best, ...inPhotoPixels(alignment, windows.get(a)!, windows.get(b)!, thumbnails.get(a)!.get(alignment.size)!, thumbnails.get(b)!.get(alignment.size)!) } }
          : alignment,
      );
      pairs.push({ source: `${first.source} | ${second.source}`, name: 'another photo', kind: 'other photo', a, b, alignments });
    }
  }
  return { windows, pairs, detectMs, thumbnailMs, unreadable };
}

/** An alignment of two thumbnails in the windows' stored pixels, as the app states an overlap. */
function inPhotoPixels(alignment: Alignment, a: WindowPhoto, b: WindowPhoto, thumbnailA: GreyImage, thumbnailB: GreyImage) {
  const { scale, dx, dy } = photoOverlap(alignment.best!, { photo: a, thumbnail: thumbnailA }, { photo: b, thumbnail: thumbnailB });
  return { scale, dx, dy };
}

/** Whether the app takes an alignment as an overlap (at its own least score, or another the eval tries). */
export const isOverlap = (alignment: Alignment, minScore: number = OVERLAP.minScore): boolean => alignment.best !== undefined && alignment.best.score >= minScore;
