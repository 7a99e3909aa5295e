import { beforeAfterOf, whatMovedText } from '../../../shared/before-after/before-after';
import type { SessionState } from '../../../shared/session/schema';
import type { PhotoIntake } from '../photos/intake';
import { usePhotoPicker } from '../photos/usePhotoPicker';
import { PhotoList } from './PhotoList';
import { ViewChanges } from './ViewChanges';

/**
 * The ended session's before and after, side by side, with what moved and, for an after photo of the same view as a
 * before one, what the detector counted in each. Until there are "after" photos it invites a few, quietly: adding
 * them is optional and nothing asks twice. Sessions with no photos of the room show nothing.
 */
export function BeforeAfter(props: { session: SessionState; intake: PhotoIntake }) {
  const { session, intake } = props;
  const pick = usePhotoPicker(intake, 'images');
  const { before, after, moved } = beforeAfterOf(session);
  // A session that never had photos of the room has nothing to compare.
  if (before.length === 0 && after.length === 0) return null;
  return (
    <section className="before-after" aria-labelledby="before-after-title" data-testid="before-after">
      <h3 id="before-after-title" className="ended-next-title">
        Before and after
      </h3>
      <p className="before-after-moved" data-testid="what-moved">
        {whatMovedText(moved)}
      </p>
      <div className="before-after-columns">
        <div className="before-after-column" data-testid="before-photos">
          <h4 className="before-after-label">Before</h4>
          {before.length ? <PhotoList sessionId={session.id} photos={before} note="before" numbered={session.photos} /> : <p className="empty">No photos from the start.</p>}
        </div>
        <div className="before-after-column" data-testid="after-photos">
          <h4 className="before-after-label">After</h4>
          {after.length ? <PhotoList sessionId={session.id} photos={after} note="after" numbered={session.photos} /> : <p className="empty">A photo or two of the space now, if you like.</p>}
          <button type="button" className="quiet-button" onClick={pick.open}>
            {after.length ? 'Add more after photos' : 'Add after photos'}
          </button>
          {pick.input}
        </div>
      </div>
      <ViewChanges sessionId={session.id} photos={session.photos} />
    </section>
  );
}
