import type { Photo } from '../../../shared/session/schema';
import { photoUrl } from '../photos/urls';
import { Modal } from './Modal';

/** The large view of one photo, with what the coach saw in it. */
export function PhotoViewer(props: { sessionId: string; photo: Photo; onClose: () => void }) {
  const { sessionId, photo, onClose } = props;
  const facts = photo.facts;
  return (
    <Modal titleId="photo-viewer-title" className="photo-viewer" onEscape={onClose}>
      <div className="photo-viewer-head">
        <h2 id="photo-viewer-title">{photo.fileName}</h2>
        <button type="button" className="quiet-button" onClick={onClose}>
          Close
        </button>
      </div>
      <img src={photoUrl(sessionId, photo.id, 'full')} alt={facts ? `${facts.roomType}, ${facts.chaosLevel}` : photo.fileName} />
      {facts ? (
        <p className="photo-facts">
          {facts.roomType} · {facts.chaosLevel}
          {facts.firstTarget ? ` · first: ${facts.firstTarget}` : ''}
        </p>
      ) : null}
    </Modal>
  );
}
