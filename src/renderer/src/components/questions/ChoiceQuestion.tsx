import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { DialogFrame } from './DialogFrame';
import { OtherField } from './OtherField';
import {
  choiceAnswer,
  closeOther,
  emptyChoiceDraft,
  openOther,
  pickFollowUp,
  pickOption,
  visibleFollowUps,
  type ChoiceDraft,
} from './choice-draft';
import { FocusPictures } from '../FocusPicture';
import type { QuestionBodyProps } from './types';

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
    <div className="options">
      {labels.map((label, index) => (
        <label key={label} className="option">
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            checked={picked.includes(label)}
            autoFocus={autoFocusFirst && index === 0}
            onChange={() => onPick(label)}
          />
          <span>{label}</span>
        </label>
      ))}
    </div>
  );
}

const HINT = { single: 'Pick one.', multiple: 'Pick any that fit.' };

/** What the space is for, what must stay, or any multiple choice; a pick can reveal a follow-up question. */
export function ChoiceQuestion({ question, send, frame }: QuestionBodyProps<'choice'>) {
  const [draft, setDraft] = useState<ChoiceDraft>(emptyChoiceDraft);
  const otherButton = useRef<HTMLButtonElement>(null);
  const otherId = useId();
  const answer = choiceAnswer(question, draft);

  const done = (event?: FormEvent) => {
    event?.preventDefault();
    if (answer) send(answer);
  };

  const onKeys = (event: KeyboardEvent) => {
    const target = event.target as HTMLInputElement;
    if (event.key === 'Escape' && draft.otherOpen) {
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
      <form onSubmit={done}>
        <h2 id={frame.titleId} className="dialog-title">
          {question.prompt}
        </h2>
        <FocusPictures focus={question.focus} />
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
              onClick={() => setDraft(draft.otherOpen ? closeOther(draft) : openOther(question, draft))}
            >
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
