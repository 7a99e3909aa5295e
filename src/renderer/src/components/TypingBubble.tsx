/**
 * The coach's reply while it is still being written: the streamed draft, or three quiet dots before the first words.
 * Screen readers hear "writing" once, not every chunk; the finished message is announced when it lands.
 */
export function TypingBubble(props: { draft: string | undefined }) {
  const { draft } = props;
  return (
    <li className="message message-coach message-draft" data-testid="coach-typing">
      <span className="message-who">Coach</span>
      <span className="visually-hidden">The coach is writing a reply.</span>
      <div aria-hidden="true">
        {draft ? <p className="message-text">{draft}</p> : null}
        <span className="typing-dots">
          <span />
          <span />
          <span />
        </span>
      </div>
    </li>
  );
}
