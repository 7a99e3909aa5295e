import { useId, useState, type ReactNode } from 'react';
import type { Point, RelativeBox } from '../../../../shared/pointing/schema';
import type { Photo } from '../../../../shared/session/schema';
import { PointingSurface } from './PointingSurface';

/**
 * Saying "this one" on a photo: which photo (when there are several), the photo to point at, and "This one" to send
 * the box (Enter on the photo does the same). Used by the large view and by the cards that take a point.
 */
export function PointPicker(props: {
  sessionId: string;
  photos: readonly Photo[];
  /** The photo to start on (what the card is about, or the photo opened). */
  initialPhotoId?: string | undefined;
  /** Sends the point; a rejection's message is shown and the box stays for another try. */
  onPoint: (point: Point) => Promise<unknown> | void;
  /** Shows "Cancel", which puts the picker away. */
  onCancel?: () => void;
  maxHeightVh: number;
  /** Drawn on the photo beside the box. */
  overlays?: (photo: Photo) => ReactNode;
  description?: (photo: Photo) => string;
}) {
  const { sessionId, photos, onPoint, onCancel, maxHeightVh, overlays, description } = props;
  const [photoId, setPhotoId] = useState(() => (photos.some((photo) => photo.id === props.initialPhotoId) ? props.initialPhotoId! : photos[0]?.id));
  const [box, setBox] = useState<RelativeBox | undefined>();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const selectId = useId();
  const photo = photos.find((candidate) => candidate.id === photoId);
  if (!photo) return null;

  const send = (chosen: RelativeBox) => {
    if (sending) return;
    setProblem(undefined);
    const sent = onPoint({ photoId: photo.id, box: chosen });
    if (!sent) return;
    setSending(true);
    sent.then(
      () => setSending(false),
      (error: unknown) => {
        setSending(false);
        setProblem((error as Error).message || 'That did not go through. Try again.');
      },
    );
  };

  return (
    <div className="point-picker" aria-busy={sending}>
      {photos.length > 1 ? (
        <div className="point-photo">
          <label htmlFor={selectId}>Photo</label>
          <select
            id={selectId}
            value={photo.id}
            onChange={(event) => {
              setPhotoId(event.target.value);
              setBox(undefined);
            }}
          >
            {photos.map((candidate, index) => (
              <option key={candidate.id} value={candidate.id}>
                {index + 1}. {candidate.fileName}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <PointingSurface
        key={photo.id}
        sessionId={sessionId}
        photo={photo}
        box={box}
        onBox={setBox}
        onConfirm={send}
        maxHeightVh={maxHeightVh}
        onCancel={onCancel}
        {...(description ? { description: description(photo) } : {})}
      >
        {overlays?.(photo)}
      </PointingSurface>
      {problem ? (
        <p className="dialog-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="dialog-row point-actions">
        <button type="button" className="primary" disabled={!box} onClick={() => box && send(box)}>
          This one
        </button>
        {onCancel ? (
          <button type="button" className="quiet" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </div>
  );
}
