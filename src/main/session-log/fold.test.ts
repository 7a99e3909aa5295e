import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../shared/session/new-session';
import { applyInput, foldLog, isInput } from './fold';
import { LogEventSchema } from './events';

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
    const line = { v: 2, seq: 2, at: 1 };
    const events = [
      LogEventSchema.parse({ v: 2, seq: 0, at: 0, type: 'session-started', sessionId: 's', appVersion: 't', coach: 'guided', model: { vision: false, tools: false }, templates: {} }),
      LogEventSchema.parse({ v: 2, seq: 1, at: 0, type: 'turn-ended', checkpoint: { session: opening } }),
      LogEventSchema.parse({ ...line, type: 'carried-over', carry }),
      LogEventSchema.parse({ v: 2, seq: 3, at: 1, type: 'turn-started', messageIds: [], photoIds: [] }),
      LogEventSchema.parse({ v: 2, seq: 4, at: 2, type: 'turn-ended', changes: [] }),
    ];
    expect(isInput(events[2]!)).toBe(true);
    expect(foldLog(events).document?.session).toMatchObject({ spaceFunction: 'desk work', carriedOver: carry });
  });

  it('refuses a carry-over line whose source is not a session id', () => {
    expect(LogEventSchema.safeParse({ v: 2, seq: 2, at: 1, type: 'carried-over', carry: { ...carry, from: '../elsewhere' } }).success).toBe(false);
  });
});
