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
    expect(moved).toEqual({ leaving: 3, elsewhere: 2, here: 1, undecided: 1 });
    expect(whatMovedText(moved)).toBe('What moved: 1 stays here, 2 go elsewhere in the home, 3 leave the home, 1 undecided.');
    expect(whatMovedText({ here: 0, elsewhere: 0, leaving: 0, undecided: 0 })).toBe('Nothing moved this time, and that is fine.');
  });
});
