/** The conversational coach and the detector: detected things in the prompt's context, and outlined on its cards. */
import { describe, expect, it } from 'vitest';
import type { DetectedItem } from '../../shared/detection/schema';
import type { Answer, Question, Resolution } from '../../shared/questions/schema';
import type { ToolContext } from '../agent';
import type { Photo, SessionState } from '../../shared/session/schema';
import { classInfo } from '../../shared/detection/classes';
import { manualClock, seededRandom } from '../effects';
import type { QuestionSpec } from '../questions';
import { newSessionState } from '../session';
import { createTemplateRenderer } from '../templates';
import { TEMPLATES_DIR } from '../../../test-support/fixtures';
import { templateContext } from './context';
import { proposeDisposition } from './tools';

const item = (id: string, label: DetectedItem['label'], box: DetectedItem['box'], score = 0.5): DetectedItem => ({
  id,
  label,
  name: classInfo(label).name || label,
  score,
  box,
});

function photo(id: string, items: DetectedItem[]): Photo {
  return { id, fileName: `${id}.jpg`, width: 1000, height: 600, detections: { items, busy: [] } };
}

const desk = photo('desk', [
  item('1', 'person', { x: 850, y: 0, width: 150, height: 340 }),
  item('2', 'cup', { x: 100, y: 300, width: 60, height: 80 }),
  item('3', 'dining table', { x: 0, y: 350, width: 1000, height: 250 }),
  item('4', 'bottle', { x: 700, y: 200, width: 40, height: 120 }),
]);

function contextOf(state: SessionState): string {
  const templates = createTemplateRenderer(TEMPLATES_DIR);
  return templates.render('coach/sorting.njk', templateContext(state, { now: state.sessionStart, history: [], recentTurns: 6, droppedTurns: 0 }));
}

/** propose_disposition over a session with the desk photo, every card answered with `answer`. */
function cardTool(answer: Answer) {
  let state: SessionState = { ...newSessionState('s', 0), mode: { kind: 'sorting' }, photos: [desk] };
  const asked: Question[] = [];
  const tool = proposeDisposition({
    state: { get: () => state, set: (next) => (state = next) },
    questions: {
      ask: (spec: QuestionSpec): Promise<Resolution> => {
        asked.push(spec as Question);
        return Promise.resolve({ answer, closedBy: 'person' });
      },
    },
    time: manualClock(0),
    random: seededRandom(1),
    stop: { chosen: () => false, choose: () => {} },
    pointed: () => undefined,
    notePoint: () => {},
  });
  return {
    asked,
    state: () => state,
    propose: (input: object) => tool.run(input, { signal: new AbortController().signal, toolCallId: 't1' } as ToolContext),
  };
}

describe('detections in the conversational coach', () => {
  it('lists each photo’s undecided detected things with where they are, what is left out on a surface first, and never a person', () => {
    const state: SessionState = { ...newSessionState('s', 0), mode: { kind: 'sorting' }, photos: [desk] };
    const text = contextOf(state);
    const line = text.split('\n').find((candidate) => candidate.startsWith('- desk.jpg:'));
    expect(line).toBe('- desk.jpg: found on the device, not decided yet: cup (on the table, left side), bottle (right side)');
  });

  it('keeps the list short with many things, and drops what is decided', () => {
    // Twelve books scattered about the floor, each on its own: six listed, and how many more.
    const many = photo(
      'floor',
      Array.from({ length: 12 }, (_, index) => item(String(index + 1), 'book', { x: (index % 6) * 160, y: index < 6 ? 40 : 420, width: 40, height: 30 })),
    );
    const decided: SessionState = {
      ...newSessionState('s', 0),
      mode: { kind: 'sorting' },
      photos: [many],
      decisions: [{ item: 'book', outcome: 'keep', at: 0, detection: { photoId: 'floor', itemId: '1' } }],
    };
    const text = contextOf(decided);
    expect(text.match(/book \(/g)).toHaveLength(6);
    expect(text).toContain('and 5 more');
  });

  it('lists several of one kind in one place as one card, and says when they look put away', () => {
    const shelf = photo(
      'shelf',
      Array.from({ length: 12 }, (_, index) => item(String(index + 1), 'book', { x: index * 80, y: 100, width: 60, height: 90 })),
    );
    const text = contextOf({ ...newSessionState('s', 0), mode: { kind: 'sorting' }, photos: [shelf] });
    expect(text).toContain('- shelf.jpg: found on the device, not decided yet: 12 books (top; one card for all of them; they look put away already)');
  });

  it('records a card about several things, named in the plural with their count, for every one of them', async () => {
    let state: SessionState = {
      ...newSessionState('s', 0),
      mode: { kind: 'sorting' },
      photos: [photo('table', [item('1', 'dining table', { x: 0, y: 300, width: 1000, height: 300 }), ...[0, 1, 2].map((index) => item(String(index + 2), 'bottle', { x: 300 + index * 45, y: 250 + index * 30, width: 40, height: 100 }))])],
    };
    const asked: Question[] = [];
    const tool = proposeDisposition({
      state: { get: () => state, set: (next) => (state = next) },
      questions: { ask: (spec: QuestionSpec) => (asked.push(spec as Question), Promise.resolve({ answer: { kind: 'disposition', pick: { type: 'choice', index: 0 } }, closedBy: 'person' as const })) },
      time: manualClock(0),
      random: seededRandom(1),
      stop: { chosen: () => false, choose: () => {} },
      pointed: () => undefined,
      notePoint: () => {},
    });
    const result = await tool.run({ item: 'the 3 empty bottles on the table', choices: [{ label: 'Recycle', disposition: 'recycle' }, { label: 'Keep', disposition: 'keep' }] }, { signal: new AbortController().signal, toolCallId: 't1' } as ToolContext);
    expect(asked[0]).toMatchObject({ count: 3 });
    expect(asked[0]?.focus).toHaveLength(4);
    expect(state.piles.out.map((entry) => entry.name)).toEqual(['bottle', 'bottle', 'bottle']);
    expect(result).toContain('all 3 of them');
    expect(state.itemsProcessed).toBe(3);
  });

  it('outlines the detected thing a card is about, and records the answer as that thing', async () => {
    const card = cardTool({ kind: 'disposition', pick: { type: 'choice', index: 0 } });
    await card.propose({
      item: 'white cup',
      location: 'on the left',
      choices: [
        { label: 'To the kitchen', disposition: 'place', location: 'kitchen' },
        { label: 'Keep', disposition: 'keep' },
      ],
    });
    expect(card.asked[0]?.focus).toEqual([{ photoId: 'desk', box: { x: 100, y: 300, width: 60, height: 80 }, label: 'cup, on the table, left side' }]);
    expect(card.state().decisions.at(-1)).toMatchObject({ item: 'white cup', outcome: 'place', detection: { photoId: 'desk', itemId: '2' } });
  });

  it('never puts the bin first on a card about a detected thing: the model’s Trash goes last, and the answer is the choice shown', async () => {
    const card = cardTool({ kind: 'disposition', pick: { type: 'choice', index: 0 } });
    const choices = [
      { label: 'Trash', disposition: 'trash' },
      { label: 'Recycle', disposition: 'recycle' },
      { label: 'Keep', disposition: 'keep' },
    ];
    await card.propose({ item: 'green bottle', location: 'on the right', choices });
    expect(card.asked[0]).toMatchObject({ kind: 'disposition', choices: [{ label: 'Recycle' }, { label: 'Keep' }, { label: 'Trash' }] });
    expect(card.state().decisions.at(-1)).toMatchObject({ item: 'green bottle', outcome: 'recycle', detection: { photoId: 'desk', itemId: '4' } });
    // Words that say it is empty (the person said so) leave the model's order; so does a thing nothing detected is.
    const empty = cardTool({ kind: 'disposition', pick: { type: 'choice', index: 0 } });
    await empty.propose({ item: 'empty bottle', location: 'on the right', choices });
    expect(empty.asked[0]).toMatchObject({ kind: 'disposition', choices: [{ label: 'Trash' }, {}, {}] });
    expect(empty.state().decisions.at(-1)).toMatchObject({ outcome: 'trash', detection: { itemId: '4' } });
    await empty.propose({ item: 'old crisp tube', choices });
    expect(empty.asked[1]).toMatchObject({ kind: 'disposition', choices: [{ label: 'Trash' }, {}, {}] });
  });

  it('shows a card without an outline when the words name nothing detected', async () => {
    const card = cardTool({ kind: 'disposition', pick: { type: 'unsure' } });
    await card.propose({ item: 'pile of papers', choices: [{ label: 'Recycle', disposition: 'recycle' }, { label: 'Keep', disposition: 'keep' }] });
    expect(card.asked[0]?.focus).toBeUndefined();
    expect(card.state().decisions.at(-1)?.detection).toBeUndefined();
  });
});
