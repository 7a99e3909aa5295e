/**
 * The conversational coach's last card, as the guided coach's: when the session ends with things leaving the home, one
 * small physical step for the biggest trip, Done or Later, before it ends. It ends whatever the card hears.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PileItem, SessionState } from '../../shared/session/schema';
import { coachHarness, type CoachHarness } from '../../../test-support/coach';

let harness: CoachHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const out = (id: string, name: string, outcome: PileItem['outcome']): PileItem => ({ id, name, outcome, decidedAt: 1 });
const leaving = (state: SessionState): SessionState => ({
  ...state,
  mode: { kind: 'sorting' },
  spaceFunction: 'work',
  piles: { out: [out('a', 'jumper', 'donate'), out('b', 'scarf', 'donate'), out('c', 'receipts', 'trash')], belongs: [], unsure: [] },
});
const toolResults = (memory: CoachHarness['coach']) => JSON.stringify(memory.memory().messages.filter((message) => message.role === 'tool'));

describe('the last card of a conversational session with things leaving', () => {
  it('after the person confirms the end: the biggest trip as one step, and the model hears it is done', async () => {
    harness = await coachHarness({
      scenario: 'wrap-up-confirmed.json',
      initial: leaving,
      answers: (question) => (question.kind === 'choice' && question.purpose === 'firstStep' ? { kind: 'choice', selected: ['It’s by the door'] } : { kind: 'confirm', yes: true }),
    });
    await harness.coach.turn({ text: 'I need to stop' });
    expect(harness.asked).toMatchObject([
      { kind: 'confirm', prompt: 'Is that it for today?' },
      {
        kind: 'choice',
        purpose: 'firstStep',
        prompt: 'One small thing before you go: put the 2 things for the charity shop in a bag by the door.',
        choices: [{ label: 'It’s by the door' }, { label: 'Later' }],
        allowOther: false,
      },
    ]);
    expect(harness.state()).toMatchObject({ status: 'ended', ending: { summary: 'The chair is clear.' } });
    expect(toolResults(harness.coach)).toContain('The person has put the first trip by the door already.');
  });

  it('after a wind-down chosen on a control, with the card let go: the session ends all the same, the trip for later', async () => {
    harness = await coachHarness({ scenario: 'wind-down-chosen.json', initial: leaving, answers: () => 'timeout' });
    await harness.coach.windDown('checkIn');
    expect(harness.asked).toMatchObject([{ kind: 'choice', purpose: 'firstStep' }]);
    expect(harness.state()).toMatchObject({ status: 'ended', ending: { summary: 'Two things out.' } });
    expect(toolResults(harness.coach)).toContain('The first trip out of the home waits for later.');
  });

  it('shows no card when nothing leaves the home', async () => {
    harness = await coachHarness({ scenario: 'wind-down-chosen.json', initial: (state) => ({ ...state, mode: { kind: 'sorting' } }) });
    await harness.coach.windDown('checkIn');
    expect(harness.asked).toEqual([]);
    expect(harness.state().status).toBe('ended');
  });

  it('is asked before the end even when the model does not end the session itself', async () => {
    harness = await coachHarness({
      scenario: {
        steps: [
          {
            expect: { lastUserContains: 'one more' },
            respond: { toolCalls: [{ id: 'c1', name: 'propose_disposition', arguments: { item: 'blue mug', choices: [{ label: 'To the kitchen', disposition: 'place', location: 'kitchen' }, { label: 'Trash', disposition: 'trash' }] } }] },
          },
          { expect: { lastUserContains: '[Continue as: WindingDown]' }, respond: { text: '{"response":"Good stopping point."}' } },
        ],
      },
      initial: leaving,
      answers: (question) => (question.kind === 'choice' && question.purpose === 'firstStep' ? { kind: 'choice', selected: ['Later'] } : { kind: 'stop' }),
    });
    await harness.coach.turn({ text: 'one more' });
    expect(harness.asked.map((question) => question.kind === 'choice' && question.purpose)).toEqual([false, 'firstStep']);
    expect(harness.state().status).toBe('ended');
    expect(harness.server.mismatches).toEqual([]);
  });
});
