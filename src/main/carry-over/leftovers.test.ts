import { describe, expect, it } from 'vitest';
import { SessionMetaSchema } from '../../shared/sessions/schema';
import type { SessionState } from '../../shared/session/schema';
import { newSessionState } from '../session';
import { metaFromState } from '../session-log';
import { carriedLeft, leftoversOf } from './leftovers';

const unsure = (name: string) => ({ id: name, name, outcome: 'unsure' as const, decidedAt: 0 });

function session(fields: Partial<SessionState> = {}): SessionState {
  return { ...newSessionState('s', 0), anchors: ['desk'], ...fields };
}

describe('what a session leaves for next time', () => {
  it('an ended session: its unsure pile and its next-time list, without entries that only repeat an unsure item', () => {
    const state = session({
      status: 'ended',
      piles: { belongs: [], out: [], unsure: [unsure('mug'), unsure('cable')] },
      ending: { summary: '2 unsure.', nextTime: ['Decide on: mug', 'Decide on: cable', 'The bookshelf corner'], endedAt: 5 },
    });
    expect(leftoversOf(state)).toEqual({ anchors: ['desk'], unsure: ['mug', 'cable'], nextTime: ['The bookshelf corner'] });
  });

  it('an unfinished guided session: the areas it left for later', () => {
    const state = session({
      piles: { belongs: [], out: [], unsure: [unsure('mug')] },
      guided: { phase: 'sorting', active: { function: 'work', anchors: ['desk'], later: ['the pile of papers', 'mug'] } },
    });
    expect(leftoversOf(state)).toEqual({ anchors: ['desk'], unsure: ['mug'], nextTime: ['the pile of papers'] });
  });

  it('carried items the session never got to are left again; decided ones are not', () => {
    const state = session({
      carriedOver: { from: 'a', anchors: ['desk'], unsure: ['mug', 'lamp', 'shoebox'], nextTime: ['The drawer'] },
      decisions: [{ item: 'Mug', outcome: 'place', location: 'kitchen', at: 1 }, { item: 'lamp', outcome: 'skip', at: 2 }],
    });
    expect(carriedLeft(state)).toEqual(['shoebox']);
    expect(leftoversOf(state)).toEqual({ anchors: ['desk'], unsure: ['shoebox'], nextTime: ['The drawer'] });
  });

  it('keeps meta.json valid whatever the session holds: long names cut, blanks dropped, every undecided thing kept', () => {
    const many = Array.from({ length: 40 }, (_, index) => unsure(`thing ${index}`));
    const state = session({
      status: 'ended',
      piles: { belongs: [], out: [], unsure: [unsure('  '), unsure('x'.repeat(250)), unsure('mug'), unsure('MUG'), ...many] },
      ending: { summary: '', nextTime: ['y'.repeat(300), ''], endedAt: 1 },
    });
    const left = leftoversOf(state);
    // Two things called mug are two things: the next session counts both.
    expect(left.unsure).toHaveLength(43);
    expect(left.unsure.slice(0, 3)).toEqual(['x'.repeat(200), 'mug', 'MUG']);
    expect(left.nextTime).toEqual(['y'.repeat(200)]);
    expect(SessionMetaSchema.safeParse(metaFromState(state, 'guided', 1)).success).toBe(true);
  });

  it('old meta.json, written before Next time, still reads', () => {
    expect(SessionMetaSchema.parse({ id: 'a', startedAt: 1, updatedAt: 2, itemsProcessed: 0, status: 'ended', coach: 'guided' }).leftovers).toBeUndefined();
  });
});
