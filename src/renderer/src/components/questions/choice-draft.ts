import type { Answer, Question } from '../../../../shared/questions/schema';

type ChoiceQuestion = Extract<Question, { kind: 'choice' }>;
type FollowUp = NonNullable<ChoiceQuestion['choices'][number]['followUp']>;

/** What the person has picked so far in a choice dialog, before pressing Done. */
export interface ChoiceDraft {
  selected: readonly string[];
  /** Follow-up picks, by the option whose follow-up they answer. */
  followUps: Readonly<Record<string, readonly string[]>>;
  otherOpen: boolean;
  other: string;
}

export const emptyChoiceDraft: ChoiceDraft = { selected: [], followUps: {}, otherOpen: false, other: '' };

/** The draft a card opens with: its preset answer filled in (last time's, in a room the coach knows), else nothing. */
export function initialChoiceDraft(question: ChoiceQuestion): ChoiceDraft {
  const preset = question.preset;
  if (!preset) return emptyChoiceDraft;
  const followUps = Object.fromEntries(
    question.choices.flatMap((choice) => (choice.followUp && preset.selected.includes(choice.label) && preset.followUp?.length ? [[choice.label, preset.followUp]] : [])),
  );
  return { selected: preset.selected, followUps, otherOpen: preset.other !== undefined, other: preset.other ?? '' };
}

function toggle(list: readonly string[], label: string, multiple: boolean): string[] {
  if (!multiple) return [label];
  return list.includes(label) ? list.filter((item) => item !== label) : [...list, label];
}

/** Picks or unpicks an option. With a single answer, an option and "Other..." exclude each other. */
export function pickOption(question: ChoiceQuestion, draft: ChoiceDraft, label: string): ChoiceDraft {
  const selected = toggle(draft.selected, label, question.multiple);
  const followUps = Object.fromEntries(Object.entries(draft.followUps).filter(([option]) => selected.includes(option)));
  if (question.multiple) return { ...draft, selected, followUps };
  return { selected, followUps, otherOpen: false, other: '' };
}

export function pickFollowUp(draft: ChoiceDraft, option: string, followUp: FollowUp, label: string): ChoiceDraft {
  const current = draft.followUps[option] ?? [];
  return { ...draft, followUps: { ...draft.followUps, [option]: toggle(current, label, followUp.multiple) } };
}

export function openOther(question: ChoiceQuestion, draft: ChoiceDraft): ChoiceDraft {
  if (question.multiple) return { ...draft, otherOpen: true };
  return { selected: [], followUps: {}, otherOpen: true, other: draft.other };
}

export function closeOther(draft: ChoiceDraft): ChoiceDraft {
  return { ...draft, otherOpen: false, other: '' };
}

/** The follow-up questions revealed by the picked options, in the order the options are listed. */
export function visibleFollowUps(question: ChoiceQuestion, draft: ChoiceDraft): Array<{ option: string; followUp: FollowUp }> {
  return question.choices.flatMap((choice) =>
    choice.followUp && draft.selected.includes(choice.label) ? [{ option: choice.label, followUp: choice.followUp }] : [],
  );
}

/** The answer Done sends, or undefined while nothing is picked or typed yet. */
export function choiceAnswer(question: ChoiceQuestion, draft: ChoiceDraft): Answer | undefined {
  const other = draft.otherOpen ? draft.other.trim() : '';
  if (draft.selected.length === 0 && other === '') return undefined;
  const selected = question.choices.map((choice) => choice.label).filter((label) => draft.selected.includes(label));
  const followUp = visibleFollowUps(question, draft).flatMap(({ option }) => draft.followUps[option] ?? []);
  return {
    kind: 'choice',
    selected,
    ...(followUp.length > 0 ? { followUp } : {}),
    ...(other ? { other } : {}),
  };
}
