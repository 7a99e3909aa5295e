import { useState } from 'react';
import type { Focus } from '../../../shared/detection/schema';
import type { Point } from '../../../shared/pointing/schema';
import type { Photo } from '../../../shared/session/schema';
import { coverRect, percentStyle } from '../photos/focus-geometry';
import { photoUrl } from '../photos/urls';
import { PhotoViewer } from './PhotoViewer';

/** A thumbnail's frame in CSS pixels (.photo in styles.css): outlines are placed on it as the thumbnail crops. */
const THUMB_FRAME = { width: 120, height: 84 };

/**
 * A session's photos as thumbnails; a click opens the large view (where, live, the person can point at something).
 * What the coach is asking about is outlined on its photo, and named in the photo's label for screen readers. Used
 * live and in a replay.
 */
export function PhotoList(props: {
  sessionId: string;
  photos: readonly Photo[];
  focusId?: string | undefined;
  focus?: readonly Focus[];
  /** Said after each photo's name where the same photo shows twice on screen ("before"). */
  note?: string;
  /**
   * The session's photos, in order: each thumbnail shows its place among them, the number the coach says ("photo 3").
   * A session of one photo has no numbers (the coach never says one).
   */
  numbered?: readonly Photo[];
  /** In a live session: the large view takes a point at something ("this one") and sends it. */
  onPoint?: ((point: Point) => Promise<unknown>) | undefined;
}) {
  const { sessionId, photos, focusId, focus = [], note, numbered = [], onPoint } = props;
  const [viewing, setViewing] = useState<Photo | undefined>();
  return (
    <>
      <ul className="photo-list">
        {photos.map((photo) => {
          const here = focus.filter((one) => one.photoId === photo.id);
          const inFocus = photo.id === focusId || here.length > 0;
          const outlined = here.length ? `; outlined: ${here.map((one) => one.label).join('; ')}` : '';
          const number = numbered.length > 1 ? numbered.findIndex((one) => one.id === photo.id) + 1 : 0;
          return (
            <li key={photo.id}>
              <button
                type="button"
                className={`photo${inFocus ? ' photo-focus' : ''}`}
                onClick={() => setViewing(photo)}
                aria-label={`View ${number ? `photo ${number}, ` : ''}${photo.fileName}${note ? `, ${note}` : ''}${inFocus && !outlined ? ' (the coach is talking about this one)' : ''}${outlined}`}
                {...(inFocus ? { 'aria-current': true } : {})}
              >
                <img src={photoUrl(sessionId, photo.id, 'thumb')} alt="" loading="lazy" />
                {/* Shown as "3 desk.jpg" to anyone reading the text, which the name starts the same way. */}
                {number ? (
                  <>
                    <span className="photo-number">{number}</span>{' '}
                  </>
                ) : null}
                {here.map((one, index) => {
                  const rect = coverRect(one.box, photo, THUMB_FRAME);
                  return rect ? <span key={index} className="focus-outline" style={percentStyle(rect)} aria-hidden="true" /> : null;
                })}
                <span className="photo-name">{photo.fileName}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {viewing ? <PhotoViewer sessionId={sessionId} photo={viewing} focus={focus} onClose={() => setViewing(undefined)} onPoint={onPoint} /> : null}
    </>
  );
}
