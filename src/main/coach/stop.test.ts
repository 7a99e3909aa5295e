import { afterEach, describe, expect, it } from 'vitest';
import { coachHarness, type CoachHarness } from '../../../test-support/coach';
import { KEEP_GOING_RESULT } from './tools';

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
    await harness.coach.windDown();
    expect(harness.asked).toEqual([]);
    expect(harness.state()).toMatchObject({ status: 'ended', ending: { summary: 'Two things out.', nextTime: ['the boxes'] } });
    expect(harness.server.mismatches).toEqual([]);
  });
});
