import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../../shared/session/new-session';
import type { SessionState } from '../../../shared/session/schema';
import { photoInFocus } from './focus';

const facts = (items: string[]) => ({ roomType: 'office', chaosLevel: 'cluttered' as const, visibleItems: items });
const base: SessionState = {
  ...newSessionState('s', 0),
  photos: [
    { id: 'p1', fileName: 'desk.jpg', width: 1, height: 1, facts: facts(['blue mug on the desk']) },
    { id: 'p2', fileName: 'floor.jpg', width: 1, height: 1, facts: facts(['cable bundle']) },
  ],
};

describe('the photo in focus', () => {
  it('is the photo a clarification names', () => {
    expect(photoInFocus({ ...base, mode: { kind: 'clarifying', item: 'thing', photoContext: 'floor.jpg, left corner', reason: 'r' } })).toBe('p2');
  });

  it('is the photo showing the item in hand', () => {
    expect(photoInFocus({ ...base, mode: { kind: 'sorting', currentItem: 'blue mug' } })).toBe('p1');
    expect(photoInFocus({ ...base, mode: { kind: 'decisionSupport', stuckItem: 'cable bundle' } })).toBe('p2');
  });

  it('is the photo the open question outlines a thing in, first', () => {
    const focus = [{ photoId: 'p2', box: { x: 0, y: 0, width: 1, height: 1 }, label: 'cup, left side' }];
    const question = { id: 'q', askedAt: 0, expiresAt: 1, kind: 'disposition' as const, item: 'cup', choices: [], focus };
    expect(photoInFocus({ ...base, mode: { kind: 'sorting', currentItem: 'blue mug' }, pendingQuestion: question })).toBe('p2');
  });

  it('is none when nothing points at a photo', () => {
    expect(photoInFocus({ ...base, mode: { kind: 'sorting' } })).toBeUndefined();
    expect(photoInFocus({ ...base, mode: { kind: 'sorting', currentItem: 'lamp' } })).toBeUndefined();
    expect(photoInFocus(undefined)).toBeUndefined();
  });
});
