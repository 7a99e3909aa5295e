/** The overlap eval's truth is its crop geometry: these check the geometry itself. */
import { describe, expect, it } from 'vitest';
import { runEvalCli } from '../cli';
import { alignmentError, fromSource, pansOf, toSource, trueOverlap, type Window } from './pans';

describe('the pans cut from a photo', () => {
  it.each([
    ['a wide photo', { width: 2048, height: 1536 }],
    ['a small one', { width: 480, height: 360 }],
    ['a portrait one', { width: 384, height: 512 }],
    ['a panorama', { width: 482, height: 202 }],
  ])('stay inside %s, and overlap as their names say', (_name, size) => {
    const pairs = pansOf(size);
    for (const { a, b } of pairs) {
      for (const window of [a, b]) {
        expect(window.left).toBeGreaterThanOrEqual(0);
        expect(window.top).toBeGreaterThanOrEqual(0);
        expect(window.left + window.width).toBeLessThanOrEqual(size.width);
        expect(window.top + window.height).toBeLessThanOrEqual(size.height);
        expect(Math.max(window.out.width, window.out.height)).toBeLessThanOrEqual(1024);
      }
    }
    const shared = (name: string) => {
      const { a, b } = pairs.find((pair) => pair.name === name)!;
      return (Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left)) / a.width;
    };
    expect(shared('pan right 70%')).toBeCloseTo(0.7, 1);
    expect(shared('pan right 30%')).toBeCloseTo(0.3, 1);
    expect(shared('apart (no overlap)')).toBeLessThan(0);
  });

  it('put a pan right by its step into the first photo, at the same scale', () => {
    const pair = pansOf({ width: 480, height: 360 }).find((p) => p.name === 'pan right 50%')!;
    const truth = trueOverlap(pair);
    expect(truth.scale).toBeCloseTo(1, 2);
    expect(truth.dx).toBeCloseTo(pair.b.left - pair.a.left, 0);
    expect(truth.dy).toBeCloseTo(0, 5);
    expect(alignmentError(pair, truth)).toBeCloseTo(0, 9);
    expect(alignmentError(pair, { ...truth, dx: truth.dx + 32 })).toBeCloseTo(32 / pair.a.out.width, 9);
  });

  it('turn a tilted window’s points back and forth exactly, its centre staying where it was', () => {
    const tilted: Window = { left: 100, top: 50, width: 400, height: 300, out: { width: 200, height: 150 }, tilt: 2 };
    for (const point of [{ x: 0, y: 0 }, { x: 200, y: 0 }, { x: 37, y: 111 }]) {
      const back = fromSource(tilted, toSource(tilted, point));
      expect(back.x).toBeCloseTo(point.x, 9);
      expect(back.y).toBeCloseTo(point.y, 9);
    }
    expect(toSource(tilted, { x: 100, y: 75 })).toEqual({ x: 300, y: 200 });
    // The window is the source turned clockwise, so in the source it is turned the other way: its top right is higher.
    expect(toSource(tilted, { x: 200, y: 0 }).y).toBeLessThan(toSource(tilted, { x: 0, y: 0 }).y);
  });
});

describe('the command line', () => {
  it('refuses --overlap with the detection eval’s own options', async () => {
    const printed: string[] = [];
    expect(await runEvalCli(['--overlap', '--photos', 'somewhere'], { print: (text) => printed.push(text) })).toBe(2);
    expect(await runEvalCli(['--overlap', '--detection'], { print: (text) => printed.push(text) })).toBe(2);
    expect(printed.join('\n')).toContain('npm run eval -- --overlap [--record] [--json FILE]');
  });
});
