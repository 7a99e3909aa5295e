import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FocusPicture } from '../FocusPicture';
import { DialogFrame } from './DialogFrame';
import { OtherField } from './OtherField';
import { dispositionShortcut, isShortcut, otherKey } from './keys';
import type { QuestionBodyProps } from './types';
import { sentence } from '../../../../shared/text/sentence';

/** One item, where it goes: the coach's choices (recommended first), "Not sure yet", or the person's own words. */
export function DispositionCard({ question, send, frame }: QuestionBodyProps<'disposition'>) {
  const [otherOpen, setOtherOpen] = useState(false);
  const [other, setOther] = useState('');
  const otherButton = useRef<HTMLButtonElement>(null);
  const otherId = useId();
  const unsureKey = question.choices.length + 1;
  const eachKey = question.each ? unsureKey + 1 : undefined;
  const otherShortcut = otherKey(eachKey ?? unsureKey);

  const closeOther = () => {
    setOtherOpen(false);
    setOther('');
    otherButton.current?.focus();
  };

  const onKeys = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && otherOpen) {
      event.preventDefault();
      closeOther();
      return;
    }
    if (!isShortcut(event, event.target as HTMLElement)) return;
    if (event.key === otherShortcut && !otherOpen) {
      event.preventDefault();
      setOtherOpen(true);
      return;
    }
    const pick = dispositionShortcut(event.key, question.choices.length, question.each === true);
    if (!pick) return;
    event.preventDefault();
    send({ kind: 'disposition', pick });
  };

  const sendOther = (event: FormEvent) => {
    event.preventDefault();
    const text = other.trim();
    if (text) send({ kind: 'disposition', pick: { type: 'other', text } });
  };

  return (
    <DialogFrame {...frame} kind="disposition" onKeys={onKeys}>
      <p className="dialog-eyebrow">{question.inPlace ? 'Already in place?' : question.count ? 'Where do these go?' : 'Where does this go?'}</p>
      <h2 id={frame.titleId} className="dialog-title">
        {sentence(question.item)}
      </h2>
      {question.where ? <p className="dialog-where">{sentence(question.where)}</p> : null}
      {question.focus?.[0] ? <FocusPicture focus={question.focus[0]} size="large" /> : null}
      <div className="choices" role="group" aria-label="Choices">
        {question.choices.map((choice, index) => (
          <button
            key={index}
            type="button"
            className={index === 0 ? 'choice choice-recommended' : 'choice'}
            aria-keyshortcuts={String(index + 1)}
            autoFocus={index === 0}
            onClick={() => send({ kind: 'disposition', pick: { type: 'choice', index } })}
          >
            <kbd className="key" aria-hidden="true">
              {index + 1}
            </kbd>
            <span className="choice-text">
              <span className="choice-label">{choice.label}</span>
              {choice.location && (choice.disposition === 'place' || !choice.label.toLowerCase().includes(choice.location.toLowerCase())) ? (
                <span className="choice-detail">→ {choice.location}</span>
              ) : null}
            </span>
            {index === 0 ? <span className="choice-tag">Recommended</span> : null}
          </button>
        ))}
      </div>
      <div className="dialog-row">
        <button
          type="button"
          className="quiet"
          aria-keyshortcuts={String(unsureKey)}
          onClick={() => send({ kind: 'disposition', pick: { type: 'unsure' } })}
        >
          <kbd className="key" aria-hidden="true">
            {unsureKey}
          </kbd>
          Not sure yet
        </button>
        {eachKey ? (
          <button type="button" className="quiet" aria-keyshortcuts={String(eachKey)} onClick={() => send({ kind: 'disposition', pick: { type: 'each' } })}>
            <kbd className="key" aria-hidden="true">
              {eachKey}
            </kbd>
            One at a time
          </button>
        ) : null}
        <button
          ref={otherButton}
          type="button"
          className="quiet"
          aria-expanded={otherOpen}
          aria-controls={otherOpen ? otherId : undefined}
          aria-keyshortcuts={otherShortcut}
          onClick={() => (otherOpen ? closeOther() : setOtherOpen(true))}
        >
          <kbd className="key" aria-hidden="true">
            {otherShortcut}
          </kbd>
          Other...
        </button>
      </div>
      {otherOpen ? (
        <form className="other-form" onSubmit={sendOther}>
          <OtherField id={otherId} value={other} onChange={setOther} />
          <button type="submit" className="primary" disabled={other.trim() === ''}>
            Send
          </button>
        </form>
      ) : null}
    </DialogFrame>
  );
}
