import type { RelativeBox } from '../../../shared/pointing/schema';

/** Where a pointed box is, in words a screen reader says as it shows: "at the top left, 20% wide and 30% high". */
export function boxWords(box: RelativeBox): string {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const column = cx < 1 / 3 ? 'left' : cx > 2 / 3 ? 'right' : 'middle';
  const row = cy < 1 / 3 ? 'top' : cy > 2 / 3 ? 'bottom' : 'middle';
  const place = row === 'middle' ? (column === 'middle' ? 'in the middle' : `on the ${column}`) : column === 'middle' ? `at the ${row}` : `at the ${row} ${column}`;
  return `${place}, ${percent(box.width)} wide and ${percent(box.height)} high`;
}

/** An arrow key on a pointing box: which way (-1, 0, 1 each), and whether Shift made it a resize. */
export interface KeyMove {
  readonly dx: number;
  readonly dy: number;
  readonly resize: boolean;
}

/**
 * What a screen reader hears after an arrow key, short: the one measure it changed ("54% from the left", "24% wide",
 * the box's centre from the photo's left or top), then `on` (", on: cup"); a press that changes nothing says the box
 * is at the edge, or as big or small as it goes. Never the words of `previous`: a live region whose text stays the
 * same says nothing, and the person would not know the key was heard.
 */
export function keyWords(before: RelativeBox, after: RelativeBox, move: KeyMove, on: string, previous: string): string {
  const measure = measureOf(after, move);
  // A change too small to say is the edge too: the box went as far as it could.
  if (measure !== measureOf(before, move)) return `${measure}${on}.`;
  const limit = `${limitWords(move)}${on}.`;
  return limit === previous ? `Still ${limit.charAt(0).toLowerCase()}${limit.slice(1)}` : limit;
}

/** The measure an arrow key changes: the box's centre from the left or the top, or its width or height. */
function measureOf(box: RelativeBox, move: KeyMove): string {
  if (move.dx !== 0) return move.resize ? `${percent(box.width)} wide` : `${percent(box.x + box.width / 2)} from the left`;
  return move.resize ? `${percent(box.height)} high` : `${percent(box.y + box.height / 2)} from the top`;
}

function limitWords(move: KeyMove): string {
  if (move.resize) {
    if (move.dx !== 0) return move.dx > 0 ? 'As wide as the photo' : 'As narrow as it goes';
    return move.dy > 0 ? 'As tall as the photo' : 'As short as it goes';
  }
  if (move.dx !== 0) return move.dx > 0 ? 'At the right edge' : 'At the left edge';
  return move.dy > 0 ? 'At the bottom edge' : 'At the top edge';
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
