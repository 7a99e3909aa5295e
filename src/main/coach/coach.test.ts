import { afterEach, describe, expect, it } from 'vitest';
import { coachHarness, type CoachHarness } from '../../../test-support/coach';

let harness: CoachHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('the conversational coach', () => {
  it('goes from Surveying to Sorting, asking through cards and updating the session', async () => {
    harness = await coachHarness({
      scenario: 'survey-to-sorting.json',
      answers: (question) => {
        if (question.kind === 'choice') return { kind: 'choice', selected: ['Work'], followUp: ['Design'] };
        return { kind: 'disposition', pick: { type: 'choice', index: 0 } };
      },
    });
    const first = await harness.coach.turn({ text: 'idk where to start' });
    expect(first).toMatchObject({ kind: 'answered', response: 'A design workspace. What must stay?', mode: 'surveying' });
    expect(harness.state().spaceFunction).toBe('work from home: design');

    const second = await harness.coach.turn({ text: 'the laptop and sketchbooks stay' });
    expect(second).toMatchObject({ kind: 'answered', mode: 'sorting', transitions: 1 });
    const state = harness.state();
    expect(state.mode).toEqual({ kind: 'sorting', currentItem: 'mug', itemLocation: 'on the desk' });
    expect(state.piles.out.map((item) => [item.name, item.outcome])).toEqual([['empty amazon envelope', 'recycle']]);
    expect(state.itemsProcessed).toBe(1);
    expect(state.messages.map((message) => message.text)).toEqual([
      'A design workspace. What must stay?',
      'Envelope: recycle. Next: the mug on the desk.',
    ]);
    expect(harness.server.mismatches).toEqual([]);
  });

  it('keeps the person’s own message in the history when a transition breaks the turn', async () => {
    harness = await coachHarness({
      scenario: 'survey-to-sorting.json',
      answers: (question) =>
        question.kind === 'choice'
          ? { kind: 'choice', selected: ['Work'], followUp: ['Design'] }
          : { kind: 'disposition', pick: { type: 'choice', index: 0 } },
    });
    await harness.coach.turn({ text: 'idk where to start' });
    await harness.coach.turn({ text: 'the laptop and sketchbooks stay' });
    const continued = harness.server.requests[3]!.body.messages;
    const userTexts = continued.filter((message) => message.role === 'user').map((message) => JSON.stringify(message.content));
    expect(userTexts.some((text) => text.includes('the laptop and sketchbooks stay'))).toBe(true);
    expect(userTexts.at(-1)).toContain('[Continue as: Sorting]');
  });

  it('streams the reply’s text to the GUI as it arrives', async () => {
    harness = await coachHarness({
      scenario: 'survey-to-sorting.json',
      answers: () => ({ kind: 'choice', selected: ['Work'], followUp: ['Design'] }),
    });
    await harness.coach.turn({ text: 'idk where to start' });
    const drafts = harness.activity.flatMap((event) => (event.status === 'thinking' && event.draft ? [event.draft] : []));
    expect(drafts).toContain('A design workspace. ');
    expect(harness.activity.at(-1)).toEqual({ status: 'idle' });
  });
});
