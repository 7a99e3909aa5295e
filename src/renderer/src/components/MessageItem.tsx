import type { ChatMessage, Photo } from '../../../shared/session/schema';
import { photoUrl } from '../photos/urls';
import { PointedPicture } from './pointing/PointedPicture';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * One chat bubble, the same in the live chat and in a replay (where `new` marks what this step added). The echo of
 * the last answer has its Undo (`onUndo`); one taken back says so.
 */
export function MessageItem(props: {
  message: ChatMessage;
  sessionId?: string | undefined;
  photos?: readonly Photo[];
  variant?: 'queued' | 'new';
  onUndo?: () => void;
}) {
  const { message, sessionId, variant, onUndo } = props;
  const photoIds = message.photoIds ?? [];
  const point = message.point;
  const pointedPhoto = point && props.photos?.find((photo) => photo.id === point.photoId);
  return (
    <li className={`message message-${message.role}${variant ? ` message-${variant}` : ''}${message.undone ? ' message-undone' : ''}`}>
      <span className="message-who">
        {message.role === 'person' ? 'You' : 'Coach'}
        {variant === 'new' ? <span className="visually-hidden"> (new in this step)</span> : null}
      </span>
      {message.text ? <p className="message-text">{message.text}</p> : null}
      {point ? (
        <div className="message-point">
          <p className="message-text">Pointed at this</p>
          {pointedPhoto && sessionId ? <PointedPicture sessionId={sessionId} photo={pointedPhoto} point={point} /> : null}
        </div>
      ) : null}
      {photoIds.length && sessionId ? (
        <div className="message-photos" aria-label={`${photoIds.length} photo${photoIds.length === 1 ? '' : 's'} shared`}>
          {!message.text ? <p className="message-text">Shared {photoIds.length} photo{photoIds.length === 1 ? '' : 's'}</p> : null}
          <ul>
            {photoIds.map((id) => (
              <li key={id}>
                <img src={photoUrl(sessionId, id, 'thumb')} alt="" loading="lazy" />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {message.undone ? <p className="message-undone-note">Taken back</p> : null}
      <time className="message-time" dateTime={new Date(message.at).toISOString()}>
        {timeFormat.format(message.at)}
      </time>
      {onUndo ? (
        <button type="button" className="quiet-button message-undo" onClick={onUndo}>
          Undo
        </button>
      ) : null}
    </li>
  );
}
