import { describe, expect, it } from 'vitest';
import type { Question } from '../../../../shared/questions/schema';
import {
  choiceAnswer,
  closeOther,
  emptyChoiceDraft,
  initialChoiceDraft,
  openOther,
  pickFollowUp,
  pickOption,
  visibleFollowUps,
} from './choice-draft';

type ChoiceQuestion = Extract<Question, { kind: 'choice' }>;

const work = { prompt: 'What kind of work?', choices: ['Design', 'Writing'], multiple: false };
const craft = { prompt: 'Which crafts?', choices: ['Sewing', 'Knitting'], multiple: true };

function question(multiple: boolean): ChoiceQuestion {
  return {
    id: 'q',
    askedAt: 0,
    expiresAt: 1,
    kind: 'choice',
    purpose: 'function',
    prompt: 'What is this room for?',
    choices: [{ label: 'Work', followUp: work }, { label: 'Sleep' }, { label: 'Craft', followUp: craft }],
    multiple,
    allowOther: true,
  };
}

describe('a single-answer choice', () => {
  const single = question(false);

  it('has nothing to send until something is picked', () => {
    expect(choiceAnswer(single, emptyChoiceDraft)).toBeUndefined();
  });

  it('replaces the pick, dropping the old follow-up answers', () => {
    let draft = pickOption(single, emptyChoiceDraft, 'Work');
    draft = pickFollowUp(draft, 'Work', work, 'Design');
    draft = pickOption(single, draft, 'Sleep');
    expect(choiceAnswer(single, draft)).toEqual({ kind: 'choice', selected: ['Sleep'] });
  });

  it('reveals the picked option follow-up and sends its answer', () => {
    let draft = pickOption(single, emptyChoiceDraft, 'Work');
    expect(visibleFollowUps(single, draft)).toEqual([{ option: 'Work', followUp: work }]);
    draft = pickFollowUp(draft, 'Work', work, 'Design');
    draft = pickFollowUp(draft, 'Work', work, 'Writing');
    expect(choiceAnswer(single, draft)).toEqual({ kind: 'choice', selected: ['Work'], followUp: ['Writing'] });
  });

  it('treats "Other..." as the one answer: opening it clears the pick, picking closes it', () => {
    let draft = openOther(single, pickOption(single, emptyChoiceDraft, 'Sleep'));
    expect(draft.selected).toEqual([]);
    draft = { ...draft, other: '  music studio ' };
    expect(choiceAnswer(single, draft)).toEqual({ kind: 'choice', selected: [], other: 'music studio' });
    draft = pickOption(single, draft, 'Work');
    expect(draft.otherOpen).toBe(false);
    expect(choiceAnswer(single, draft)).toEqual({ kind: 'choice', selected: ['Work'] });
  });

  it('sends no blank "other" text', () => {
    const draft = { ...openOther(single, emptyChoiceDraft), other: '   ' };
    expect(choiceAnswer(single, draft)).toBeUndefined();
  });
});

describe('a multiple-answer choice', () => {
  const multiple = question(true);

  it('toggles picks and sends them in the order offered', () => {
    let draft = pickOption(multiple, emptyChoiceDraft, 'Sleep');
    draft = pickOption(multiple, draft, 'Work');
    draft = pickOption(multiple, draft, 'Craft');
    draft = pickOption(multiple, draft, 'Craft');
    expect(choiceAnswer(multiple, draft)).toEqual({ kind: 'choice', selected: ['Work', 'Sleep'] });
  });

  it('collects follow-ups of every picked option, and forgets those unpicked', () => {
    let draft = pickOption(multiple, emptyChoiceDraft, 'Craft');
    draft = pickOption(multiple, draft, 'Work');
    draft = pickFollowUp(draft, 'Craft', craft, 'Sewing');
    draft = pickFollowUp(draft, 'Craft', craft, 'Knitting');
    draft = pickFollowUp(draft, 'Work', work, 'Design');
    expect(choiceAnswer(multiple, draft)).toEqual({
      kind: 'choice',
      selected: ['Work', 'Craft'],
      followUp: ['Design', 'Sewing', 'Knitting'],
    });
    draft = pickOption(multiple, draft, 'Craft');
    expect(choiceAnswer(multiple, draft)).toEqual({ kind: 'choice', selected: ['Work'], followUp: ['Design'] });
  });

  it('keeps picks beside "Other...", and closing it drops the text', () => {
    let draft = { ...openOther(multiple, pickOption(multiple, emptyChoiceDraft, 'Sleep')), other: 'Plants' };
    expect(choiceAnswer(multiple, draft)).toEqual({ kind: 'choice', selected: ['Sleep'], other: 'Plants' });
    draft = closeOther(draft);
    expect(choiceAnswer(multiple, draft)).toEqual({ kind: 'choice', selected: ['Sleep'] });
  });
});

describe('a choice filled in beforehand (last time’s answer, in a room the coach knows)', () => {
  it('opens with the preset picked, its follow-up and words of the person’s own, so Done sends it as it was', () => {
    const single = { ...question(false), preset: { selected: ['Work'], followUp: ['Writing'] } };
    expect(choiceAnswer(single, initialChoiceDraft(single))).toEqual({ kind: 'choice', selected: ['Work'], followUp: ['Writing'] });
    const own = { ...question(false), preset: { selected: [], other: 'reading nook' } };
    expect(initialChoiceDraft(own)).toMatchObject({ otherOpen: true, other: 'reading nook' });
    expect(choiceAnswer(own, initialChoiceDraft(own))).toEqual({ kind: 'choice', selected: [], other: 'reading nook' });
    expect(initialChoiceDraft(question(true))).toBe(emptyChoiceDraft);
  });
});
