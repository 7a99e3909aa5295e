import { afterEach, describe, expect, it } from 'vitest';
import { coachHarness, personAnswers, REALISTIC_LINES, type CoachHarness } from '../../../test-support/coach';

let harness: CoachHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('a whole session from a realistic script', () => {
  it('reaches WindingDown with the piles and the count a person would expect', async () => {
    harness = await coachHarness({ scenario: 'realistic-session.json', answers: personAnswers });
    for (const text of REALISTIC_LINES) {
      const outcome = await harness.coach.turn({ text });
      expect(outcome.kind, `after "${text}": ${JSON.stringify(outcome)}`).toBe('answered');
    }
    const state = harness.state();
    expect(harness.server.mismatches).toEqual([]);
    expect(state.mode.kind).toBe('windingDown');
    expect(state.status).toBe('ended');
    expect(state.spaceFunction).toBe('work from home: design');
    expect(state.anchors).toEqual(['Desk', 'Drawing tablet', 'Lamp']);
    const names = (pile: 'belongs' | 'out' | 'unsure') => state.piles[pile].map((item) => item.name);
    expect(names('out')).toEqual(['empty amazon envelope', 'old receipts']);
    expect(names('belongs')).toEqual(['coffee mug']);
    expect(state.piles.belongs[0]).toMatchObject({ outcome: 'place', location: 'kitchen' });
    expect(names('unsure')).toEqual(['sketchbook with ideas', 'tangle of old cables', 'stack of magazines']);
    expect(state.itemsProcessed).toBe(6);
    expect(state.ending).toMatchObject({
      summary: '6 things decided: 0 stay here, 1 goes elsewhere in the home, 2 leave the home, 3 undecided.',
      nextTime: ['Decide on the sketchbook, cables and magazines', 'The moving boxes'],
    });
    expect(state.messages.at(-1)?.text).toBe('Good stopping point. Take the recycling bag to the car when you can.');
  });
});
