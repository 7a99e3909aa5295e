/**
 * Things as a person sees them, offline: several of one kind in one place are one card with its count, "One at a
 * time" takes them one by one, what looks put away is asked once as "already in place?", and every thing decided on a
 * group card is counted as itself.
 */
import { describe, expect, it } from 'vitest';
import { classInfo } from '../../shared/detection/classes';
import type { CocoLabel, DetectedItem } from '../../shared/detection/schema';
import type { Answer, Question } from '../../shared/questions/schema';
import { pileCounts } from '../../shared/session/pile-groups';
import type { Photo, SessionState } from '../../shared/session/schema';
import { expectCountsAddUp } from '../../../test-support/counts';
import { guidedHarness } from '../../../test-support/guided';
import type { ActiveState } from './phases';

let ids = 0;
function thing(label: CocoLabel, x: number, y: number, width: number, height: number, score = 0.6): DetectedItem {
  ids += 1;
  return { id: String(ids), label, name: classInfo(label).name || label, score, box: { x, y, width, height } };
}

/** A reading corner: five books lying on a table, a row of twelve standing on a shelf, a bottle, a mug. */
function corner(): Photo {
  ids = 0;
  const shelf = Array.from({ length: 12 }, (_, index) => thing('book', 100 + index * 42, 80, 38, 150, 0.5));
  const table = [0, 1, 2, 3, 4].map((index) => thing('book', 150 + index * 130, 560 + (index % 2) * 90, 110, 70));
  return {
    id: 'corner',
    fileName: 'corner.jpg',
    width: 1200,
    height: 900,
    detections: { items: [thing('dining table', 0, 500, 1200, 400, 0.9), ...shelf, ...table, thing('bottle', 1050, 560, 40, 120, 0.8), thing('cup', 900, 600, 60, 70, 0.7)], busy: [] },
  };
}

const active: ActiveState = { function: 'Reading', anchors: [], later: [] };

async function sortingWith(photos: Photo[], answers: (question: Question, index: number) => Answer | undefined) {
  return guidedHarness({ initial: (state): SessionState => ({ ...state, photos, spaceFunction: 'Reading', guided: { phase: 'sorting', active } }), answers });
}

/** The person's side of an offline session: after an instruction the coach goes on by itself, turn after turn. */
async function play(harness: Awaited<ReturnType<typeof sortingWith>>, text?: string): Promise<void> {
  let outcome = await harness.coach.turn(text ? { text } : {});
  for (let turns = 0; outcome.kind === 'answered' && outcome.continues && turns < 60; turns += 1) outcome = await harness.coach.turn({});
}

const pick = (index: number): Answer => ({ kind: 'disposition', pick: { type: 'choice', index } });
const stop: Answer = { kind: 'stop' };

describe('group cards', () => {
  it('asks once about the five books on the table, with their count, place and outline, and records each of them', async () => {
    const harness = await sortingWith([corner()], (question, index) => {
      if (index === 2) {
        // The third card is the books on the table.
        expect(question).toMatchObject({ kind: 'disposition', item: '5 books', count: 5, each: true, where: 'on the table, bottom' });
        expect(question.kind === 'disposition' && question.choices.map((choice) => choice.label)).toEqual(['Keep them here', 'To the bookshelf', 'Recycle']);
        expect(question.focus).toHaveLength(6);
        return pick(1);
      }
      if (question.kind === 'disposition') return pick(0);
      return stop;
    });
    await play(harness);
    const state = harness.state();
    const shelved = state.decisions.filter((decision) => decision.location === 'bookshelf');
    expect(shelved.map((decision) => decision.item)).toEqual(Array(5).fill('book'));
    // One card, five things: they share the card's group.
    expect(new Set(shelved.map((decision) => decision.group)).size).toBe(1);
    expect(state.messages.map((message) => message.text)).toContain('5 books: to the bookshelf. Next.');
    // The bookshelf is in this space: the five books stay here, as do the twelve already in place.
    expect(pileCounts(state)).toMatchObject({ here: 17, elsewhere: 1, leaving: 1, decided: 19 });
    expectCountsAddUp(state);
  });

  it('asks a group card again as the group after a question on it (regression: it came back as one book)', async () => {
    const cards: string[] = [];
    const harness = await sortingWith([corner()], (question, index) => {
      if (question.kind !== 'disposition') return stop;
      cards.push(`${question.item}${question.note ? ' (answered)' : ''}`);
      if (index < 2) return pick(0);
      if (index === 2) return { kind: 'disposition', pick: { type: 'other', text: 'what do people usually do with books?' } };
      return index === 3 ? pick(1) : stop;
    });
    await play(harness);
    expect(cards.slice(2, 4)).toEqual(['5 books', '5 books (answered)']);
    expect(harness.state().decisions.filter((decision) => decision.location === 'bookshelf')).toHaveLength(5);
  });

  it('takes a group card’s answer back whole: the five books undecided again, and their card asked again as five', async () => {
    const cards: string[] = [];
    // The person answers the five books' card, lets the next card wait, takes the answer back, and keeps them here.
    const harness = await sortingWith([corner()], (question, index) => {
      if (question.kind !== 'disposition') return stop;
      cards.push(question.item);
      if (index < 2) return pick(0);
      if (index === 2) return pick(1);
      return index === 4 ? pick(0) : undefined;
    });
    await play(harness).catch(() => undefined);
    const decided = harness.state();
    expect(decided.lastAnswer).toMatchObject({ text: '5 books: to the bookshelf' });
    const before = decided.decisions.length;
    await harness.coach.undo(decided.lastAnswer!.id).catch(() => undefined);
    const after = harness.state();
    expect(cards[2]).toBe('5 books');
    expect(cards[4]).toBe('5 books');
    expect(after.decisions.slice(before - 5).map((decision) => decision.outcome)).toEqual(Array(5).fill('keep'));
    expect(after.decisions.filter((decision) => decision.location === 'bookshelf')).toEqual([]);
    expect(after.messages.find((message) => message.text.startsWith('5 books: to the bookshelf'))?.undone).toBe(true);
    expectCountsAddUp(after);
  });

  it('takes a group one at a time when asked, each book its own card, then goes on with the rest', async () => {
    const seen: string[] = [];
    const harness = await sortingWith([corner()], (question) => {
      if (question.kind !== 'disposition') return stop;
      seen.push(`${question.item}${question.where ? ` (${question.where})` : ''}`);
      if (question.item === '5 books') return { kind: 'disposition', pick: { type: 'each' } };
      return seen.length < 9 ? pick(0) : undefined;
    });
    await play(harness).catch(() => undefined);
    expect(seen.slice(2, 8).map((card) => card.split(' (')[0])).toEqual(['5 books', 'book', 'book', 'book', 'book', 'book']);
    // Then the shelf, asked whether it is in place.
    expect(seen[8]).toMatch(/^12 books/);
    expectCountsAddUp(harness.state());
  });

  it('one at a time, still no more than three cards in a row about books: another kind comes between', async () => {
    ids = 0;
    const books = [0, 1, 2, 3, 4, 5].map((index) => thing('book', 100 + index * 120, 600 + (index % 2) * 80, 100, 60, 0.9));
    const room: Photo = { id: 'room', fileName: 'room.jpg', width: 1200, height: 900, detections: { items: [...books, thing('remote', 1000, 100, 60, 100, 0.3), thing('backpack', 40, 80, 120, 160, 0.2)], busy: [] } };
    const cards: string[] = [];
    const harness = await sortingWith([room], (question) => {
      if (question.kind !== 'disposition') return stop;
      cards.push(question.item);
      return question.each ? { kind: 'disposition', pick: { type: 'each' } } : pick(0);
    });
    await play(harness);
    expect(cards).toEqual(['6 books', 'book', 'book', 'remote', 'book', 'book', 'backpack', 'book', 'book']);
    expectCountsAddUp(harness.state());
  });

  it('gives a smaller step on "I’m stuck" with a group: one of them, picked for the person', async () => {
    const harness = await sortingWith([corner()], (question, index) => {
      if (index === 2) return { kind: 'disposition', pick: { type: 'other', text: "i'm stuck" } };
      if (index === 3) {
        expect(question).toMatchObject({ kind: 'disposition', item: 'book' });
        return pick(0);
      }
      return question.kind === 'disposition' ? pick(0) : stop;
    });
    await play(harness).catch(() => undefined);
    expect(harness.state().messages.map((message) => message.text)).toContainEqual(expect.stringMatching(/^Let me pick one for you: the book, on the table/));
  });

  it('asks about the row of books on the shelf as already in place, once, after the clutter', async () => {
    const asked: Question[] = [];
    const harness = await sortingWith([corner()], (question) => {
      asked.push(question);
      return question.kind === 'disposition' ? pick(0) : stop;
    });
    await play(harness);
    const shelf = asked.filter((question) => question.kind === 'disposition' && question.inPlace);
    expect(shelf).toHaveLength(1);
    expect(shelf[0]).toMatchObject({ item: '12 books', count: 12 });
    expect(shelf[0]?.kind === 'disposition' && shelf[0].choices[0]).toEqual({ label: 'Already in place', disposition: 'keep' });
    expect(asked.indexOf(shelf[0]!)).toBe(asked.filter((question) => question.kind === 'disposition').length - 1);
    expect(pileCounts(harness.state())).toMatchObject({ here: 12 + 5, decided: 19 });
  });

  it('offers the group when the person names the books, and asks "which one?" for a book', async () => {
    const harness = await sortingWith([corner()], (question, index) => {
      if (index === 0) {
        expect(question).toMatchObject({ kind: 'disposition', item: '5 books', count: 5 });
        return pick(0);
      }
      return stop;
    });
    await play(harness, 'the books');
    expect(pileCounts(harness.state()).here).toBe(5);
  });
});

describe('when the detector named nothing', () => {
  it('says so on the first card and asks to point or type; when it named things, says those are done', async () => {
    const empty: Photo = { id: 'bare', fileName: 'bare.jpg', width: 800, height: 600, detections: { items: [], busy: [{ box: { x: 0, y: 300, width: 400, height: 300 }, busyness: 2 }] } };
    const prompts: string[] = [];
    const harness = await sortingWith([empty], (question) => {
      if (question.kind === 'choice') prompts.push(question.prompt);
      return stop;
    });
    await play(harness);
    expect(prompts[0]).toMatch(/^I couldn’t name anything in these photos myself\. There’s something .*: what’s the nearest thing there\? Point at it on the photo, or type what it is\.$/);
    expect(prompts[0]).not.toContain('everything I could name');
  });
});
