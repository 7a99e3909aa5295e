import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { DialogFrame } from './DialogFrame';
import type { QuestionBodyProps } from './types';
import { sentence } from '../../../../shared/text/sentence';

/** A question answered in the person's own words. Enter sends, Shift+Enter adds a line, as in the chat. */
export function TextQuestion({ question, send, frame }: QuestionBodyProps<'text'>) {
  const [text, setText] = useState(question.initial ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send({ kind: 'text', text: text.trim() });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <DialogFrame {...frame} kind="text">
      <form onSubmit={submit}>
        <h2 id={frame.titleId} className="dialog-title">
          {sentence(question.prompt)}
        </h2>
        <textarea
          className="dialog-text"
          aria-labelledby={frame.titleId}
          rows={3}
          maxLength={2000}
          value={text}
          placeholder={question.placeholder}
          autoFocus
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="dialog-row dialog-actions">
          <button type="submit" className="primary" disabled={text.trim() === ''}>
            Send
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
