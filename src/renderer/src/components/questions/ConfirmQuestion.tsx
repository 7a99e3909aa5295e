import type { KeyboardEvent } from 'react';
import { DialogFrame } from './DialogFrame';
import { confirmShortcut, isShortcut } from './keys';
import type { QuestionBodyProps } from './types';
import { sentence } from '../../../../shared/text/sentence';

/** A yes/no question; Y and N answer it from anywhere in the dialog. */
export function ConfirmQuestion({ question, send, frame }: QuestionBodyProps<'confirm'>) {
  const onKeys = (event: KeyboardEvent) => {
    if (!isShortcut(event, event.target as HTMLElement)) return;
    const yes = confirmShortcut(event.key);
    if (yes === undefined) return;
    event.preventDefault();
    send({ kind: 'confirm', yes });
  };

  return (
    <DialogFrame {...frame} kind="confirm" onKeys={onKeys}>
      <h2 id={frame.titleId} className="dialog-title">
        {sentence(question.prompt)}
      </h2>
      <div className="dialog-row dialog-actions">
        <button type="button" className="primary" aria-keyshortcuts="Y" autoFocus onClick={() => send({ kind: 'confirm', yes: true })}>
          <kbd className="key" aria-hidden="true">
            Y
          </kbd>
          Yes
        </button>
        <button type="button" className="quiet" aria-keyshortcuts="N" onClick={() => send({ kind: 'confirm', yes: false })}>
          <kbd className="key" aria-hidden="true">
            N
          </kbd>
          No
        </button>
      </div>
    </DialogFrame>
  );
}
