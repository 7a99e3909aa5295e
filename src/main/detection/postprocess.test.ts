import { describe, expect, it } from 'vitest';
import { COCO_LABELS, type DetectedItem } from '../../shared/detection/schema';
import { busyRegions, edgeGrid, GRID, itemsFromRows, MAX_ITEMS } from './postprocess';
import { areaPhrase, relationOf, sideOf, whereOf } from './where';

const cls = (label: (typeof COCO_LABELS)[number]) => COCO_LABELS.indexOf(label);
const photo = { width: 1000, height: 500 };

describe('detector rows to items', () => {
  it('scales corners from the square input to photo pixels and names the class as people do', () => {
    const [item] = itemsFromRows([128, 256, 256, 512, 0.8, cls('cell phone')], 512, photo);
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
    expect(itemsFromRows(rows, 512, photo)).toEqual([]);
  });

  it('keeps one label per object (the most confident) but a cup and the table under it both', () => {
    const rows = [
      [10, 10, 110, 110, 0.4, cls('bowl')],
      [12, 12, 110, 112, 0.6, cls('cup')],
      [0, 0, 120, 130, 0.5, cls('dining table')],
    ].flat();
    expect(itemsFromRows(rows, 512, photo).map((item) => [item.id, item.label])).toEqual([
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
    expect(itemsFromRows(rows, 512, photo).map((item) => [item.label, item.score])).toEqual([
      ['bottle', 0.38],
      ['bottle', 0.3],
    ]);
  });

  it('keeps at most MAX_ITEMS, clipped to the photo', () => {
    const rows = Array.from({ length: 100 }, (_, i) => [(i % 10) * 51, Math.floor(i / 10) * 51, (i % 10) * 51 + 60, Math.floor(i / 10) * 51 + 60, 0.3 + i / 1000, cls('book')]).flat();
    const items = itemsFromRows(rows, 512, photo);
    expect(items).toHaveLength(MAX_ITEMS);
    for (const { box } of items) {
      expect(box.x + box.width).toBeLessThanOrEqual(photo.width);
      expect(box.y + box.height).toBeLessThanOrEqual(photo.height);
    }
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
