import { useState } from 'react';
import type { Focus } from '../../../shared/detection/schema';
import type { Point } from '../../../shared/pointing/schema';
import type { Photo } from '../../../shared/session/schema';
import { aName, counted } from '../../../shared/text/names';
import { percentStyle, photoRect } from '../photos/focus-geometry';
import { photoUrl } from '../photos/urls';
import { Modal } from './Modal';
import { PointPicker } from './pointing/PointPicker';

/** "2 books, a cup": what the detector found, counted. */
function foundWords(photo: Photo): string | undefined {
  const counts = new Map<string, number>();
  for (const item of photo.detections?.items ?? []) counts.set(item.name, (counts.get(item.name) ?? 0) + 1);
  if (counts.size === 0) return undefined;
  return [...counts].map(([name, count]) => (count === 1 ? aName(name) : counted(count, name))).join(', ');
}

/**
 * The large view of one photo, with what the coach saw in it: the thing it is asking about outlined, and, on request,
 * everything the on-device detector found. In a live session the photo can be pointed at ("this one"): the point goes
 * to the coach and the view closes.
 */
export function PhotoViewer(props: { sessionId: string; photo: Photo; focus?: readonly Focus[]; onClose: () => void; onPoint?: ((point: Point) => Promise<unknown>) | undefined }) {
  const { sessionId, photo, onClose, onPoint } = props;
  const [showAll, setShowAll] = useState(false);
  const facts = photo.facts;
  const focus = (props.focus ?? []).filter((one) => one.photoId === photo.id);
  const found = foundWords(photo);
  const outlines = showAll ? (photo.detections?.items ?? []).map((item) => ({ box: item.box, label: item.name })) : focus;
  const described = [facts ? `${facts.roomType}, ${facts.chaosLevel}` : photo.fileName, ...focus.map((one) => `outlined: ${one.label}`)].join('; ');
  const outlineSpans = outlines.map((one, index) => {
    const rect = photoRect(one.box, photo);
    // A big box (furniture) names itself at its foot, so its name does not cover the names of what is on it.
    const big = rect.width * rect.height >= 2500;
    return (
      <span key={index} className={`focus-outline${showAll ? ' focus-outline-all' : ''}`} style={percentStyle(rect)}>
        {showAll ? <span className={`focus-outline-name${big ? ' focus-outline-name-foot' : ''}`}>{one.label}</span> : null}
      </span>
    );
  });
  return (
    <Modal titleId="photo-viewer-title" className="photo-viewer" onEscape={onClose}>
      <div className="photo-viewer-head">
        <h2 id="photo-viewer-title">{photo.fileName}</h2>
        <button type="button" className="quiet-button" onClick={onClose}>
          Close
        </button>
      </div>
      {onPoint ? (
        <PointPicker
          sessionId={sessionId}
          photos={[photo]}
          onPoint={(point) => onPoint(point).then(onClose)}
          maxHeightVh={64}
          description={() => described}
          overlays={() => outlineSpans}
        />
      ) : (
        <div className="photo-viewer-frame" role="img" aria-label={described} style={{ aspectRatio: `${photo.width} / ${photo.height}`, width: `min(100%, calc(72vh * ${photo.width / photo.height}))` }}>
          <img src={photoUrl(sessionId, photo.id, 'full')} alt="" />
          {outlineSpans}
        </div>
      )}
      {facts ? (
        <p className="photo-facts">
          {facts.roomType} · {facts.chaosLevel}
          {facts.firstTarget ? ` · first: ${facts.firstTarget}` : ''}
        </p>
      ) : null}
      {focus.length ? <p className="photo-facts">Outlined: {focus.map((one) => one.label).join('; ')}</p> : null}
      {found ? (
        <p className="photo-facts">
          Found on this computer: {found}.{' '}
          <button type="button" className="quiet-button" aria-pressed={showAll} onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Outline only what the coach asks about' : 'Outline everything found'}
          </button>
        </p>
      ) : null}
    </Modal>
  );
}
