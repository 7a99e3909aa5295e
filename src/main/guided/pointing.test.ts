import { describe, expect, it } from 'vitest';
import type { CocoLabel, DetectedItem } from '../../shared/detection/schema';
import { toRelative } from '../../shared/pointing/geometry';
import type { Point } from '../../shared/pointing/schema';
import type { Answer, Question } from '../../shared/questions/schema';
import type { Photo, SessionState } from '../../shared/session/schema';
import { classInfo } from '../../shared/detection/classes';
import { thingsAt } from '../detection/pointed';
import { recordDecisions } from '../session/decisions';
import { newSessionState } from '../session';
import { guidedHarness, TEMPLATES_DIR } from '../../../test-support/guided';
import { createTemplateRenderer } from '../templates';
import { templateFor, type Action } from './actions';
import { decide } from './decide';
import { dialogFor, heardFrom, NOT_THESE } from './dialogs';
import type { ActiveState, GuidedState } from './phases';

const active: ActiveState = { function: 'work', anchors: [], later: [] };
const sorting: GuidedState = { phase: 'sorting', active };

function thing(id: string, label: CocoLabel, box: DetectedItem['box'], score = 0.5): DetectedItem {
  return { id, label, name: classInfo(label).name || label, score, box };
}

const BOXES = {
  person: { x: 850, y: 0, width: 150, height: 340 },
  cup: { x: 300, y: 300, width: 60, height: 80 },
  table: { x: 0, y: 350, width: 1000, height: 250 },
  book: { x: 50, y: 320, width: 120, height: 60 },
  bottle: { x: 150, y: 280, width: 40, height: 100 },
  otherCup: { x: 700, y: 300, width: 60, height: 80 },
};

/** A 1000 x 600 desk photo: a person at the right, a table, and on its left end a book, a bottle and a cup. */
function desk(extra: DetectedItem[] = []): Photo {
  return {
    id: 'a'.repeat(64),
    fileName: 'desk.jpg',
    width: 1000,
    height: 600,
    detections: {
      items: [
        thing('1', 'person', BOXES.person, 0.9),
        thing('2', 'cup', BOXES.cup, 0.6),
        thing('3', 'dining table', BOXES.table, 0.4),
        thing('4', 'book', BOXES.book, 0.7),
        thing('5', 'bottle', BOXES.bottle, 0.5),
        ...extra,
      ],
      busy: [],
    },
  };
}

function session(photos: Photo[] = [desk()], guided: GuidedState = sorting): SessionState {
  return { ...newSessionState('s', 0), guided, photos };
}

/** A point at a box given in the desk photo's pixels. */
function at(box: DetectedItem['box'], photo = desk()): Point {
  return { photoId: photo.id, box: toRelative(box, photo) };
}

function after(state: SessionState, decision: ReturnType<typeof decide>): SessionState {
  const recorded = decision.records ? recordDecisions(state, decision.records.map((record, index) => ({ ...record, id: `d${state.decisions.length + index}` })), 0) : state;
  return { ...recorded, guided: decision.next };
}

function expectAction<K extends Action['kind']>(action: Action, kind: K): Extract<Action, { kind: K }> {
  expect(action.kind).toBe(kind);
  return action as Extract<Action, { kind: K }>;
}

describe('what a point holds', () => {
  it('finds the one thing clicked on, and the one thing a box was dragged around', () => {
    expect(thingsAt(session(), at(BOXES.cup))?.one?.name).toBe('cup');
    const loose = thingsAt(session(), at({ x: 270, y: 270, width: 120, height: 140 }));
    expect(loose?.one?.name).toBe('cup');
    expect(loose?.where).toBe('on the left');
  });

  it('finds several things in a box around a pile, and no single one of them', () => {
    const pile = thingsAt(session(), at({ x: 30, y: 260, width: 360, height: 140 }));
    expect(pile?.things.map((proposal) => proposal.name).sort()).toEqual(['book', 'bottle', 'cup']);
    expect(pile?.one).toBeUndefined();
  });

  it('never makes a person or the furniture a thing: it only says they are there', () => {
    const person = thingsAt(session(), at({ x: 850, y: 100, width: 100, height: 100 }));
    expect(person?.things).toEqual([]);
    expect(person?.living).toBe('person');
    const table = thingsAt(session(), at({ x: 700, y: 500, width: 80, height: 80 }));
    expect(table?.things).toEqual([]);
    expect(table?.living).toBeUndefined();
    expect(table?.around).toEqual(['table']);
  });

  it('knows nothing on a photo the detector has not looked at, and nothing of a photo the session lacks', () => {
    const plain: Photo = { id: 'b'.repeat(64), fileName: 'plain.jpg', width: 800, height: 600 };
    const found = thingsAt(session([desk(), plain]), { photoId: plain.id, box: { x: 0, y: 0, width: 0.5, height: 0.5 } });
    expect(found).toMatchObject({ number: 2, where: 'at the top left of photo 2', things: [], around: [] });
    expect(thingsAt(session(), { photoId: 'c'.repeat(64), box: { x: 0, y: 0, width: 0.5, height: 0.5 } })).toBeUndefined();
  });
});

describe('the guided coach when the person points', () => {
  it('takes a point at one thing as that thing, named and outlined, and leaves what was in hand undecided', () => {
    const holding = session([desk()], { phase: 'sorting', active, currentItem: 'bottle', currentDetection: { photoId: desk().id, itemId: '5' } });
    const decision = decide(holding, { kind: 'pointed', point: at(BOXES.cup) });
    const card = expectAction(decision.action, 'askItemDecision');
    expect(card).toMatchObject({ item: 'cup', pointed: 'one', detection: { itemId: '2' }, where: 'on the table, left side' });
    expect(card.focus?.[0]?.box).toEqual(BOXES.cup);
    expect(decision.records?.[0]).toBeUndefined();
    expect(decision.next).toMatchObject({ phase: 'sorting', currentItem: 'cup', currentDetection: { itemId: '2' } });
    // Decided, it is the cup that is recorded, as the detected thing it is.
    const decided = decide(after(holding, decision), { kind: 'disposition', item: 'cup', outcome: 'place', location: 'kitchen' });
    expect(decided.records?.[0]).toMatchObject({ item: 'cup', detection: { itemId: '2' } });
  });

  it('takes a box around a pile as the next step: its things one at a time, then what else is there', () => {
    let state = session();
    const first = decide(state, { kind: 'pointed', point: at({ x: 30, y: 260, width: 360, height: 140 }) });
    const card = expectAction(first.action, 'askItemDecision');
    expect(card.pointed).toBe('spot');
    expect(card.spotThings?.slice().sort()).toEqual(['book', 'bottle', 'cup']);
    // Easy wins first within the spot: the bottle leaves the room.
    expect(card.item).toBe('bottle');
    state = after(state, first);
    const names: string[] = [card.item];
    for (let step = 0; step < 5; step += 1) {
      state = after(state, decide(state, { kind: 'disposition', item: names.at(-1)!, outcome: 'keep' }));
      const next = decide(state, { kind: 'next' });
      if (next.action.kind !== 'askItemDecision') {
        // Everything named there is decided: what else is in that spot? The spot is done after that.
        const asked = expectAction(next.action, 'askWhatIsIt');
        expect(asked.pointed).toBe('spotDone');
        expect(asked.focus?.[0]?.label).toBe('where you pointed, on the left');
        expect(next.next.phase === 'sorting' && next.next.active.spot).toBeUndefined();
        break;
      }
      names.push(next.action.item);
      state = after(state, next);
    }
    expect(names).toEqual(['bottle', 'cup', 'book']);
  });

  it('asks what is there when the detector names nothing there, and takes the answer as the thing, outlined where pointed', () => {
    const state = session();
    const point = at({ x: 500, y: 40, width: 120, height: 120 });
    const decision = decide(state, { kind: 'pointed', point });
    const asked = expectAction(decision.action, 'askWhatIsIt');
    expect(asked).toMatchObject({ pointed: 'nothing', focus: [{ label: 'where you pointed, at the top' }] });
    expect(asked.living).toBeUndefined();
    // The card takes the person's words: the thing is theirs to name.
    const spec = dialogFor(asked, 'What is it?', { photos: true });
    expect(spec).toMatchObject({ kind: 'choice', pointing: 'offer', allowOther: true });
    const heard = heardFrom(asked, { answer: { kind: 'choice', selected: [], other: 'a pile of papers' }, closedBy: 'person' }, { overwhelmed: false });
    expect(heard).toMatchObject({ kind: 'item', focus: { label: 'where you pointed, at the top' } });
    const card = expectAction(decide(after(state, decision), heard).action, 'askItemDecision');
    expect(card.where).toBe('where you pointed, at the top');
    expect(card.focus?.[0]?.box).toEqual(asked.focus?.[0]?.box);
  });

  it('never makes what someone holds an item: pointed at, the coach says it is in use and asks what was meant', () => {
    // A person at the right holding a cup, on their own: the cup is half inside their box.
    const held = desk([thing('6', 'cup', { x: 880, y: 150, width: 50, height: 60 }, 0.7)]);
    const state = session([held]);
    const asked = expectAction(decide(state, { kind: 'pointed', point: at({ x: 880, y: 150, width: 50, height: 60 }, held) }).action, 'askWhatIsIt');
    expect(asked).toMatchObject({ pointed: 'nothing', inUse: 'cup' });
    expect(asked.living).toBeUndefined();
    expect(createTemplateRenderer(TEMPLATES_DIR).render(templateFor('askWhatIsIt'), asked)).toBe(
      'That cup looks in use: what someone is holding or eating from stays where it is. What did you mean there? Type what it is.',
    );
  });

  it('never makes a person an item: pointed at, the coach says so and asks what was meant', () => {
    const asked = expectAction(decide(session(), { kind: 'pointed', point: at({ x: 850, y: 100, width: 100, height: 100 }) }).action, 'askWhatIsIt');
    expect(asked.living).toBe('person');
  });

  it('asks "which one?" when several detected things have the name said, and takes a pick, a point, words or "none of these"', () => {
    const state = session([desk([thing('6', 'cup', BOXES.otherCup, 0.55)])]);
    const decision = decide(state, { kind: 'item', item: 'the cup' });
    const which = expectAction(decision.action, 'askWhichOne');
    expect(which.options.map((option) => option.label)).toEqual(['On the table, left side', 'On the table, right side']);
    const spec = dialogFor(which, 'Which one?', { photos: true });
    expect(spec).toMatchObject({ kind: 'choice', pointing: 'ask', allowOther: true });
    expect(spec.kind === 'choice' && spec.choices.map((choice) => choice.label)).toEqual(['On the table, left side', 'On the table, right side', NOT_THESE]);
    const answer = (given: Answer) => heardFrom(which, { answer: given, closedBy: 'person' }, { overwhelmed: false });
    const next = after(state, decision);

    const picked = answer({ kind: 'choice', selected: ['On the table, right side'] });
    expect(picked).toEqual({ kind: 'thing', ref: { photoId: desk().id, itemId: '6' } });
    expect(expectAction(decide(next, picked).action, 'askItemDecision')).toMatchObject({ item: 'cup', detection: { itemId: '6' } });

    const pointed = answer({ kind: 'point', point: at(BOXES.cup) });
    expect(expectAction(decide(next, pointed).action, 'askItemDecision')).toMatchObject({ item: 'cup', pointed: 'one', detection: { itemId: '2' } });

    expect(answer({ kind: 'choice', selected: [], other: 'the one on the right' })).toEqual({ kind: 'thing', ref: { photoId: desk().id, itemId: '6' } });

    const own = answer({ kind: 'choice', selected: [NOT_THESE] });
    const plain = expectAction(decide(next, own).action, 'askItemDecision');
    expect(plain.item).toBe('cup');
    expect(plain.detection).toBeUndefined();
  });

  it('offers pointing on the cards about a thing only when there are photos to point at', () => {
    const card: Extract<Action, { kind: 'askItemDecision' }> = { kind: 'askItemDecision', item: 'mug', choices: [{ label: 'Trash', disposition: 'trash' }, { label: 'Keep', disposition: 'keep' }] };
    expect(dialogFor(card, '', { photos: true })).toMatchObject({ pointing: 'offer' });
    expect(dialogFor(card, '', { photos: false })).not.toHaveProperty('pointing');
    expect(dialogFor({ kind: 'energyCheck', reason: 'overwhelmed' }, 'Stop here?', { photos: true })).not.toHaveProperty('pointing');
    expect(dialogFor({ kind: 'askFunction' }, 'What for?', { photos: true })).not.toHaveProperty('pointing');
  });

  it('starts sorting with what was pointed at once the space’s function is known, and asks it first otherwise', () => {
    const point = at(BOXES.cup);
    const known = decide(session([desk()], { phase: 'surveying', gatheredFunction: 'work', gatheredAnchors: ['desk'] }), { kind: 'pointed', point });
    expect(expectAction(known.action, 'askItemDecision').item).toBe('cup');
    expect(known.next).toMatchObject({ phase: 'sorting', active: { function: 'work', anchors: ['desk'] } });
    const unknown = decide(session([desk()], { phase: 'surveying', gatheredAnchors: [] }), { kind: 'pointed', point });
    expect(unknown.action.kind).toBe('askFunction');
  });

  it('leaves the thing it was stuck on undecided when the person points at another', () => {
    const stuck: GuidedState = { phase: 'decisionSupport', active: { ...active, stuck: 1 }, stuckItem: 'book', returnTo: { phase: 'sorting' } };
    const decision = decide(session([desk()], stuck), { kind: 'pointed', point: at(BOXES.cup) });
    expect(decision.records?.[0]).toBeUndefined();
    expect(expectAction(decision.action, 'askItemDecision').item).toBe('cup');
    expect(decision.next).toMatchObject({ phase: 'sorting', currentItem: 'cup', active: { function: 'work' } });
    expect(decision.next.phase === 'sorting' && decision.next.active.stuck).toBeUndefined();
  });
});

describe('a pointing turn in the guided coach', () => {
  it('names what was pointed at in the chat and shows its card, which takes another point', async () => {
    const answers: Answer[] = [{ kind: 'point', point: at(BOXES.book) }, { kind: 'disposition', pick: { type: 'choice', index: 0 } }];
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: sorting, photos: [desk()] }),
      answers: (_question: Question, index: number) => answers[index],
    });
    await harness.coach.turn({ point: at(BOXES.cup) });
    const [cupCard, bookCard] = harness.asked;
    expect(cupCard).toMatchObject({ kind: 'disposition', item: 'cup', pointing: 'offer' });
    expect(bookCard).toMatchObject({ kind: 'disposition', item: 'book' });
    const said = harness.state().messages.map((message) => message.text);
    expect(said).toContain('The cup you pointed at (on the table, left side).');
    expect(said).toContain('The book you pointed at (on the table, left side).');
    // The cup was put down undecided; the book, answered, is the one recorded.
    expect(harness.state().decisions.map((decision) => decision.item)).toEqual(['book']);
  });
});
