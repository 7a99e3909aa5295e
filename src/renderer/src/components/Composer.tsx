import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Bridge } from '../bridge';

/** Where the person writes. While the coach is working, Stop ends its reply; messages can still be sent (they wait their turn). */
export function Composer(props: { bridge: Bridge; disabled: boolean; working: boolean; onAttach?: () => void }) {
  const { bridge, disabled, working, onAttach } = props;
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

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

  const stop = async () => {
    if (stopping) return;
    setStopping(true);
    setProblem(undefined);
    try {
      await bridge.invoke('coach:stop');
    } catch (error) {
      setProblem(`The coach could not be stopped just now (${(error as Error).message}).`);
    } finally {
      setStopping(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  return (
    <>
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
        {onAttach ? (
          <button type="button" className="quiet" onClick={onAttach} disabled={disabled} aria-label="Attach photos">
            Photos…
          </button>
        ) : null}
        {working ? (
          <button type="button" className="quiet" onClick={() => void stop()} aria-disabled={stopping}>
            Stop
          </button>
        ) : null}
        <button type="submit" className="primary" disabled={disabled || sending || draft.trim() === ''}>
          Send
        </button>
      </form>
    </>
  );
}
