import { describe, expect, it } from 'vitest';
import { COCO_LABELS, type DetectedItem } from '../../shared/detection/schema';
import { decodeCenterNet, decodeNanoDet, MODELS } from './models';
import { agreeing, busyRegions, candidatesIn, edgeGrid, GRID, itemsFromCandidates, MAX_ITEMS, viewsOf, WHOLE, type Candidate, type Thresholds } from './postprocess';
import { areaPhrase, relationOf, sideOf, whereOf } from './where';

const cls = (label: (typeof COCO_LABELS)[number]) => COCO_LABELS.indexOf(label);
const photo = { width: 1000, height: 500 };

/** CenterNet rows (corners in its 512 px input) to items, the way the detector does for the whole photo. */
const itemsFromRows = (rows: number[], thresholds: Thresholds = { default: 0.25 }) => itemsFromCandidates(candidatesIn(decodeCenterNet(rows, 512, 0.1), WHOLE, photo), thresholds);

describe('detector rows to items', () => {
  it('scales corners from the square input to photo pixels and names the class as people do', () => {
    const [item] = itemsFromRows([128, 256, 256, 512, 0.8, cls('cell phone')]);
    expect(item).toEqual({ id: '1', label: 'cell phone', name: 'phone', score: 0.8, box: { x: 250, y: 250, width: 250, height: 250 } });
  });

  it('drops the unsure, the tiny, the malformed and unknown classes', () => {
    const rows = [
      [0, 0, 100, 100, 0.1, cls('cup')],
      [0, 0, 5, 5, 0.9, cls('cup')],
      [100, 100, 50, 50, 0.9, cls('cup')],
      [0, 0, 100, 100, 0.9, 80],
      [0, 0, 100, 100, 0.9, 2.5],
      [0, 0, 100, Number.NaN, 0.9, cls('cup')],
    ].flat();
    expect(itemsFromRows(rows)).toEqual([]);
  });

  it('keeps a class at its own threshold, the others at the default', () => {
    const rows = [
      [10, 10, 110, 110, 0.3, cls('book')],
      [200, 10, 300, 110, 0.3, cls('cup')],
    ].flat();
    expect(itemsFromRows(rows, { default: 0.25, perClass: { book: 0.35 } }).map((item) => item.label)).toEqual(['cup']);
  });

  it('keeps one label per object (the most confident) but a cup and the table under it both', () => {
    const rows = [
      [10, 10, 110, 110, 0.4, cls('bowl')],
      [12, 12, 110, 112, 0.6, cls('cup')],
      [0, 0, 120, 130, 0.5, cls('dining table')],
    ].flat();
    expect(itemsFromRows(rows).map((item) => [item.id, item.label])).toEqual([
      ['1', 'cup'],
      ['2', 'dining table'],
    ]);
  });

  it('takes a box mostly inside a more confident one of the same label for the same thing found again', () => {
    const rows = [
      [100, 100, 150, 250, 0.38, cls('bottle')],
      [105, 150, 140, 240, 0.26, cls('bottle')],
      [300, 150, 335, 240, 0.3, cls('bottle')],
    ].flat();
    expect(itemsFromRows(rows).map((item) => [item.label, item.score])).toEqual([
      ['bottle', 0.38],
      ['bottle', 0.3],
    ]);
  });

  it('keeps at most MAX_ITEMS, clipped to the photo', () => {
    const rows = Array.from({ length: 100 }, (_, i) => [(i % 10) * 51, Math.floor(i / 10) * 51, (i % 10) * 51 + 60, Math.floor(i / 10) * 51 + 60, 0.3 + i / 1000, cls('book')]).flat();
    const items = itemsFromRows(rows);
    expect(items).toHaveLength(MAX_ITEMS);
    for (const { box } of items) {
      expect(box.x + box.width).toBeLessThanOrEqual(photo.width);
      expect(box.y + box.height).toBeLessThanOrEqual(photo.height);
    }
  });
});

describe('NanoDet outputs to detections', () => {
  const { inputSize } = MODELS.nanodet;
  /** Empty outputs for the three strides, with one cell of stride 16 scoring `score` for `label`, its box sides peaked at the given bins. */
  function outputs(cell: number, label: number, score: number, bins: [number, number, number, number]) {
    const sides = [52, 26, 13];
    const scores = sides.map((side) => new Float32Array(side * side * 80));
    const boxes = sides.map((side) => new Float32Array(side * side * 44).fill(-10));
    scores[1]![cell * 80 + label] = score;
    bins.forEach((bin, edge) => (boxes[1]![(cell * 4 + edge) * 11 + bin] = 10));
    return [...scores, ...boxes];
  }

  it('reads the best class of a cell and its box from the expected distance to each side, from the cell centre', () => {
    // Cell 27 of the 26 x 26 grid: column 1, row 1, centre at (24, 24) in the 416 px input.
    const [found, ...rest] = decodeNanoDet(outputs(27, cls('cup'), 0.6, [1, 1, 2, 3]), inputSize, 0.3);
    expect(rest).toEqual([]);
    expect(found!.cls).toBe(cls('cup'));
    expect(found!.score).toBeCloseTo(0.6);
    // 1, 1, 2 and 3 strides of 16 from the centre: x 8 to 56, y 8 to 72 (the distributions are all but certain).
    expect(found!.x1 * inputSize).toBeCloseTo(8, 0);
    expect(found!.y1 * inputSize).toBeCloseTo(8, 0);
    expect(found!.x2 * inputSize).toBeCloseTo(56, 0);
    expect(found!.y2 * inputSize).toBeCloseTo(72, 0);
  });

  it('finds nothing below the floor, and says so when the outputs are not the shape it knows', () => {
    expect(decodeNanoDet(outputs(27, cls('cup'), 0.2, [1, 1, 1, 1]), inputSize, 0.3)).toEqual([]);
    expect(() => decodeNanoDet(outputs(27, cls('cup'), 0.6, [1, 1, 1, 1]).slice(0, 5), inputSize, 0.3)).toThrow(/gave 5 outputs/);
    expect(() => decodeNanoDet(outputs(27, cls('cup'), 0.6, [1, 1, 1, 1]), 320, 0.3)).toThrow(/stride 8/);
  });
});

describe('views of a photo', () => {
  it('looks at the whole photo, or also at overlapping tiles that together cover it', () => {
    expect(viewsOf('whole', photo)).toEqual([WHOLE]);
    const halves = viewsOf('halves', photo);
    expect(halves).toHaveLength(3);
    // A landscape photo is cut along its width; the two halves overlap in the middle.
    expect(halves.slice(1).map((view) => [view.x, view.width, view.height])).toEqual([
      [0, 0.6, 1],
      [0.4, 0.6, 1],
    ]);
    expect(viewsOf('halves', { width: 500, height: 1000 })[2]).toEqual({ x: 0, y: 0.4, width: 1, height: 0.6 });
    expect(viewsOf('quarters', photo)).toHaveLength(5);
  });

  it('puts what a tile found back in photo pixels', () => {
    const [right] = viewsOf('halves', photo).slice(2);
    // The whole of the right-hand tile: x from 400 to 1000.
    const [candidate] = candidatesIn([{ cls: cls('book'), score: 0.5, x1: 0, y1: 0.5, x2: 1, y2: 1 }], right!, photo);
    expect(candidate!.box).toEqual({ x: 400, y: 250, width: 600, height: 250 });
  });
});

describe('two models together', () => {
  const candidate = (label: Candidate['label'], score: number, x: number): Candidate => ({ label, score, box: { x, y: 100, width: 100, height: 100 } });

  it('believes a thing both found more than either alone, in the box between theirs', () => {
    const [both, ...rest] = agreeing([candidate('book', 0.4, 100)], [candidate('book', 0.4, 120)]);
    expect(rest).toEqual([]);
    expect(both!.score).toBeCloseTo(0.64);
    expect(both!.box).toEqual({ x: 110, y: 100, width: 100, height: 100 });
  });

  it('keeps what only one found, and does not join different labels or distant boxes', () => {
    const fused = agreeing([candidate('cat', 0.5, 100), candidate('cup', 0.3, 600)], [candidate('dog', 0.45, 100), candidate('cup', 0.3, 800)]);
    expect(fused.map((c) => [c.label, c.score])).toEqual([
      ['cat', 0.5],
      ['cup', 0.3],
      ['dog', 0.45],
      ['cup', 0.3],
    ]);
    // The cat wins over the dog in the same place once merged into items.
    expect(itemsFromCandidates(fused, { default: 0.4 }).map((item) => item.label)).toEqual(['cat']);
  });

  it("joins a thing one model found several times with the other model's find once", () => {
    const fused = agreeing([candidate('bottle', 0.5, 100), candidate('bottle', 0.3, 105)], [candidate('bottle', 0.5, 100)]);
    expect(fused.map((c) => c.score)).toEqual([0.75]);
  });
});

describe('busy regions', () => {
  /** A 90 x 90 gray image, flat but for a checkerboard in the bottom-left ninth. */
  function image(): Uint8Array {
    const gray = new Uint8Array(90 * 90).fill(128);
    for (let y = 60; y < 90; y += 1) for (let x = 0; x < 30; x += 1) gray[y * 90 + x] = (x + y) % 2 ? 0 : 255;
    return gray;
  }

  it('finds the busy cell and puts it in photo pixels', () => {
    const grid = edgeGrid(image(), 90, 90);
    expect(grid).toHaveLength(GRID * GRID);
    expect(busyRegions(grid, photo, []).map((region) => region.box)).toEqual([{ x: 0, y: 333, width: 333, height: 167 }]);
  });

  it('leaves out a busy cell a detected thing already explains, but not one a table does', () => {
    const grid = edgeGrid(image(), 90, 90);
    const thing = (label: DetectedItem['label']): DetectedItem => ({ id: '1', label, name: label, score: 0.5, box: { x: 0, y: 333, width: 333, height: 167 } });
    expect(busyRegions(grid, photo, [thing('book')])).toEqual([]);
    expect(busyRegions(grid, photo, [thing('dining table')])).toHaveLength(1);
  });

  it('finds nothing in a flat image', () => {
    expect(busyRegions(edgeGrid(new Uint8Array(90 * 90).fill(200), 90, 90), photo, [])).toEqual([]);
  });
});

describe('where a thing is, in words', () => {
  const item = (id: string, label: DetectedItem['label'], name: string, box: DetectedItem['box']): DetectedItem => ({ id, label, name, score: 0.5, box });

  it('names the part of the photo', () => {
    expect(sideOf({ x: 0, y: 200, width: 100, height: 100 }, photo)).toBe('left side');
    expect(sideOf({ x: 800, y: 0, width: 100, height: 100 }, photo)).toBe('top right');
    expect(sideOf({ x: 450, y: 400, width: 100, height: 100 }, photo)).toBe('bottom');
    expect(sideOf({ x: 450, y: 200, width: 100, height: 100 }, photo)).toBe('middle');
    expect(areaPhrase({ x: 0, y: 400, width: 100, height: 100 }, photo)).toBe('at the bottom left');
    expect(areaPhrase({ x: 900, y: 200, width: 100, height: 100 }, photo)).toBe('on the right');
  });

  it('puts a thing on the surface its base stands on, the smallest one', () => {
    const cup = item('1', 'cup', 'cup', { x: 100, y: 100, width: 50, height: 60 });
    const table = item('2', 'dining table', 'table', { x: 0, y: 120, width: 600, height: 300 });
    const bed = item('3', 'bed', 'bed', { x: 0, y: 0, width: 1000, height: 500 });
    expect(relationOf(cup, [cup, table, bed])).toBe('on the table');
    expect(whereOf(cup, { ...photo, items: [cup, table, bed] })).toBe('on the table, top left');
  });

  it('otherwise places it beside a nearby thing of another kind at the same height', () => {
    const cup = item('1', 'cup', 'cup', { x: 100, y: 100, width: 50, height: 60 });
    const laptop = item('2', 'laptop', 'laptop', { x: 170, y: 80, width: 200, height: 120 });
    const person = item('3', 'person', 'person', { x: 40, y: 90, width: 50, height: 200 });
    expect(relationOf(cup, [cup, laptop, person])).toBe('left of the laptop');
    expect(relationOf(laptop, [cup, laptop])).toBe('right of the cup');
    expect(relationOf(cup, [cup, item('4', 'cup', 'cup', { x: 160, y: 100, width: 50, height: 60 })])).toBeUndefined();
  });
});
