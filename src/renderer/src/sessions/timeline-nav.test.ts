import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/session/schema';
import { navActionForKey, navigate, newMessageIds, startNav, type TimelineNav } from './timeline-nav';

const at = (index: number, playing = false): TimelineNav => ({ index, last: 3, playing });

describe('stepping through a replay', () => {
  it('starts at the session as it opened, paused', () => {
    expect(startNav(4)).toEqual({ index: 0, last: 3, playing: false });
    expect(startNav(1)).toEqual({ index: 0, last: 0, playing: false });
  });

  it('steps back and forward, and stops at either end', () => {
    expect(navigate(at(1), { type: 'forward' }).index).toBe(2);
    expect(navigate(at(3), { type: 'forward' }).index).toBe(3);
    expect(navigate(at(1), { type: 'back' }).index).toBe(0);
    expect(navigate(at(0), { type: 'back' }).index).toBe(0);
  });

  it('jumps to the first and last step', () => {
    expect(navigate(at(2), { type: 'first' }).index).toBe(0);
    expect(navigate(at(0), { type: 'last' }).index).toBe(3);
  });

  it('seeks to a whole step within range, and ignores nonsense', () => {
    expect(navigate(at(0), { type: 'seek', index: 2 }).index).toBe(2);
    expect(navigate(at(0), { type: 'seek', index: 9 }).index).toBe(3);
    expect(navigate(at(2), { type: 'seek', index: -4 }).index).toBe(0);
    expect(navigate(at(1), { type: 'seek', index: 1.6 }).index).toBe(2);
    expect(navigate(at(1), { type: 'seek', index: Number.NaN })).toEqual(at(1));
  });

  it('pauses when the person moves by hand', () => {
    for (const type of ['back', 'forward', 'first', 'last'] as const) {
      expect(navigate(at(1, true), { type }).playing).toBe(false);
    }
    expect(navigate(at(1, true), { type: 'seek', index: 2 }).playing).toBe(false);
  });
});

describe('playing a replay', () => {
  it('advances one step per beat and stops on the last', () => {
    let nav = navigate(at(1), { type: 'toggle-play' });
    expect(nav).toEqual(at(1, true));
    nav = navigate(nav, { type: 'tick' });
    expect(nav).toEqual(at(2, true));
    nav = navigate(nav, { type: 'tick' });
    expect(nav).toEqual(at(3, false));
    expect(navigate(nav, { type: 'tick' })).toEqual(at(3, false));
  });

  it('ignores a beat that arrives after a pause', () => {
    expect(navigate(at(1), { type: 'tick' })).toEqual(at(1));
  });

  it('pauses on a second press, and starts over when played from the end', () => {
    expect(navigate(at(2, true), { type: 'toggle-play' })).toEqual(at(2, false));
    expect(navigate(at(3), { type: 'toggle-play' })).toEqual(at(0, true));
  });

  it('has nothing to play with a single step', () => {
    const single = startNav(1);
    expect(navigate(single, { type: 'toggle-play' })).toEqual(single);
  });
});

describe('the replay keys', () => {
  it('maps arrows, Home, End and Space', () => {
    expect(navActionForKey('ArrowLeft', 'other')).toEqual({ type: 'back' });
    expect(navActionForKey('ArrowRight', 'other')).toEqual({ type: 'forward' });
    expect(navActionForKey('Home', 'other')).toEqual({ type: 'first' });
    expect(navActionForKey('End', 'other')).toEqual({ type: 'last' });
    expect(navActionForKey(' ', 'other')).toEqual({ type: 'toggle-play' });
    expect(navActionForKey('a', 'other')).toBeUndefined();
  });

  it('leaves the slider its own keys, and a button its Space', () => {
    expect(navActionForKey('ArrowLeft', 'slider')).toBeUndefined();
    expect(navActionForKey('End', 'slider')).toBeUndefined();
    expect(navActionForKey(' ', 'slider')).toEqual({ type: 'toggle-play' });
    expect(navActionForKey(' ', 'button')).toBeUndefined();
    expect(navActionForKey('ArrowRight', 'button')).toEqual({ type: 'forward' });
  });
});

describe('what is new in a step', () => {
  const message = (id: string): ChatMessage => ({ id, role: 'coach', text: id, at: 0 });

  it('is the messages the step before did not have', () => {
    expect([...newMessageIds([message('a')], [message('a'), message('b'), message('c')])]).toEqual(['b', 'c']);
  });

  it('is nothing at the first step', () => {
    expect(newMessageIds(undefined, [message('a')]).size).toBe(0);
  });
});
