import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Errand } from '../../shared/exit-plan/schema';
import { errandEvent } from './calendar';

const office = { id: 'r1', name: 'Office', named: false };
const bedroom = { id: 'r2', name: 'Bedroom', named: false };
const charityShop: Errand = {
  key: 'place:charity shop',
  kind: 'place',
  title: 'To the charity shop',
  hint: 'Bag it by the door so it leaves with you next time you go out.',
  left: 5,
  total: 6,
  rooms: [office, bedroom],
  lines: [
    { id: 'b1', ids: ['b1', 'b2', 'b3'], name: 'book', sessionId: 'office-visit', room: office, done: false },
    { id: 'co', ids: ['co'], name: 'old coat, the long one; with a hood', sessionId: 'office-visit', room: office, done: true },
    { id: 'bo', ids: ['bo'], name: 'boots', sessionId: 'bedroom-visit', room: bedroom, done: false },
    { id: 'ju', ids: ['ju'], name: 'jumper', sessionId: 'bedroom-visit', room: bedroom, done: false },
  ],
};

/** The file as a calendar app reads it: parsed by ical.js, an RFC 5545 parser written apart from the library that wrote it. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { calendar, event: new ICAL.Event(events[0]!) };
}

describe('Add to calendar', () => {
  it('is one event at the trip’s time, an hour long, with the things still to take and the room of each', () => {
    const at = Date.UTC(2026, 10, 28, 10);
    const now = Date.UTC(2026, 10, 26, 8, 15);
    const { fileName, text } = errandEvent(charityShop, at, now);
    expect(fileName).toBe('tidying-trip-to-the-charity-shop.ics');
    // Every line of an iCalendar file ends in CRLF, the description's line breaks escaped within it.
    expect(text).toMatch(/\r\n$/);
    expect(text).not.toMatch(/[^\r]\n/);

    const { calendar, event } = parsed(text);
    expect(calendar.getFirstPropertyValue('prodid')).toBe('tidying/errands');
    expect(event.summary).toBe('Trip: To the charity shop');
    expect(event.startDate.toJSDate().getTime()).toBe(at);
    expect(event.endDate.toJSDate().getTime() - at).toBe(60 * 60_000);
    expect(event.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-26T08:15:00Z');
    expect(event.uid).toMatch(new RegExp(`^trip-[0-9a-f]{20}-${at}@tidying$`));
    // Trips whose names differ only in letters a file name cannot keep are still two events.
    const other = errandEvent({ ...charityShop, key: 'place:charity shop’' }, at, now);
    expect(parsed(other.text).event.uid).not.toBe(event.uid);
    expect(errandEvent(charityShop, at, now).text).toContain(`UID:${event.uid}`);
    expect(event.description.split('\n')).toEqual([
      'To the charity shop: 5 things, from the office and the bedroom.',
      'Bag it by the door so it leaves with you next time you go out.',
      '',
      '- books ×3 (Office)',
      '- boots (Bedroom)',
      '- jumper (Bedroom)',
      '',
      'Tick them off on Home in Tidying.',
    ]);
  });

  it('keeps a name with commas, semicolons and letters of any alphabet whole, and names the file for any system', () => {
    const mums: Errand = {
      key: "place:mum's",
      kind: 'place',
      title: 'To Mum’s (Zoë)',
      left: 1,
      total: 1,
      rooms: [office],
      lines: [{ id: 'x', ids: ['x'], name: 'Großes Bügeleisen, 2; Ёлка', sessionId: 's', room: office, done: false }],
    };
    const { fileName, text } = errandEvent(mums, Date.UTC(2026, 11, 1, 9), Date.UTC(2026, 10, 26));
    expect(fileName).toBe('tidying-trip-to-mum-s-zoe.ics');
    const { event } = parsed(text);
    expect(event.summary).toBe('Trip: To Mum’s (Zoë)');
    expect(event.description).toContain('- Großes Bügeleisen, 2; Ёлка');
    expect(event.description).not.toContain('(Office)');
  });
});
