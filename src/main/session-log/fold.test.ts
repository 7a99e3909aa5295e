import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../shared/session/new-session';
import { applyInput, foldLog, isInput } from './fold';
import { LOG_VERSION, LogEventSchema } from './events';

const carry = { from: 'earlier-1', space: 'desk work', anchors: ['desk', 'lamp'], unsure: ['mug', 'cable'], nextTime: ['The drawer'] };

describe('applying a carry-over from an earlier session', () => {
  it('sets the space and anchors and keeps what was carried, without changing the state it was given', () => {
    const before = newSessionState('s', 0);
    const after = applyInput(before, { type: 'carried-over', carry });
    expect(after).toMatchObject({ spaceFunction: 'desk work', anchors: ['desk', 'lamp'], carriedOver: carry });
    expect(after.piles).toEqual(before.piles);
    expect(before.carriedOver).toBeUndefined();
    expect(before.spaceFunction).toBeUndefined();
  });

  it('keeps what the session knew when the earlier one had no space or anchors', () => {
    const before = { ...newSessionState('s', 0), spaceFunction: 'reading', anchors: ['armchair'] };
    expect(applyInput(before, { type: 'carried-over', carry: { from: 'e', anchors: [], unsure: ['mug'], nextTime: [] } })).toMatchObject({
      spaceFunction: 'reading',
      anchors: ['armchair'],
    });
  });

  it('is an input the fold applies before the turn it came in, as the live app did', () => {
    const opening = newSessionState('s', 0);
    const line = { v: LOG_VERSION, seq: 2, at: 1 };
    const events = [
      LogEventSchema.parse({ v: LOG_VERSION, seq: 0, at: 0, type: 'session-started', sessionId: 's', appVersion: 't', coach: 'guided', model: { vision: false, tools: false }, templates: {} }),
      LogEventSchema.parse({ v: LOG_VERSION, seq: 1, at: 0, type: 'turn-ended', checkpoint: { session: opening } }),
      LogEventSchema.parse({ ...line, type: 'carried-over', carry }),
      LogEventSchema.parse({ v: LOG_VERSION, seq: 3, at: 1, type: 'turn-started', messageIds: [], photoIds: [] }),
      LogEventSchema.parse({ v: LOG_VERSION, seq: 4, at: 2, type: 'turn-ended', changes: [] }),
    ];
    expect(isInput(events[2]!)).toBe(true);
    expect(foldLog(events).document?.session).toMatchObject({ spaceFunction: 'desk work', carriedOver: carry });
  });

  it('refuses a carry-over line whose source is not a session id', () => {
    expect(LogEventSchema.safeParse({ v: LOG_VERSION, seq: 2, at: 1, type: 'carried-over', carry: { ...carry, from: '../elsewhere' } }).success).toBe(false);
  });
});

describe('an import’s photos arriving in several lines', () => {
  const photo = (n: number) => ({ id: `p${n}`, fileName: `room-${n}.jpg`, width: 40, height: 30 });

  it('adds later photos to the message the first ones came with, waiting for its turn or already in the chat', () => {
    let state = newSessionState('s', 0);
    state = applyInput(state, { type: 'photos-imported', photos: [photo(1)], stage: 'before' });
    state = applyInput(state, { type: 'person-message', messageId: 'm1', text: '', photoIds: ['p1'], sentAt: 1 });
    state = applyInput(state, { type: 'photos-imported', photos: [photo(2), photo(3)], stage: 'before', message: 'm1' });
    expect(state.queued.map((message) => message.photoIds)).toEqual([['p1', 'p2', 'p3']]);
    state = applyInput(state, { type: 'turn-started', messageIds: ['m1'], photoIds: ['p1', 'p2', 'p3'] });
    state = applyInput(state, { type: 'photos-imported', photos: [photo(4)], stage: 'before', message: 'm1' });
    expect(state.messages.map((message) => message.photoIds)).toEqual([['p1', 'p2', 'p3', 'p4']]);
    expect(state.photos.map((one) => [one.id, one.stage])).toEqual(['p1', 'p2', 'p3', 'p4'].map((id) => [id, 'before']));
  });

  it('reads a line from before this, with no message, as photos that only join the session', () => {
    const line = LogEventSchema.parse({ v: LOG_VERSION, seq: 2, at: 1, type: 'photos-imported', photos: [photo(1)] });
    expect(line).not.toHaveProperty('message');
    const state = applyInput({ ...newSessionState('s', 0), messages: [{ id: 'm0', role: 'person', text: 'hi', at: 0 }] }, { type: 'photos-imported', photos: [photo(1)] });
    expect(state.photos.map((one) => one.id)).toEqual(['p1']);
    expect(state.messages[0]).not.toHaveProperty('photoIds');
  });
});

describe('a photo’s detections arriving with where it overlaps the photos before it', () => {
  const photo = (n: number) => ({ id: `p${n}`, fileName: `room-${n}.jpg`, width: 400, height: 300 });
  const detections = { items: [{ id: '1', label: 'cup' as const, name: 'mug', score: 0.9, box: { x: 10, y: 20, width: 30, height: 40 } }], busy: [] };
  const overlaps = [{ photoId: 'p1', scale: 0.9876, dx: 212.5, dy: -3.1 }];
  const imported = applyInput(newSessionState('s', 0), { type: 'photos-imported', photos: [photo(1), photo(2)] });
  /** A line as the log reader gives it: validated. */
  const detectedLine = (raw: unknown) => {
    const line = LogEventSchema.parse(raw);
    if (line.type !== 'photos-detected') throw new Error(`not a photos-detected line: ${line.type}`);
    return line;
  };

  it('reads a line from before overlaps were looked for as detections alone: the photo has no overlaps', () => {
    const line = detectedLine({ v: LOG_VERSION, seq: 2, at: 1, type: 'photos-detected', photoId: 'p2', detections });
    expect(line).not.toHaveProperty('overlaps');
    const state = applyInput(imported, line);
    expect(state.photos[1]).toEqual({ ...photo(2), detections });
  });

  it('keeps the overlaps a line holds on its photo, exactly, through the log’s JSON', () => {
    const line = detectedLine(JSON.parse(JSON.stringify({ v: LOG_VERSION, seq: 2, at: 1, type: 'photos-detected', photoId: 'p2', detections, overlaps })));
    const state = applyInput(imported, line);
    expect(state.photos[1]).toEqual({ ...photo(2), detections, overlaps });
    expect(state.photos[0]).toEqual(photo(1));
  });

  it('takes what a later line says: detections again with no overlaps leave the photo with none', () => {
    const once = applyInput(imported, { type: 'photos-detected', photoId: 'p2', detections, overlaps });
    const again = applyInput(once, { type: 'photos-detected', photoId: 'p2', detections });
    expect(again.photos[1]).not.toHaveProperty('overlaps');
  });

  it('refuses overlaps that name no photo or have no scale', () => {
    const line = { v: 2, seq: 2, at: 1, type: 'photos-detected', photoId: 'p2', detections };
    expect(LogEventSchema.safeParse({ ...line, overlaps: [{ ...overlaps[0], photoId: '' }] }).success).toBe(false);
    expect(LogEventSchema.safeParse({ ...line, overlaps: [{ ...overlaps[0], scale: 0 }] }).success).toBe(false);
  });
});
