import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { inView, perPage, scrollToShow, leftOutSpace, windowRange, type StripGeometry, type StripView } from './strip-window';

/** Until the first thumbnail is measured (before the first paint): `.photo` and `.photo-list`'s gap in styles.css. */
const UNMEASURED: StripGeometry = { width: 120, gap: 10 };

interface Seen {
  readonly view: StripView;
  readonly geometry: StripGeometry;
}

/** A thumbnail's width and the list's gap as laid out now; undefined while the list is not laid out (hidden). */
function measure(list: HTMLElement): StripGeometry | undefined {
  const item = list.querySelector(':scope > li');
  const width = item?.getBoundingClientRect().width ?? 0;
  return width > 0 ? { width, gap: parseFloat(getComputedStyle(list).columnGap) || 0 } : undefined;
}

const sameWindow = (one: Seen, other: Seen) => {
  const [a, b] = [inView(one.view, one.geometry), inView(other.view, other.geometry)];
  return a.first === b.first && a.end === b.end && one.view.viewport === other.view.viewport && one.geometry.width === other.geometry.width && one.geometry.gap === other.geometry.gap;
};

/**
 * The window of a horizontal strip of `count` same-width thumbnails (`list` is its scrolling element): which to have
 * in the page, the space standing for the others, and `reveal`, which scrolls one into view and has it in the page
 * by the next render. The strip re-renders only when a thumbnail comes into or leaves view, not on every scroll.
 */
export function useStripWindow(count: number) {
  const list = useRef<HTMLUListElement>(null);
  const [seen, setSeen] = useState<Seen>({ view: { scroll: 0, viewport: 0 }, geometry: UNMEASURED });

  const look = useCallback((element: HTMLElement, remeasure: boolean) => {
    setSeen((before) => {
      const now = { view: { scroll: element.scrollLeft, viewport: element.clientWidth }, geometry: (remeasure && measure(element)) || before.geometry };
      return sameWindow(before, now) ? before : now;
    });
  }, []);

  // Measured before the first paint, then on every scroll and every change of the strip's size: the thumbnails
  // coming into view are put in the page at once, before the frame showing them is painted.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    look(element, true);
    const onScroll = () => flushSync(() => look(element, false));
    element.addEventListener('scroll', onScroll, { passive: true });
    const resized = new ResizeObserver(() => flushSync(() => look(element, true)));
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [look]);

  const reveal = useCallback(
    (index: number) => {
      const element = list.current;
      if (!element) return;
      const geometry = measure(element) ?? UNMEASURED;
      element.scrollLeft = scrollToShow(index, { scroll: element.scrollLeft, viewport: element.clientWidth }, geometry);
      look(element, false);
    },
    [look],
  );

  const range = windowRange(count, seen.view, seen.geometry);
  return { list, range, geometry: seen.geometry, leftOut: leftOutSpace(count, range, seen.geometry), page: perPage(seen.view, seen.geometry), reveal };
}
