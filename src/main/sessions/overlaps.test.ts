/**
 * Overlapping photos in a session, as the app runs it: two photos of one table as a phone pans and one of something
 * else, through the real import and detector. Where the second shows part of the first joins it with its
 * detections, is in the log beside them, and folds back from the log alone; a thing the detector saw in both is one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionState } from '../../shared/session/schema';
import type { AppCore } from '../core/app-core';
import { DETECTED } from '../detection/testing';
import { firstSighting, twinsOf } from '../detection/twins';
import { readSessionLog, sessionOfLog } from '../session-log';
import { testCore, untilState } from '../../../test-support/fixtures';

const FIXTURES = path.join(import.meta.dirname, '../detection/fixtures');
const signal = new AbortController().signal;

let app: AppCore | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

/** A window of a fixture, stored as a phone photo of its own. */
const window = (name: string, left: number, width: number, height: number) =>
  sharp(path.join(FIXTURES, name)).extract({ left, top: 0, width, height }).jpeg({ quality: 90 }).toBuffer();

const allDetected = (count: number) => (state: SessionState) => state.photos.length === count && state.photos.every((photo) => photo.detections);

describe('photos that overlap, in a session', () => {
  it('know where they overlap once detected, the log says so beside their detections, and a thing seen in both is one', { timeout: 120_000 /* the detector's cold start on a busy machine */ }, async () => {
    app = testCore({ firstLookWaitMs: 120_000 });
    const core = app;
    // coffee.jpg is 600 x 400: a cup on a saucer in the middle. The second photo is the first panned right by 200 px.
    const uploads = [
      core.stageUpload('table-1.jpg', await window('coffee.jpg', 0, 400, 400)),
      core.stageUpload('table-2.jpg', await window('coffee.jpg', 200, 400, 400)),
      core.stageUpload('fruit.jpg', readFileSync(path.join(FIXTURES, 'fruits.jpg'))),
    ];
    await core.handlers['photos:import']({ uploads, paths: [] }, { signal });
    const state = await untilState(core, allDetected(3));
    const [first, second, fruit] = state.photos;

    expect(first!.overlaps).toBeUndefined();
    expect(second!.overlaps).toEqual([{ photoId: first!.id, scale: expect.closeTo(1, 1), dx: expect.closeTo(200, -1), dy: expect.closeTo(0, -1) }]);
    expect(fruit!.overlaps).toBeUndefined();

    // A thing the detector saw in both photos is one: its sighting in the second leads to the first.
    const twins = [...twinsOf(state)];
    expect(twins.length).toBeGreaterThan(0);
    for (const [thing, sighting] of twins) {
      const [photoId, itemId] = thing.split('#');
      expect(photoId).toBe(second!.id);
      expect(sighting.photoId).toBe(first!.id);
      const label = (id: string, photo = second!) => photo.detections!.items.find((item) => item.id === id)!.label;
      expect(label(itemId!)).toBe(label(sighting.itemId, first!));
      expect(firstSighting(state, { photoId: photoId!, itemId: itemId! })).toEqual(sighting);
    }

    // Replay needs no pixels: the log's detected line holds the overlaps, and the log folds to the same photos. (The
    // coach's first card waits for an answer, so the session is not idle: the log is read once it has the lines.)
    const logged = async () => (await readSessionLog(core.sessionPaths!.log)).events;
    await expect.poll(async () => (await logged()).filter((event) => event.type === 'photos-detected').length, DETECTED).toBe(3);
    const events = await logged();
    const detected = events.filter((event) => event.type === 'photos-detected');
    expect(detected.find((event) => event.photoId === second!.id)).toMatchObject({ overlaps: second!.overlaps });
    expect(detected.filter((event) => event.overlaps)).toHaveLength(1);
    expect(sessionOfLog(events)?.photos).toEqual(core.store.state.photos);
  });
});
