/**
 * A room's facts in plain, neutral words: when it was last visited and what is waiting there. Nothing here is a score
 * or a deadline: "3 weeks ago" is when, never "overdue", and what is waiting is what it is, never "behind".
 */
import type { Waiting } from './schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "just now", "20 minutes ago", "yesterday", "3 weeks ago", "5 months ago", "over a year ago". */
export function agoWords(at: number, now: number): string {
  const since = now - at;
  if (since < MINUTE) return 'just now';
  if (since < HOUR) return `${plural(Math.floor(since / MINUTE), 'minute')} ago`;
  if (since < DAY) return `${plural(Math.floor(since / HOUR), 'hour')} ago`;
  if (since < 2 * DAY) return 'yesterday';
  if (since < 7 * DAY) return `${Math.floor(since / DAY)} days ago`;
  if (since < 14 * DAY) return 'last week';
  if (since < 60 * DAY) return `${Math.floor(since / (7 * DAY))} weeks ago`;
  if (since < 365 * DAY) return `${Math.floor(since / (30 * DAY))} months ago`;
  return 'over a year ago';
}

/** "3 undecided things and 2 trips to make", or that nothing is waiting. */
export function waitingWords(waiting: Waiting): string {
  const parts = [
    ...(waiting.undecided ? [`${plural(waiting.undecided, 'undecided thing')}`] : []),
    ...(waiting.trips ? [`${plural(waiting.trips, 'trip')} to make`] : []),
  ];
  return parts.length ? parts.join(' and ') : 'Nothing waiting';
}

/** "14 loose things the detector could see" in some photos, or why there is no count. */
export function looseWords(loose: number | undefined): string {
  return loose === undefined ? 'no count: the detector has not read all of these photos' : `${plural(loose, 'loose thing')} the detector could see`;
}

/** "45 minutes", "1 minute". */
export function minutesWords(minutes: number): string {
  return plural(minutes, 'minute');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "5 Jan" (local time), with the year when it is not the year of `now`: "5 Jan 2025". */
export function dayWords(at: number, now: number): string {
  const date = new Date(at);
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return date.getFullYear() === new Date(now).getFullYear() ? day : `${day} ${date.getFullYear()}`;
}
