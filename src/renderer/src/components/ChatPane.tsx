import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../../shared/session/schema';
import type { Bridge } from '../bridge';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function ChatPane(props: { messages: readonly ChatMessage[]; bridge: Bridge; disabled: boolean }) {
  const { messages, bridge, disabled } = props;
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const listEnd = useRef<HTMLLIElement>(null);

  useEffect(() => {
    listEnd.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    setProblem(undefined);
    try {
      await bridge.invoke('chat:send', { text });
      setDraft('');
    } catch (error) {
      setProblem(`Your message was not sent: ${(error as Error).message} It is still in the box below.`);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  return (
    <section className="chat" aria-label="Conversation">
      <ol className="messages" aria-live="polite" data-testid="messages">
        {messages.length === 0 ? (
          <li className="messages-empty">
            This is where you and your coach talk. Everything said here is kept with this session.
          </li>
        ) : (
          messages.map((message) => (
            <li key={message.id} className={`message message-${message.role}`}>
              <span className="message-who">{message.role === 'person' ? 'You' : 'Coach'}</span>
              <p className="message-text">{message.text}</p>
              <time className="message-time" dateTime={new Date(message.at).toISOString()}>
                {timeFormat.format(message.at)}
              </time>
            </li>
          ))
        )}
        <li ref={listEnd} aria-hidden="true" className="messages-end" />
      </ol>
      {problem ? (
        <p className="chat-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <form className="composer" onSubmit={(event) => void send(event)}>
        <label htmlFor="composer-input" className="visually-hidden">
          Message
        </label>
        <textarea
          id="composer-input"
          rows={2}
          value={draft}
          placeholder="Type a message. Enter sends, Shift+Enter adds a line."
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          maxLength={4000}
        />
        <button type="submit" disabled={disabled || sending || draft.trim() === ''}>
          Send
        </button>
      </form>
    </section>
  );
}
