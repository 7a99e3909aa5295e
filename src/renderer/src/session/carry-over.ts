import type { CarryOver } from '../../../shared/carry-over/schema';
import type { SessionState } from '../../../shared/session/schema';

/** "Last time (desk work): 3 unsure items and 2 things for next time." */
export function carryOverText(offer: CarryOver): string {
  const parts = [
    ...(offer.unsure.length ? [`${offer.unsure.length} unsure ${offer.unsure.length === 1 ? 'item' : 'items'}`] : []),
    ...(offer.nextTime.length ? [`${offer.nextTime.length} ${offer.nextTime.length === 1 ? 'thing' : 'things'} for next time`] : []),
  ];
  return `Last time${offer.space ? ` (${offer.space})` : ''}: ${parts.join(' and ')}.`;
}

/** A session with nothing in it yet from the person: the only time an earlier session's leftovers are offered. */
export function canOfferCarryOver(session: SessionState | undefined): boolean {
  return (
    session !== undefined &&
    session.status === 'active' &&
    !session.carriedOver &&
    session.photos.length === 0 &&
    session.queued.length === 0 &&
    !session.messages.some((message) => message.role === 'person')
  );
}
