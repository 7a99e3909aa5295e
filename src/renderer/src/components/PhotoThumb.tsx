import type { ButtonHTMLAttributes } from 'react';
import type { Focus } from '../../../shared/detection/schema';
import type { Photo } from '../../../shared/session/schema';
import { coverRect, percentStyle } from '../photos/focus-geometry';
import { photoUrl } from '../photos/urls';

/** A thumbnail's frame in CSS pixels (.photo in styles.css): outlines are placed on it as the thumbnail crops. */
const THUMB_FRAME = { width: 120, height: 84 };

/**
 * One photo as a thumbnail button that opens its large view. What the coach is asking about in it (`focus`, this
 * photo's only) is outlined, and named in the button's label for screen readers.
 */
export function PhotoThumb(props: {
  sessionId: string;
  photo: Photo;
  /** Its place among the session's photos, the number the coach says ("photo 3"); 0 for none. */
  number: number;
  focus: readonly Focus[];
  /** The coach is talking about this photo. */
  current: boolean;
  /** Said after the photo's name where the same photo shows twice on screen ("before"). */
  note?: string | undefined;
  onOpen: () => void;
  /** What a list gives its buttons for moving focus along it. */
  button?: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'tabIndex' | 'onFocus' | 'aria-describedby'>;
}) {
  const { sessionId, photo, number, focus, note, onOpen, button } = props;
  const inFocus = props.current || focus.length > 0;
  const outlined = focus.length ? `; outlined: ${focus.map((one) => one.label).join('; ')}` : '';
  return (
    <button
      type="button"
      className={`photo${inFocus ? ' photo-focus' : ''}`}
      onClick={onOpen}
      aria-label={`View ${number ? `photo ${number}, ` : ''}${photo.fileName}${note ? `, ${note}` : ''}${inFocus && !outlined ? ' (the coach is talking about this one)' : ''}${outlined}`}
      {...(inFocus ? { 'aria-current': true } : {})}
      {...button}
    >
      <img src={photoUrl(sessionId, photo.id, 'thumb')} alt="" loading="lazy" />
      {/* Shown as "3 desk.jpg" to anyone reading the text, which the name starts the same way. */}
      {number ? (
        <>
          <span className="photo-number">{number}</span>{' '}
        </>
      ) : null}
      {focus.map((one, index) => {
        const rect = coverRect(one.box, photo, THUMB_FRAME);
        return rect ? <span key={index} className="focus-outline" style={percentStyle(rect)} aria-hidden="true" /> : null;
      })}
      <span className="photo-name">{photo.fileName}</span>
    </button>
  );
}
