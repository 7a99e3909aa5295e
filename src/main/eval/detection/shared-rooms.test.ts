/**
 * The project's labels for the shared photos of lived-in homes (../shared/rooms, issue 35): one for every photo
 * there, agreeing with the folder's own index on the kind of room and its messiness, with boxes drawn on enough of
 * them, messy ones among them. A clone without the folder skips this and says why.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLabels, SHARED_ROOMS_DIR, SHARED_ROOMS_LABELS } from './labels';

const here = existsSync(SHARED_ROOMS_DIR);
if (!here) console.log(`Skipping the shared rooms' labels: ${SHARED_ROOMS_DIR} is not here (it sits beside the project, not in it).`);

describe.skipIf(!here)('the shared rooms', () => {
  it('are each labelled once, by the project, with notes on their clutter; nothing else is labelled', async () => {
    const labels = await readLabels(SHARED_ROOMS_DIR);
    expect(labels.photos.length).toBeGreaterThanOrEqual(159);
    for (const photo of labels.photos) expect(photo.source.kind, photo.file).toBe('shared-rooms');
  });

  it('agree with the folder’s index on each photo’s room and whether it is messy', async () => {
    const labels = await readLabels(SHARED_ROOMS_DIR);
    const index = new Map(
      readFileSync(path.join(SHARED_ROOMS_DIR, 'sources.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { file: string; room: string; messy: boolean })
        .map((source) => [source.file, source]),
    );
    for (const { file, source } of labels.photos) {
      expect(source.kind === 'shared-rooms' && { room: source.room, messy: source.messy }, file).toEqual({ room: index.get(file)?.room, messy: index.get(file)?.messy });
    }
  });

  it('have boxes drawn by hand on at least 30, messy rooms among them, and the sources’ boxes where they have them', async () => {
    const labels = await readLabels(SHARED_ROOMS_DIR);
    const by = (who: string) => labels.photos.filter((photo) => photo.source.kind === 'shared-rooms' && photo.source.boxedBy === who);
    expect(by('hand').length).toBeGreaterThanOrEqual(30);
    expect(by('hand').filter((photo) => photo.source.kind === 'shared-rooms' && photo.source.messy).length).toBeGreaterThanOrEqual(15);
    expect(by('hand').filter((photo) => photo.otherBoxes.length > 0).length).toBeGreaterThanOrEqual(20);
    expect(by('ade20k').length + by('sun-rgbd').length).toBeGreaterThan(0);
  });
});

describe('the shared rooms’ labels file', () => {
  it('is the project’s own, naming photos it does not hold', () => {
    expect(existsSync(SHARED_ROOMS_LABELS)).toBe(true);
    expect(path.relative(SHARED_ROOMS_DIR, SHARED_ROOMS_LABELS).startsWith('..')).toBe(true);
  });
});
