import type { ChatMessage } from '../../../shared/session/schema';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** One chat bubble, the same in the live chat and in a replay (where `new` marks what this step added). */
export function MessageItem(props: { message: ChatMessage; variant?: 'queued' | 'new' }) {
  const { message, variant } = props;
  return (
    <li className={`message message-${message.role}${variant ? ` message-${variant}` : ''}`}>
      <span className="message-who">
        {message.role === 'person' ? 'You' : 'Coach'}
        {variant === 'new' ? <span className="visually-hidden"> (new in this step)</span> : null}
      </span>
      <p className="message-text">{message.text}</p>
      <time className="message-time" dateTime={new Date(message.at).toISOString()}>
        {timeFormat.format(message.at)}
      </time>
    </li>
  );
}
