/**
 * Twins on constructed sessions: photos whose overlaps and detections are written out, so every case says exactly
 * what the eye would see. (On real detections: src/main/eval/overlap/twins.recorded.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { CocoLabel, DetectedItem, PhotoOverlap } from '../../shared/detection/schema';
import { firstSighting, mapBox, TWINS, twinsOf, type WithPhotos } from './twins';

type Photo = WithPhotos['photos'][number];

const item = (id: string, label: CocoLabel, x: number, y: number, width = 60, height = 60): DetectedItem => ({ id, label, name: label, score: 0.9, box: { x, y, width, height } });

const photo = (id: string, items: readonly DetectedItem[], overlaps?: readonly PhotoOverlap[]): Photo => ({
  id,
  width: 800,
  height: 600,
  detections: { items: [...items], busy: [] },
  ...(overlaps ? { overlaps: [...overlaps] } : {}),
});

/** The later photo is the earlier one panned right by `dx` pixels: its x is the earlier's x - dx. */
const panned = (earlier: string, dx: number, scale = 1, dy = 0): PhotoOverlap => ({ photoId: earlier, scale, dx, dy });

const later = (photoId: string, itemId: string) => `${photoId}#${itemId}`;

describe('a thing seen in two overlapping photos', () => {
  it('is one thing: its later sighting leads to its first', () => {
    // A cup at x 500 in photo 1 is at x 100 in photo 2, panned right by 400 px.
    const state = { photos: [photo('p1', [item('1', 'cup', 500, 200)]), photo('p2', [item('1', 'cup', 100, 200)], [panned('p1', 400)])] };
    expect(twinsOf(state)).toEqual(new Map([[later('p2', '1'), { photoId: 'p1', itemId: '1' }]]));
    expect(firstSighting(state, { photoId: 'p2', itemId: '1' })).toEqual({ photoId: 'p1', itemId: '1' });
    expect(firstSighting(state, { photoId: 'p1', itemId: '1' })).toEqual({ photoId: 'p1', itemId: '1' });
  });

  it('follows a chain to the first photo: photo 3 overlaps 2, which overlaps 1', () => {
    const state = {
      photos: [
        photo('p1', [item('1', 'book', 700, 100)]),
        photo('p2', [item('4', 'book', 400, 100)], [panned('p1', 300)]),
        photo('p3', [item('2', 'book', 100, 100)], [panned('p2', 300)]),
      ],
    };
    expect(firstSighting(state, { photoId: 'p3', itemId: '2' })).toEqual({ photoId: 'p1', itemId: '1' });
    expect(firstSighting(state, { photoId: 'p2', itemId: '4' })).toEqual({ photoId: 'p1', itemId: '1' });
  });

  it('allows for a step nearer: boxes are compared in the first photo’s pixels', () => {
    // Photo 2 is 25% nearer: each of its pixels is 0.8 of photo 1's, its corner at (300, 100) there.
    const overlap = panned('p1', 300, 0.8, 100);
    const cup = item('1', 'cup', 400, 300, 48, 40);
    const seenNearer = item('1', 'cup', 125, 250, 60, 50);
    expect(mapBox(seenNearer.box, overlap)).toEqual(cup.box);
    const state = { photos: [photo('p1', [cup]), photo('p2', [seenNearer], [overlap])] };
    expect(firstSighting(state, { photoId: 'p2', itemId: '1' })).toEqual({ photoId: 'p1', itemId: '1' });
  });

  it('is one thing when it is cut by a photo’s edge: boxes are compared where both photos show them', () => {
    // A bag mostly out of photo 1 (its box cut at x 800) is whole in photo 2: a quarter of it against the whole, the
    // boxes would be two things.
    const state = { photos: [photo('p1', [item('1', 'handbag', 770, 200, 30, 80)]), photo('p2', [item('1', 'handbag', 370, 200, 120, 80)], [panned('p1', 400)])] };
    expect(firstSighting(state, { photoId: 'p2', itemId: '1' })).toEqual({ photoId: 'p1', itemId: '1' });
  });
});

describe('things that are not one', () => {
  it('a thing only one photo shows is its own first sighting', () => {
    const state = { photos: [photo('p1', [item('1', 'cup', 500, 200)]), photo('p2', [item('1', 'cup', 100, 200), item('2', 'cup', 600, 200)], [panned('p1', 400)])] };
    expect(firstSighting(state, { photoId: 'p2', itemId: '2' })).toEqual({ photoId: 'p2', itemId: '2' });
    expect(twinsOf(state).size).toBe(1);
  });

  it('two cups side by side stay two, each matched to itself', () => {
    const cups = [item('1', 'cup', 500, 200), item('2', 'cup', 570, 200)];
    const state = { photos: [photo('p1', cups), photo('p2', [item('1', 'cup', 170, 200), item('2', 'cup', 100, 200)], [panned('p1', 400)])] };
    expect(twinsOf(state)).toEqual(
      new Map([
        [later('p2', '1'), { photoId: 'p1', itemId: '2' }],
        [later('p2', '2'), { photoId: 'p1', itemId: '1' }],
      ]),
    );
  });

  it('a cup where a bowl was is not the bowl', () => {
    const state = { photos: [photo('p1', [item('1', 'bowl', 500, 200)]), photo('p2', [item('1', 'cup', 100, 200)], [panned('p1', 400)])] };
    expect(twinsOf(state).size).toBe(0);
  });

  it('boxes of one label that overlap less than the threshold are two things', () => {
    // 60 px boxes 30 px apart: IoU 1/3, below the threshold.
    expect(TWINS.minIou).toBeGreaterThan(1 / 3);
    const state = { photos: [photo('p1', [item('1', 'book', 500, 200)]), photo('p2', [item('1', 'book', 130, 200)], [panned('p1', 400)])] };
    expect(twinsOf(state).size).toBe(0);
  });

  it('photos with no overlaps have no twins, however alike their things', () => {
    const state = { photos: [photo('p1', [item('1', 'cup', 100, 200)]), photo('p2', [item('1', 'cup', 100, 200)])] };
    expect(twinsOf(state).size).toBe(0);
  });

  it('two things of one photo are never one, even when both match one thing of an earlier photo', () => {
    const state = { photos: [photo('p1', [item('1', 'cup', 500, 200)]), photo('p2', [item('1', 'cup', 100, 200), item('2', 'cup', 110, 205)], [panned('p1', 400)])] };
    const twins = twinsOf(state);
    expect(twins.size).toBe(1);
    // The closer one is the later sighting.
    expect(twins.get(later('p2', '1'))).toEqual({ photoId: 'p1', itemId: '1' });
  });

  it('two photos that both overlap an earlier one: a thing of the third is matched once, to the first sighting', () => {
    const state = {
      photos: [
        photo('p1', [item('1', 'bottle', 600, 100)]),
        photo('p2', [item('1', 'bottle', 400, 100)], [panned('p1', 200)]),
        photo('p3', [item('1', 'bottle', 200, 100)], [panned('p2', 200), panned('p1', 400)]),
      ],
    };
    expect(twinsOf(state)).toEqual(
      new Map([
        [later('p2', '1'), { photoId: 'p1', itemId: '1' }],
        [later('p3', '1'), { photoId: 'p1', itemId: '1' }],
      ]),
    );
  });

  it('an overlap naming a later photo, itself, or a photo the session does not have is not followed', () => {
    const state = {
      photos: [
        photo('p1', [item('1', 'cup', 500, 200)], [panned('p2', -400), panned('p1', 0)]),
        photo('p2', [item('1', 'cup', 100, 200)], [panned('gone', 400)]),
      ],
    };
    expect(twinsOf(state).size).toBe(0);
  });

  it('a photo whose detections have not come yet has no sightings to match', () => {
    const waiting: Photo = { id: 'p1', width: 800, height: 600 };
    const state = { photos: [waiting, photo('p2', [item('1', 'cup', 100, 200)], [panned('p1', 400)])] };
    expect(twinsOf(state).size).toBe(0);
  });
});
