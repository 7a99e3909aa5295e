/**
 * The plain times "Remind me" offers, when each falls, and how a reminder's time is said, all in the local time of
 * the process that calls them (main's: the page shows main's words). Days are calendar days, so a reminder for
 * "tomorrow morning" is at 9 am tomorrow whatever the clocks did overnight.
 */
import type { ReminderOption, ReminderWhen } from './schema';

/** When each plain time falls, in local hours. */
export const REMINDER_HOURS = { evening: 19, morning: 9, saturday: 10, day: 10 } as const;
/** "This evening" is offered until this hour: later, "tomorrow morning" is the next plain time. */
const EVENING_OFFERED_UNTIL = 18;
/** How far ahead "Pick a day" goes. */
const DAYS_AHEAD = 365;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const SATURDAY = 6;

/** The local calendar day of `at`, `2026-12-05`. */
export function dayOf(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** `hour` o'clock local time, `days` calendar days after the day of `now`. */
function atHour(now: number, days: number, hour: number): number {
  const date = new Date(now);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, hour).getTime();
}

/** Days from today to the next Saturday after today (7 on a Saturday). */
function daysToSaturday(now: number): number {
  return (SATURDAY - new Date(now).getDay() + 7) % 7 || 7;
}

/** "7 pm", "9 am", "9:30 am", "12 pm". */
export function clockWords(at: number): string {
  const date = new Date(at);
  const hour = date.getHours() % 12 || 12;
  const minutes = date.getMinutes() ? `:${String(date.getMinutes()).padStart(2, '0')}` : '';
  return `${hour}${minutes} ${date.getHours() < 12 ? 'am' : 'pm'}`;
}

/** "5 December". */
function dateWords(at: number): string {
  const date = new Date(at);
  return `${date.getDate()} ${MONTHS[date.getMonth()]!}`;
}

/** The plain times on offer at `now`, soonest first. */
export function reminderOptions(now: number): ReminderOption[] {
  const options: ReminderOption[] = [];
  if (new Date(now).getHours() < EVENING_OFFERED_UNTIL) {
    const at = atHour(now, 0, REMINDER_HOURS.evening);
    options.push({ when: { kind: 'evening' }, label: 'This evening', time: clockWords(at), at });
  }
  const morning = atHour(now, 1, REMINDER_HOURS.morning);
  options.push({ when: { kind: 'morning' }, label: 'Tomorrow morning', time: clockWords(morning), at: morning });
  const saturday = atHour(now, daysToSaturday(now), REMINDER_HOURS.saturday);
  options.push({
    when: { kind: 'saturday' },
    label: new Date(now).getDay() === SATURDAY ? 'Next Saturday' : 'Saturday',
    time: `${clockWords(saturday)}, ${dateWords(saturday)}`,
    at: saturday,
  });
  return options;
}

/** The days "Pick a day" takes at `now`: tomorrow to a year on. */
export function pickableDays(now: number): { first: string; last: string } {
  return { first: dayOf(atHour(now, 1, 12)), last: dayOf(atHour(now, DAYS_AHEAD, 12)) };
}

/** When a reminder picked at `now` falls, or why it cannot be set (a time that is no longer on offer, a day out of range). */
export function reminderAt(when: ReminderWhen, now: number): { at: number } | { problem: string } {
  if (when.kind !== 'day') {
    const option = reminderOptions(now).find((offered) => offered.when.kind === when.kind);
    return option ? { at: option.at } : { problem: 'It is too late in the day for “this evening”; pick another time.' };
  }
  const [year, month, day] = when.day.split('-').map(Number) as [number, number, number];
  const at = new Date(year, month - 1, day, REMINDER_HOURS.day).getTime();
  if (dayOf(at) !== when.day) return { problem: `${when.day} is not a day of the calendar.` };
  const { first, last } = pickableDays(now);
  // Days compare as written: YYYY-MM-DD sorts as time does.
  if (when.day < first) return { problem: 'Pick a day from tomorrow on.' };
  if (when.day > last) return { problem: 'Pick a day within the next year.' };
  return { at };
}

/**
 * A reminder's time said from `now`: "this evening at 7 pm", "tomorrow at 9 am", "yesterday at 7 pm", "on Saturday at
 * 10 am" (within the week ahead), "on Saturday 12 December at 10 am".
 */
export function reminderWords(at: number, now: number): string {
  const clock = clockWords(at);
  const days = Math.round((atHour(at, 0, 12) - atHour(now, 0, 12)) / 86_400_000);
  if (days === 0) {
    const hour = new Date(at).getHours();
    return `${hour < 12 ? 'this morning' : hour < 17 ? 'this afternoon' : 'this evening'} at ${clock}`;
  }
  if (days === 1) return `tomorrow at ${clock}`;
  if (days === -1) return `yesterday at ${clock}`;
  const weekday = WEEKDAYS[new Date(at).getDay()]!;
  return days > 1 && days < 7 ? `on ${weekday} at ${clock}` : `on ${weekday} ${dateWords(at)} at ${clock}`;
}
