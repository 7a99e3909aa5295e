import { toPixels } from '../../../../shared/pointing/geometry';
import type { Point } from '../../../../shared/pointing/schema';
import type { Photo } from '../../../../shared/session/schema';
import { boxWords } from '../../photos/box-words';
import { closeUp, percentStyle } from '../../photos/focus-geometry';
import { photoUrl } from '../../photos/urls';

/** What the person pointed at, as the chat shows it: a close-up with the box outlined, and the same in words. */
export function PointedPicture(props: { sessionId: string; photo: Photo; point: Point }) {
  const { sessionId, photo, point } = props;
  const { image, outline } = closeUp(toPixels(point.box, photo), photo);
  return (
    <div className="focus-frame focus-closeup point-closeup" role="img" aria-label={`Pointed at in ${photo.fileName}: ${boxWords(point.box)}`}>
      <img src={photoUrl(sessionId, photo.id, 'full')} alt="" style={percentStyle(image)} />
      <span className="focus-outline" style={percentStyle(outline)} />
    </div>
  );
}
