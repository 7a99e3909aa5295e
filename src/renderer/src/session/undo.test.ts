import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../../shared/session/new-session';
import type { LastAnswer } from '../../../shared/session/schema';
import { undoable } from './undo';

const last: LastAnswer = {
  id: 'a1',
  text: 'Coffee mug: trash',
  message: 'm1',
  added: ['a1'],
  displaced: [],
  decisionsBefore: 0,
  guidedBefore: { phase: 'surveying', gatheredAnchors: [] },
};

describe('what can be taken back', () => {
  it('offers the last answer while the session goes on, and nothing once an Undo is on its way or the session has ended', () => {
    const session = { ...newSessionState('s', 0), lastAnswer: last };
    expect(undoable(session)).toBe(last);
    expect(undoable({ ...session, undoChosen: 'a1' })).toBeUndefined();
    expect(undoable({ ...session, status: 'ended' })).toBeUndefined();
    expect(undoable(newSessionState('s', 0))).toBeUndefined();
    expect(undoable(undefined)).toBeUndefined();
  });
});
