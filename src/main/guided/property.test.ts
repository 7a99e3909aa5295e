import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answer, Question } from '../../shared/questions/schema';
import { GuidedStateSchema } from '../../shared/session/guided';
import { newSessionState } from '../../shared/session/new-session';
import { SessionStateSchema } from '../../shared/session/schema';
import { ActionSchema } from './actions';
import { recordDecisions } from '../session/decisions';
import { decide } from './decide';
import { InputSchema, type Input } from './input';
import { modeFor } from './phases';
import { guidedHarness } from '../../../test-support/guided';

const LINES = [
  'idk where to start',
  "work from home, I'm a designer",
  'empty amazon envelope',
  'sketchbook with some ideas, idk...',
  'the boxes freak me out',
  'ok, leave them',
  'next',
  'trash it',
  'put it in the kitchen',
  'not sure',
  "I'm stuck",
  'cords, the rest',
  'what is this?',
  'usb cable',
  '',
];
const THINGS = ['usb cable', 'old papers', 'sketchbook', 'shirt', 'mug', 'spare lamp', 'stop', 'idk', 'kitchen'];

/** A valid answer to any dialog, picked by the numbers fast-check draws; -1 closes it unanswered. */
function answerWith(pick: () => number) {
  return (question: Question): Answer | 'timeout' => {
    const n = pick();
    if (n < 0) return 'timeout';
    const thing = THINGS[n % THINGS.length]!;
    switch (question.kind) {
      case 'disposition': {
        const picks = [
          ...question.choices.map((_, index) => ({ type: 'choice' as const, index })),
          { type: 'unsure' as const },
          { type: 'other' as const, text: thing },
        ];
        return { kind: 'disposition', pick: picks[n % picks.length]! };
      }
      case 'choice': {
        const options = question.choices.length + 1;
        const index = n % options;
        if (index === question.choices.length) return { kind: 'choice', selected: [], other: thing };
        const choice = question.choices[index]!;
        const followUp = choice.followUp?.choices[0];
        return { kind: 'choice', selected: [choice.label], ...(followUp ? { followUp: [followUp] } : {}) };
      }
      case 'confirm':
        return { kind: 'confirm', yes: n % 2 === 0 };
      case 'text':
        return { kind: 'text', text: n % 3 === 0 ? '' : thing };
    }
  };
}

describe('random sessions never reach an invalid phase or phase data', () => {
  it('holds for random lines and random dialog answers, through the whole coach', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom(...LINES), fc.string({ maxLength: 30 })), { minLength: 1, maxLength: 25 }),
        fc.array(fc.integer({ min: -1, max: 50 }), { minLength: 1, maxLength: 200 }),
        async (lines, numbers) => {
          let drawn = 0;
          const harness = await guidedHarness({ answers: answerWith(() => numbers[drawn++ % numbers.length]!) });
          for (const text of lines) {
            if (harness.state().status === 'ended') break;
            const outcome = await harness.coach.turn({ text });
            expect(outcome.kind).toBe('answered');
          }
          for (const state of harness.history) {
            expect(SessionStateSchema.safeParse(state).success).toBe(true);
            expect(GuidedStateSchema.safeParse(state.guided).success).toBe(true);
            expect(state.mode).toEqual(modeFor(state));
            if (state.guided && state.guided.phase !== 'surveying') expect(state.spaceFunction).toBe(state.guided.active.function);
            if (state.status === 'ended') expect(state.ending).toBeDefined();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('decide only ever returns valid actions and phases, and an unanswered dialog always hands the turn back', () => {
    const texts = fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim().length > 0);
    const input: fc.Arbitrary<Input> = fc.oneof(
      fc.constant<Input>({ kind: 'begin' }),
      fc.constant<Input>({ kind: 'next' }),
      fc.constant<Input>({ kind: 'silent' }),
      fc.constant<Input>({ kind: 'keepGoing' }),
      fc.constant<Input>({ kind: 'stop' }),
      texts.map((item): Input => ({ kind: 'item', item })),
      texts.map((item): Input => ({ kind: 'help', item })),
      fc.option(texts, { nil: undefined }).map((trigger): Input => (trigger ? { kind: 'overwhelmed', trigger } : { kind: 'overwhelmed' })),
      fc.tuple(texts, fc.boolean()).map(([fn, overwhelmed]): Input => ({ kind: 'function', function: fn, overwhelmed })),
      fc.array(texts, { maxLength: 3 }).map((anchors): Input => ({ kind: 'anchors', anchors })),
      fc
        .tuple(fc.constantFrom('usb cable', 'old paper', 'book', 'mug', 'spare lamp', 'shirt'), fc.constantFrom('trash', 'donate', 'recycle', 'place', 'keep', 'skip', 'unsure'), fc.boolean())
        .map(([item, outcome, located]): Input => ({ kind: 'disposition', item, outcome, ...(located ? { location: 'shelf' } : {}) })),
      fc
        .constantFrom<Input>(
          { kind: 'split', edit: { kind: 'accept' } },
          { kind: 'split', edit: { kind: 'merge' } },
          { kind: 'split', edit: { kind: 'decline' } },
          { kind: 'split', edit: { kind: 'rename', names: ['a', 'b', 'c'] } },
          { kind: 'split', edit: { kind: 'rename', names: ['one'] } },
        ),
      texts.map((text): Input => ({ kind: 'unclear', text })),
    );
    fc.assert(
      fc.property(fc.array(input, { minLength: 1, maxLength: 60 }), (inputs) => {
        let state = SessionStateSchema.parse(newSessionState('s', 0));
        for (const heard of inputs) {
          expect(InputSchema.safeParse(heard).success).toBe(true);
          if (state.status === 'ended') break;
          const decision = decide(state, heard);
          expect(ActionSchema.safeParse(decision.action).success).toBe(true);
          expect(GuidedStateSchema.safeParse(decision.next).success).toBe(true);
          expect(decide({ ...state, guided: decision.next }, { kind: 'silent' }).action.kind).toBe('ackProgress');
          if (decision.records) state = recordDecisions(state, decision.records.map((record, index) => ({ ...record, id: `d${state.decisions.length + index}` })), 0);
          state = {
            ...state,
            guided: decision.next,
            ...(decision.action.kind === 'summary' ? { status: 'ended' as const } : {}),
          };
        }
      }),
      { numRuns: 300 },
    );
  });
});
