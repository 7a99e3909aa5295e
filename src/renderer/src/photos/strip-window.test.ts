import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyTarget, OVERSCAN, perPage, scrollToShow, stripExtent, thumbStart, leftOutSpace, windowRange, type StripGeometry } from './strip-window';

/** The stylesheet's thumbnails: 120 px wide, 10 px apart. */
const THUMBS: StripGeometry = { width: 120, gap: 10 };

/** Thumbnails any part of which a person sees, counted one by one. */
function seenByHand(count: number, scroll: number, viewport: number, geometry: StripGeometry): number[] {
  const seen: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = index * (geometry.width + geometry.gap);
    if (start < scroll + viewport && start + geometry.width > scroll) seen.push(index);
  }
  return seen;
}

/** A strip scrolled anywhere its scrollbar reaches. */
const strips = fc
  .record({
    count: fc.integer({ min: 1, max: 400 }),
    viewport: fc.integer({ min: 60, max: 2600 }),
    geometry: fc.record({ width: fc.integer({ min: 40, max: 300 }), gap: fc.integer({ min: 0, max: 24 }) }),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ count, viewport, geometry, at }) => ({ count, viewport, geometry, scroll: Math.max(0, stripExtent(count, geometry) - viewport) * at }));

describe('which thumbnails of the strip are in the page', () => {
  it('at the start of 150 photos in a 935 px strip: the 8 in view and 4 more, not 150', () => {
    expect(windowRange(150, { scroll: 0, viewport: 935 }, THUMBS)).toEqual({ first: 0, end: 12 });
  });

  it('at the end of 150 photos: the last 8 and 4 before them, the last one among them', () => {
    const scroll = stripExtent(150, THUMBS) - 935;
    expect(windowRange(150, { scroll, viewport: 935 }, THUMBS)).toEqual({ first: 138, end: 150 });
  });

  it('every thumbnail any part of which is in view is in the page, with at most OVERSCAN more either side', () => {
    fc.assert(
      fc.property(strips, ({ count, viewport, geometry, scroll }) => {
        const range = windowRange(count, { scroll, viewport }, geometry);
        const seen = seenByHand(count, scroll, viewport, geometry);
        expect(range.first).toBeLessThanOrEqual(seen[0]!);
        expect(range.end).toBeGreaterThan(seen.at(-1)!);
        expect(seen[0]! - range.first).toBeLessThanOrEqual(OVERSCAN);
        expect(range.end - 1 - seen.at(-1)!).toBeLessThanOrEqual(OVERSCAN);
        expect(range.first).toBeGreaterThanOrEqual(0);
        expect(range.end).toBeLessThanOrEqual(count);
      }),
    );
  });

  it('keeps at least one thumbnail in the page before the strip has been measured (no width yet)', () => {
    expect(windowRange(3, { scroll: 0, viewport: 0 }, THUMBS)).toEqual({ first: 0, end: 3 });
    expect(windowRange(150, { scroll: 0, viewport: 0 }, THUMBS).end).toBeGreaterThan(0);
  });

  it('as photos arrive one by one during an import, holds every one while they fit and no more than fit after', () => {
    for (let count = 1; count <= 150; count += 1) {
      const range = windowRange(count, { scroll: 0, viewport: 935 }, THUMBS);
      expect(range).toEqual({ first: 0, end: Math.min(count, 12) });
    }
  });
});

describe('the space standing for the thumbnails left out', () => {
  it('keeps the strip its whole length and each thumbnail where it would be with all of them there', () => {
    fc.assert(
      fc.property(strips, ({ count, viewport, geometry, scroll }) => {
        const range = windowRange(count, { scroll, viewport }, geometry);
        const { before, after } = leftOutSpace(count, range, geometry);
        const shown = range.end - range.first;
        expect(before + shown * geometry.width + (shown - 1) * geometry.gap + after).toBeCloseTo(stripExtent(count, geometry), 6);
        for (let index = range.first; index < range.end; index += 1) {
          expect(before + (index - range.first) * (geometry.width + geometry.gap)).toBe(thumbStart(index, geometry));
        }
      }),
    );
  });

  it('is the 150-photo strip’s length in the stylesheet’s sizes: 150 thumbnails and 149 gaps', () => {
    expect(stripExtent(150, THUMBS)).toBe(150 * 120 + 149 * 10);
    expect(stripExtent(0, THUMBS)).toBe(0);
  });
});

describe('scrolling a thumbnail into view', () => {
  it('moves the strip only as far as shows the whole thumbnail, and not at all when it is in view', () => {
    const view = { scroll: 1300, viewport: 935 };
    expect(scrollToShow(20, view, THUMBS)).toBe(2600 + 120 - 935);
    expect(scrollToShow(17, view, THUMBS)).toBe(2210 + 120 - 935);
    expect(scrollToShow(3, view, THUMBS)).toBe(390);
    expect(scrollToShow(10, view, THUMBS)).toBe(1300);
  });

  it('shows a thumbnail’s start where the strip is narrower than one', () => {
    expect(scrollToShow(5, { scroll: 0, viewport: 80 }, THUMBS)).toBe(650);
  });

  it('leaves the thumbnail whole in view and in the page, for any strip', () => {
    fc.assert(
      fc.property(strips, fc.nat(), ({ count, viewport, geometry, scroll }, pick) => {
        fc.pre(geometry.width <= viewport);
        const index = pick % count;
        const to = scrollToShow(index, { scroll, viewport }, geometry);
        expect(thumbStart(index, geometry)).toBeGreaterThanOrEqual(to);
        expect(thumbStart(index, geometry) + geometry.width).toBeLessThanOrEqual(to + viewport);
        const range = windowRange(count, { scroll: to, viewport }, geometry);
        expect(index).toBeGreaterThanOrEqual(range.first);
        expect(index).toBeLessThan(range.end);
      }),
    );
  });
});

describe('the strip’s keys', () => {
  it('move one thumbnail with the arrows, stopping at either end', () => {
    expect(keyTarget('ArrowRight', 11, 150, 7)).toBe(12);
    expect(keyTarget('ArrowLeft', 11, 150, 7)).toBe(10);
    expect(keyTarget('ArrowRight', 149, 150, 7)).toBe(149);
    expect(keyTarget('ArrowLeft', 0, 150, 7)).toBe(0);
  });

  it('go to the first and the last photo with Home and End, and a page along with Page Up and Page Down', () => {
    expect(keyTarget('Home', 80, 150, 7)).toBe(0);
    expect(keyTarget('End', 3, 150, 7)).toBe(149);
    expect(keyTarget('PageDown', 3, 150, 7)).toBe(10);
    expect(keyTarget('PageUp', 3, 150, 7)).toBe(0);
    expect(keyTarget('PageDown', 146, 150, 7)).toBe(149);
  });

  it('leave every other key to the thumbnail (Enter and Space open it)', () => {
    for (const key of ['Enter', ' ', 'Tab', 'ArrowUp', 'ArrowDown', 'a']) expect(keyTarget(key, 3, 150, 7)).toBeUndefined();
  });

  it('page by the thumbnails a page shows whole, and by one where it shows less', () => {
    expect(perPage({ scroll: 0, viewport: 935 }, THUMBS)).toBe(7);
    expect(perPage({ scroll: 0, viewport: 1300 - 10 }, THUMBS)).toBe(10);
    expect(perPage({ scroll: 0, viewport: 80 }, THUMBS)).toBe(1);
  });
});
