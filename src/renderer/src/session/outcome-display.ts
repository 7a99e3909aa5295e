import type { PileItem } from '../../../shared/session/schema';

/** A short note of what was decided for an item; the unsure pile needs none, its title says it. */
export function outcomeNote(item: PileItem): string | undefined {
  switch (item.outcome) {
    case 'unsure':
      return undefined;
    case 'place':
      return item.location ? `→ ${item.location}` : 'place';
    default:
      return item.outcome;
  }
}
