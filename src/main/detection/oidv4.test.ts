import { describe, expect, it } from 'vitest';
import { COCO_LABELS } from '../../shared/detection/schema';
import { clutterIn } from './clutter';
import { decodeOid, OID_ANCHORS, OID_LABELS, oidAsCoco, type OidLabel } from './oidv4';

const CLASSES = OID_LABELS.length;
const logit = (p: number) => Math.log(p / (1 - p));

/** The model's two outputs with one anchor scoring `score` for `label` and its box encoded as `encoding`. */
function outputs(anchor: number, label: OidLabel, score: number, encoding: [number, number, number, number] = [0, 0, 0, 0]) {
  const boxes = new Float32Array(OID_ANCHORS.length * 4);
  const logits = new Float32Array(OID_ANCHORS.length * CLASSES).fill(-10);
  boxes.set(encoding, anchor * 4);
  logits[anchor * CLASSES + OID_LABELS.indexOf(label)] = logit(score);
  return [boxes, logits];
}

describe("the Open Images detector's outputs", () => {
  it('has the anchors of SSD at 300 px: 1917, the smallest a tenth of the input in the top-left cell, the largest centred', () => {
    expect(OID_ANCHORS).toHaveLength(19 * 19 * 3 + (10 * 10 + 5 * 5 + 3 * 3 + 2 * 2 + 1) * 6);
    expect(OID_ANCHORS[0]!.cx).toBeCloseTo(0.5 / 19);
    expect(OID_ANCHORS[0]!.w).toBeCloseTo(0.1);
    const last = OID_ANCHORS.at(-1)!;
    expect([last.cx, last.cy]).toEqual([0.5, 0.5]);
    expect(last.w).toBeCloseTo(Math.sqrt(0.95));
  });

  it("reads an anchor's box as its shift and scale, the score as the sigmoid of its logit", () => {
    const anchor = OID_ANCHORS.length - 1;
    // Centre moved down by 0.1 of the anchor's height (10 x 0.1 with the coder's scale), width doubled (5 ln 2).
    const [found, ...rest] = decodeOid(outputs(anchor, 'Footwear', 0.8, [1, 0, 0, 5 * Math.log(2)]), 0.3);
    expect(rest).toEqual([]);
    expect(found!.label).toBe('Footwear');
    expect(found!.score).toBeCloseTo(0.8);
    const side = Math.sqrt(0.95);
    expect(found!.y1).toBeCloseTo(0.5 + 0.1 * side - side / 2);
    expect(found!.x2 - found!.x1).toBeCloseTo(2 * side);
  });

  it('finds nothing under the floor, never the background, and says so when the outputs are not its own', () => {
    expect(decodeOid(outputs(5, 'Box', 0.2), 0.3)).toEqual([]);
    expect(decodeOid(outputs(5, '???', 0.9), 0.3)).toEqual([]);
    expect(() => decodeOid([new Float32Array(8), new Float32Array(48)], 0.3)).toThrow(/not 7668 and 46008/);
  });

  it('names as COCO what COCO has (a mug is a cup, a desk a table) and leaves footwear and boxes to the clutter', () => {
    const found = (['Mug', 'Desk', 'Footwear', 'Box'] as const).map((label, index) => decodeOid(outputs(index * 50, label, 0.9), 0.5)[0]!);
    expect(oidAsCoco(found).map((raw) => COCO_LABELS[raw.cls])).toEqual(['cup', 'dining table']);
  });
});

describe('clutter named in a crop', () => {
  const find = (label: OidLabel, score: number, x1 = 0.2, y1 = 0.2, x2 = 0.6, y2 = 0.7) => ({ label, score, x1, y1, x2, y2 });

  it('keeps the best of each kind at its threshold, boots and high heels as shoes, most confident first', () => {
    const guesses = clutterIn([find('Boot', 0.55), find('Footwear', 0.7), find('Box', 0.8), find('High heels', 0.6), find('Box', 0.4), find('Chair', 0.9)], { shoes: 0.5, box: 0.5 });
    expect(guesses.map((guess) => [guess.kind, guess.score])).toEqual([
      ['box', 0.8],
      ['shoes', 0.7],
    ]);
  });

  it('as the app asks: names a box from 0.35, and never shoes, however sure', () => {
    expect(clutterIn([find('Footwear', 0.95), find('Box', 0.36)]).map((guess) => guess.kind)).toEqual(['box']);
    expect(clutterIn([find('Box', 0.34)])).toEqual([]);
  });

  it('gives the box inside the crop, cut to its edges', () => {
    const [guess] = clutterIn([find('Box', 0.9, -0.2, 0.5, 0.6, 1.3)]);
    expect(guess!.box.x).toBe(0);
    expect(guess!.box.y).toBe(0.5);
    expect(guess!.box.width).toBeCloseTo(0.6);
    expect(guess!.box.height).toBeCloseTo(0.5);
    expect(clutterIn([find('Box', 0.9, 0.7, 0.2, 0.7, 0.6)])).toEqual([]);
  });
});
