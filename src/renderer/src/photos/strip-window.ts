/**
 * The photo strip's window: every thumbnail is the same width, so which ones are in view follows from the scroll
 * position alone, and only those (and a few either side, so a fast scroll finds them drawn) need be in the page.
 * All lengths are CSS pixels along the strip.
 */

/** One thumbnail's width and the gap between two, as the stylesheet lays them out. */
export interface StripGeometry {
  readonly width: number;
  readonly gap: number;
}

/** What of the strip the person sees: how far it is scrolled and how wide it shows. */
export interface StripView {
  readonly scroll: number;
  readonly viewport: number;
}

/** Thumbnails from `first` up to (not including) `end`. */
export interface StripRange {
  readonly first: number;
  readonly end: number;
}

/** Thumbnails kept in the page on each side of those in view. */
export const OVERSCAN = 4;

const pitch = (geometry: StripGeometry) => geometry.width + geometry.gap;

/** Where thumbnail `index` starts. */
export const thumbStart = (index: number, geometry: StripGeometry) => index * pitch(geometry);

/** The length of the whole strip of `count` thumbnails: what its scrollbar spans. */
export const stripExtent = (count: number, geometry: StripGeometry) => (count > 0 ? count * pitch(geometry) - geometry.gap : 0);

/** The thumbnails any part of which is in view, whatever their number (so two views can be compared without it). */
export function inView(view: StripView, geometry: StripGeometry): StripRange {
  return {
    first: Math.max(0, Math.floor((view.scroll - geometry.width) / pitch(geometry)) + 1),
    end: Math.max(0, Math.ceil((view.scroll + view.viewport) / pitch(geometry))),
  };
}

/** The thumbnails of a strip of `count` to have in the page: those in view and OVERSCAN either side. */
export function windowRange(count: number, view: StripView, geometry: StripGeometry): StripRange {
  const seen = inView(view, geometry);
  const first = Math.min(Math.max(0, seen.first - OVERSCAN), count);
  return { first, end: Math.min(count, Math.max(seen.end + OVERSCAN, first + 1)) };
}

/**
 * The space the thumbnails left out take either side of `range`, so the strip keeps its whole length and each
 * thumbnail in the page sits where it would with all of them there.
 */
export function leftOutSpace(count: number, range: StripRange, geometry: StripGeometry): { before: number; after: number } {
  return { before: thumbStart(range.first, geometry), after: Math.max(0, count - range.end) * pitch(geometry) };
}

/** The scroll position that shows the whole of thumbnail `index`, moving the strip as little as it can. */
export function scrollToShow(index: number, view: StripView, geometry: StripGeometry): number {
  const start = thumbStart(index, geometry);
  const end = start + geometry.width;
  if (start < view.scroll || geometry.width > view.viewport) return start;
  if (end > view.scroll + view.viewport) return end - view.viewport;
  return view.scroll;
}

/** Thumbnails a page of the strip holds whole (at least one): how far Page Up and Page Down move. */
export const perPage = (view: StripView, geometry: StripGeometry) => Math.max(1, Math.floor((view.viewport + geometry.gap) / pitch(geometry)));

/** Where focus goes from thumbnail `index` on `key` (arrows, Home, End, Page Up/Down); undefined for other keys. */
export function keyTarget(key: string, index: number, count: number, page: number): number | undefined {
  const clamp = (to: number) => Math.min(Math.max(to, 0), count - 1);
  switch (key) {
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowRight':
      return clamp(index + 1);
    case 'PageUp':
      return clamp(index - page);
    case 'PageDown':
      return clamp(index + page);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
