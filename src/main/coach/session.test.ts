import { afterEach, describe, expect, it } from 'vitest';
import type { Answer, Question } from '../../shared/questions/schema';
import { coachHarness, type CoachHarness } from './testing';

let harness: CoachHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** What the person taps, card by card, in the realistic session. */
function personAnswers(question: Question): Answer {
  if (question.kind === 'choice') {
    return question.purpose === 'function'
      ? { kind: 'choice', selected: ['Work'], followUp: ['Design'] }
      : { kind: 'choice', selected: ['Desk', 'Drawing tablet', 'Lamp'] };
  }
  if (question.kind !== 'disposition') throw new Error(`unexpected ${question.kind} question`);
  const byItem: Record<string, Answer> = {
    'coffee mug, on the desk': { kind: 'disposition', pick: { type: 'choice', index: 0 } },
    'empty amazon envelope, by the chair': { kind: 'disposition', pick: { type: 'choice', index: 0 } },
    'sketchbook with ideas, on the floor': { kind: 'disposition', pick: { type: 'unsure' } },
    'tangle of old cables, under the desk': { kind: 'disposition', pick: { type: 'unsure' } },
    'stack of magazines, on the windowsill': { kind: 'disposition', pick: { type: 'unsure' } },
    'old receipts, on the desk': { kind: 'disposition', pick: { type: 'choice', index: 0 } },
  };
  const answer = byItem[question.item];
  if (!answer) throw new Error(`no answer for ${question.item}`);
  return answer;
}

describe('a whole session from a realistic script', () => {
  it('reaches WindingDown with the piles and the count a person would expect', async () => {
    harness = await coachHarness({ scenario: 'realistic-session.json', answers: personAnswers });
    const said = [
      'idk where to start',
      "work from home, I'm a designer",
      'empty amazon envelope',
      'sketchbook with some ideas, idk...',
      'the boxes freak me out',
      'ok, leave them',
      'next',
      'next',
      'I need to stop',
    ];
    for (const text of said) {
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
      summary: '6 items processed: 2 leaving, 1 staying, 3 unsure.',
      nextTime: ['Decide on the sketchbook, cables and magazines', 'The moving boxes'],
    });
    expect(state.messages.at(-1)?.text).toBe('Good stopping point. Take the recycling bag to the car when you can.');
  });
});
