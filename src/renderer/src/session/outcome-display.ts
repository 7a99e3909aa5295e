import type { PileItem } from '../../../shared/session/schema';

/**
 * A short note of what was decided for an item, where its group's title does not say it already: how a thing
 * leaves the home, or where it goes. Kept, unsure and placed-with-no-destination need none.
 */
export function outcomeNote(item: PileItem): string | undefined {
  switch (item.outcome) {
    case 'unsure':
    case 'keep':
      return undefined;
    case 'place':
      return item.location ? `→ ${item.location}` : undefined;
    default:
      return item.outcome;
  }
}
