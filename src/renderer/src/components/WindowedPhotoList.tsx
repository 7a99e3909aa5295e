import { useId, useLayoutEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { Focus } from '../../../shared/detection/schema';
import type { Point } from '../../../shared/pointing/schema';
import type { Photo } from '../../../shared/session/schema';
import { keyTarget, thumbStart } from '../photos/strip-window';
import { useStripWindow } from '../photos/useStripWindow';
import { PhotoThumb } from './PhotoThumb';
import { PhotoViewer } from './PhotoViewer';

/**
 * A session's photos as one scrolling strip of numbered thumbnails, of which only those in view (and a few either
 * side) are in the page: a strip of 150 costs a re-render what one of a dozen does. Each item still tells a screen
 * reader its place among them all. The strip is one Tab stop; the arrows, Home, End, Page Up and Page Down move along
 * it, to thumbnails not yet in the page too. The photo the coach is talking about is highlighted, what it asks about
 * outlined, and it is scrolled into view when the coach turns to it. A click opens the large view (where, live, the
 * person can point at something). Used live and in a replay.
 */
export function WindowedPhotoList(props: {
  sessionId: string;
  photos: readonly Photo[];
  focusId?: string | undefined;
  focus?: readonly Focus[];
  /** In a live session: the large view takes a point at something ("this one") and sends it. */
  onPoint?: ((point: Point) => Promise<unknown>) | undefined;
}) {
  const { sessionId, photos, focusId, focus = [], onPoint } = props;
  const count = photos.length;
  const [viewing, setViewing] = useState<Photo | undefined>();
  // The one thumbnail Tab reaches: the last one focused. It stays in the page out of view, so focus is never lost.
  const [active, setActive] = useState(0);
  const tabStop = Math.min(active, count - 1);
  const { list, range, leftOut, geometry, page, reveal } = useStripWindow(count);
  const hint = useId();

  // The photo the coach turns to, or asks about something else in, is scrolled into view (and so into the page).
  const about = photos.findIndex((photo) => photo.id === focusId || focus.some((one) => one.photoId === photo.id));
  const aboutWhat = focus.map((one) => one.label).join('\n');
  useLayoutEffect(() => {
    if (about >= 0) reveal(about);
  }, [about, aboutWhat, reveal]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const to = keyTarget(event.key, tabStop, count, page);
    if (to === undefined) return;
    event.preventDefault();
    // In a replay the arrows otherwise step the replay: within the strip they are the strip's.
    event.stopPropagation();
    flushSync(() => {
      setActive(to);
      reveal(to);
    });
    list.current?.querySelector<HTMLElement>(`:scope > li[aria-posinset="${to + 1}"] > button`)?.focus({ preventScroll: true });
  };

  const shown: number[] = [];
  if (tabStop >= 0 && tabStop < range.first) shown.push(tabStop);
  for (let index = range.first; index < range.end; index += 1) shown.push(index);
  if (tabStop >= range.end) shown.push(tabStop);

  return (
    <>
      <ul ref={list} className="photo-list photo-list-windowed" style={{ '--left-out-before': `${leftOut.before}px`, '--left-out-after': `${leftOut.after}px` } as CSSProperties} onKeyDown={onKeyDown}>
        {shown.map((index) => {
          const photo = photos[index]!;
          const away = index < range.first || index >= range.end;
          return (
            <li key={photo.id} aria-setsize={count} aria-posinset={index + 1} style={away ? { position: 'absolute', top: 0, left: thumbStart(index, geometry) } : undefined}>
              <PhotoThumb
                sessionId={sessionId}
                photo={photo}
                number={count > 1 ? index + 1 : 0}
                focus={focus.filter((one) => one.photoId === photo.id)}
                current={photo.id === focusId}
                onOpen={() => setViewing(photo)}
                button={{ tabIndex: index === tabStop ? 0 : -1, onFocus: () => setActive(index), ...(count > 1 ? { 'aria-describedby': hint } : {}) }}
              />
            </li>
          );
        })}
      </ul>
      {count > 1 ? (
        <p id={hint} className="visually-hidden">
          The arrow keys move along the photos; Home and End go to the first and the last.
        </p>
      ) : null}
      {viewing ? <PhotoViewer sessionId={sessionId} photo={viewing} focus={focus} onClose={() => setViewing(undefined)} onPoint={onPoint} /> : null}
    </>
  );
}
