import { describe, expect, it } from 'vitest';
import { newSessionState } from '../session/new-session';
import { beforeAfterOf, stageForNewPhotos, whatMovedText } from './before-after';

const fresh = newSessionState('s', 0);
const decision = { item: 'mug', outcome: 'place' as const, at: 1 };

describe('before and after', () => {
  it('calls photos before until something moves, nothing in the middle, and after once winding down or ended', () => {
    expect(stageForNewPhotos(fresh)).toBe('before');
    expect(stageForNewPhotos({ ...fresh, decisions: [decision] })).toBeUndefined();
    expect(stageForNewPhotos({ ...fresh, decisions: [decision], mode: { kind: 'windingDown', nextTime: [] } })).toBe('after');
    expect(stageForNewPhotos({ ...fresh, status: 'ended' })).toBe('after');
  });

  it('counts what moved by where it went, in plain words', () => {
    const item = (id: string, outcome: 'trash' | 'donate' | 'recycle' | 'place' | 'keep' | 'unsure') => ({ id, name: id, outcome, decidedAt: 1 });
    const piles = { out: [item('a', 'trash'), item('b', 'donate'), item('c', 'recycle')], belongs: [item('d', 'place'), item('e', 'place'), item('f', 'keep')], unsure: [item('g', 'unsure')] };
    const { moved } = beforeAfterOf({ photos: [], piles });
    expect(moved).toEqual({ out: 3, relocated: 2, stays: 1, unsure: 1 });
    expect(whatMovedText(moved)).toBe('What moved: 3 out of the room, 2 to their places, 1 staying, 1 not sure yet.');
    expect(whatMovedText({ out: 0, relocated: 0, stays: 0, unsure: 0 })).toBe('Nothing moved this time, and that is fine.');
  });
});
