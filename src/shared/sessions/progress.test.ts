import { describe, expect, it } from 'vitest';
import { classInfo } from '../detection/classes';
import type { CocoLabel, DetectedItem } from '../detection/schema';
import { newSessionState } from '../session/new-session';
import type { PileItem, Photo, SessionState } from '../session/schema';
import { minutesSpent, progressOf, tripsProgress } from './progress';
import { SessionMetaSchema } from './schema';

const MINUTE = 60_000;
const entry = (id: string, name: string, outcome: PileItem['outcome'], location?: string): PileItem => ({
  id,
  name,
  outcome,
  ...(location ? { location } : {}),
  decidedAt: Number(id.slice(1)),
});

function thing(id: string, label: CocoLabel): DetectedItem {
  return { id, label, name: classInfo(label).name || label, score: 0.5, box: { x: 10, y: 10, width: 50, height: 50 } };
}

function photo(id: string, stage: Photo['stage'], labels?: CocoLabel[]): Photo {
  return {
    id,
    fileName: `${id}.jpg`,
    width: 400,
    height: 300,
    ...(stage ? { stage } : {}),
    ...(labels ? { detections: { items: labels.map((label, index) => thing(String(index + 1), label)), busy: [] } } : {}),
  };
}

function session(fields: Partial<SessionState>): SessionState {
  return { ...newSessionState('s', 0), spaceFunction: 'Work', ...fields };
}

describe('what a session did, for its room', () => {
  it('counts the four groups and the skipped as the piles do, and the exit plan’s trips with their lines', () => {
    const state = session({
      piles: {
        belongs: [entry('e1', 'lamp', 'keep'), entry('e2', 'mug', 'place', 'kitchen'), entry('e3', 'plate', 'place', 'the kitchen')],
        out: [entry('e4', 'bottle', 'trash'), entry('e5', 'bottle', 'trash'), entry('e6', 'jumper', 'donate')],
        unsure: [entry('e7', 'box', 'unsure')],
      },
      decisions: [{ item: 'cable', outcome: 'skip', at: 8 }],
    });
    const progress = progressOf(state, 10);
    expect(progress.counts).toEqual({ here: 1, elsewhere: 2, leaving: 3, undecided: 1, skipped: 1 });
    // Trash (one line of two bottles), donation, and the kitchen: three trips.
    expect(progress.trips).toEqual([
      { leaves: true, lines: [['e4', 'e5']] },
      { leaves: true, lines: [['e6']] },
      { leaves: false, lines: [['e2'], ['e3']] },
    ]);
    expect(tripsProgress(progress.trips, new Set(['e4', 'e5', 'e2']))).toEqual({ done: 1, left: 2, notDone: 2 });
    expect(tripsProgress(progress.trips, new Set(['e4', 'e5', 'e6', 'e2', 'e3']))).toEqual({ done: 3, left: 3, notDone: 0 });
    // A line is done only when every thing on it is.
    expect(tripsProgress(progress.trips, new Set(['e4']))).toEqual({ done: 0, left: 0, notDone: 3 });
  });

  it('counts the minutes of its sprints: earlier sprints whole, the last as far as it got, pauses not at all', () => {
    const length = 15 * MINUTE;
    expect(minutesSpent({ number: 1, lengthMs: length, breakMs: 5 * MINUTE, phase: { kind: 'running', since: 0, elapsedMs: 0 } }, 7 * MINUTE)).toBe(7);
    expect(minutesSpent({ number: 3, lengthMs: length, breakMs: 5 * MINUTE, phase: { kind: 'paused', elapsedMs: 4 * MINUTE } }, 999 * MINUTE)).toBe(34);
    expect(minutesSpent({ number: 2, lengthMs: length, breakMs: 5 * MINUTE, phase: { kind: 'break', since: 0, lengthMs: 5 * MINUTE } }, 999 * MINUTE)).toBe(30);
    // An ended session counts to its end, not to when its meta was written.
    const ended = session({
      status: 'ended',
      ending: { summary: '', nextTime: [], endedAt: 12 * MINUTE },
      sprint: { number: 1, lengthMs: length, breakMs: 5 * MINUTE, phase: { kind: 'running', since: 2 * MINUTE, elapsedMs: 0 } },
    });
    expect(progressOf(ended, 60 * MINUTE).minutes).toBe(10);
    expect(progressOf(session({}), 60 * MINUTE).minutes).toBe(0);
  });

  it('keeps its first photos (the before ones) and its latest (the after ones), with the loose things the detector saw', () => {
    const photos = [photo('a', 'before', ['cup', 'book', 'couch', 'person']), photo('b', 'before', ['bottle']), photo('c', undefined, []), photo('d', 'after', ['cup'])];
    expect(progressOf(session({ photos }), 0).looks).toEqual({ first: { photos: ['a', 'b'], count: 2, loose: 3 }, last: { photos: ['d'], count: 1, loose: 1 } });
    // No after photos: the latest look is the first; a photo the detector has not read leaves the count out.
    expect(progressOf(session({ photos: [photo('a', 'before', ['cup']), photo('b', 'before')] }), 0).looks).toEqual({
      first: { photos: ['a', 'b'], count: 2 },
      last: { photos: ['a', 'b'], count: 2 },
    });
    // Photos with no stage (added mid-session) stand for the first when there are no before photos; a few are kept to show.
    const many = Array.from({ length: 6 }, (_, index) => photo(`p${index}`, undefined, []));
    expect(progressOf(session({ photos: many }), 0).looks?.first).toEqual({ photos: ['p0', 'p1', 'p2', 'p3'], count: 6, loose: 0 });
    expect(progressOf(session({}), 0).looks).toBeUndefined();
  });

  it('meta written before rooms existed, without progress, still reads', () => {
    const old = { id: 'a', startedAt: 1, updatedAt: 2, itemsProcessed: 3, status: 'ended', coach: 'guided', leftovers: { anchors: [], unsure: [], nextTime: [] } };
    expect(SessionMetaSchema.parse(old).progress).toBeUndefined();
  });
});
