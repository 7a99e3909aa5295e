import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COCO_LABELS, type CocoLabel, type DetectedItem } from '../../shared/detection/schema';
import type { Photo, SessionState } from '../../shared/session/schema';
import { classInfo, isProposable } from '../../shared/detection/classes';
import { recordDecisions } from '../session/decisions';
import { newSessionState } from '../session';
import { isDialog, type Action } from './actions';
import { decide } from './decide';
import { dialogFor, heardFrom, NOTHING_STAYS } from './dialogs';
import type { Input } from './input';
import type { ActiveState, GuidedState } from './phases';

const active: ActiveState = { function: 'work', anchors: [], later: [] };
const sorting: GuidedState = { phase: 'sorting', active };

function thing(id: string, label: CocoLabel, box: DetectedItem['box'], score = 0.5): DetectedItem {
  return { id, label, name: classInfo(label).name || label, score, box };
}

/**
 * A 1000 x 600 desk photo: a table across the bottom with a laptop, a cup left of it, a book and something busy on it, a
 * bottle higher up (on a shelf), a person.
 */
function deskPhoto(id = 'desk'): Photo {
  return {
    id,
    fileName: `${id}.jpg`,
    width: 1000,
    height: 600,
    detections: {
      items: [
        thing('1', 'person', { x: 850, y: 0, width: 150, height: 340 }, 0.9),
        thing('2', 'laptop', { x: 400, y: 250, width: 250, height: 150 }, 0.8),
        thing('3', 'cup', { x: 300, y: 300, width: 60, height: 80 }, 0.6),
        thing('4', 'dining table', { x: 0, y: 350, width: 1000, height: 250 }, 0.4),
        thing('5', 'book', { x: 50, y: 320, width: 120, height: 60 }, 0.7),
        thing('6', 'bottle', { x: 700, y: 200, width: 40, height: 120 }, 0.3),
      ],
      busy: [{ box: { x: 0, y: 400, width: 333, height: 200 }, busyness: 1.6 }],
    },
  };
}

/**
 * fixtures/bottle-and-bowls.jpg as the detector sees it (500 x 338): two people squatting by a low table, one holding
 * a bottle, and the bowls of food they are eating from (read as three donuts and a bowl).
 */
function mealPhoto(): Photo {
  return {
    id: 'meal',
    fileName: 'meal.jpg',
    width: 500,
    height: 338,
    detections: {
      items: [
        thing('1', 'person', { x: 186, y: 123, width: 129, height: 206 }, 0.91),
        thing('2', 'bottle', { x: 368, y: 159, width: 24, height: 54 }, 0.78),
        thing('3', 'donut', { x: 349, y: 275, width: 25, height: 18 }, 0.63),
        thing('4', 'person', { x: 370, y: 94, width: 125, height: 222 }, 0.59),
        thing('5', 'bowl', { x: 320, y: 300, width: 40, height: 27 }, 0.55),
        thing('6', 'donut', { x: 353, y: 292, width: 40, height: 22 }, 0.55),
        thing('7', 'donut', { x: 309, y: 283, width: 37, height: 20 }, 0.52),
      ],
      busy: [],
    },
  };
}

/** Several of one kind standing together on a table nobody is at. */
function tablePhoto(label: CocoLabel): Photo {
  const items = [thing('1', 'dining table', { x: 0, y: 300, width: 1000, height: 300 }), ...[0, 1, 2].map((index) => thing(String(index + 2), label, { x: 300 + index * 45, y: 250 + index * 30, width: 40, height: 100 }))];
  return { id: label, fileName: `${label}.jpg`, width: 1000, height: 600, detections: { items, busy: [] } };
}

function session(photos: Photo[], guided: GuidedState = sorting): SessionState {
  return { ...newSessionState('s', 0), guided, photos };
}

/** Applies a decision the way the coach does, so the next one sees its record. */
function after(state: SessionState, decision: ReturnType<typeof decide>): SessionState {
  const recorded = decision.records ? recordDecisions(state, decision.records.map((record, index) => ({ ...record, id: `d${state.decisions.length + index}` })), 0) : state;
  return { ...recorded, guided: decision.next };
}

function expectAction<K extends Action['kind']>(action: Action, kind: K): Extract<Action, { kind: K }> {
  expect(action.kind).toBe(kind);
  return action as Extract<Action, { kind: K }>;
}

describe('the guided coach proposes what the detector found', () => {
  it('proposes what is left on the table first, easy wins first, with a look at the busy part of the table between them; the bottle on the shelf after; never the person', () => {
    let state = session([deskPhoto()]);
    const cards: string[] = [];
    for (let step = 0; step < 5; step += 1) {
      const asked = decide(state, { kind: 'next' });
      state = after(state, asked);
      if (asked.action.kind === 'askWhatIsIt') cards.push(`${asked.action.sight} ${asked.action.at}`);
      if (asked.action.kind !== 'askItemDecision') continue;
      cards.push(asked.action.item);
      state = after(state, decide(state, { kind: 'disposition', item: asked.action.item, outcome: 'keep' }));
    }
    // "Next" on the busy spot's card passed it: it does not come back.
    expect(cards).toEqual(['cup', 'something on the table', 'book', 'laptop', 'bottle']);
  });

  it('takes "next" on a proposed thing as skipping it, and moves on to the next card', () => {
    let state = session([deskPhoto()]);
    state = after(state, decide(state, { kind: 'next' }));
    const skipped = decide(state, { kind: 'next' });
    expect(skipped.records?.[0]).toMatchObject({ item: 'cup', outcome: 'skip', detection: { itemId: '3' } });
    state = after(state, skipped);
    const spot = decide(state, { kind: 'next' });
    expect(expectAction(spot.action, 'askWhatIsIt').spot).toBe('the spot on the table');
    expect(expectAction(decide(after(state, spot), { kind: 'next' }).action, 'askItemDecision').item).toBe('book');
  });

  it('says where the thing is and outlines its box', () => {
    const state = session([deskPhoto()]);
    const { action, next } = decide(state, { kind: 'next' });
    const card = expectAction(action, 'askItemDecision');
    expect(card).toMatchObject({ item: 'cup', where: 'on the table, left side', detection: { photoId: 'desk', itemId: '3' } });
    expect(card.focus).toEqual([{ photoId: 'desk', box: { x: 300, y: 300, width: 60, height: 80 }, label: 'cup, on the table, left side' }]);
    expect(card.choices[0]).toMatchObject({ disposition: 'place', location: 'kitchen' });
    expect(next).toMatchObject({ currentItem: 'cup', currentDetection: { photoId: 'desk', itemId: '3' } });
    const question = dialogFor(card, 'prompt');
    expect(question).toMatchObject({ kind: 'disposition', item: 'cup', where: 'on the table, left side', focus: card.focus });
  });

  it('places a thing on the surface under it, or beside its neighbour, and names the photo when there are several', () => {
    let state = session([deskPhoto('a'), deskPhoto('b')]);
    state = after(state, decide(state, { kind: 'next' }));
    state = after(state, decide(state, { kind: 'disposition', item: 'bottle', outcome: 'trash' }));
    state = after(state, decide(state, { kind: 'next' }));
    state = after(state, decide(state, { kind: 'disposition', item: 'bottle', outcome: 'trash' }));
    const cup = expectAction(decide(state, { kind: 'next' }).action, 'askItemDecision');
    expect(cup).toMatchObject({ item: 'cup', where: 'on the table, left side, photo 1' });
  });

  it('records the answer as that detected thing, and never proposes it again', () => {
    let state = session([deskPhoto()]);
    const first = decide(state, { kind: 'next' });
    state = after(state, first);
    const answered = decide(state, { kind: 'disposition', item: 'cup', outcome: 'place', location: 'kitchen' });
    expect(answered.records?.[0]).toEqual({ item: 'cup', outcome: 'place', location: 'kitchen', detection: { photoId: 'desk', itemId: '3' } });
    state = after(state, answered);
    expect(state.decisions.at(-1)?.detection).toEqual({ photoId: 'desk', itemId: '3' });
    const spot = decide(state, { kind: 'next' });
    expect(spot.action.kind).toBe('askWhatIsIt');
    expect(expectAction(decide(after(state, spot), { kind: 'next' }).action, 'askItemDecision').item).toBe('book');
  });

  it('keeps the detected thing through "where does it live?" and through decision support', () => {
    let state = session([deskPhoto()]);
    state = after(state, decide(state, { kind: 'next' }));
    state = after(state, decide(state, { kind: 'disposition', item: 'cup', outcome: 'place' }));
    const placed = decide(state, { kind: 'disposition', item: 'cup', outcome: 'place', location: 'kitchen' });
    expect(placed.records?.[0]?.detection).toEqual({ photoId: 'desk', itemId: '3' });

    state = session([deskPhoto()]);
    state = after(state, decide(state, { kind: 'next' }));
    const stuck = decide(state, { kind: 'help' });
    const aid = expectAction(stuck.action, 'decisionAid');
    expect(aid).toMatchObject({ item: 'cup', where: 'on the table, left side' });
    expect(aid.focus).toHaveLength(1);
    state = after(state, stuck);
    const skipped = decide(state, { kind: 'next' });
    expect(skipped.records?.[0]).toMatchObject({ item: 'cup', outcome: 'skip', detection: { photoId: 'desk', itemId: '3' } });
  });

  it('regression: never proposes the meal people are eating nor the bottle in a hand, one by one, as a group, or picked for the stuck', () => {
    let state = session([mealPhoto(), deskPhoto()]);
    const picked = expectAction(decide(state, { kind: 'help' }).action, 'askItemDecision');
    expect(picked).toMatchObject({ picked: true, detection: { photoId: 'desk' } });
    const proposed: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      const asked = decide(state, { kind: 'next' });
      state = after(state, asked);
      // A pile the detector could not name comes between the things (the mess first): passed, it never comes back.
      if (asked.action.kind === 'askWhatIsIt' && asked.action.spot) continue;
      if (asked.action.kind !== 'askItemDecision') break;
      proposed.push(`${asked.action.count ? `${asked.action.count} ` : ''}${asked.action.item} in ${asked.action.detection?.photoId}`);
      state = after(state, decide(state, { kind: 'disposition', item: asked.action.item, outcome: 'keep' }));
    }
    expect([...proposed].sort()).toEqual(['book in desk', 'bottle in desk', 'cup in desk', 'laptop in desk']);
  });

  it('never recommends the bin first for what it only saw: bottles are asked whether empty, food goes to the kitchen', () => {
    const labels = (photo: Photo) => expectAction(decide(session([photo]), { kind: 'next' }).action, 'askItemDecision').choices.map((choice) => choice.label);
    expect(labels(tablePhoto('bottle'))).toEqual(['Empty? Recycle', 'Keep them here', 'Trash']);
    expect(labels(tablePhoto('donut'))).toEqual(['To the kitchen', 'Keep them here', 'Trash']);
    // Named by the person as empty, the card is theirs: recycling first, as for any packaging.
    const named = expectAction(decide(session([]), { kind: 'item', item: 'empty bottle' }).action, 'askItemDecision');
    expect(named.choices.map((choice) => choice.label)).toEqual(['Recycle', 'Trash', 'Keep it here']);
    // Left unsure, a detected bottle is still only seen when its turn comes round again.
    const unsure = [2, 3].map((itemId) => ({ item: 'bottle', outcome: 'unsure' as const, detection: { photoId: 'bottle', itemId: String(itemId) }, id: `u${itemId}` }));
    const refining: GuidedState = { phase: 'refining', active, categories: [{ name: 'Bottles', items: ['bottle'] }] };
    const round = recordDecisions(session([tablePhoto('bottle')], refining), unsure, 0);
    const again = expectAction(decide(round, { kind: 'begin' }).action, 'askItemDecision');
    expect(again).toMatchObject({ item: 'bottle', count: 2 });
    expect(again.choices[0]).toMatchObject({ label: 'Empty? Recycle', disposition: 'recycle' });
  });

  it('picks one for a person who is stuck with nothing in hand, and says so before the card', () => {
    const { action } = decide(session([deskPhoto()]), { kind: 'help' });
    const card = expectAction(action, 'askItemDecision');
    expect(card).toMatchObject({ item: 'cup', picked: true });
    expect(isDialog(card)).toBe(true);
  });

  it('regression: the same thing found twice (same label, same box) was proposed twice, on the very same card', () => {
    const box = { x: 300, y: 300, width: 60, height: 80 };
    let state = session([{ ...deskPhoto(), detections: { items: [thing('1', 'cup', box), thing('2', 'cup', box)], busy: [] } }]);
    const asked = decide(state, { kind: 'next' });
    expect(expectAction(asked.action, 'askItemDecision').item).toBe('cup');
    state = after(state, asked);
    state = after(state, decide(state, { kind: 'disposition', item: 'cup', outcome: 'keep' }));
    expect(decide(state, { kind: 'begin' }).action.kind).toBe('askWhatIsIt');
  });

  it('does not propose what has to stay', () => {
    const state = session([deskPhoto()], { phase: 'sorting', active: { ...active, anchors: ['bottle', 'cup'] } });
    expect(expectAction(decide(state, { kind: 'next' }).action, 'askItemDecision').item).toBe('book');
  });

  it('asks about the busy spot nothing explains once every detected thing is decided, and then asks the person', () => {
    let state = session([deskPhoto()]);
    for (const item of deskPhoto().detections!.items.filter((each) => isProposable(each.label))) {
      state = after(state, { action: { kind: 'ackProgress', reason: 'noted' }, next: sorting, records: [{ item: item.name, outcome: 'keep', detection: { photoId: 'desk', itemId: item.id } }] });
    }
    const asked = decide(state, { kind: 'begin' });
    const ask = expectAction(asked.action, 'askWhatIsIt');
    // The book, the cup, the laptop and the busy part below them stand on the table: one place, outlined around them.
    expect(ask).toMatchObject({ spot: 'the spot on the table', sight: 'something', at: 'on the table', ranOut: true });
    expect(ask.focus).toEqual([{ photoId: 'desk', box: { x: 0, y: 230, width: 670, height: 370 }, label: 'the spot on the table' }]);
    // "Next" there asks for something smaller: the busier half of the table's top.
    expect(decide(after(state, asked), { kind: 'next' }).action).toMatchObject({ kind: 'askWhatIsIt', step: 'half', half: 'the left half of the spot on the table' });

    const plain = session([{ ...deskPhoto(), detections: { items: [], busy: [] } }]);
    const nothing = expectAction(decide(plain, { kind: 'next' }).action, 'askWhatIsIt');
    expect(nothing.spot).toBeUndefined();
  });

  it('names what it sees when it asks what the space is for, and offers what may have to stay as choices', () => {
    const fresh = session([deskPhoto()], { phase: 'surveying', gatheredAnchors: [] });
    const asked = expectAction(decide(fresh, { kind: 'begin' }).action, 'askFunction');
    expect(asked.seen).toEqual(['bottle', 'cup', 'book']);
    expect(asked.focus).toHaveLength(3);

    const anchors = decide(fresh, { kind: 'function', function: 'work', overwhelmed: false });
    const card = expectAction(anchors.action, 'askAnchors');
    expect(card.candidates).toEqual(['laptop', 'table']);
    const question = dialogFor(card, 'What has to stay?');
    expect(question).toMatchObject({ kind: 'choice', purpose: 'anchors', multiple: true, allowOther: true });
    expect(question.kind === 'choice' && question.choices.map((choice) => choice.label)).toEqual(['laptop', 'table', NOTHING_STAYS]);

    const heard = heardFrom(card, { answer: { kind: 'choice', selected: ['laptop'], other: 'lamp, plants' }, closedBy: 'person' }, { overwhelmed: false });
    expect(heard).toEqual({ kind: 'anchors', anchors: ['laptop', 'lamp', 'plants'] });
    expect(heardFrom(card, { answer: { kind: 'choice', selected: [NOTHING_STAYS] }, closedBy: 'person' }, { overwhelmed: false })).toEqual({
      kind: 'anchors',
      anchors: [],
    });
  });

  it('starts sorting by naming the first thing it will propose', () => {
    const gathered = session([deskPhoto()], { phase: 'surveying', gatheredFunction: 'work', gatheredAnchors: [] });
    const start = expectAction(decide(gathered, { kind: 'anchors', anchors: ['laptop'] }).action, 'firstInstruction');
    expect(start.target).toBe('the cup (on the table, left side)');
  });
});

const labels = COCO_LABELS.filter((label) => label !== 'dining table');
const arbitraryItem = fc.record({
  label: fc.constantFrom(...labels),
  x: fc.integer({ min: 0, max: 900 }),
  y: fc.integer({ min: 0, max: 500 }),
  width: fc.integer({ min: 10, max: 100 }),
  height: fc.integer({ min: 10, max: 100 }),
  score: fc.double({ min: 0.25, max: 1, noNaN: true }),
});
const arbitraryPhotos = fc.array(fc.array(arbitraryItem, { maxLength: 8 }), { minLength: 1, maxLength: 4 }).map((photos) =>
  photos.map(
    (items, index): Photo => ({
      id: `p${index}`,
      fileName: `p${index}.jpg`,
      width: 1000,
      height: 600,
      detections: { items: items.map((item, n) => thing(String(n + 1), item.label, { x: item.x, y: item.y, width: item.width, height: item.height }, item.score)), busy: [] },
    }),
  ),
);
const arbitraryAnswer = fc.constantFrom<Input['kind'] | 'trash' | 'keep' | 'unsure' | 'skip'>('trash', 'keep', 'unsure', 'skip', 'help', 'next');

describe('for every set of detections and every way of answering', () => {
  it('proposes only detected things that may be proposed, each at most once, until none is left', () => {
    fc.assert(
      fc.property(arbitraryPhotos, fc.array(arbitraryAnswer, { maxLength: 60 }), (photos, answers) => {
        let state = session(photos);
        for (const answer of answers) {
          const heard: Input =
            answer === 'help' || answer === 'next'
              ? { kind: answer }
              : state.guided?.phase === 'sorting' && state.guided.currentItem
                ? { kind: 'disposition', item: state.guided.currentItem, outcome: answer as 'trash' }
                : { kind: 'next' };
          const decision = decide(state, heard);
          const decided = new Set(state.decisions.flatMap((done) => (done.detection ? [`${done.detection.photoId}#${done.detection.itemId}`] : [])));
          if (decision.action.kind === 'askItemDecision' && decision.action.detection) {
            const { photoId, itemId } = decision.action.detection;
            expect(decided.has(`${photoId}#${itemId}`)).toBe(false);
            const item = photos.find((photo) => photo.id === photoId)?.detections?.items.find((candidate) => candidate.id === itemId);
            expect(item && isProposable(item.label)).toBe(true);
            expect(item?.name).toBe(decision.action.item);
          }
          state = after(state, decision);
          if (state.guided?.phase !== 'sorting' && state.guided?.phase !== 'decisionSupport') break;
        }
        const decided = state.decisions.flatMap((decision) => (decision.detection ? [`${decision.detection.photoId}#${decision.detection.itemId}`] : []));
        expect(new Set(decided).size).toBe(decided.length);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  });
});

describe('a card about the furniture of many photos', () => {
  it('regression: twelve bedrooms of chairs and beds make an anchors card of at most twelve outlines, not a failed turn', () => {
    const bedroom = (n: number): Photo => ({
      id: `room${n}`,
      fileName: `room${n}.jpg`,
      width: 1000,
      height: 600,
      detections: {
        items: [0, 1, 2].map((index) => thing(String(index + 1), index === 0 ? 'bed' : 'chair', { x: 50 + index * 300, y: 300, width: 250, height: 250 }, 0.8)),
        busy: [],
      },
    });
    const state = session(Array.from({ length: 12 }, (_, n) => bedroom(n + 1)), { phase: 'surveying', gatheredAnchors: [] });
    const { action } = decide(state, { kind: 'function', function: 'sleep', overwhelmed: false });
    expect(action.kind).toBe('askAnchors');
    expect('focus' in action && action.focus!.length).toBeLessThanOrEqual(12);
    const dialog = dialogFor(action as Extract<Action, { kind: 'askAnchors' }>, 'prompt');
    expect(dialog.focus?.length).toBeGreaterThan(0);
    expect(dialog.focus!.length).toBeLessThanOrEqual(12);
  });
});
