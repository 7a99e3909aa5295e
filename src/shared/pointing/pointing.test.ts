import { describe, expect, it } from 'vitest';
import { boxAround, boxBetween, boxUnder, clampBox, iou, moveBox, overlapOf, pointsAt, resizeBox, toPixels, toRelative, CLICK_SIDE } from './geometry';
import { MIN_SIDE, PointSchema, pointProblem } from './schema';

const photo = { width: 1000, height: 500 };

/** The first problem zod finds, as the person (or a log reader) would see it. */
function problemOf(value: unknown): string | undefined {
  const parsed = PointSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('a point’s box is checked where it crosses a boundary', () => {
  it('takes a box inside the photo, edge to edge included', () => {
    expect(problemOf({ photoId: 'p', box: { x: 0, y: 0, width: 1, height: 1 } })).toBeUndefined();
    expect(problemOf({ photoId: 'p', box: { x: 0.9, y: 0.99, width: 0.1, height: 0.01 } })).toBeUndefined();
  });

  it('says which edge a box crosses, and that an empty box is empty', () => {
    expect(problemOf({ photoId: 'p', box: { x: 0.7, y: 0, width: 0.5, height: 0.5 } })).toBe('The box reaches past the right edge of the photo (x + width is more than 1).');
    expect(problemOf({ photoId: 'p', box: { x: 0, y: 0.7, width: 0.5, height: 0.5 } })).toBe('The box reaches past the bottom of the photo (y + height is more than 1).');
    expect(problemOf({ photoId: 'p', box: { x: -0.2, y: 0, width: 0.5, height: 0.5 } })).toBe('The box’s left edge (x) cannot be negative: the box must lie inside the photo.');
    expect(problemOf({ photoId: 'p', box: { x: 0, y: 0, width: 0, height: 0.5 } })).toBe(`The box is empty: its width must be at least ${MIN_SIDE * 100}% of the photo.`);
    expect(problemOf({ photoId: 'p', box: { x: 0, y: 0, width: 0.5, height: 0.001 } })).toBe(`The box is empty: its height must be at least ${MIN_SIDE * 100}% of the photo.`);
  });

  it('refuses numbers that are not finite, missing sides, extra fields and a missing photo', () => {
    expect(problemOf({ photoId: 'p', box: { x: Number.NaN, y: 0, width: 0.5, height: 0.5 } })).toMatch(/must be a number/);
    expect(problemOf({ photoId: 'p', box: { x: 0, y: 0, width: Number.POSITIVE_INFINITY, height: 0.5 } })).toMatch(/must be a number/);
    expect(problemOf({ photoId: 'p', box: { x: 0, y: 0, width: 0.5 } })).toMatch(/height must be a number/);
    expect(problemOf({ photoId: 'p', box: { x: 0, y: 0, width: 0.5, height: 0.5, depth: 1 } })).toMatch(/Unrecognized key/);
    expect(problemOf({ photoId: '', box: { x: 0, y: 0, width: 0.5, height: 0.5 } })).toBe('A point needs the photo it is on.');
  });

  it('says when the photo is not one of the session’s', () => {
    const point = { photoId: 'b', box: { x: 0, y: 0, width: 0.5, height: 0.5 } };
    expect(pointProblem([{ id: 'a' }], point)).toBe('That photo is not one of this session’s photos.');
    expect(pointProblem([{ id: 'a' }, { id: 'b' }], point)).toBeUndefined();
  });
});

describe('a click, a drag and the keyboard’s box', () => {
  it('makes a click a square of the photo around the spot, kept inside the photo at its edges', () => {
    const box = boxAround({ x: 0.5, y: 0.5 }, photo);
    // 12% of the shorter side (500 px) is 60 px: 6% of the width, 12% of the height.
    expect(box.width).toBeCloseTo(0.06);
    expect(box.height).toBeCloseTo(CLICK_SIDE);
    expect(box.x + box.width / 2).toBeCloseTo(0.5);
    const corner = boxAround({ x: 0.99, y: 0.01 }, photo);
    expect(corner.x + corner.width).toBeCloseTo(1);
    expect(corner.y).toBe(0);
    expect(PointSchema.safeParse({ photoId: 'p', box: corner }).success).toBe(true);
  });

  it('makes a drag the box between its ends, whichever way it went, and never empty', () => {
    const dragged = boxBetween({ x: 0.6, y: 0.8 }, { x: 0.2, y: 0.3 });
    expect(dragged).toMatchObject({ x: 0.2, y: 0.3, height: 0.5 });
    expect(dragged.width).toBeCloseTo(0.4);
    const slip = boxBetween({ x: 0.5, y: 0.5 }, { x: 0.5, y: 0.5 });
    expect(slip.width).toBe(MIN_SIDE);
    // Dragged past the photo's edge: it stops at the edge.
    expect(boxBetween({ x: 0.5, y: 0.5 }, { x: 1.4, y: -0.3 })).toEqual({ x: 0.5, y: 0, width: 0.5, height: 0.5 });
  });

  it('moves the box with the arrows and stops it at the edges', () => {
    const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };
    expect(moveBox(box, 0.04, 0)).toEqual({ ...box, x: 0.14 });
    expect(moveBox(box, -0.5, 0).x).toBe(0);
    expect(moveBox(box, 0, 2).y).toBe(0.8);
  });

  it('grows and shrinks the box about its centre, never below the smallest side nor past the photo', () => {
    const box = { x: 0.4, y: 0.4, width: 0.2, height: 0.2 };
    const wider = resizeBox(box, 0.1, 0);
    expect(wider.width).toBeCloseTo(0.3);
    expect(wider.x + wider.width / 2).toBeCloseTo(0.5);
    expect(resizeBox(box, -1, -1)).toMatchObject({ width: MIN_SIDE, height: MIN_SIDE });
    expect(resizeBox({ x: 0.9, y: 0.9, width: 0.1, height: 0.1 }, 0.5, 0.5)).toEqual(clampBox({ x: 0.65, y: 0.65, width: 0.6, height: 0.6 }));
    expect(resizeBox(box, 5, 5)).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it('clamps what is not finite to something valid', () => {
    expect(PointSchema.safeParse({ photoId: 'p', box: clampBox({ x: Number.NaN, y: 2, width: Number.POSITIVE_INFINITY, height: -1 }) }).success).toBe(true);
  });

  it('lands a click on the smallest thing under it', () => {
    const things = [
      { name: 'table', box: { x: 100, y: 200, width: 800, height: 300 } },
      { name: 'cup', box: { x: 400, y: 250, width: 60, height: 80 } },
    ];
    expect(boxUnder({ x: 0.43, y: 0.6 }, photo, things)?.name).toBe('cup');
    expect(boxUnder({ x: 0.2, y: 0.6 }, photo, things)?.name).toBe('table');
    expect(boxUnder({ x: 0.05, y: 0.05 }, photo, things)).toBeUndefined();
  });
});

describe('photo pixels and overlap', () => {
  it('turns a relative box into whole pixels inside the photo, and back', () => {
    expect(toPixels({ x: 0.25, y: 0.5, width: 0.5, height: 0.5 }, photo)).toEqual({ x: 250, y: 250, width: 500, height: 250 });
    expect(toPixels({ x: 0.9999, y: 0.9999, width: 0.0001, height: 0.0001 }, photo)).toEqual({ x: 999, y: 499, width: 1, height: 1 });
    expect(toRelative({ x: 250, y: 250, width: 500, height: 250 }, photo)).toEqual({ x: 0.25, y: 0.5, width: 0.5, height: 0.5 });
  });

  it('gives back the very pixel box a relative box was made from (a detection clicked on), on photos of any size', () => {
    for (const [size, box] of [
      [{ width: 600, height: 400 }, { x: 166, y: 21, width: 247, height: 240 }],
      [{ width: 500, height: 338 }, { x: 369, y: 158, width: 22, height: 55 }],
      [{ width: 1024, height: 683 }, { x: 1, y: 600, width: 1023, height: 83 }],
      [{ width: 4032, height: 3024 }, { x: 1234, y: 999, width: 777, height: 1111 }],
    ] as const) {
      expect(toPixels(toRelative(box, size), size)).toEqual(box);
    }
  });

  it('measures overlap: IoU, how much of the thing is in the box, how much of the box is on the thing', () => {
    const cup = { x: 100, y: 100, width: 100, height: 100 };
    expect(iou(cup, cup)).toBe(1);
    expect(iou(cup, { x: 300, y: 300, width: 10, height: 10 })).toBe(0);
    // A box dragged loosely around the cup: all of the cup inside, a quarter of the box on it.
    const around = { x: 50, y: 50, width: 200, height: 200 };
    expect(overlapOf(around, cup)).toEqual({ iou: 0.25, inside: 1, on: 0.25 });
    expect(pointsAt(around, cup)).toBe(true);
    // A click's small box on a big table: the box is on it, little of the table is in the box.
    const table = { x: 0, y: 0, width: 1000, height: 500 };
    const click = { x: 470, y: 220, width: 60, height: 60 };
    expect(overlapOf(click, table).on).toBe(1);
    expect(pointsAt(click, table)).toBe(true);
    // Grazing a corner means neither.
    expect(pointsAt({ x: 180, y: 180, width: 100, height: 100 }, cup)).toBe(false);
  });
});
