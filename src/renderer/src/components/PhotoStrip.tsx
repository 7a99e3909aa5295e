import type { Photo } from '../../../shared/session/schema';

export function PhotoStrip(props: { photos: readonly Photo[] }) {
  const { photos } = props;
  return (
    <section className="photos" aria-label="Photos of the room">
      <h2 className="panel-title">
        Photos <span className="count">{photos.length}</span>
      </h2>
      {photos.length === 0 ? (
        <p className="empty">No photos in this session yet.</p>
      ) : (
        <ul className="photo-list">
          {photos.map((photo) => (
            <li key={photo.id} className="photo" title={photo.fileName}>
              <span className="photo-name">{photo.fileName}</span>
              <span className="photo-size">
                {photo.width}×{photo.height}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
