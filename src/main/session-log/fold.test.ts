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
