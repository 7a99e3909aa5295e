import { z } from 'zod';

/**
 * Reminders (docs/rooms.md, "Reminders"): a time the person chose for one of Home's trips, kept in `reminders.json`
 * in the data folder. Times are main's local time; every word about them is made in main, so the page and the
 * notification say the same.
 */

/** A trip's destination key (`donate`, `recycle:pharmacy`, `place:mum's`), as Home's errands are keyed. */
export const ErrandKeySchema = z.string().min(1).max(2000);

/** A local calendar day, `2026-12-05`. */
export const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written as YYYY-MM-DD.');

/** What the person picked: plain times, or a day of their own. */
export const ReminderWhenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('evening') }).strict(),
  z.object({ kind: z.literal('morning') }).strict(),
  z.object({ kind: z.literal('saturday') }).strict(),
  z.object({ kind: z.literal('day'), day: DaySchema }).strict(),
]);
export type ReminderWhen = z.infer<typeof ReminderWhenSchema>;

export const ReminderSchema = z
  .object({
    key: ErrandKeySchema,
    /** The trip's title when the reminder was set ("Donation"), for the words if the trip has changed since. */
    title: z.string().min(1).max(2000),
    when: ReminderWhenSchema,
    /** Epoch milliseconds: when to remind. */
    at: z.number().int().nonnegative(),
    setAt: z.number().int().nonnegative(),
    /** It came due and was shown (a notification, or quietly on Home): it is shown in this run only, never again. */
    shownAt: z.number().int().nonnegative().optional(),
  })
  .strict();
export type Reminder = z.infer<typeof ReminderSchema>;

/** `reminders.json`: one reminder a trip at most; `notifiedOn`, the local day of the last notification (one a day). */
export const RemindersFileSchema = z
  .object({
    version: z.literal(1),
    reminders: z.array(ReminderSchema).max(1000),
    notifiedOn: DaySchema.optional(),
  })
  .strict()
  .refine((file) => new Set(file.reminders.map((reminder) => reminder.key)).size === file.reminders.length, 'Each trip has one reminder at most.');
export type RemindersFile = z.infer<typeof RemindersFileSchema>;

/** One of the plain times "Remind me" offers, as main words it now. */
export const ReminderOptionSchema = z.object({
  when: ReminderWhenSchema,
  /** "This evening", "Tomorrow morning", "Saturday". */
  label: z.string().min(1),
  /** "7 pm", "9 am", "10 am, 5 December". */
  time: z.string().min(1),
  at: z.number().int().nonnegative(),
});
export type ReminderOption = z.infer<typeof ReminderOptionSchema>;

/** A reminder as the page shows it. */
export const ReminderViewSchema = z.object({
  key: ErrandKeySchema,
  title: z.string().min(1),
  at: z.number().int().nonnegative(),
  /** "this evening at 7 pm", "tomorrow at 9 am", "on Saturday 5 December at 10 am". */
  words: z.string().min(1),
});
export type ReminderView = z.infer<typeof ReminderViewSchema>;

export const RemindersViewSchema = z.object({
  /** Reminders still to come. */
  set: z.array(ReminderViewSchema),
  /** Reminders that came due and were shown in this run, until the person answers them. */
  due: z.array(ReminderViewSchema),
  options: z.array(ReminderOptionSchema),
  /** The days "Pick a day" takes: tomorrow to a year on. */
  days: z.object({ first: DaySchema, last: DaySchema }),
  /** The reminders file could not be read: why, and what happens to it. */
  problem: z.string().optional(),
});
export type RemindersView = z.infer<typeof RemindersViewSchema>;

/** A notification for the page to show (web mode; the window's are shown by main). */
export const ReminderNoticeSchema = z.object({ title: z.string().min(1), body: z.string().min(1), tag: z.string().min(1) });
export type ReminderNotice = z.infer<typeof ReminderNoticeSchema>;
