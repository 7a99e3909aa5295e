import { describe, expect, it } from 'vitest';
import type { SessionMeta } from '../../shared/sessions/schema';
import { pickCarryOver } from './pick';

/** Session meta as `listSessions` gives it; `at` orders them (newest first in the lists below). */
function meta(id: string, at: number, fields: Partial<SessionMeta> & { unsure?: string[]; nextTime?: string[] } = {}): SessionMeta {
  const { unsure = [], nextTime = [], ...rest } = fields;
  return { id, startedAt: at, updatedAt: at, itemsProcessed: 1, status: 'ended', coach: 'guided', leftovers: { anchors: ['desk'], unsure, nextTime }, ...rest };
}

const none = new Set<string>();

describe('what a new session is offered from earlier ones', () => {
  it('offers the latest session that left something: its space, anchors, unsure items and next-time list', () => {
    const sessions = [meta('new', 9), meta('b', 5, { spaceFunction: 'work', unsure: ['mug', 'cable'], nextTime: ['The drawer'] }), meta('a', 2, { spaceFunction: 'sleeping', unsure: ['sock'] })];
    expect(pickCarryOver(sessions, none, 'new')).toEqual({ from: 'b', space: 'work', anchors: ['desk'], unsure: ['mug', 'cable'], nextTime: ['The drawer'] });
  });

  it('offers nothing when no earlier session left anything, or there is none', () => {
    expect(pickCarryOver([meta('new', 9), meta('a', 2, { spaceFunction: 'work' })], none, 'new')).toBeUndefined();
    expect(pickCarryOver([meta('new', 9)], none, 'new')).toBeUndefined();
    expect(pickCarryOver([], none, 'new')).toBeUndefined();
  });

  it('never offers the session in use, and skips meta written before Next time (no leftovers kept)', () => {
    const { leftovers: _left, ...old } = meta('old', 3, { spaceFunction: 'reading', unsure: ['book'] });
    expect(pickCarryOver([meta('new', 9, { spaceFunction: 'work', unsure: ['mug'], status: 'active' }), old], none, 'new')).toBeUndefined();
  });

  it('counts only the latest session of each space: a later one of the same space is where it stopped', () => {
    const sessions = [
      meta('work-2', 8, { spaceFunction: 'Work' }),
      meta('sleep', 6, { spaceFunction: 'sleeping', unsure: ['sock'] }),
      meta('work-1', 4, { spaceFunction: 'work', unsure: ['mug'] }),
    ];
    expect(pickCarryOver(sessions, none, 'new')?.from).toBe('sleep');
  });

  it('offers an unfinished (abandoned) session too', () => {
    expect(pickCarryOver([meta('a', 2, { spaceFunction: 'work', status: 'active', nextTime: ['The shelf'] })], none, 'new')?.nextTime).toEqual(['The shelf']);
  });

  it('does not offer what a later session took up, or what was declined, and then offers another space', () => {
    const sessions = [
      meta('took', 8, { spaceFunction: 'kitchen', carriedFrom: 'sleep' }),
      meta('sleep', 6, { spaceFunction: 'sleeping', unsure: ['sock'] }),
      meta('work', 4, { spaceFunction: 'work', unsure: ['mug'] }),
      meta('hall', 2, { spaceFunction: 'hallway', unsure: ['umbrella'] }),
    ];
    expect(pickCarryOver(sessions, none, 'new')?.from).toBe('work');
    expect(pickCarryOver(sessions, new Set(['work']), 'new')?.from).toBe('hall');
    expect(pickCarryOver(sessions, new Set(['work', 'hall']), 'new')).toBeUndefined();
  });

  it('leaves the space out when the session had none', () => {
    expect(pickCarryOver([meta('a', 2, { unsure: ['mug'] })], none, 'new')).toEqual({ from: 'a', anchors: ['desk'], unsure: ['mug'], nextTime: [] });
  });
});
