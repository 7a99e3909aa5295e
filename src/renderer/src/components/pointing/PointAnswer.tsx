import { useEffect, useRef, useState } from 'react';
import type { Answer, Question } from '../../../../shared/questions/schema';
import type { Photo } from '../../../../shared/session/schema';
import { percentStyle, photoRect } from '../../photos/focus-geometry';
import { PointPicker } from './PointPicker';

/**
 * A card's way to answer by pointing at a photo. A "which one?" card (`ask`) shows the photo at once; a card about a
 * thing (`offer`) has "Point at something else", which shows it; what the card is about is outlined on it.
 */
export function PointAnswer(props: { question: Question; sessionId: string; photos: readonly Photo[]; send: (answer: Answer) => void }) {
  const { question, sessionId, photos, send } = props;
  const asking = question.pointing === 'ask';
  const [open, setOpen] = useState(asking);
  const opener = useRef<HTMLButtonElement>(null);
  const place = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef(false);
  // Opened from its button, the photo takes focus (from the keyboard, its box shows at once) and comes into view.
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    place.current?.querySelector<HTMLElement>('[role="application"]')?.focus({ preventScroll: true });
    place.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);
  const focus = question.focus ?? [];
  if (!open) {
    return (
      <div className="dialog-row point-offer">
        <button
          ref={opener}
          type="button"
          className="quiet"
          aria-expanded={false}
          onClick={() => {
            focusOnOpen.current = true;
            setOpen(true);
          }}
        >
          {question.kind === 'disposition' ? 'Point at something else' : 'Point at it in a photo'}
        </button>
      </div>
    );
  }
  return (
    <section ref={place} className="point-answer" aria-label={asking ? 'Point at it in a photo' : 'Point at something else'}>
      {asking ? null : <p className="dialog-hint">Point at what you mean instead: this card is then answered with it.</p>}
      <PointPicker
        sessionId={sessionId}
        photos={photos}
        initialPhotoId={focus[0]?.photoId}
        onPoint={(point) => send({ kind: 'point', point })}
        {...(asking
          ? {}
          : {
              onCancel: () => {
                setOpen(false);
                requestAnimationFrame(() => opener.current?.focus());
              },
            })}
        maxHeightVh={34}
        overlays={(photo) =>
          focus
            .filter((one) => one.photoId === photo.id)
            .map((one, index) => <span key={index} className="focus-outline focus-outline-all" style={percentStyle(photoRect(one.box, photo))} />)
        }
        description={(photo) =>
          focus
            .filter((one) => one.photoId === photo.id)
            .map((one) => `outlined: ${one.label}`)
            .join('; ')
        }
      />
    </section>
  );
}
