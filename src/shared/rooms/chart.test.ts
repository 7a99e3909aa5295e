import { describe, expect, it } from 'vitest';
import { chartLayout, chartSvg, partsOf } from './chart';

const counts = (here: number, elsewhere: number, leaving: number, undecided: number, skipped = 0) => ({ here, elsewhere, leaving, undecided, skipped });

describe('the progress chart', () => {
  it('stacks each visit’s four groups bottom up, each part as tall as its count, the total above', () => {
    const layout = chartLayout([
      { key: 'a', label: '1 Sep', counts: counts(3, 1, 4, 2, 1), decided: 11 },
      { key: 'b', label: '22 Sep', counts: counts(0, 0, 0, 0), decided: 0 },
    ]);
    const [first, empty] = layout.bars;
    expect(first!.rects.map((rect) => [rect.part, rect.value])).toEqual([
      ['here', 3],
      ['elsewhere', 1],
      ['leaving', 4],
      ['undecided', 2],
    ]);
    // The skipped are in the table, not the bar; its total is what it shows.
    expect(first!.total).toBe(10);
    const perThing = first!.rects[0]!.height / 3;
    for (const rect of first!.rects) expect(rect.height).toBeCloseTo(perThing * rect.value);
    expect(first!.rects[0]!.y + first!.rects[0]!.height).toBeCloseTo(layout.plot.bottom);
    expect(empty!.rects).toEqual([]);
    // A round axis over the tallest bar.
    expect(layout.ticks.map((tick) => tick.value)).toEqual([0, 5, 10]);
    expect(layout.parts).toEqual(['here', 'elsewhere', 'leaving', 'undecided']);
  });

  it('draws what a visit from before rooms decided as one part of its own, and the rest of a sum beside the groups', () => {
    expect(partsOf({ key: 'old', label: 'x', decided: 7 }).filter((part) => part.value)).toEqual([{ part: 'unsplit', value: 7 }]);
    expect(partsOf({ key: 'sum', label: 'x', counts: counts(1, 0, 0, 0, 1), decided: 5 }).filter((part) => part.value)).toEqual([
      { part: 'here', value: 1 },
      { part: 'unsplit', value: 3 },
    ]);
  });

  it('labels only as many bars as fit, always the latest', () => {
    const bars = Array.from({ length: 20 }, (_, index) => ({ key: String(index), label: `${index + 1} Sep`, counts: counts(1, 1, 1, 1), decided: 4 }));
    const labelled = chartLayout(bars).bars.filter((bar) => bar.labelled);
    expect(labelled.at(-1)?.key).toBe('19');
    for (let index = 1; index < labelled.length; index += 1) expect(labelled[index]!.centre - labelled[index - 1]!.centre).toBeGreaterThanOrEqual(52);
  });

  it('as an SVG image: its title, the light theme’s colours, labels escaped', () => {
    const svg = chartSvg(chartLayout([{ key: 'a', label: 'Kids’ <room>', counts: counts(1, 0, 2, 0), decided: 3 }]), 'Things & more');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="560" height="\d+"/);
    expect(svg).toContain('<title>Things &#38; more</title>');
    expect(svg).toContain('Kids’ &#60;room&#62;');
    expect(svg).toContain('fill="#3f6f4c"');
    expect(svg).not.toMatch(/red|#f00|#ff0000/i);
    expect(svg.endsWith('</svg>')).toBe(true);
  });
});
