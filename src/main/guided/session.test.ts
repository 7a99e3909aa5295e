import { describe, expect, it } from 'vitest';
import type { Answer, Question } from '../../shared/questions/schema';
import { SessionStateSchema } from '../../shared/session/schema';
import { guidedHarness } from '../../../test-support/guided';

/** The person's answers, dialog by dialog, in the realistic session (the conversational coach's script). */
function personAnswers(question: Question): Answer | 'timeout' {
  switch (question.kind) {
    case 'choice':
      if (question.purpose === 'function') return 'timeout';
      if (question.prompt.startsWith('Split')) return { kind: 'choice', selected: [], other: 'cables, everything else' };
      return { kind: 'choice', selected: [], other: nextThings.shift() ?? 'nothing left in the script' };
    case 'text':
      return { kind: 'text', text: 'desk, drawing tablet, lamp' };
    case 'disposition': {
      const pick = cardAnswers[question.item];
      if (!pick) throw new Error(`no answer for ${question.item}`);
      return { kind: 'disposition', pick };
    }
    case 'confirm':
      // "I need to stop" is heard in words: the coach asks before it ends anything.
      if (question.purpose === 'stop') return { kind: 'confirm', yes: true };
      throw new Error('no energy check in this script');
  }
}

let nextThings: string[] = [];
const cardAnswers: Record<string, Extract<Answer, { kind: 'disposition' }>['pick']> = {
  'empty amazon envelope': { type: 'choice', index: 0 },
  'sketchbook with some ideas': { type: 'unsure' },
  'tangle of old cables': { type: 'unsure' },
  'coffee mug': { type: 'choice', index: 0 },
  'stack of magazines': { type: 'unsure' },
  // File it, Recycle, Trash: recycled.
  'old receipts': { type: 'choice', index: 1 },
  'phone charger': { type: 'unsure' },
  'spare cable': { type: 'unsure' },
};

describe('a whole session from the realistic script, with no model', () => {
  it('surveys, sorts, gets unstuck, pivots, splits the unsure pile, refines it and ends with a summary', async () => {
    nextThings = ['tangle of old cables', 'coffee mug', 'stack of magazines', 'old receipts', 'phone charger', 'spare cable'];
    const refining: Record<string, Extract<Answer, { kind: 'disposition' }>['pick']> = {
      'tangle of old cables': { type: 'choice', index: 2 },
      'spare cable': { type: 'choice', index: 1 },
    };
    let splitDone = false;
    const harness = await guidedHarness({
      answers: (question) => {
        if (question.kind === 'choice' && question.prompt.startsWith('Split')) splitDone = true;
        else if (splitDone && question.kind === 'disposition') return { kind: 'disposition', pick: refining[question.item]! };
        return personAnswers(question);
      },
    });
    const replies: string[] = [];
    const said = [
      'idk where to start',
      "work from home, I'm a designer",
      'empty amazon envelope',
      'sketchbook with some ideas, idk...',
      'the boxes freak me out',
      'ok, leave them',
      'next',
      'next',
      'next',
      'next',
      'next',
      'next',
      'I need to stop',
    ];
    const phases: string[] = [];
    for (const text of said) {
      const outcome = await harness.coach.turn({ text });
      if (outcome.kind !== 'answered') throw new Error(`after "${text}": ${JSON.stringify(outcome)}`);
      replies.push(outcome.response);
      phases.push(harness.state().guided?.phase ?? 'none');
    }
    expect(replies).toEqual([
      'No rush. Say when you’re ready.',
      "Got it: work from home, I'm a designer, and desk, drawing tablet, lamp stay. Start with one easy thing: something that’s clearly rubbish. What is it?",
      'Empty amazon envelope: trash. Next.',
      'Sketchbook with some ideas: undecided for now (1 so far). That’s fine. Next.',
      'Leave the boxes for another day. Turn to the desk instead: tell me one thing there.',
      'Tangle of old cables: undecided for now (2 so far). That’s fine. Next.',
      'Coffee mug: to the kitchen. Next.',
      'Stack of magazines: undecided for now (3 so far). That’s fine. Next.',
      'Old receipts: recycling → shredder. Next.',
      'Phone charger: undecided for now (4 so far). That’s fine. Next.',
      'Tangle of old cables: recycling → electronics recycling point. Next.',
      'Spare cable: to its place. That’s cables done. Next: everything else.',
      'Good stopping point. 8 things decided: 1 stays here, 1 goes elsewhere in the home, 3 leave the home, 3 undecided. Take what leaves the home to the door when you can. Next time: decide on the sketchbook with some ideas, the stack of magazines and the phone charger, then the boxes.',
    ]);
    expect(phases).toEqual([
      'surveying',
      'sorting',
      'sorting',
      'sorting',
      'sorting',
      'sorting',
      'sorting',
      'sorting',
      'sorting',
      'sorting',
      'refining',
      'refining',
      'refining',
    ]);
    const state = harness.state();
    expect(SessionStateSchema.safeParse(state).success).toBe(true);
    expect(state.status).toBe('ended');
    expect(state.mode.kind).toBe('windingDown');
    expect(state.spaceFunction).toBe("work from home, I'm a designer");
    expect(state.anchors).toEqual(['desk', 'drawing tablet', 'lamp']);
    const names = (pile: 'belongs' | 'out' | 'unsure') => state.piles[pile].map((item) => item.name);
    expect(names('out')).toEqual(['empty amazon envelope', 'old receipts', 'tangle of old cables']);
    expect(names('belongs')).toEqual(['coffee mug', 'spare cable']);
    expect(state.piles.belongs.map((item) => item.location)).toEqual(['kitchen', 'cable drawer']);
    expect(names('unsure')).toEqual(['sketchbook with some ideas', 'stack of magazines', 'phone charger']);
    expect(state.itemsProcessed).toBe(8);
    expect(state.ending).toMatchObject({
      summary: '8 things decided: 1 stays here, 1 goes elsewhere in the home, 3 leave the home, 3 undecided.',
      nextTime: ['Decide on: sketchbook with some ideas', 'Decide on: stack of magazines', 'Decide on: phone charger', 'The boxes'],
    });
    // The sketchbook's reframe and the split were said in the chat before their dialogs.
    const coachSaid = state.messages.filter((message) => message.role === 'coach').map((message) => message.text);
    expect(coachSaid).toContain('No rush with the sketchbook with some ideas. Does it help with work from home, I\'m a designer? Have you used it in the past year? Not sure is a fine answer.');
    expect(coachSaid).toContain('5 things are undecided. Let’s split them: cables (2), other (3).');
    expect(harness.log.entries).toEqual([]);
    await expect(harness.coach.turn({ text: 'hello?' })).rejects.toThrow('ended');
  });
});
