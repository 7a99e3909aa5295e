/**
 * A room's facts in plain, neutral words: when it was last visited and what is waiting there. Nothing here is a score
 * or a deadline: "3 weeks ago" is when, never "overdue", and what is waiting is what it is, never "behind".
 */
import { countsText, decidedText } from '../session/pile-groups';
import type { RoomLook, Totals, Waiting } from './schema';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * "just now", "20 minutes ago", "yesterday", "3 weeks ago", "5 months ago", "over a year ago": rounded to the nearest
 * day, week or month, as people say it (20 days and 23 hours is "3 weeks ago").
 */
export function agoWords(at: number, now: number): string {
  const since = now - at;
  if (since < MINUTE) return 'just now';
  if (since < HOUR) return `${plural(Math.floor(since / MINUTE), 'minute')} ago`;
  if (since < DAY) return `${plural(Math.floor(since / HOUR), 'hour')} ago`;
  const days = Math.round(since / DAY);
  if (days <= 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 11) return 'last week';
  if (days < 60) return `${Math.round(days / 7)} weeks ago`;
  if (days < 350) return `${Math.round(days / 30)} months ago`;
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

/** "3 photos, 14 loose things the detector could see", or why there is no count. */
export function lookLine(look: Pick<RoomLook, 'count' | 'loose'>): string {
  const loose = look.loose === undefined ? 'no count: the detector has not read all of them' : `${plural(look.loose, 'loose thing')} the detector could see`;
  return `${plural(look.count, 'photo')}, ${loose}`;
}

/** What the counts of loose things measure and what they cannot see, said once beside them. */
export const LOOSE_NOTE =
  'The detector counts only things it recognises, such as cups, bottles, books and bags, not papers, clothes or cables, and it can miss things or see one twice: a rough guide to how the room looks.';

/** "45 minutes", "1 minute"; a visit too short to round to a minute is "under a minute", not "0 minutes". */
export function minutesWords(minutes: number): string {
  return minutes === 0 ? 'under a minute' : plural(minutes, 'minute');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "5 Jan" (local time), with the year when it is not the year of `now`: "5 Jan 2025". */
export function dayWords(at: number, now: number): string {
  const date = new Date(at);
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return date.getFullYear() === new Date(now).getFullYear() ? day : `${day} ${date.getFullYear()}`;
}

/**
 * A room's totals in words: "2 visits, 35 minutes in all. 6 things decided: 1 stays here, …. 2 things left the home;
 * 1 of 3 trips done." (What was decided in visits from before rooms counts in the total, not in the groups.)
 */
export function totalsWords(totals: Totals): string {
  const decided = decidedText({ ...totals.counts, decided: totals.decided, text: countsText(totals.counts, totals.counts.skipped) });
  const trips = `${totals.trips.done} of ${plural(totals.trips.total, 'trip')} done`;
  return `${plural(totals.visits, 'visit')}, ${minutesWords(totals.minutes)} in all. ${decided} ${plural(totals.left, 'thing')} left the home; ${trips}.`;
}
