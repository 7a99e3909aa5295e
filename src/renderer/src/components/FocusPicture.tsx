import { useState } from 'react';
import type { Focus } from '../../../shared/detection/schema';
import type { Photo } from '../../../shared/session/schema';
import { closeUp, percentStyle, photoRect } from '../photos/focus-geometry';
import { useSessionPhotos } from '../photos/session-photos';
import { photoUrl } from '../photos/urls';

/**
 * What a question is about, shown: a close-up of the photo with the thing outlined (or the whole photo, on request),
 * and the same in words for anyone who cannot see it.
 */
export function FocusPicture(props: { focus: Focus; size: 'large' | 'small' }) {
  const { focus, size } = props;
  const photos = useSessionPhotos();
  const [whole, setWhole] = useState(false);
  const photo = photos?.photos.find((candidate) => candidate.id === focus.photoId);
  if (!photos || !photo) return null;
  const words = `Outlined in ${photo.fileName}: ${focus.label}`;
  return (
    <figure className={`focus-picture focus-${size}`}>
      {whole ? <WholePhoto sessionId={photos.sessionId} photo={photo} focus={focus} words={words} /> : <CloseUp sessionId={photos.sessionId} photo={photo} focus={focus} words={words} />}
      <figcaption>
        <span className="focus-words">{size === 'large' ? words : focus.label}</span>
        {size === 'large' ? (
          <button type="button" className="quiet-button focus-toggle" aria-pressed={whole} onClick={() => setWhole(!whole)}>
            {whole ? 'Close-up' : 'Whole photo'}
          </button>
        ) : null}
      </figcaption>
    </figure>
  );
}

function CloseUp(props: { sessionId: string; photo: Photo; focus: Focus; words: string }) {
  const { image, outline } = closeUp(props.focus.box, props.photo);
  return (
    <div className="focus-frame focus-closeup" role="img" aria-label={props.words}>
      <img src={photoUrl(props.sessionId, props.photo.id, 'full')} alt="" style={percentStyle(image)} />
      <span className="focus-outline" style={percentStyle(outline)} />
    </div>
  );
}

function WholePhoto(props: { sessionId: string; photo: Photo; focus: Focus; words: string }) {
  const { photo } = props;
  return (
    <div className="focus-frame focus-whole" role="img" aria-label={props.words} style={{ aspectRatio: `${photo.width} / ${photo.height}` }}>
      <img src={photoUrl(props.sessionId, photo.id, 'full')} alt="" />
      <span className="focus-outline" style={percentStyle(photoRect(props.focus.box, photo))} />
    </div>
  );
}

/** Several things a question offers (what may have to stay), each in a small close-up with its words. */
export function FocusPictures(props: { focus: readonly Focus[] | undefined }) {
  const focus = props.focus ?? [];
  if (focus.length === 0) return null;
  return (
    <div className="focus-row" role="group" aria-label="What the coach means, in your photos">
      {focus.map((one) => (
        <FocusPicture key={`${one.photoId}:${one.box.x},${one.box.y},${one.box.width},${one.box.height}`} focus={one} size="small" />
      ))}
    </div>
  );
}
