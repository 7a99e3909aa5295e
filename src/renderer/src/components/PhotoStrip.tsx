import { useRef, useState } from 'react';
import type { Photo } from '../../../shared/session/schema';
import { filesFromInput } from '../photos/collect';
import type { PhotoIntake } from '../photos/intake';
import { photoUrl } from '../photos/urls';
import { PhotoViewer } from './PhotoViewer';

export function PhotoStrip(props: { sessionId: string | undefined; photos: readonly Photo[]; intake: PhotoIntake; disabled: boolean }) {
  const { sessionId, photos, intake, disabled } = props;
  const folderInput = useRef<HTMLInputElement>(null);
  const [viewing, setViewing] = useState<Photo | undefined>();

  const addPhotos = () => {
    if (intake.canPick) void intake.pick();
    else folderInput.current?.click();
  };

  return (
    <section className="photos" aria-label="Photos of the room">
      <div className="photos-head">
        <h2 className="panel-title">
          Photos <span className="count">{photos.length}</span>
        </h2>
        <button type="button" className="quiet-button" onClick={addPhotos} disabled={disabled || intake.busy}>
          Add photos
        </button>
        <input
          ref={folderInput}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          multiple
          {...{ webkitdirectory: '' }}
          onChange={(event) => {
            const files = event.currentTarget.files;
            if (files) void intake.add(filesFromInput(files));
            event.currentTarget.value = '';
          }}
        />
      </div>
      {photos.length === 0 || !sessionId ? (
        <p className="empty">Drop a folder of photos of the room anywhere on this window, or use Add photos.</p>
      ) : (
        <ul className="photo-list">
          {photos.map((photo) => (
            <li key={photo.id}>
              <button type="button" className="photo" onClick={() => setViewing(photo)} aria-label={`View ${photo.fileName}`}>
                <img src={photoUrl(sessionId, photo.id, 'thumb')} alt="" loading="lazy" />
                <span className="photo-name">{photo.fileName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing && sessionId ? <PhotoViewer sessionId={sessionId} photo={viewing} onClose={() => setViewing(undefined)} /> : null}
    </section>
  );
}
