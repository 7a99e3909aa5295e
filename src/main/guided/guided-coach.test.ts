import { describe, expect, it } from 'vitest';
import { MAX_DIALOGS_PER_TURN } from './guided-coach';
import { guidedHarness } from '../../../test-support/guided';

const sorting = { phase: 'sorting' as const, active: { function: 'work', anchors: [], later: [] }, currentItem: 'mug' };

describe('GuidedCoach turns', () => {
  it('starts a fresh session in surveying and shows it in the header mode', async () => {
    const harness = await guidedHarness({});
    expect(harness.state()).toMatchObject({ guided: { phase: 'surveying', gatheredAnchors: [] }, mode: { kind: 'surveying' } });
  });

  it('hands the turn back after a bounded number of dialogs, however the person answers', async () => {
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: sorting }),
      answers: () => ({ kind: 'choice', selected: [], other: 'hmm the blue one' }),
    });
    const outcome = await harness.coach.turn({ text: 'hmm the blue one' });
    expect(harness.asked).toHaveLength(MAX_DIALOGS_PER_TURN);
    expect(outcome).toMatchObject({ kind: 'answered', response: 'No rush. Say when you’re ready.' });
  });

  it('comes back as stopped when the turn is aborted during a dialog, recording nothing', async () => {
    const controller = new AbortController();
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: { ...sorting, currentItem: undefined } }),
      answers: () => {
        controller.abort();
        return 'timeout';
      },
    });
    const outcome = await harness.coach.turn({ text: 'coffee mug' }, controller.signal);
    expect(outcome).toEqual({ kind: 'stopped' });
    expect(harness.state().itemsProcessed).toBe(0);
    expect(harness.activity.at(-1)).toEqual({ status: 'idle' });
  });

  it('asks where a thing lives when the person says it goes elsewhere, then records the place', async () => {
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: sorting }),
      answers: (question) => (question.kind === 'text' ? { kind: 'text', text: 'the hall cupboard' } : undefined),
    });
    const outcome = await harness.coach.turn({ text: 'somewhere else' });
    expect(harness.asked).toMatchObject([{ kind: 'text', prompt: 'Where does the mug live?' }]);
    expect(outcome).toMatchObject({ response: 'Mug: to the hall cupboard. Next.' });
    expect(harness.state().piles.belongs).toMatchObject([{ name: 'mug', outcome: 'place', location: 'the hall cupboard' }]);
  });

  it('checks energy when it is all too much, and stopping there ends the session', async () => {
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: { ...sorting, currentItem: undefined } }),
      answers: (question) => (question.kind === 'confirm' ? { kind: 'confirm', yes: true } : undefined),
    });
    const outcome = await harness.coach.turn({ text: 'this is too much' });
    expect(harness.asked).toMatchObject([{ kind: 'confirm', prompt: 'That’s a lot at once. Stop here for today? Stopping is fine.' }]);
    expect(outcome).toMatchObject({ mode: 'windingDown', response: 'Good stopping point. 0 things sorted: 0 stay here, 0 go elsewhere in the home, 0 leave the home, 0 undecided.' });
    expect(harness.state().status).toBe('ended');
  });
});

describe('offline, the next dialog follows by itself', () => {
  it('asks for the next thing after an instruction, but never starts itself twice without an answer', async () => {
    const { guidedHarness } = await import('../../../test-support/guided');
    const harness = await guidedHarness({
      answers: (question) => {
        if (question.kind === 'choice' && question.purpose === 'function') return { kind: 'choice', selected: ['Work'] };
        if (question.kind === 'text') return { kind: 'text', text: 'desk, lamp' };
        return 'timeout';
      },
    });
    const first = await harness.coach.turn({ text: 'hi' });
    expect(first).toMatchObject({ kind: 'answered', continues: true });
    // The follow-up turn asks what the person picked up; no answer comes, so it pauses and does not go on.
    const followUp = await harness.coach.turn({});
    expect(followUp.kind === 'answered' && followUp.continues).toBeFalsy();
    expect(harness.asked.at(-1)).toMatchObject({ kind: 'choice', purpose: 'general' });
  });
});
