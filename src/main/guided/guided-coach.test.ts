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
    // Asked to stop in words on every card, and "no" each time: the cards could go on and on.
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: sorting }),
      answers: (question) =>
        question.kind === 'confirm'
          ? { kind: 'confirm', yes: false }
          : question.kind === 'disposition'
            ? { kind: 'disposition', pick: { type: 'other', text: 'stop for today' } }
            : { kind: 'choice', selected: [], other: 'stop for today' },
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

  it('keeps a name typed with its article bare, and asks about it in a sentence that reads right', async () => {
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: { ...sorting, currentItem: undefined } }),
      answers: (question) =>
        question.kind === 'disposition' ? { kind: 'disposition', pick: { type: 'choice', index: 0 } } : undefined,
    });
    const outcome = await harness.coach.turn({ text: 'an empty crisp packet' });
    // Rubbish is known: the card leads with the bin, not "somewhere else".
    expect(harness.asked[0]).toMatchObject({ kind: 'disposition', item: 'empty crisp packet', choices: [{ label: 'Trash' }, { label: 'Recycle' }] });
    expect(outcome).toMatchObject({ response: expect.stringMatching(/^Empty crisp packet: trash\./) });
    expect(harness.state().piles.out).toMatchObject([{ name: 'empty crisp packet', outcome: 'trash' }]);
  });

  it('takes old medicine back to a pharmacy: recycling with its place, said and kept', async () => {
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: { ...sorting, currentItem: undefined } }),
      answers: (question) =>
        question.kind === 'disposition' ? { kind: 'disposition', pick: { type: 'choice', index: 0 } } : undefined,
    });
    const outcome = await harness.coach.turn({ text: 'old paracetamol' });
    expect(harness.asked[0]).toMatchObject({ kind: 'disposition', choices: [{ label: 'Back to a pharmacy', disposition: 'recycle', location: 'pharmacy' }, {}, {}] });
    expect(outcome).toMatchObject({ response: 'Old paracetamol: recycling → pharmacy. Next.' });
    expect(harness.state().piles.out).toMatchObject([{ name: 'old paracetamol', outcome: 'recycle', location: 'pharmacy' }]);
  });

  it('checks energy when it is all too much, and stopping there ends the session', async () => {
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: { ...sorting, currentItem: undefined } }),
      answers: (question) => (question.kind === 'confirm' ? { kind: 'confirm', yes: true } : undefined),
    });
    const outcome = await harness.coach.turn({ text: 'this is too much' });
    expect(harness.asked).toMatchObject([{ kind: 'confirm', prompt: 'That’s a lot at once. Stop here for today? Stopping is fine.' }]);
    expect(outcome).toMatchObject({ mode: 'windingDown', response: 'Good stopping point. Nothing was decided this time, and that is fine.' });
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

describe('a stop heard in words is confirmed first (offline)', () => {
  const mugInHand = (state: Parameters<NonNullable<Parameters<typeof guidedHarness>[0]['initial']>>[0]) => ({ ...state, guided: sorting });

  it('asks "Stop for today?" and, on yes, winds down with the summary and what is left', async () => {
    const harness = await guidedHarness({ initial: mugInHand, answers: () => ({ kind: 'confirm', yes: true }) });
    const outcome = await harness.coach.turn({ text: 'ok that’s enough for today' });
    expect(harness.asked).toMatchObject([{ kind: 'confirm', purpose: 'stop', prompt: 'Stop for today?', defaultAnswer: false }]);
    expect(outcome).toMatchObject({ mode: 'windingDown', response: 'Good stopping point. Nothing was decided this time, and that is fine.' });
    expect(harness.state()).toMatchObject({ status: 'ended', ending: { summary: 'Nothing was decided this time, and that is fine.' } });
  });

  it('on no, says one neutral line and shows the same item’s card again; the session goes on', async () => {
    const harness = await guidedHarness({
      initial: mugInHand,
      answers: (question) => (question.kind === 'confirm' ? { kind: 'confirm', yes: false } : { kind: 'disposition', pick: { type: 'choice', index: 0 } }),
    });
    const outcome = await harness.coach.turn({ text: 'ok that’s enough for today' });
    expect(harness.asked).toMatchObject([{ kind: 'confirm', purpose: 'stop' }, { kind: 'disposition', item: 'mug' }]);
    const coachSaid = harness.state().messages.filter((message) => message.role === 'coach').map((message) => message.text);
    expect(coachSaid).toEqual(['Okay, carrying on.', 'Mug: to the kitchen. Next.']);
    expect(outcome).toMatchObject({ kind: 'answered', continues: true });
    expect(harness.state().status).toBe('active');
    expect(harness.state().ending).toBeUndefined();
    expect(harness.state().piles.belongs).toMatchObject([{ name: 'mug', location: 'kitchen' }]);
  });

  it('when the card times out, keeps going where it was', async () => {
    const harness = await guidedHarness({
      initial: mugInHand,
      answers: (question) => (question.kind === 'confirm' ? 'timeout' : { kind: 'disposition', pick: { type: 'unsure' } }),
    });
    await harness.coach.turn({ text: 'ok that’s enough for today' });
    expect(harness.asked.map((question) => question.kind)).toEqual(['confirm', 'disposition']);
    expect(harness.state().status).toBe('active');
    expect(harness.state().piles.unsure).toMatchObject([{ name: 'mug' }]);
  });

  it('a stop typed on a card is asked about too, and "no" brings that card back', async () => {
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, guided: { ...sorting, currentItem: undefined } }),
      answers: (question, index) => {
        if (index === 0) return { kind: 'disposition', pick: { type: 'other', text: 'I’m done for today' } };
        if (question.kind === 'confirm') return { kind: 'confirm', yes: false };
        return { kind: 'disposition', pick: { type: 'choice', index: 1 } };
      },
    });
    await harness.coach.turn({ text: 'mug' });
    expect(harness.asked).toMatchObject([
      { kind: 'disposition', item: 'mug' },
      { kind: 'confirm', purpose: 'stop' },
      { kind: 'disposition', item: 'mug' },
    ]);
    expect(harness.state().status).toBe('active');
  });
});
