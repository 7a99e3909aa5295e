import { useState } from 'react';
import type { Photo } from '../../../shared/session/schema';
import { PhotoThumb } from './PhotoThumb';
import { PhotoViewer } from './PhotoViewer';

/**
 * Some of a session's photos, every one a thumbnail in the page, laid out as the list's container says (the summary's
 * before and after wrap them); a click opens the large view. The session's long strip is WindowedPhotoList.
 */
export function PhotoList(props: {
  sessionId: string;
  photos: readonly Photo[];
  /** Said after each photo's name where the same photo shows twice on screen ("before"). */
  note?: string;
  /**
   * The session's photos, in order: each thumbnail shows its place among them, the number the coach says ("photo 3").
   * A session of one photo has no numbers (the coach never says one).
   */
  numbered: readonly Photo[];
}) {
  const { sessionId, photos, note, numbered } = props;
  const [viewing, setViewing] = useState<Photo | undefined>();
  return (
    <>
      <ul className="photo-list">
        {photos.map((photo) => (
          <li key={photo.id}>
            <PhotoThumb
              sessionId={sessionId}
              photo={photo}
              number={numbered.length > 1 ? numbered.findIndex((one) => one.id === photo.id) + 1 : 0}
              focus={[]}
              current={false}
              note={note}
              onOpen={() => setViewing(photo)}
            />
          </li>
        ))}
      </ul>
      {viewing ? <PhotoViewer sessionId={sessionId} photo={viewing} onClose={() => setViewing(undefined)} /> : null}
    </>
  );
}
