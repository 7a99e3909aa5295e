/** Where a pointed box is, in words a screen reader says as the keyboard moves it: "at the top left, 20% wide and 30% high". */
import type { RelativeBox } from '../../../shared/pointing/schema';

export function boxWords(box: RelativeBox): string {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const column = cx < 1 / 3 ? 'left' : cx > 2 / 3 ? 'right' : 'middle';
  const row = cy < 1 / 3 ? 'top' : cy > 2 / 3 ? 'bottom' : 'middle';
  const place = row === 'middle' ? (column === 'middle' ? 'in the middle' : `on the ${column}`) : column === 'middle' ? `at the ${row}` : `at the ${row} ${column}`;
  return `${place}, ${Math.round(box.width * 100)}% wide and ${Math.round(box.height * 100)}% high`;
}
