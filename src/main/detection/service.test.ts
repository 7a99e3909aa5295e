import { DETECTED } from './testing';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DetectionProgress, PhotoDetections } from '../../shared/detection/schema';
import { memoryLogger } from '../../../test-support/fixtures';
import { findDetectorRuntime } from './runtime';
import { defaultWorkers, detectionsFile, DetectionService, type DetectionPhoto, type DetectionServiceDeps } from './service';
import { tempFolderSync } from '../../../test-support/temp-folder';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const NAMES = ['coffee.jpg', 'bottle-and-bowls.jpg', 'fruits.jpg', 'aloe-in-pot.jpg'];

/** A session photo folder holding the fixtures under photo ids, as the photo store keeps them. */
function photoFolder(): { dir: string; photos: DetectionPhoto[] } {
  const dir = tempFolderSync('tidy-detect-');
  const photos = NAMES.map((name, index) => {
    const id = String(index + 1).repeat(64);
    copyFileSync(path.join(FIXTURES, name), path.join(dir, `${id}.jpg`));
    return { id, width: 640, height: 480 };
  });
  return { dir, photos };
}

let services: DetectionService[] = [];
afterEach(async () => {
  await Promise.all(services.map((service) => service.close()));
  services = [];
});

function serviceWith(overrides: Partial<DetectionServiceDeps> = {}) {
  const delivered: { sessionId: string; photoId: string; detections: PhotoDetections }[] = [];
  const progress: DetectionProgress[] = [];
  const logger = memoryLogger();
  const service = new DetectionService({
    logger,
    deliver: (sessionId, photoId, detections) => {
      delivered.push({ sessionId, photoId, detections });
      return Promise.resolve(true);
    },
    onProgress: (next) => progress.push(next),
    workers: 1,
    ...overrides,
  });
  services.push(service);
  return { service, delivered, progress, logger };
}

describe('detection for the app', () => {
  it('detects each photo once, hands each to its session, and caches it beside the photo', async () => {
    const { dir, photos } = photoFolder();
    const { service, delivered, progress } = serviceWith();
    service.request({ sessionId: 's1', photosDir: dir, photos });
    service.request({ sessionId: 's1', photosDir: dir, photos: photos.slice(0, 2) });
    await service.idle();
    expect(delivered.map((one) => one.photoId).sort()).toEqual(photos.map((photo) => photo.id).sort());
    expect(progress.at(-1)).toEqual({ done: 4, total: 4, failed: 0 });
    for (const photo of photos) expect(JSON.parse(readFileSync(detectionsFile(dir, photo.id), 'utf8')).detections.items).toBeInstanceOf(Array);
    expect(delivered.find((one) => one.photoId === photos[0]!.id)?.detections.items.map((item) => item.label)).toContain('cup');
  });

  it('never analyses a photo twice: a later run takes the cache and starts no worker', async () => {
    const { dir, photos } = photoFolder();
    const first = serviceWith();
    first.service.request({ sessionId: 's1', photosDir: dir, photos });
    await first.service.idle();
    const again = serviceWith();
    again.service.request({ sessionId: 's1', photosDir: dir, photos });
    await again.service.idle();
    expect(again.delivered.map((one) => one.detections)).toEqual(first.delivered.map((one) => one.detections));
    expect(again.service.detectors.every((detector) => !detector.running && detector.loadMs === undefined)).toBe(true);
  });

  it('works a damaged cache file out again, and replaces it', async () => {
    const { dir, photos } = photoFolder();
    const photo = photos[0]!;
    writeFileSync(detectionsFile(dir, photo.id), '{"detector":"centernet-coco","detections":{"items":[{"id":"x"}]}}');
    const { service, delivered } = serviceWith();
    service.request({ sessionId: 's1', photosDir: dir, photos: [photo] });
    await service.idle();
    expect(delivered[0]?.detections.items.map((item) => item.label)).toContain('cup');
    expect(readFileSync(detectionsFile(dir, photo.id), 'utf8')).toContain('"cup"');
  });

  it('keeps what its session could not take yet (the photo was still importing) and hands it over when asked again', async () => {
    const { dir, photos } = photoFolder();
    const photo = photos[1]!;
    let sessionHasIt = false;
    const { service, delivered, progress } = serviceWith({
      deliver: (sessionId, photoId, detections) => {
        if (sessionHasIt) delivered.push({ sessionId, photoId, detections });
        return Promise.resolve(sessionHasIt);
      },
    });
    service.request({ sessionId: 's1', photosDir: dir, photos: [photo] });
    await service.idle();
    expect(delivered).toEqual([]);
    sessionHasIt = true;
    service.request({ sessionId: 's1', photosDir: dir, photos: [photo] });
    await expect.poll(() => delivered.length, DETECTED).toBe(1);
    // Detected once: the second request was served from what was kept.
    expect(progress.at(-1)).toMatchObject({ done: 1, total: 1 });
  });

  it('skips a photo it cannot read with one line in the log, and detects the others', async () => {
    const { dir, photos } = photoFolder();
    // The second photo's file is cut off a few hundred bytes in, as a copy interrupted midway leaves it.
    const broken = path.join(dir, `${photos[1]!.id}.jpg`);
    writeFileSync(broken, readFileSync(broken).subarray(0, 400));
    const { service, delivered, progress, logger } = serviceWith();
    service.request({ sessionId: 's1', photosDir: dir, photos });
    await service.idle();
    expect(delivered.map((one) => one.photoId).sort()).toEqual([photos[0]!.id, photos[2]!.id, photos[3]!.id].sort());
    expect(progress.at(-1)).toEqual({ done: 4, total: 4, failed: 1 });
    expect(logger.lines.filter((line) => line.includes('A photo could not be detected'))).toHaveLength(1);
    expect(service.availability()).toEqual({ available: true });
  });

  it('detects the photo the coach will show first ahead of the photos already waiting', async () => {
    const { dir, photos } = photoFolder();
    const { service, delivered } = serviceWith();
    service.request({ sessionId: 's1', photosDir: dir, photos: photos.slice(0, 3) });
    service.request({ sessionId: 's1', photosDir: dir, photos: [photos[3]!] }, { first: true });
    // One waiting already moves up when it is asked for first.
    service.request({ sessionId: 's1', photosDir: dir, photos: [photos[2]!] }, { first: true });
    await service.idle();
    expect(delivered.map((one) => one.photoId)).toEqual([photos[0], photos[2], photos[3], photos[1]].map((photo) => photo!.id));
  });

  it('says when a photo’s detections are in its session, or that they will not come', async () => {
    const { dir, photos } = photoFolder();
    const broken = path.join(dir, `${photos[1]!.id}.jpg`);
    writeFileSync(broken, readFileSync(broken).subarray(0, 400));
    const { service, delivered } = serviceWith();
    // Nothing asked for: settled at once.
    await service.settled('s1', photos[0]!.id);
    service.request({ sessionId: 's1', photosDir: dir, photos: photos.slice(0, 3) });
    await service.settled('s1', photos[0]!.id);
    expect(delivered.map((one) => one.photoId)).toEqual([photos[0]!.id]);
    // A photo that fails settles too, with nothing delivered; one dropped from the queue as well.
    await service.settled('s1', photos[1]!.id);
    expect(delivered.map((one) => one.photoId)).toEqual([photos[0]!.id]);
    service.request({ sessionId: 's1', photosDir: dir, photos: [photos[3]!] });
    const dropped = service.settled('s1', photos[3]!.id);
    service.cancel();
    await dropped;
    await service.idle();
    expect(delivered.map((one) => one.photoId)).not.toContain(photos[3]!.id);
  });

  it('spreads photos over its workers, the second only once the first has a result (the first photo has the cores)', async () => {
    const { dir, photos } = photoFolder();
    let detectorsAtFirst = -1;
    const { service, delivered } = serviceWith({
      workers: 2,
      deliver: (sessionId, photoId, detections) => {
        if (delivered.length === 0) detectorsAtFirst = service.detectors.length;
        delivered.push({ sessionId, photoId, detections });
        return Promise.resolve(true);
      },
    });
    service.request({ sessionId: 's1', photosDir: dir, photos });
    await service.idle();
    expect(detectorsAtFirst).toBe(1);
    expect(service.detectors).toHaveLength(2);
    expect(service.detectors.every((detector) => detector.loadMs !== undefined)).toBe(true);
    expect(delivered).toHaveLength(4);
  });

  it('uses both cores of a two-core machine, and leaves one free on bigger ones', () => {
    expect([1, 2, 4, 8].map((cores) => defaultWorkers(cores))).toEqual([1, 2, 3, 3]);
  });

  it('says why when the detector is not installed, and does nothing', async () => {
    const { dir, photos } = photoFolder();
    const { service, delivered } = serviceWith({ lookup: () => ({ missing: 'The detector is not installed.' }) });
    expect(service.availability()).toEqual({ available: false, reason: 'The detector is not installed.' });
    service.request({ sessionId: 's1', photosDir: dir, photos });
    await service.idle();
    expect(delivered).toEqual([]);
  });

  it('stops, and says why, when the model cannot load; the photos are left alone', async () => {
    const { dir, photos } = photoFolder();
    const lookup = findDetectorRuntime();
    if (!('found' in lookup)) throw new Error(lookup.missing);
    const broken = { found: { ...lookup.found, models: lookup.found.models.map((model) => ({ ...model, files: model.files.map(() => path.join(dir, 'missing.json')) })) } };
    const { service, delivered, progress, logger } = serviceWith({ lookup: () => broken });
    service.request({ sessionId: 's1', photosDir: dir, photos });
    await service.idle();
    expect(delivered).toEqual([]);
    expect(service.availability()).toMatchObject({ available: false, reason: expect.stringMatching(/could not load its model/) });
    expect(progress.at(-1)).toMatchObject({ done: 1, total: 1, failed: 1 });
    expect(logger.lines.join('\n')).toContain('A photo could not be detected');
  });
});
