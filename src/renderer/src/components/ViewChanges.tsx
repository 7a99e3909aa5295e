import { useMemo } from 'react';
import { VIEW_CHANGE_NOTE, viewChanges, viewChangeText, type ThingsSeen } from '../../../shared/before-after/change';
import type { Photo } from '../../../shared/session/schema';
import { percentStyle, photoRect } from '../photos/focus-geometry';
import { photoUrl } from '../photos/urls';

/**
 * Change you can see: each after photo beside the before photo of the same view, the things the detector counted
 * outlined on both, and the counts in words with what they measure. Photos that cannot be compared say why.
 */
export function ViewChanges(props: { sessionId: string; photos: readonly Photo[] }) {
  const { sessionId, photos } = props;
  const changes = useMemo(() => viewChanges(photos), [photos]);
  if (changes.length === 0) return null;
  return (
    <section className="view-changes" aria-labelledby="view-changes-title" data-testid="view-changes">
      <h4 id="view-changes-title" className="before-after-label">
        The same view, before and after
      </h4>
      <ul className="view-change-list">
        {changes.map((change) => (
          <li key={change.after.id} className="view-change">
            {change.kind === 'measured' ? (
              <div className="view-pair">
                <ThingsOutlined sessionId={sessionId} photo={change.before} seen={change.was} when="before" />
                <ThingsOutlined sessionId={sessionId} photo={change.after} seen={change.now} when="after" />
              </div>
            ) : null}
            <p className="view-change-words">{viewChangeText(change)}</p>
          </li>
        ))}
      </ul>
      {changes.some((change) => change.kind === 'measured') ? <p className="view-change-note">{VIEW_CHANGE_NOTE}</p> : null}
    </section>
  );
}

function ThingsOutlined(props: { sessionId: string; photo: Photo; seen: ThingsSeen; when: 'before' | 'after' }) {
  const { sessionId, photo, seen, when } = props;
  const words = `${photo.fileName}, ${when}: ${seen.count === 1 ? '1 thing' : `${seen.count} things`} the detector could see, outlined`;
  return (
    <figure className="view-photo">
      <div className="view-photo-frame" role="img" aria-label={words} style={{ aspectRatio: `${photo.width} / ${photo.height}` }}>
        <img src={photoUrl(sessionId, photo.id, 'thumb')} alt="" />
        {seen.boxes.map((box, index) => (
          <span key={index} className="focus-outline" style={percentStyle(photoRect(box, photo))} />
        ))}
      </div>
      <figcaption>{when === 'before' ? 'Before' : 'After'}</figcaption>
    </figure>
  );
}
