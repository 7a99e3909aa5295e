import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { DialogFrame } from './DialogFrame';
import { OtherField } from './OtherField';
import {
  choiceAnswer,
  closeOther,
  initialChoiceDraft,
  openOther,
  pickFollowUp,
  pickOption,
  visibleFollowUps,
  type ChoiceDraft,
} from './choice-draft';
import { FocusPicture, FocusPictures } from '../FocusPicture';
import { choiceShortcut, isShortcut, otherKey } from './keys';
import type { QuestionBodyProps } from './types';
import { sentence } from '../../../../shared/text/sentence';

function OptionList(props: {
  name: string;
  labels: readonly string[];
  multiple: boolean;
  picked: readonly string[];
  onPick: (label: string) => void;
  autoFocusFirst?: boolean;
}) {
  const { name, labels, multiple, picked, onPick, autoFocusFirst } = props;
  return (
    <div className="options" data-options={name}>
      {labels.map((label, index) => (
        <label key={label} className="option">
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            checked={picked.includes(label)}
            autoFocus={autoFocusFirst && index === 0}
            aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
            onChange={() => onPick(label)}
          />
          {index < 9 ? (
            <kbd className="key" aria-hidden="true">
              {index + 1}
            </kbd>
          ) : null}
          <span>{label}</span>
        </label>
      ))}
    </div>
  );
}

/** The option group a number key acts on: the follow-up that has focus, else the main options. */
function groupOf(target: HTMLElement): string | undefined {
  return target.closest<HTMLElement>('[data-options]')?.dataset.options;
}

const HINT = { single: 'Pick one.', multiple: 'Pick any that fit.' };

/** What the space is for, what must stay, or any multiple choice; a pick can reveal a follow-up question. */
export function ChoiceQuestion({ question, send, frame }: QuestionBodyProps<'choice'>) {
  const [draft, setDraft] = useState<ChoiceDraft>(() => initialChoiceDraft(question));
  const otherButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // An option picked by key whose follow-up should take focus once it is on screen.
  const focusFollowUp = useRef<string | undefined>(undefined);
  useEffect(() => {
    const option = focusFollowUp.current;
    if (!option) return;
    focusFollowUp.current = undefined;
    form.current?.querySelector<HTMLInputElement>(`[data-options="${CSS.escape(`${question.id}-${option}`)}"] input`)?.focus();
  }, [draft, question.id]);
  const otherId = useId();
  const answer = choiceAnswer(question, draft);

  const done = (event?: FormEvent) => {
    event?.preventDefault();
    if (answer) send(answer);
  };

  /** A number key: picks the option (a single choice with nothing to follow is the answer), or opens "Other...". */
  const byKey = (event: KeyboardEvent, target: HTMLElement): boolean => {
    if (!isShortcut(event, target)) return false;
    const group = groupOf(target);
    const followUp = group && group !== question.id ? visibleFollowUps(question, draft).find(({ option }) => `${question.id}-${option}` === group) : undefined;
    if (followUp) {
      const pick = choiceShortcut(event.key, followUp.followUp.choices.length, false);
      if (pick?.type !== 'option') return false;
      const next = pickFollowUp(draft, followUp.option, followUp.followUp, followUp.followUp.choices[pick.index]!);
      setDraft(next);
      const answer = choiceAnswer(question, next);
      if (!question.multiple && !followUp.followUp.multiple && answer) send(answer);
      return true;
    }
    const pick = choiceShortcut(event.key, question.choices.length, question.allowOther);
    if (!pick) return false;
    if (pick.type === 'other') {
      setDraft(openOther(question, draft));
      return true;
    }
    const choice = question.choices[pick.index]!;
    const next = pickOption(question, draft, choice.label);
    setDraft(next);
    if (question.multiple) return true;
    if (choice.followUp) focusFollowUp.current = choice.label;
    else send(choiceAnswer(question, next)!);
    return true;
  };

  const onKeys = (event: KeyboardEvent) => {
    const target = event.target as HTMLInputElement;
    if (byKey(event, target)) {
      event.preventDefault();
    } else if (event.key === 'Escape' && draft.otherOpen) {
      event.preventDefault();
      setDraft(closeOther(draft));
      otherButton.current?.focus();
    } else if (event.key === 'Enter' && (target.type === 'radio' || target.type === 'checkbox')) {
      // Enter on an option means "that's it": the same as Done.
      done(event);
    }
  };

  return (
    <DialogFrame {...frame} kind="choice" onKeys={onKeys}>
      <form ref={form} onSubmit={done}>
        <h2 id={frame.titleId} className="dialog-title">
          {sentence(question.prompt)}
        </h2>
        {/* One place to look at (a busy spot) is shown large, with the whole photo on request; several are a row. */}
        {question.focus?.length === 1 ? <FocusPicture focus={question.focus[0]!} size="large" /> : <FocusPictures focus={question.focus} />}
        <p className="dialog-hint">{HINT[question.multiple ? 'multiple' : 'single']}</p>
        <div role="group" aria-labelledby={frame.titleId}>
          <OptionList
            name={question.id}
            labels={question.choices.map((choice) => choice.label)}
            multiple={question.multiple}
            picked={draft.selected}
            onPick={(label) => setDraft(pickOption(question, draft, label))}
            autoFocusFirst
          />
        </div>
        {visibleFollowUps(question, draft).map(({ option, followUp }) => (
          <fieldset key={option} className="follow-up">
            <legend>{followUp.prompt}</legend>
            <OptionList
              name={`${question.id}-${option}`}
              labels={followUp.choices}
              multiple={followUp.multiple}
              picked={draft.followUps[option] ?? []}
              onPick={(label) => setDraft(pickFollowUp(draft, option, followUp, label))}
            />
          </fieldset>
        ))}
        {draft.otherOpen ? (
          <OtherField id={otherId} value={draft.other} onChange={(other) => setDraft({ ...draft, other })} />
        ) : null}
        <div className="dialog-row dialog-actions">
          {question.allowOther ? (
            <button
              ref={otherButton}
              type="button"
              className="quiet"
              aria-expanded={draft.otherOpen}
              aria-controls={draft.otherOpen ? otherId : undefined}
              aria-keyshortcuts={otherKey(question.choices.length)}
              onClick={() => setDraft(draft.otherOpen ? closeOther(draft) : openOther(question, draft))}
            >
              <kbd className="key" aria-hidden="true">
                {otherKey(question.choices.length)}
              </kbd>
              Other...
            </button>
          ) : null}
          <button type="submit" className="primary" disabled={!answer}>
            Done
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
