/**
 * No misreading acts silently: words the coach is not sure of are offered back on a card ("Which did you mean?"),
 * nothing recorded until the person picks, and a question back is answered on the card, which is then asked again.
 */
import { describe, expect, it } from 'vitest';
import type { Answer, Question } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import type { GuidedState } from './phases';
import { guidedHarness } from '../../../test-support/guided';
import { newSessionState } from '../session';
import { decide } from './decide';

const sorting: GuidedState = { phase: 'sorting', active: { function: 'work', anchors: [], later: [] }, currentItem: 'mug' };
const onTheMug = (state: SessionState): SessionState => ({ ...state, spaceFunction: 'work', guided: sorting });
const isConfirm = (question: Question) => question.kind === 'choice' && question.prompt.includes('Which did you mean?');
const pick = (label: string) => (question: Question): Answer => ({ kind: 'choice', selected: question.kind === 'choice' && question.choices.some((choice) => choice.label === label) ? [label] : [] });

describe('a reading the coach is not sure of', () => {
  it('is offered back with the runner-up beside it, records nothing until the person picks, then records what they picked', async () => {
    const seen: { decided: number; question: Question }[] = [];
    const harness = await guidedHarness({
      initial: onTheMug,
      answers: (question) => {
        seen.push({ decided: harness.state().decisions.length, question });
        return isConfirm(question) ? pick('Keep it here')(question) : 'timeout';
      },
    });

    await harness.coach.turn({ text: 'I don’t want to keep it' });

    const [confirm] = seen;
    expect(confirm && isConfirm(confirm.question)).toBe(true);
    expect(confirm?.question.kind === 'choice' && confirm.question.choices.map((choice) => choice.label)).toEqual(['Give it away', 'Keep it here']);
    expect(confirm?.question.kind === 'choice' && confirm.question.allowOther).toBe(true);
    // Nothing was decided while the card was up; the pick is what was recorded, and nothing went to the out pile.
    expect(confirm?.decided).toBe(0);
    expect(harness.state().decisions.map(({ item, outcome }) => ({ item, outcome }))).toEqual([{ item: 'mug', outcome: 'keep' }]);
    expect(harness.state().piles.out).toEqual([]);
  });

  it('reads Other in the person’s words for the same card, and changes the approach if it is still unclear', async () => {
    const clear = await guidedHarness({
      initial: onTheMug,
      answers: (question) => (isConfirm(question) ? { kind: 'choice', selected: [], other: 'charity shop' } : 'timeout'),
    });
    await clear.coach.turn({ text: 'I don’t want to keep it' });
    expect(clear.state().decisions.map(({ outcome }) => outcome)).toEqual(['donate']);

    const unclear = await guidedHarness({
      initial: onTheMug,
      answers: (question) => (isConfirm(question) ? { kind: 'choice', selected: [], other: 'hmm the thing' } : 'timeout'),
    });
    await unclear.coach.turn({ text: 'I don’t want to keep it' });
    // Not asked which again: the decision aid for the mug, nothing recorded.
    expect(unclear.asked.filter(isConfirm)).toHaveLength(1);
    expect(unclear.state().guided).toMatchObject({ phase: 'decisionSupport', stuckItem: 'mug' });
    expect(unclear.state().decisions).toEqual([]);
  });

  it('keeps going when the card times out: nothing recorded, nothing ended', async () => {
    const harness = await guidedHarness({ initial: onTheMug, answers: () => 'timeout' });
    await harness.coach.turn({ text: 'I don’t want to keep it' });
    expect(harness.asked.filter(isConfirm)).toHaveLength(1);
    expect(harness.state().decisions).toEqual([]);
    expect(harness.state().status).toBe('active');
  });
});

describe('a question back to the coach', () => {
  it('is answered on the same card, asked again, and the answer then given is recorded', async () => {
    const harness = await guidedHarness({
      initial: onTheMug,
      answers: (question, index) => (index === 0 ? { kind: 'disposition', pick: { type: 'choice', index: 0 } } : 'timeout'),
    });

    await harness.coach.turn({ text: 'whats the difference between recycle and bin?' });

    const [card] = harness.asked;
    expect(card).toMatchObject({ kind: 'disposition', item: 'mug' });
    expect(card?.note).toMatch(/^Keep it here: it stays in this space\..*Not sure: it waits in a pile to decide later; nothing is lost\.$/);
    expect(harness.state().decisions).toHaveLength(1);
  });

  it('says what people usually do with such a thing, and where such things live, from the recommendation table', async () => {
    const thing = await guidedHarness({ initial: onTheMug, answers: () => 'timeout' });
    await thing.coach.turn({ text: 'do people usually keep mugs like this?' });
    expect(thing.asked[0]?.note).toBe('For things like the mug, people most often pick “To the kitchen”, then “Keep it here” or “Donate”. It is your call, and Not sure is a fine answer too.');

    const where = await guidedHarness({ initial: onTheMug, answers: () => 'timeout' });
    await where.coach.turn({ text: 'where do people even keep mugs' });
    expect(where.asked[0]?.note).toBe('Things like the mug usually live in the kitchen, or wherever you would look for them first.');
  });

  it('asked again straight after its answer, changes the approach instead of answering again', async () => {
    const harness = await guidedHarness({
      initial: onTheMug,
      answers: (question) => (question.kind === 'disposition' && question.note ? { kind: 'disposition', pick: { type: 'other', text: 'does it even matter?' } } : 'timeout'),
    });
    await harness.coach.turn({ text: 'what does not sure do?' });
    // The card with the answer, then the decision aid: no third card answering the same again.
    expect(harness.asked.filter((question) => question.note)).toHaveLength(1);
    expect(harness.state().guided).toMatchObject({ phase: 'decisionSupport', stuckItem: 'mug' });
  });
});

describe('every card reads words as every other card does', () => {
  const functionCard = (question: Question) => question.kind === 'choice' && question.purpose === 'function';

  it('regression: a question typed on the function card became what the space is for; now it is answered there', async () => {
    const harness = await guidedHarness({ answers: (question, index) => (index === 0 ? { kind: 'choice', selected: [], other: 'why does it matter what the room is for?' } : 'timeout') });
    await harness.coach.turn({ text: '' });
    expect(harness.asked.slice(0, 2).every(functionCard)).toBe(true);
    expect(harness.asked[1]?.note).toBe('What you mostly want to do here, like sleep, work or a hobby. It decides what stays and what lives somewhere else.');
    expect(harness.state().spaceFunction).toBeUndefined();
  });

  it('regression: asking again and again on the function card showed that card for ever; stuck twice, the coach starts small without it', async () => {
    const harness = await guidedHarness({ answers: (question) => (functionCard(question) ? { kind: 'choice', selected: [], other: 'why does it matter what the room is for?' } : 'timeout') });
    await harness.coach.turn({ text: '' });
    // Asked, answered; asked again (stuck: the function card, reassuring); asked, answered; asked again: start small.
    expect(harness.asked.filter(functionCard).length).toBeLessThanOrEqual(4);
    expect(harness.state().guided).toMatchObject({ phase: 'sorting', active: { function: 'everyday living' } });
    expect(harness.state().messages.some((message) => message.text.startsWith('One small thing, then'))).toBe(true);
  });

  it('a room in a state, typed as what it is for, is what it is for, said overwhelmed: the coach starts small', async () => {
    const harness = await guidedHarness({ answers: (question) => (functionCard(question) ? { kind: 'choice', selected: [], other: 'My desk is buried.' } : 'timeout') });
    await harness.coach.turn({ text: '' });
    expect(harness.asked.filter(functionCard)).toHaveLength(1);
    expect(harness.state().messages.some((message) => message.text.startsWith('One small thing, then'))).toBe(true);
  });
});

describe('asking which was meant is part of the same question', () => {
  it('regression: a question picked on "Which did you mean?" was answered again each time, the card looping; a second question in a row is being stuck', () => {
    const state: SessionState = { ...newSessionState('s', 0), guided: { phase: 'surveying', gatheredAnchors: [], answered: true } };
    const question = { kind: 'question', about: 'coach', text: 'trash bags go under the sink' } as const;
    const which = decide(state, { kind: 'tentative', readings: [question, { kind: 'overwhelmed' }], text: question.text });
    expect(which.action.kind).toBe('confirmReading');
    expect(which.next).toMatchObject({ answered: true });
    const picked = decide({ ...state, guided: which.next }, question);
    // Not the answer again: stuck, so the function card comes back once, as for "I'm stuck", and next time the coach starts small.
    expect(picked.action.kind).toBe('askFunction');
    expect(picked.next).toMatchObject({ helped: true });
    expect(picked.next).not.toHaveProperty('answered');
  });
});
