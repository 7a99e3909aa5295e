/**
 * "Add to calendar" (docs/rooms.md, "Reminders"): a trip as an iCalendar event the person's calendar app opens, with
 * the things to take in it. The `ics` library writes the file (escaping, folding, the required properties).
 */
import { createHash } from 'node:crypto';
import { createEvent } from 'ics';
import { errandWords } from '../../shared/exit-plan/errands';
import { fileNamePart } from '../files/file-name';
import type { Errand } from '../../shared/exit-plan/schema';
import { lineName } from '../../shared/session/pile-groups';

/** How long the trip's event is: long enough to see in a day's view; the person moves or stretches it there. */
const TRIP_MINUTES = 60;

export interface CalendarFile {
  fileName: string;
  text: string;
}

/**
 * The trip's event at `at` (epoch milliseconds), with the things still to take, each with its room when several;
 * stamped `now` (the app's clock, not the library's).
 */
export function errandEvent(errand: Errand, at: number, now: number): CalendarFile {
  const left = errand.lines.filter((line) => !line.done);
  const severalRooms = new Set(left.map((line) => line.room?.id)).size > 1;
  const things = left.map((line) => `- ${lineName({ name: line.name, count: line.ids.length })}${severalRooms && line.room ? ` (${line.room.name})` : ''}`);
  const description = [`${errandWords(errand)}.`, ...(errand.hint ? [errand.hint] : []), '', ...things, '', 'Tick them off on Home in Tidying.'].join('\n');
  // DTSTAMP: `timestamp` is an attribute ics takes that its types leave out.
  const stamp = { timestamp: now };
  const { error, value } = createEvent({
    ...stamp,
    productId: 'tidying/errands',
    // One event per trip and time: a calendar replaces the event when the same trip is saved again for that time.
    uid: `trip-${createHash('sha256').update(errand.key).digest('hex').slice(0, 20)}-${at}@tidying`,
    title: `Trip: ${errand.title}`,
    description,
    start: at,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: TRIP_MINUTES },
    busyStatus: 'FREE',
  });
  // ics refuses only attributes of the wrong shape, which the errand's schema already rules out.
  if (error || !value) throw new Error(`The calendar file could not be written: ${error?.message ?? 'no text'}`);
  return { fileName: `tidying-trip-${fileNamePart(errand.title, 'trip')}.ics`, text: value };
}
