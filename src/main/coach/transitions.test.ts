import { afterEach, describe, expect, it } from 'vitest';
import type { SessionState } from '../../shared/session/schema';
import { coachHarness, type CoachHarness } from '../../../test-support/coach';

let harness: CoachHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const sortingWithPhotos = (state: SessionState): SessionState => ({
  ...state,
  mode: { kind: 'sorting' },
  spaceFunction: 'design work',
  photos: [
    { id: 'aaaaaaaaaaaa', fileName: 'desk.jpg', width: 1024, height: 768 },
    { id: 'bbbbbbbbbbbb', fileName: 'floor.jpg', width: 1024, height: 768 },
  ],
});

describe('mode transitions (every row of seed 000)', () => {
  it('walks Sorting -> Clarifying -> Sorting -> Clarifying -> (skip) Sorting -> DecisionSupport -> Sorting -> WindingDown -> end', async () => {
    harness = await coachHarness({
      scenario: 'every-transition.json',
      initial: sortingWithPhotos,
      photoBytes: (id) => (id === 'aaaaaaaaaaaa' ? new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) : undefined),
      answers: (question) => (question.kind === 'confirm' && question.purpose === 'stop' ? { kind: 'confirm', yes: true } : 'timeout'),
    });
    const { coach } = harness;

    expect(await coach.turn({ text: 'which one?' })).toMatchObject({ kind: 'answered', mode: 'clarifying', transitions: 1 });
    expect(harness.state().mode).toEqual({
      kind: 'clarifying',
      item: 'green device',
      photoContext: 'desk.jpg, by the desk leg',
      reason: 'the person cannot see it',
      describingItem: 'green device',
      spatialRefs: ['desk leg'],
      physicalTraits: ['green', 'book-sized'],
    });

    expect(await coach.turn({ text: 'found it' })).toMatchObject({ mode: 'sorting', transitions: 1 });

    expect(await coach.turn({ text: 'no idea what you mean' })).toMatchObject({ mode: 'sorting', transitions: 2 });
    expect(harness.state().decisions).toEqual([expect.objectContaining({ item: 'cable bundle', outcome: 'skip' })]);
    expect(harness.state().itemsProcessed).toBe(1);

    expect(await coach.turn({ text: 'the boxes freak me out' })).toMatchObject({ mode: 'decisionSupport' });
    expect(harness.state().mode).toEqual({
      kind: 'decisionSupport',
      stuckItem: 'moving boxes',
      reframeQuestion: 'Do they help with design work?',
    });

    expect(await coach.turn({ text: 'ok, move on' })).toMatchObject({ mode: 'sorting' });

    expect(await coach.turn({ text: 'I need to stop' })).toMatchObject({ mode: 'windingDown', response: 'Good stopping point. The boxes can wait.' });
    // end_session asked the person first, and only the yes ended the session.
    expect(harness.asked).toMatchObject([{ kind: 'confirm', purpose: 'stop', prompt: 'Stop for today?' }]);
    const ended = harness.state();
    expect(ended.status).toBe('ended');
    expect(ended.ending).toEqual({
      summary: 'One item skipped; the boxes are for next time.',
      nextTime: ['Decide on the moving boxes'],
      endedAt: expect.any(Number),
    });
    expect(harness.server.mismatches).toEqual([]);
    await expect(coach.turn({ text: 'one more?' })).rejects.toThrow('This session has ended.');
  });

  it('sends the photo a clarification is about, and only in that turn', async () => {
    harness = await coachHarness({
      scenario: 'every-transition.json',
      initial: sortingWithPhotos,
      photoBytes: (id) => (id === 'aaaaaaaaaaaa' ? new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) : undefined),
    });
    await harness.coach.turn({ text: 'which one?' });
    await harness.coach.turn({ text: 'found it' });
    // The scenario's expectations check hasImages true in the clarifying request and false on the next turn.
    expect(harness.server.mismatches).toEqual([]);
  });

  it('allows at most three transitions in one person turn, then answers in the mode it reached', async () => {
    harness = await coachHarness({ scenario: 'transition-cap.json', initial: (state) => ({ ...state, mode: { kind: 'sorting' } }) });
    const outcome = await harness.coach.turn({ text: 'hm' });
    expect(outcome).toMatchObject({ kind: 'answered', mode: 'clarifying', transitions: 3, response: 'The second thing is by the door.' });
    expect(harness.server.mismatches).toEqual([]);
  });
});
