/**
 * "Stop for today" on every card the guided coach shows: whatever the card was about, the person's stop winds the
 * session down at once, with its summary, nothing recorded for what the card was about, and no "Stop for today?" card.
 */
import { describe, expect, it } from 'vitest';
import type { DetectedItem } from '../../shared/detection/schema';
import type { Question } from '../../shared/questions/schema';
import type { Photo, SessionState } from '../../shared/session/schema';
import { classInfo } from '../../shared/detection/classes';
import { DIALOG_ACTIONS, type DialogAction } from './actions';
import type { GuidedState } from './phases';
import { guidedHarness } from '../../../test-support/guided';
import { decidedText, pileCounts } from '../../shared/session/pile-groups';

const active = { function: 'work', anchors: [], later: [] };
const sorting: GuidedState = { phase: 'sorting', active };
const unsure = (name: string, index: number) => ({ id: `u${index}`, name, outcome: 'unsure' as const, decidedAt: 0 });
const cup = (id: string, x: number): DetectedItem => ({ id, label: 'cup', name: classInfo('cup').name, score: 0.8, box: { x, y: 300, width: 60, height: 80 } });
const twoCups: Photo = { id: 'desk', fileName: 'desk.jpg', width: 1000, height: 600, detections: { items: [cup('1', 100), cup('2', 700)], busy: [] } };

/** How to bring each card up: the session before the turn, what the person says, and how the card is recognised. */
interface Reach {
  readonly initial: (state: SessionState) => SessionState;
  readonly said: string;
  readonly card: (question: Question) => boolean;
  /** Reached by winding down (the header's stop) rather than by what the person says. */
  readonly windingDown?: true;
}

const REACH: Record<DialogAction['kind'], Reach> = {
  // A session ending with a thing on its way to the charity shop: its last card is the first step of that trip.
  askFirstStep: {
    initial: (state) => ({ ...state, guided: sorting, piles: { ...state.piles, out: [{ id: 'd1', name: 'old jumper', outcome: 'donate', decidedAt: 0 }] } }),
    said: '',
    windingDown: true,
    card: (question) => question.kind === 'choice' && question.purpose === 'firstStep',
  },
  confirmRoom: {
    initial: (state) => ({ ...state, room: { id: 'r1' }, spaceFunction: 'work', anchors: ['desk'], carriedOver: { from: 'a', space: 'work', anchors: ['desk'], unsure: [], nextTime: [] } }),
    said: '',
    card: (question) => question.kind === 'choice' && question.prompt === 'Still your office, with the desk staying?',
  },
  askFunction: { initial: (state) => state, said: '', card: (question) => question.kind === 'choice' && question.purpose === 'function' },
  askAnchors: {
    initial: (state) => ({ ...state, guided: { phase: 'surveying', gatheredFunction: 'work', gatheredAnchors: [] } }),
    said: '',
    card: (question) => question.kind === 'text' && question.prompt.includes('stay'),
  },
  askWhatIsIt: { initial: (state) => ({ ...state, guided: sorting }), said: '', card: (question) => question.kind === 'choice' && question.prompt.includes('What’s the nearest thing') },
  askWhichOne: {
    initial: (state) => ({ ...state, photos: [twoCups], guided: sorting }),
    said: 'the cup',
    card: (question) => question.pointing === 'ask',
  },
  askWhereLive: { initial: (state) => ({ ...state, guided: { ...sorting, currentItem: 'mug' } }), said: 'somewhere else', card: (question) => question.kind === 'text' && question.prompt === 'Where does the mug live?' },
  askItemDecision: { initial: (state) => ({ ...state, guided: sorting }), said: 'coffee mug', card: (question) => question.kind === 'disposition' && question.item === 'coffee mug' },
  energyCheck: { initial: (state) => ({ ...state, guided: sorting }), said: 'this is too much', card: (question) => question.kind === 'confirm' && question.purpose === 'energy' },
  confirmStop: { initial: (state) => ({ ...state, guided: sorting }), said: 'ok that’s enough for today', card: (question) => question.kind === 'confirm' && question.purpose === 'stop' },
  askClarify: {
    initial: (state) => ({ ...state, guided: { ...sorting, currentItem: 'mug' } }),
    said: 'hmm the thing',
    card: (question) => question.kind === 'choice' && question.choices.some((choice) => choice.label === 'Keep it here'),
  },
  instructSplit: {
    // Four things unsure already: a fifth "not sure" suggests splitting them.
    initial: (state) => ({
      ...state,
      guided: { ...sorting, currentItem: 'hdmi cord' },
      piles: { ...state.piles, unsure: ['sketchbook', 'usb cable', 'magazines', 'charger'].map(unsure) },
    }),
    said: 'not sure',
    card: (question) => question.kind === 'choice' && question.prompt.startsWith('Split it like this?'),
  },
  // "I don't want to keep it" does not say where it goes: the card asks before anything leaves the home.
  confirmReading: {
    initial: (state) => ({ ...state, guided: { ...sorting, currentItem: 'mug' } }),
    said: 'I don’t want to keep it',
    card: (question) => question.kind === 'choice' && question.prompt.includes('Which did you mean?') && question.choices.some((choice) => choice.label === 'Give it away'),
  },
  decisionAid: { initial: (state) => ({ ...state, guided: { ...sorting, currentItem: 'mug' } }), said: 'I’m stuck', card: (question) => question.kind === 'disposition' && question.item === 'mug' },
};

describe('"Stop for today" on every card of the guided coach', () => {
  it('has a way to each kind of card', () => {
    expect(Object.keys(REACH).sort()).toEqual([...DIALOG_ACTIONS].sort());
  });

  it.each(DIALOG_ACTIONS)('on %s: winds down at once with the summary, recording nothing for what the card was about', async (kind) => {
    const reach = REACH[kind];
    // The session as the card was shown: what the stop must leave as it was.
    const at: { state?: () => SessionState; before?: SessionState } = {};
    const harness = await guidedHarness({
      initial: reach.initial,
      answers: () => {
        at.before = at.state!();
        return { kind: 'stop' };
      },
    });
    at.state = () => harness.state();
    const outcome = reach.windingDown ? await harness.coach.windDown('header') : await harness.coach.turn({ text: reach.said });

    // The card the turn was heading for, and no other: no "Stop for today?" after the person's own stop.
    expect(harness.asked).toHaveLength(1);
    expect(reach.card(harness.asked[0]!), JSON.stringify(harness.asked[0])).toBe(true);
    const ended = harness.state();
    expect(ended.status).toBe('ended');
    expect(ended.ending?.summary).toBe(decidedText(pileCounts(ended)));
    expect(ended.mode.kind).toBe('windingDown');
    expect(outcome).toMatchObject({ kind: 'answered', response: expect.stringMatching(/^Good stopping point\./) });
    expect(ended.messages.at(-1)?.text).toMatch(/^Good stopping point\./);
    // Nothing recorded by the stop: the piles and decisions are as they were when the card was shown.
    const before = at.before!;
    expect(ended.piles).toEqual(before.piles);
    expect(ended.decisions).toEqual(before.decisions);
    expect(ended.itemsProcessed).toBe(before.itemsProcessed);
  });

  it('the stop on a card is the person’s: a timed-out card never stops anything', async () => {
    const harness = await guidedHarness({ initial: REACH.askWhatIsIt.initial, answers: () => 'timeout' });
    await harness.coach.turn({});
    expect(harness.state().status).toBe('active');
  });

  it('no card of the guided coach offers a second "Stop for today" among its own choices', async () => {
    for (const kind of DIALOG_ACTIONS) {
      const harness = await guidedHarness({ initial: REACH[kind].initial, answers: () => ({ kind: 'stop' }) });
      await (REACH[kind].windingDown ? harness.coach.windDown('header') : harness.coach.turn({ text: REACH[kind].said }));
      const [card] = harness.asked;
      const labels = card?.kind === 'choice' ? card.choices.map((choice) => choice.label.toLowerCase()) : [];
      expect(labels.some((label) => label.includes('stop')), `${kind}: ${labels.join(', ')}`).toBe(false);
    }
  });
});
