import { afterEach, describe, expect, it } from 'vitest';
import type { Question } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import { coachHarness, type CoachHarness } from '../../../test-support/coach';
import type { ScenarioInput } from '../../../test-support/scripted-model';
import { KEEP_GOING_RESULT, stopChosenResult } from './tools';

let harness: CoachHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('the model ending the session is confirmed by the person first', () => {
  it.each([
    ['says no', { kind: 'confirm', yes: false } as const],
    ['lets the card time out', 'timeout' as const],
  ])('when the person %s, the session goes on and the model hears that they want to keep going', async (_how, answer) => {
    harness = await coachHarness({
      scenario: 'stop-declined.json',
      initial: (state) => ({ ...state, mode: { kind: 'sorting' }, spaceFunction: 'work' }),
      answers: () => answer,
    });
    const outcome = await harness.coach.turn({ text: 'ok that’s enough for today' });

    expect(harness.asked).toMatchObject([{ kind: 'confirm', purpose: 'stop', prompt: 'Stop for today?' }]);
    expect(outcome).toMatchObject({ kind: 'answered', mode: 'sorting', response: 'Okay. Next: the mug on the desk.' });
    expect(harness.state().status).toBe('active');
    expect(harness.state().ending).toBeUndefined();
    const toolResults = JSON.stringify(harness.coach.memory().messages.filter((message) => message.role === 'tool'));
    expect(toolResults).toContain(KEEP_GOING_RESULT);
    expect(harness.server.mismatches).toEqual([]);
  });
});

describe('the person is never asked the same twice in a row', () => {
  it('a yes to the model’s own “Is that it for today?” while winding down ends the session with no second card', async () => {
    harness = await coachHarness({
      scenario: 'wrap-up-confirmed.json',
      initial: (state) => ({ ...state, mode: { kind: 'sorting' }, spaceFunction: 'work' }),
      answers: () => ({ kind: 'confirm', yes: true }),
    });
    await harness.coach.turn({ text: 'I need to stop' });

    expect(harness.asked).toMatchObject([{ kind: 'confirm', prompt: 'Is that it for today?' }]);
    expect(harness.state()).toMatchObject({ status: 'ended', ending: { summary: 'The chair is clear.', nextTime: ['the papers'] } });
    expect(harness.server.mismatches).toEqual([]);
  });

  it('a yes to a question about the space while still sorting is not a yes to stopping: "Stop for today?" still comes', async () => {
    harness = await coachHarness({
      scenario: 'done-then-end.json',
      initial: (state) => ({ ...state, mode: { kind: 'sorting' }, spaceFunction: 'work' }),
      answers: () => ({ kind: 'confirm', yes: true }),
    });
    await harness.coach.turn({ text: 'the desk is clear now' });

    expect(harness.asked).toMatchObject([
      { kind: 'confirm', prompt: 'Is the desk done?' },
      { kind: 'confirm', purpose: 'stop', prompt: 'Stop for today?' },
    ]);
    expect(harness.state().status).toBe('ended');
    expect(harness.server.mismatches).toEqual([]);
  });
});

describe('a wind-down the person chose on a control', () => {
  it('ends with the model’s summary and no "Stop for today?" card', async () => {
    harness = await coachHarness({ scenario: 'wind-down-chosen.json', initial: (state) => ({ ...state, mode: { kind: 'sorting' } }) });
    await harness.coach.windDown('checkIn');
    expect(harness.asked).toEqual([]);
    expect(harness.state()).toMatchObject({ status: 'ended', ending: { summary: 'Two things out.', nextTime: ['the boxes'] } });
    expect(harness.server.mismatches).toEqual([]);
  });
});

/** A model that asks one card with `tool`, then (told the person chose to stop) ends the session, then says goodbye. */
function stopOnCard(tool: { readonly name: string; readonly arguments: Record<string, unknown> }, winding: 'switches' | 'already'): ScenarioInput {
  const heard = { lastToolResultContains: 'The person chose to stop for today', toolsInclude: ['end_session'], toolsExclude: ['propose_disposition'] };
  return {
    steps: [
      { name: 'the card', expect: { lastUserContains: 'one more' }, respond: { toolCalls: [{ id: 'c1', ...tool }] } },
      {
        name: 'the person chose to stop: the coach winds down and ends',
        expect: winding === 'switches' ? { ...heard, lastUserContains: '[Continue as: WindingDown]' } : { ...heard, lastRole: 'tool' },
        respond: { toolCalls: [{ id: 'c2', name: 'end_session', arguments: { summary: 'One thing out.', next_time: ['the shelf'] } }] },
      },
      { name: 'goodbye', expect: { lastToolResultContains: 'The session has ended' }, respond: { text: '{"response":"Good stopping point."}' } },
    ],
  };
}

const photo = { id: 'p1', fileName: 'desk.jpg', width: 800, height: 600 };
const choices = [
  { label: 'To the kitchen', disposition: 'place', location: 'kitchen' },
  { label: 'Trash', disposition: 'trash' },
];

/** Every tool of the conversational coach that shows a card, in a mode that has it. */
const CARDS: ReadonlyArray<{ readonly tool: string; readonly mode: SessionState['mode']; readonly arguments: Record<string, unknown>; readonly card: Partial<Question> }> = [
  { tool: 'propose_disposition', mode: { kind: 'sorting' }, arguments: { item: 'blue mug', location: 'on the desk', choices }, card: { kind: 'disposition', item: 'blue mug, on the desk' } },
  { tool: 'propose_disposition', mode: { kind: 'decisionSupport', stuckItem: 'blue mug' }, arguments: { item: 'blue mug', choices }, card: { kind: 'disposition', item: 'blue mug' } },
  { tool: 'ask_which_one', mode: { kind: 'sorting' }, arguments: { prompt: 'Which mug do you mean? Point at it.' }, card: { kind: 'text', pointing: 'ask' } },
  {
    tool: 'ask_space_function',
    mode: { kind: 'surveying' },
    arguments: { purpose: 'function', prompt: 'What is this space for?', choices: [{ label: 'Work' }, { label: 'Sleep' }] },
    card: { kind: 'choice', purpose: 'function' },
  },
  { tool: 'confirm_done', mode: { kind: 'sorting' }, arguments: { prompt: 'Is the desk done?' }, card: { kind: 'confirm', prompt: 'Is the desk done?' } },
];

describe('"Stop for today" on every card of the conversational coach', () => {
  it.each(CARDS)('on $tool in $mode.kind: the coach winds down at once, records nothing, and ends with no second card', async ({ tool, mode, arguments: args, card }) => {
    harness = await coachHarness({
      scenario: stopOnCard({ name: tool, arguments: args }, 'switches'),
      initial: (state) => ({ ...state, mode, photos: [photo] }),
      answers: () => ({ kind: 'stop' }),
    });
    const before = harness.state();
    await harness.coach.turn({ text: 'one more' });

    expect(harness.asked).toHaveLength(1);
    expect(harness.asked[0]).toMatchObject(card);
    const ended = harness.state();
    expect(ended).toMatchObject({ status: 'ended', mode: { kind: 'windingDown' }, ending: { summary: 'One thing out.', nextTime: ['the shelf'] } });
    expect(ended.messages.at(-1)?.text).toBe('Good stopping point.');
    expect({ piles: ended.piles, decisions: ended.decisions, itemsProcessed: ended.itemsProcessed }).toEqual({ piles: before.piles, decisions: before.decisions, itemsProcessed: before.itemsProcessed });
    expect(ended.spaceFunction).toBe(before.spaceFunction);
    expect(harness.server.mismatches).toEqual([]);
  });

  it('on the thing’s card, the model hears that nothing was recorded for it', async () => {
    harness = await coachHarness({
      scenario: stopOnCard({ name: 'propose_disposition', arguments: { item: 'blue mug', choices } }, 'switches'),
      initial: (state) => ({ ...state, mode: { kind: 'sorting' } }),
      answers: () => ({ kind: 'stop' }),
    });
    await harness.coach.turn({ text: 'one more' });
    const toolResults = JSON.stringify(harness.coach.memory().messages.filter((message) => message.role === 'tool'));
    expect(toolResults).toContain(stopChosenResult('blue mug'));
  });

  it('on the model’s own yes/no card while winding down: it ends at once', async () => {
    harness = await coachHarness({
      scenario: stopOnCard({ name: 'confirm_done', arguments: { prompt: 'Is that it for today?' } }, 'already'),
      initial: (state) => ({ ...state, mode: { kind: 'windingDown', nextTime: [] } }),
      answers: () => ({ kind: 'stop' }),
    });
    await harness.coach.turn({ text: 'one more' });
    expect(harness.asked).toMatchObject([{ kind: 'confirm', prompt: 'Is that it for today?' }]);
    expect(harness.state()).toMatchObject({ status: 'ended', ending: { summary: 'One thing out.' } });
    expect(harness.server.mismatches).toEqual([]);
  });

  it('on "Stop for today?" itself (end_session): the stop is the yes', async () => {
    harness = await coachHarness({
      scenario: {
        steps: [
          { expect: { lastUserContains: 'one more' }, respond: { toolCalls: [{ id: 'e1', name: 'end_session', arguments: { summary: 'One thing out.' } }] } },
          { expect: { lastToolResultContains: 'The session has ended' }, respond: { text: '{"response":"Good stopping point."}' } },
        ],
      },
      initial: (state) => ({ ...state, mode: { kind: 'windingDown', nextTime: [] } }),
      answers: () => ({ kind: 'stop' }),
    });
    await harness.coach.turn({ text: 'one more' });
    expect(harness.asked).toMatchObject([{ kind: 'confirm', purpose: 'stop' }]);
    expect(harness.state()).toMatchObject({ status: 'ended', ending: { summary: 'One thing out.' } });
    expect(harness.server.mismatches).toEqual([]);
  });

  it('shows no further card of the same batch once the person chose to stop', async () => {
    const scenario = stopOnCard({ name: 'propose_disposition', arguments: { item: 'blue mug', choices } }, 'switches');
    const [first, ...rest] = scenario.steps;
    const second = { id: 'c1b', name: 'propose_disposition', arguments: { item: 'green plate', choices } };
    harness = await coachHarness({
      scenario: { steps: [{ ...first!, respond: { toolCalls: [...first!.respond.toolCalls!, second] } }, ...rest] },
      initial: (state) => ({ ...state, mode: { kind: 'sorting' } }),
      answers: () => ({ kind: 'stop' }),
    });
    await harness.coach.turn({ text: 'one more' });
    expect(harness.asked).toMatchObject([{ kind: 'disposition', item: 'blue mug' }]);
    expect(harness.state()).toMatchObject({ status: 'ended', decisions: [] });
    expect(harness.server.mismatches).toEqual([]);
  });

  it('ends the session even when the model does not end it', async () => {
    harness = await coachHarness({
      scenario: {
        steps: [
          { expect: { lastUserContains: 'one more' }, respond: { toolCalls: [{ id: 'c1', name: 'propose_disposition', arguments: { item: 'blue mug', choices } }] } },
          { expect: { lastUserContains: '[Continue as: WindingDown]' }, respond: { text: '{"response":"Good stopping point. The mug can wait.","next_time":["the mug"]}' } },
        ],
      },
      initial: (state) => ({ ...state, mode: { kind: 'sorting' } }),
      answers: () => ({ kind: 'stop' }),
    });
    await harness.coach.turn({ text: 'one more' });
    expect(harness.state()).toMatchObject({ status: 'ended', decisions: [], ending: { nextTime: ['the mug'] } });
    expect(harness.state().ending?.summary).toBeTruthy();
    expect(harness.server.mismatches).toEqual([]);
  });
});
