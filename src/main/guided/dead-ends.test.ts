/**
 * Dead ends the dialogue property (dialogue.property.test.ts) found, each as its shrunk counterexample: what the
 * person saw, card by card, through the whole guided coach with the real templates.
 */
import { describe, expect, it } from 'vitest';
import type { DetectedItem } from '../../shared/detection/schema';
import type { Answer, Question } from '../../shared/questions/schema';
import type { Photo, SessionState } from '../../shared/session/schema';
import { classInfo } from '../../shared/detection/classes';
import { NEXT_THING, STUCK } from './dialogs';
import { MAX_DIALOGS_PER_TURN } from './guided-coach';
import type { GuidedState } from './phases';
import { guidedHarness } from '../../../test-support/guided';

const sorting: GuidedState = { phase: 'sorting', active: { function: 'work', anchors: [], later: [] } };

function photo(items: DetectedItem[], busy: Photo['detections'] extends infer D ? (D extends { busy: infer B } ? B : never) : never): Photo {
  return { id: 'desk', fileName: 'desk.jpg', width: 1000, height: 600, detections: { items, busy } };
}

const BOTTOM_LEFT = { box: { x: 0, y: 400, width: 300, height: 200 }, busyness: 1.6 };
const TOP_RIGHT = { box: { x: 700, y: 0, width: 300, height: 200 }, busyness: 1.4 };
const cup: DetectedItem = { id: '1', label: 'cup', name: classInfo('cup').name, score: 0.8, box: { x: 400, y: 300, width: 60, height: 80 } };
const book: DetectedItem = { id: '2', label: 'book', name: classInfo('book').name, score: 0.7, box: { x: 100, y: 300, width: 100, height: 60 } };

/** The words a card shows. */
function shown(question: Question): string {
  switch (question.kind) {
    case 'disposition':
      return `${question.item}: ${question.choices.map((choice) => choice.label).join(', ')}`;
    default:
      return question.prompt;
  }
}

/** A person who answers each card with "I'm stuck" (typed, where the card has no such button); `otherwise` answers the rest. */
function stuckEveryTime(otherwise: (question: Question) => Answer = () => ({ kind: 'confirm', yes: false })) {
  return (question: Question): Answer => {
    if (question.kind === 'choice' && question.choices.some((choice) => choice.label === STUCK)) return { kind: 'choice', selected: [STUCK] };
    if (question.kind === 'disposition') return { kind: 'disposition', pick: { type: 'other', text: 'I’m stuck' } };
    return otherwise(question);
  };
}

async function sortingWith(photos: Photo[], answers: (question: Question, index: number) => Answer | 'timeout', guided: GuidedState = sorting) {
  const harness = await guidedHarness({ initial: (state: SessionState) => ({ ...state, photos, guided }), answers });
  return harness;
}

describe('"I’m stuck" always changes the approach, and the third in a row offers a break', () => {
  it('regression: with nothing detected, "I’m stuck" on "what’s the nearest thing?" showed the same card forever; now a smaller step, then a break', async () => {
    const harness = await sortingWith([], stuckEveryTime());
    await harness.coach.turn({ text: '' });
    expect(harness.asked.map(shown)).toEqual([
      'What’s the nearest thing you can pick up? Type what it is.',
      'Just one small thing, anywhere you look: something that’s clearly rubbish. What is it?',
      'That’s a lot at once. Stop here for today? Stopping is fine.',
    ]);
  });

  it('regression: once every detected thing is decided, "I’m stuck" on a busy spot gives a smaller step there, then another spot, then a break', async () => {
    const harness = await sortingWith([photo([], [BOTTOM_LEFT, TOP_RIGHT])], stuckEveryTime());
    await harness.coach.turn({ text: '' });
    expect(harness.asked.map(shown)).toEqual([
      'I couldn’t name anything in these photos myself. There’s something at the lower left of the photo: what’s the nearest thing there? Point at it on the photo, or type what it is.',
      'Just one thing from the spot at the lower left of the photo, any one. What is it?',
      // Said once, on the first spot card: the person knows by now.
      'There’s something at the upper right of the photo: what’s the nearest thing there? Name it in a word, or point at it on the photo.',
      'That’s a lot at once. Stop here for today? Stopping is fine.',
    ]);
  });

  it('"I’m stuck" on the things on a table gives its busier half, then one thing from it, in words a person can follow', async () => {
    const table: DetectedItem = { id: '3', label: 'dining table', name: 'table', score: 0.6, box: { x: 0, y: 300, width: 1000, height: 300 } };
    // Both things stay (anchors), so none is proposed: the coach works from the place they stand.
    const harness = await sortingWith([photo([cup, book, table], [])], stuckEveryTime(), { phase: 'sorting', active: { function: 'work', anchors: ['cup', 'book'], later: [] } });
    await harness.coach.turn({ text: '' });
    expect(harness.asked.map(shown)).toEqual([
      'That’s everything I could name in your photos. There are a few things on the table: what’s the nearest thing there? Name it in a word, or point at it on the photo.',
      'Just the left half of the things on the table, nothing else. What’s one thing there? Type what it is.',
      'Just one thing from the things on the table, any one. What is it?',
      'That’s a lot at once. Stop here for today? Stopping is fine.',
    ]);
  });

  it('regression: two busy spots that read the same are one spot, so "I’m stuck" does not name it again', async () => {
    const twin = { box: { ...BOTTOM_LEFT.box, y: 420 }, busyness: 1.2 };
    const harness = await sortingWith([photo([], [BOTTOM_LEFT, twin])], stuckEveryTime());
    await harness.coach.turn({ text: '' });
    expect(harness.asked.map(shown).slice(0, 3)).toEqual([
      'I couldn’t name anything in these photos myself. There’s something at the lower left of the photo: what’s the nearest thing there? Point at it on the photo, or type what it is.',
      'Just one thing from the spot at the lower left of the photo, any one. What is it?',
      'Just one small thing, anywhere you look: something that’s clearly rubbish. What is it?',
    ]);
  });

  it('regression: "I’m stuck" on a thing\'s card, then on its aid, showed the same card; now the aid offers to leave it, the thing is left, the next comes, and the third offers a break', async () => {
    const harness = await sortingWith([photo([cup, book], [])], stuckEveryTime());
    await harness.coach.turn({ text: 'next' });
    await harness.coach.turn({ text: '' });
    expect(harness.asked.map(shown)).toEqual([
      'cup: To the kitchen, Keep it here, Donate',
      'cup: To the kitchen, Keep it here, Donate, Leave it for now',
      'book: Keep it here, To the bookshelf, Recycle',
      'That’s a lot at once. Stop here for today? Stopping is fine.',
    ]);
    expect(harness.state().decisions).toMatchObject([{ item: 'cup', outcome: 'skip' }]);
    expect(harness.state().messages.map((message) => message.text)).toContain('Cup: skipped for now. Next.');
  });

  it('regression: "next" typed on "what’s the nearest thing?" showed the same card; now it asks for something smaller', async () => {
    const harness = await sortingWith([], (question) => (question.kind === 'choice' ? { kind: 'choice', selected: [], other: 'next' } : { kind: 'confirm', yes: false }));
    await harness.coach.turn({ text: '' });
    expect(harness.asked.map(shown).slice(0, 2)).toEqual([
      'What’s the nearest thing you can pick up? Type what it is.',
      'Just one small thing, anywhere you look: something that’s clearly rubbish. What is it?',
    ]);
  });
});

describe('an answer the coach cannot read does not bring the same card back', () => {
  it('regression: "I work from home in here" on "what has to stay?" asked the same again; now sorting starts and what stays can come later', async () => {
    const harness = await guidedHarness({
      answers: (question) => (question.kind === 'choice' ? { kind: 'choice', selected: ['Work'] } : { kind: 'text', text: 'I work from home in here' }),
    });
    const first = await harness.coach.turn({ text: '' });
    expect(first).toMatchObject({ continues: true });
    expect(harness.state().guided).toMatchObject({ phase: 'sorting', active: { function: 'Work', anchors: [] } });
    await harness.coach.turn({ text: '' });
    expect(harness.asked.map(shown).slice(0, 3)).toEqual([
      'What is this space mostly for?',
      'A space for Work. What has to stay here, whatever happens?',
      'What’s the nearest thing you can pick up? Type what it is.',
    ]);
  });

  it('regression: "work" typed again on "I didn’t catch that" showed that card forever; now the coach changes approach', async () => {
    const harness = await sortingWith([], (question) =>
      question.kind === 'disposition' ? { kind: 'disposition', pick: { type: 'other', text: 'work' } } : { kind: 'choice', selected: [], other: 'work' },
    );
    await harness.coach.turn({ text: 'work' });
    const cards = harness.asked.map(shown);
    expect(cards.slice(0, 3)).toEqual([
      'work: Somewhere else: I’ll say where, Keep it here, Donate',
      'I didn’t catch that. Where does the work go?',
      'work: Somewhere else: I’ll say where, Keep it here, Donate, Leave it for now',
    ]);
    cards.forEach((card, index) => expect(card, `card ${index + 1}`).not.toBe(cards[index - 1]));
  });
});

describe('"Next thing" and unreadable answers move on', () => {
  it('regression: "Next thing" on "I didn’t catch that", with nothing left to propose, brought back the card it came from; now something smaller', async () => {
    const harness = await sortingWith([], (question) => {
      if (question.kind !== 'choice') return { kind: 'confirm', yes: false };
      return question.prompt.startsWith('I didn’t catch that') ? { kind: 'choice', selected: [NEXT_THING] } : { kind: 'choice', selected: [], other: 'ok do that' };
    });
    await harness.coach.turn({ text: '' });
    expect(harness.asked.map(shown).slice(0, 3)).toEqual([
      'What’s the nearest thing you can pick up? Type what it is.',
      'I didn’t catch that. What would you like to do?',
      'Just one small thing, anywhere you look: something that’s clearly rubbish. What is it?',
    ]);
  });

  it('regression (dialogue property, shrunk): an unreadable answer and "keep going" in turns looped on the same two cards; the third unreadable offers a break', async () => {
    const harness = await sortingWith([], (question) => {
      if (question.kind !== 'choice') return { kind: 'confirm', yes: false };
      return { kind: 'choice', selected: [], other: question.prompt.startsWith('I didn’t catch that') ? 'im not done, next thing pls' : 'sell it on vinted' };
    });
    // "Keep going" ends the turn with a first step in the chat; the person goes on in the next turn, as in the run found.
    for (let turn = 0; turn < 3; turn++) await harness.coach.turn({ text: '' });
    expect(harness.asked.map(shown).slice(0, 6)).toEqual([
      'What’s the nearest thing you can pick up? Type what it is.',
      'I didn’t catch that. What would you like to do?',
      'What’s the nearest thing you can pick up? Type what it is.',
      'I didn’t catch that. What would you like to do?',
      'What’s the nearest thing you can pick up? Type what it is.',
      'That’s a lot at once. Stop here for today? Stopping is fine.',
    ]);
  });

  it('regression: words the coach cannot read on the split card showed the split again; now it is left for now', async () => {
    const splitting: GuidedState = { phase: 'splitting', active: sorting.active, categories: [{ name: 'cables', items: ['usb cable', 'hdmi cord'] }] };
    const harness = await sortingWith([], () => ({ kind: 'choice', selected: [], other: 'maybe? ugh I don’t know' }), splitting);
    await harness.coach.turn({ text: '' });
    expect(harness.asked).toHaveLength(1);
    expect(harness.state().guided).toMatchObject({ phase: 'sorting', active: { later: ['usb cable', 'hdmi cord'] } });
  });
});

describe('"It’s too much" on what the space is for', () => {
  it('regression: said twice, it asked what the space is for again and again; the second time it starts on one small thing', async () => {
    const harness = await guidedHarness({
      answers: (question) => {
        if (question.kind === 'choice' && question.purpose === 'function') return { kind: 'choice', selected: [], other: "can't get to the desk yet, let me grab the mugs" };
        if (question.kind === 'choice' && question.choices.some((choice) => choice.label === 'It’s too much right now')) return { kind: 'choice', selected: ['It’s too much right now'] };
        return 'timeout';
      },
    });
    await harness.coach.turn({ text: '' });
    const functionCards = harness.asked.filter((question) => question.kind === 'choice' && question.purpose === 'function');
    expect(functionCards).toHaveLength(2);
    expect(harness.state().guided?.phase).toBe('sorting');
  });
});

describe('a turn that has asked enough pauses, but the last answer counts', () => {
  it(`regression: a yes to "Stop for today?" on the ${MAX_DIALOGS_PER_TURN}th card of a turn was dropped, and the session went on`, async () => {
    const harness = await sortingWith([], (question, index) => {
      if (question.kind === 'confirm') return { kind: 'confirm', yes: index === MAX_DIALOGS_PER_TURN - 1 };
      return question.kind === 'choice' ? { kind: 'choice', selected: [], other: 'stop for today' } : 'timeout';
    });
    await harness.coach.turn({ text: '' });
    expect(harness.asked).toHaveLength(MAX_DIALOGS_PER_TURN);
    expect(harness.asked.at(-1)).toMatchObject({ kind: 'confirm', purpose: 'stop' });
    expect(harness.state().status).toBe('ended');
    expect(harness.state().messages.at(-1)?.text).toMatch(/^Good stopping point/);
  });

  it('regression: with things leaving the home, that yes paused the turn before the last card, and the session went on until the stop was typed again', async () => {
    const harness = await guidedHarness({
      initial: (state: SessionState) => ({ ...state, guided: sorting, piles: { out: [{ id: 'm', name: 'mug', outcome: 'trash', decidedAt: 1 }], belongs: [], unsure: [] } }),
      answers: (question, index) => {
        if (question.kind === 'confirm') return { kind: 'confirm', yes: index === MAX_DIALOGS_PER_TURN - 1 };
        if (question.kind === 'choice' && question.purpose === 'firstStep') return { kind: 'choice', selected: ['It’s by the door'] };
        return question.kind === 'choice' ? { kind: 'choice', selected: [], other: 'stop for today' } : 'timeout';
      },
    });
    await harness.coach.turn({ text: '' });
    expect(harness.asked).toHaveLength(MAX_DIALOGS_PER_TURN + 1);
    expect(harness.asked.at(-1)).toMatchObject({ kind: 'choice', purpose: 'firstStep' });
    expect(harness.state().status).toBe('ended');
    expect(harness.state().messages.at(-1)?.text).toMatch(/^Good stopping point.*The first trip is ready by the door/);
  });
});
