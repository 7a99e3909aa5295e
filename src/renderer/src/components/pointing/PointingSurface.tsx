import { useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { boxAround, boxBetween, boxUnder, clampBox, KEY_STEP, moveBox, pointsAt, resizeBox, toPixels, toRelative, type RelativeSpot } from '../../../../shared/pointing/geometry';
import type { RelativeBox } from '../../../../shared/pointing/schema';
import type { Photo } from '../../../../shared/session/schema';
import { percentStyle } from '../../photos/focus-geometry';
import { photoUrl } from '../../photos/urls';
import { boxWords, keyWords } from '../../photos/box-words';

/** How far a press must move, as a share of the photo's side, before it is a drag and not a click. */
const DRAG_SHARE = 0.015;
/** The keyboard's box when it first shows: this share of the photo's shorter side, in the middle. */
const KEY_BOX_SIDE = 0.25;

/**
 * A photo to point at. A click puts a box on the thing under it (what the detector found there, else a small box
 * around the spot); a drag draws the box; from the keyboard, focus shows a box in the middle, the arrows move it,
 * Shift and the arrows resize it, Enter chooses it and Escape takes it away. Choosing is the caller's: `onConfirm`.
 */
export function PointingSurface(props: {
  sessionId: string;
  photo: Photo;
  box: RelativeBox | undefined;
  onBox: (box: RelativeBox | undefined) => void;
  onConfirm: (box: RelativeBox) => void;
  /** How tall the photo may be, in viewport heights: its width follows from its shape. */
  maxHeightVh: number;
  /** What else is drawn on the photo (the outlines of what the coach asks about, or of everything found). */
  children?: ReactNode;
  /** Said with the photo's name to screen readers: what is outlined on it. */
  description?: string;
  /** Escape with no box: pointing is put away (a card's "Point at something else"). */
  onCancel?: (() => void) | undefined;
}) {
  const { sessionId, photo, box, onBox, onConfirm, maxHeightVh, children, description, onCancel } = props;
  const frame = useRef<HTMLDivElement>(null);
  const press = useRef<{ start: RelativeSpot; dragging: boolean; id: number } | undefined>(undefined);
  const [said, setSaid] = useState('');
  const helpId = useId();
  const items = photo.detections?.items ?? [];

  const spotOf = (event: PointerEvent): RelativeSpot => {
    const rect = frame.current!.getBoundingClientRect();
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };

  /**
   * The box, and for screen readers where it is and what it is on; `words` says it another way (an arrow key's
   * short words), given what the box is on (", on: cup").
   */
  const show = (next: RelativeBox | undefined, words?: (on: string) => string) => {
    onBox(next);
    if (!next) {
      setSaid('No box.');
      return;
    }
    const pixels = toPixels(next, photo);
    const names = items.filter((item) => pointsAt(pixels, item.box)).map((item) => item.name);
    const on = names.length ? `, on: ${[...new Set(names)].join(', ')}` : '';
    setSaid(words ? words(on) : `Box ${boxWords(next)}${on}.`);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = { start: spotOf(event), dragging: false, id: event.pointerId };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.id !== event.pointerId) return;
    const spot = spotOf(event);
    if (!current.dragging && Math.abs(spot.x - current.start.x) < DRAG_SHARE && Math.abs(spot.y - current.start.y) < DRAG_SHARE) return;
    current.dragging = true;
    onBox(boxBetween(current.start, spot));
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (!current || current.id !== event.pointerId) return;
    press.current = undefined;
    const spot = spotOf(event);
    if (current.dragging) {
      show(boxBetween(current.start, spot));
      return;
    }
    // A click means the thing under it: the detector's box for it when it found one there, else a box around the spot.
    const under = boxUnder(spot, photo, items);
    show(under ? toRelative(under.box, photo) : boxAround(spot, photo));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      event.stopPropagation();
      if (!box) return show(startBox(photo));
      const [dx, dy] = arrow;
      const next = event.shiftKey ? resizeBox(box, dx * KEY_STEP, dy * KEY_STEP) : moveBox(box, dx * KEY_STEP, dy * KEY_STEP);
      show(next, (on) => keyWords(box, next, { dx, dy, resize: event.shiftKey }, on, said));
      return;
    }
    if (event.key === 'Enter' && box) {
      event.preventDefault();
      event.stopPropagation();
      onConfirm(box);
      return;
    }
    // Escape takes the box away; with no box it puts pointing away, or it is the dialog's (the large view closes).
    if (event.key === 'Escape' && (box || onCancel)) {
      event.preventDefault();
      event.stopPropagation();
      if (box) show(undefined);
      else onCancel?.();
    }
  };

  // Reached with the keyboard, the box shows at once: the arrows have something to move.
  const onFocus = () => {
    if (!box && frame.current?.matches(':focus-visible')) show(startBox(photo));
  };

  return (
    <div className="pointing">
      <div
        ref={frame}
        className="pointing-frame"
        role="application"
        aria-roledescription="photo to point at"
        aria-label={`Point at something in ${photo.fileName}${description ? `; ${description}` : ''}`}
        aria-describedby={helpId}
        tabIndex={0}
        data-testid="pointing-surface"
        style={{ aspectRatio: `${photo.width} / ${photo.height}`, width: `min(100%, calc(${maxHeightVh}vh * ${photo.width / photo.height}))` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (press.current = undefined)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <img src={photoUrl(sessionId, photo.id, 'full')} alt="" draggable={false} />
        {children}
        {box ? <span className="pointing-box" data-testid="pointing-box" style={percentStyle(percentOf(box))} aria-hidden="true" /> : null}
      </div>
      <p id={helpId} className="pointing-help">
        Click a thing, or drag a box around it. Keyboard: arrows move the box, Shift+arrows resize it, Enter chooses, Escape clears.
      </p>
      <p className="visually-hidden" role="status" data-testid="pointing-said">
        {said}
      </p>
    </div>
  );
}

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The keyboard's first box: a square in the middle of the photo. */
function startBox(photo: Photo): RelativeBox {
  return boxAround({ x: 0.5, y: 0.5 }, photo, KEY_BOX_SIDE);
}

function percentOf(box: RelativeBox) {
  const valid = clampBox(box);
  return { left: valid.x * 100, top: valid.y * 100, width: valid.width * 100, height: valid.height * 100 };
}
