import { describe, expect, it } from 'vitest';
import { closeUp, coverRect, photoRect } from './focus-geometry';

describe('placing a detected box in the GUI', () => {
  it('puts it on a thumbnail that crops a wide photo to fill its frame', () => {
    // A 2:1 photo in a 120 x 84 frame: scaled to 168 x 84, 24 px cut off each side.
    const rect = coverRect({ x: 0, y: 0, width: 500, height: 250 }, { width: 1000, height: 500 }, { width: 120, height: 84 });
    expect(rect?.left).toBe(0);
    expect(rect?.top).toBe(0);
    expect(rect?.width).toBeCloseTo(((84 - 24) / 120) * 100);
    expect(rect?.height).toBeCloseTo(50);
  });

  it('says nothing is there when the box is in the part the thumbnail cuts off', () => {
    expect(coverRect({ x: 0, y: 0, width: 100, height: 100 }, { width: 1000, height: 500 }, { width: 120, height: 84 })).toBeUndefined();
  });

  it('puts it on the whole photo in percent', () => {
    expect(photoRect({ x: 250, y: 100, width: 500, height: 200 }, { width: 1000, height: 400 })).toEqual({ left: 25, top: 25, width: 50, height: 50 });
  });

  it('cuts a square close-up around the box, inside the photo, with the box outlined in it', () => {
    const { cut, image, outline } = closeUp({ x: 900, y: 400, width: 100, height: 100 }, { width: 1000, height: 500 });
    // 100 px and 60% of it on each side: 220 px, pushed back inside the photo's bottom-right corner.
    expect(cut).toEqual({ x: 780, y: 280, width: 220, height: 220 });
    expect(image.width).toBeCloseTo((1000 / 220) * 100);
    expect(image.left).toBeCloseTo((-780 / 220) * 100);
    expect(outline.left).toBeCloseTo((120 / 220) * 100);
    expect(outline.width).toBeCloseTo((100 / 220) * 100);
  });

  it('keeps the close-up square for a tall thing, and no bigger than the photo allows', () => {
    const { cut } = closeUp({ x: 100, y: 0, width: 50, height: 400 }, { width: 1000, height: 500 });
    expect(cut).toEqual({ x: 0, y: 0, width: 500, height: 500 });
  });

  it('gives a tiny thing a close-up wide enough to see what is around it', () => {
    const { cut } = closeUp({ x: 500, y: 250, width: 4, height: 4 }, { width: 1000, height: 500 });
    expect(cut.width).toBe(100);
    expect(cut.height).toBe(100);
  });
});
