/**
 * A data folder holding one unfinished session at real volume, which web mode picks up when it starts: many photos
 * (with long file names), piles with long item names, a long chat. Written through the app's own log writer and
 * photo store, so it is a session the app could have recorded.
 */
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import type { PileItem, SessionState } from '../../src/shared/session/schema';
import { newSessionState } from '../../src/shared/session/new-session';
import { PhotoStore } from '../../src/main/photos';
import { sessionPaths } from '../../src/main/session-log';
import { writeLoggedSession } from '../../test-support/logged-session';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);

/** 80 characters: what a person may well type for an item. */
export const LONG_NAME = 'the big grey cardboard box of old cables, chargers and adapters under the desk!!';

export interface HeavySession {
  readonly photos: number;
  /** Items in each pile. */
  readonly pileItems: number;
  /** Messages in the chat (half the person's, half the coach's). */
  readonly messages: number;
  /** The photo (its index) in which the thing being sorted was seen, so the coach is talking about that photo. */
  readonly itemSeenIn?: number;
}

function pile(count: number, outcome: PileItem['outcome'], prefix: string): PileItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    name: index % 4 === 0 ? `${LONG_NAME.slice(0, 70)} ${prefix} ${index}` : `${prefix} item ${index}`,
    outcome,
    ...(outcome === 'place' ? { location: index % 3 === 0 ? 'the second drawer of the tall white cabinet in the hallway' : 'kitchen' } : {}),
    decidedAt: START + index * 1000,
  }));
}

export async function writeHeavySession(dataDir: string, spec: HeavySession): Promise<string> {
  const id = `heavy-${spec.photos}`;
  const paths = sessionPaths(dataDir, id);
  await mkdir(paths.photos, { recursive: true });
  const store = await PhotoStore.open(paths.photos);
  const photos: SessionState['photos'] = [];
  for (let index = 0; index < spec.photos; index += 1) {
    const photoId = (index + 1).toString(16).padStart(64, '0');
    const background = { r: (index * 53) % 256, g: (index * 97 + 80) % 256, b: (index * 29 + 160) % 256 };
    const image = sharp({ create: { width: 1024, height: 768, channels: 3, background } });
    const [model, thumb] = await Promise.all([image.clone().jpeg().toBuffer(), image.clone().resize(256, 192).webp().toBuffer()]);
    const fileName = index % 3 === 0 ? `IMG_${index}_${LONG_NAME.replace(/[^a-z]+/g, '-')}.jpg` : `room-${index + 1}.jpg`;
    await store.put(
      { id: photoId, originalName: fileName, format: 'jpeg', width: 1024, height: 768, thumbWidth: 256, thumbHeight: 192, bytes: model.length, importedAt: new Date(START).toISOString() },
      model,
      thumb,
    );
    const facts = index === spec.itemSeenIn ? { facts: { roomType: 'study', chaosLevel: 'cluttered' as const, visibleItems: [LONG_NAME] } } : {};
    photos.push({ id: photoId, fileName, width: 1024, height: 768, ...facts });
  }
  const belongs = pile(spec.pileItems, 'place', 'belongs');
  const out = pile(spec.pileItems, 'trash', 'out');
  const unsure = pile(spec.pileItems, 'unsure', 'unsure');
  const messages: SessionState['messages'] = Array.from({ length: spec.messages }, (_, index) => ({
    id: `m-${index}`,
    role: index % 2 === 0 ? ('person' as const) : ('coach' as const),
    text: index % 5 === 0 ? `${LONG_NAME} ${'and more words that go on '.repeat(4)}` : `Message ${index}: the next small step.`,
    at: START + index * 30_000,
  }));
  const state: SessionState = {
    ...newSessionState(id, START),
    mode: { kind: 'sorting', currentItem: LONG_NAME },
    spaceFunction: 'Work (Writing)',
    anchors: ['desk', 'lamp'],
    piles: { belongs, out, unsure },
    itemsProcessed: spec.pileItems * 3,
    photos,
    messages,
    guided: { phase: 'sorting', active: { function: 'Work (Writing)', anchors: ['desk', 'lamp'], later: [] }, currentItem: LONG_NAME },
    // The header's widest sprint: paused, with its time left and a Resume button (paused, so no timer moves it).
    sprint: { number: 12, lengthMs: 45 * 60_000, breakMs: 5 * 60_000, phase: { kind: 'paused', elapsedMs: 6 * 60_000 } },
  };
  await writeLoggedSession(paths, state, START);
  return id;
}
