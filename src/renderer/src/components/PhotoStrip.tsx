import { useSyncExternalStore } from 'react';
import type { Focus } from '../../../shared/detection/schema';
import type { Point } from '../../../shared/pointing/schema';
import type { Photo } from '../../../shared/session/schema';
import type { Bridge } from '../bridge';
import { unreadLine, useDetectionProgress } from '../photos/useDetectionProgress';
import { usePhotoPicker } from '../photos/usePhotoPicker';
import type { PhotoIntake } from '../photos/intake';
import { WindowedPhotoList } from './WindowedPhotoList';

export function PhotoStrip(props: {
  sessionId: string | undefined;
  photos: readonly Photo[];
  /** The photo the coach is talking about, highlighted. */
  focusId?: string | undefined;
  /** What in the photos the coach is asking about, outlined. */
  focus?: readonly Focus[];
  intake: PhotoIntake;
  bridge: Bridge;
  disabled: boolean;
  /** Opens Add from phone (App.tsx shows its panel, which sets an open card aside). */
  onAddFromPhone: () => void;
}) {
  const { sessionId, photos, focusId, focus, intake, bridge, disabled, onAddFromPhone } = props;
  // "This one": a point at something in a photo goes to the coach like a message.
  const onPoint = disabled ? undefined : (point: Point) => bridge.invoke('point:send', { point });
  const progress = useDetectionProgress(bridge);
  const detecting = progress && progress.done < progress.total ? progress : undefined;
  const unread = unreadLine(progress);
  const addPhotos = usePhotoPicker(intake, 'folder');
  const busy = useSyncExternalStore(intake.subscribe, () => intake.busy);

  return (
    <section className="photos" aria-label="Photos of the room">
      <div className="photos-head">
        <h2 className="panel-title">
          Photos <span className="count">{photos.length}</span>
        </h2>
        {detecting ? (
          <p className="detecting" role="status">
            Finding things in your photos… {detecting.done} of {detecting.total}{' '}
            <button type="button" className="quiet-button" onClick={() => void bridge.invoke('detection:cancel').catch(() => {})}>
              Stop
            </button>
          </p>
        ) : unread ? (
          <p className="detecting" role="status">
            {unread}
          </p>
        ) : null}
        <span className="photos-add">
          <button type="button" className="quiet-button" onClick={addPhotos.open} disabled={disabled || busy}>
            Add photos
          </button>
          {addPhotos.input}
          <button type="button" className="quiet-button" aria-haspopup="dialog" onClick={onAddFromPhone} disabled={disabled}>
            Add from phone
          </button>
        </span>
      </div>
      {photos.length === 0 || !sessionId ? (
        <p className="empty">Drop a folder of photos of the room anywhere on this window, or use Add photos.</p>
      ) : (
        <WindowedPhotoList sessionId={sessionId} photos={photos} focusId={focusId} focus={focus ?? []} onPoint={onPoint} />
      )}
    </section>
  );
}
