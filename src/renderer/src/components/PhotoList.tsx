import { useState } from 'react';
import type { Photo } from '../../../shared/session/schema';
import { photoUrl } from '../photos/urls';
import { PhotoViewer } from './PhotoViewer';

/** A session's photos as thumbnails; a click opens the large view. Used live and in a replay. */
export function PhotoList(props: { sessionId: string; photos: readonly Photo[]; focusId?: string | undefined }) {
  const { sessionId, photos, focusId } = props;
  const [viewing, setViewing] = useState<Photo | undefined>();
  return (
    <>
      <ul className="photo-list">
        {photos.map((photo) => (
          <li key={photo.id}>
            <button
              type="button"
              className={`photo${photo.id === focusId ? ' photo-focus' : ''}`}
              onClick={() => setViewing(photo)}
              aria-label={`View ${photo.fileName}${photo.id === focusId ? ' (the coach is talking about this one)' : ''}`}
              {...(photo.id === focusId ? { 'aria-current': true } : {})}
            >
              <img src={photoUrl(sessionId, photo.id, 'thumb')} alt="" loading="lazy" />
              <span className="photo-name">{photo.fileName}</span>
            </button>
          </li>
        ))}
      </ul>
      {viewing ? <PhotoViewer sessionId={sessionId} photo={viewing} onClose={() => setViewing(undefined)} /> : null}
    </>
  );
}
