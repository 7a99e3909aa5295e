import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../shared/session/new-session';
import type { SessionState } from '../../shared/session/schema';
import { SessionStore } from './session-store';

describe('SessionStore', () => {
  it('replace publishes the new state with the next revision to every subscriber', () => {
    const store = new SessionStore(newSessionState('a', 0));
    const seen: number[] = [];
    store.subscribe((snapshot) => seen.push(snapshot.rev));
    const next = { ...newSessionState('a', 0), itemsProcessed: 3 };
    store.replace(next);
    expect(store.snapshot()).toMatchObject({ rev: 1, state: { itemsProcessed: 3 } });
    expect(seen).toEqual([1]);
    // What is stored is not the caller's object: changing that later changes nothing here.
    next.itemsProcessed = 9;
    expect(store.state.itemsProcessed).toBe(3);
  });

  it('a state that breaks the schema is refused and the old one stays', () => {
    const store = new SessionStore(newSessionState('a', 0));
    expect(() => store.replace({ ...newSessionState('a', 0), itemsProcessed: -1 } as SessionState)).toThrow();
    expect(() => store.update((draft) => ({ ...draft, status: 'lost' }) as unknown as SessionState)).toThrow();
    expect(store.snapshot()).toMatchObject({ rev: 0, state: { itemsProcessed: 0, status: 'active' } });
  });

  it('a subscriber that throws does not stop the others', () => {
    const errors: unknown[] = [];
    const store = new SessionStore(newSessionState('a', 0), (error) => errors.push(error));
    const seen: number[] = [];
    store.subscribe(() => {
      throw new Error('boom');
    });
    store.subscribe((snapshot) => seen.push(snapshot.rev));
    store.update((draft) => ({ ...draft, itemsProcessed: 1 }));
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
  });
});
