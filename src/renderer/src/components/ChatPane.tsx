import { useEffect, useRef } from 'react';
import type { CoachActivity } from '../../../shared/coach/activity';
import type { SessionState } from '../../../shared/session/schema';
import type { Bridge } from '../bridge';
import { visibleDraft } from '../session/activity';
import { undoable } from '../session/undo';
import { CoachActivityNotice } from './CoachActivityNotice';
import { Composer } from './Composer';
import { usePhotoPicker } from '../photos/usePhotoPicker';
import type { PhotoIntake } from '../photos/intake';
import { MessageItem } from './MessageItem';
import { SessionEndedCard } from './SessionEndedCard';
import { TypingBubble } from './TypingBubble';

export function ChatPane(props: {
  session: SessionState | undefined;
  activity: CoachActivity;
  bridge: Bridge;
  disabled: boolean;
  intake: PhotoIntake;
}) {
  const { session, activity, bridge, disabled, intake } = props;
  const attach = usePhotoPicker(intake, 'images');
  const messages = session?.messages ?? [];
  // Sent while the coach was still answering: shown at once, answered in the coach's next turn.
  const queued = session?.queued ?? [];
  // While a question waits for the person, the coach is not thinking: no typing dots behind the dialog.
  const thinking = activity.status === 'thinking' && !session?.pendingQuestion;
  // A retry is still the coach at work: Stop stays available through it.
  const working = thinking || activity.status === 'retrying';
  const draft = visibleDraft(activity, messages);
  const listEnd = useRef<HTMLLIElement>(null);
  // The echo of the last answer offers to take it back (a card on screen offers the same).
  const undo = undoable(session);

  useEffect(() => {
    listEnd.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, queued.length, thinking, draft]);

  return (
    <section className="chat" aria-label="Conversation">
      {/* Focusable, so the conversation scrolls from the keyboard too. */}
      <ol className="messages" aria-live="polite" data-testid="messages" tabIndex={0}>
        {messages.length === 0 && queued.length === 0 && !thinking ? (
          <li className="messages-empty">
            This is where you and your coach talk. Everything said here is kept with this session.
          </li>
        ) : (
          messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              sessionId={session?.id}
              photos={session?.photos}
              {...(undo?.message === message.id ? { onUndo: () => void bridge.invoke('session:undo', { answer: undo.id }).catch(() => undefined) } : {})}
            />
          ))
        )}
        {thinking ? <TypingBubble draft={draft} /> : null}
        {queued.map((message) => (
          <MessageItem key={message.id} message={message} sessionId={session?.id} photos={session?.photos} variant="queued" />
        ))}
        <li ref={listEnd} aria-hidden="true" className="messages-end" />
      </ol>
      <CoachActivityNotice activity={activity} />
      {session?.status === 'ended' ? (
        <SessionEndedCard session={session} bridge={bridge} intake={intake} />
      ) : (
        <>
          <Composer bridge={bridge} disabled={disabled} working={working} onAttach={attach.open} />
          {attach.input}
        </>
      )}
    </section>
  );
}
