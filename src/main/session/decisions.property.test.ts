/**
 * Every decision is kept and counted, whatever the things are called: random sequences of answers about a room's
 * things (twelve books on a shelf, two bottles, a mug named "mug" and "Mug", things decided again, skipped, decided
 * as a group), saved and read back now and then, against a plain model of where each thing is. The live sessions
 * of the replay properties (crashes, resumes, replay) check the same sums through the real coaches.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../shared/session/new-session';
import { detectionThing, groupOf, pileCounts, thingOfEntry } from '../../shared/session/pile-groups';
import { SessionStateSchema, type SessionState } from '../../shared/session/schema';
import { expectCountsAddUp } from '../../../test-support/counts';
import { pileFor, recordDecision, recordDecisions, thingOfRecord, type DecisionRecord, type Outcome } from './decisions';
import { answerChanges, takeBack } from './undo';

/** The room's things: detected ones share names ("book"), named ones are known by their name in any case. */
const THINGS: readonly Pick<DecisionRecord, 'item' | 'detection'>[] = [
  ...Array.from({ length: 12 }, (_, index) => ({ item: 'book', detection: { photoId: 'shelf', itemId: String(index + 1) } })),
  { item: 'bottle', detection: { photoId: 'counter', itemId: '1' } },
  { item: 'bottle', detection: { photoId: 'counter', itemId: '2' } },
  { item: 'book', detection: { photoId: 'counter', itemId: '3' } },
  { item: 'mug' },
  { item: 'Mug' },
  { item: 'old receipts' },
  { item: 'sketchbook with ideas' },
  { item: 'book' },
];

const OUTCOMES: readonly Outcome[] = ['trash', 'donate', 'recycle', 'place', 'keep', 'skip', 'unsure'];
const PLACES = [undefined, 'kitchen', 'bookshelf', 'the kitchen', 'desk drawer', 'mum’s house'];

type Step =
  | { readonly kind: 'one'; readonly thing: number; readonly outcome: Outcome; readonly place: number }
  | { readonly kind: 'group'; readonly things: readonly number[]; readonly outcome: Outcome; readonly place: number }
  | { readonly kind: 'save' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('one' as const), thing: fc.nat(THINGS.length - 1), outcome: fc.constantFrom(...OUTCOMES), place: fc.nat(PLACES.length - 1) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('group' as const),
      things: fc.uniqueArray(fc.nat(14), { minLength: 2, maxLength: 12 }),
      outcome: fc.constantFrom(...OUTCOMES),
      place: fc.nat(PLACES.length - 1),
    }),
  },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'save' }) },
);

const recordOf = (thing: number, outcome: Outcome, place: number): DecisionRecord => {
  const location = outcome === 'place' ? PLACES[place] : undefined;
  return { ...THINGS[thing]!, outcome, ...(location ? { location } : {}) };
};

describe('every decision kept and counted', () => {
  it('puts each thing where its last answer sent it, once, and every count adds up to the things decided', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let state: SessionState = { ...newSessionState('s', 0), spaceFunction: 'Work (Design)' };
        /** The model: each thing's last answer that put it in a pile, or "skip" for a thing only ever left for now. */
        const model = new Map<string, { outcome: Outcome; location?: string }>();
        let ids = 0;
        let at = 0;
        const heard = (record: DecisionRecord) => {
          const thing = thingOfRecord(record);
          if (record.outcome !== 'skip') model.set(thing, { outcome: record.outcome, ...(record.location ? { location: record.location } : {}) });
          else if (!model.has(thing)) model.set(thing, { outcome: 'skip' });
        };
        for (const next of steps) {
          at += 1;
          if (next.kind === 'save') {
            // Saved and read back, as a resume reads it.
            state = SessionStateSchema.parse(JSON.parse(JSON.stringify(state)));
          } else if (next.kind === 'one') {
            const record = recordOf(next.thing, next.outcome, next.place);
            state = recordDecision(state, { ...record, id: `d${(ids += 1)}`, at });
            heard(record);
          } else {
            const records = next.things.map((thing) => recordOf(thing, next.outcome, next.place));
            state = recordDecisions(state, records.map((record) => ({ ...record, id: `d${(ids += 1)}` })), at);
            records.forEach(heard);
          }
          expectCountsAddUp(state, `after ${JSON.stringify(next)}`);
        }
        // Where each thing is, against the model.
        const where = new Map([...state.piles.belongs, ...state.piles.out, ...state.piles.unsure].map((entry) => [thingOfEntry(entry), entry]));
        for (const [thing, last] of model) {
          const entry = where.get(thing);
          if (last.outcome === 'skip') expect(entry, thing).toBeUndefined();
          else expect(entry && { pile: pileFor(entry.outcome), location: entry.location }, thing).toEqual({ pile: pileFor(last.outcome), location: last.location });
        }
        expect(where.size + [...model.values()].filter((last) => last.outcome === 'skip').length).toBe(model.size);
        expect(pileCounts(state).decided).toBe(model.size);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });

  it('keeps fourteen books decided as fourteen, the two bottles as two, and "mug" and "Mug" as one', () => {
    let state: SessionState = { ...newSessionState('s', 0), spaceFunction: 'Reading corner' };
    THINGS.slice(0, 12).forEach((book, index) => (state = recordDecision(state, { ...book, outcome: 'place', location: 'bookshelf', id: `b${index}`, at: index })));
    state = recordDecision(state, { ...THINGS[14]!, outcome: 'donate', id: 'b12', at: 20 });
    state = recordDecision(state, { item: 'book', outcome: 'keep', id: 'b13', at: 21 });
    state = recordDecisions(state, [{ ...THINGS[12]!, outcome: 'recycle', id: 'x1' }, { ...THINGS[13]!, outcome: 'recycle', id: 'x2' }], 22);
    state = recordDecision(state, { item: 'mug', outcome: 'unsure', id: 'm1', at: 23 });
    state = recordDecision(state, { item: 'Mug', outcome: 'place', location: 'kitchen', id: 'm2', at: 24 });
    expect(pileCounts(state)).toMatchObject({ here: 13, elsewhere: 1, leaving: 3, undecided: 0, skipped: 0, decided: 17 });
    expect(state.piles.belongs.filter((entry) => entry.name === 'book')).toHaveLength(13);
    expect(groupOf(state.piles.belongs.find((entry) => entry.thing === 'name:mug')!, state)).toBe('elsewhere');
    expect(state.piles.out.map(thingOfEntry)).toEqual([detectionThing({ photoId: 'counter', itemId: '3' }), 'counter#1', 'counter#2']);
    expectCountsAddUp(state);
  });

  it('lists a thing left for now as skipped until it is decided, and never takes a thing out of its pile for a skip', () => {
    let state = newSessionState('s', 0);
    state = recordDecision(state, { item: 'cable', outcome: 'skip', id: '1', at: 1 });
    expect(pileCounts(state)).toMatchObject({ skipped: 1, decided: 1 });
    state = recordDecision(state, { item: 'cable', outcome: 'trash', id: '2', at: 2 });
    state = recordDecision(state, { item: 'cable', outcome: 'skip', id: '3', at: 3 });
    expect(pileCounts(state)).toMatchObject({ leaving: 1, skipped: 0, decided: 1 });
    expect(state.itemsProcessed).toBe(1);
    expect(state.decisions).toHaveLength(3);
  });
});

describe('taking the last answer back', () => {
  it('leaves the piles, the decisions and the count exactly as they were before it, whatever came before', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), step, (steps, last) => {
        let state: SessionState = newSessionState('s', 0);
        let ids = 0;
        const answer = (current: SessionState, next: Step, at: number): SessionState => {
          if (next.kind === 'save') return SessionStateSchema.parse(JSON.parse(JSON.stringify(current)));
          const things = next.kind === 'one' ? [next.thing] : next.things;
          return recordDecisions(current, things.map((thing) => ({ ...recordOf(thing, next.outcome, next.place), id: `d${(ids += 1)}` })), at);
        };
        steps.forEach((next, index) => (state = answer(state, next, index)));
        const before = state;
        const after = answer(before, last, steps.length);
        // Kept with the session (as the coach keeps it), so it goes through the schema as a resume reads it.
        const kept = SessionStateSchema.parse(
          JSON.parse(JSON.stringify({ ...after, lastAnswer: { id: 'a', text: 'x: trash', ...answerChanges(before, after), guidedBefore: { phase: 'surveying', gatheredAnchors: [] } } })),
        );
        const undone = takeBack(kept, kept.lastAnswer!);
        expect(undone.piles).toEqual(before.piles);
        expect(undone.decisions).toEqual(before.decisions);
        expect(undone.itemsProcessed).toBe(before.itemsProcessed);
        expect(undone.lastAnswer).toBeUndefined();
        expectCountsAddUp(undone);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});
