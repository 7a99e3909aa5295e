/**
 * Reminders on Home's trips (docs/rooms.md, "Reminders"): set at a plain time the person picked, kept in
 * `reminders.json`, and shown when they come due on the app's clock, as a notification at most once a day and as a
 * card on Home. One that came due while the app was closed is shown once, quietly, on the next start: a card on Home,
 * no notification. A reminder is shown in one run only; the next start lets it go. A trip known to have nothing left to
 * take by then is not reminded of; one that cannot be read at that moment is reminded of all the same.
 */
import { errandWords } from '../../shared/exit-plan/errands';
import type { Errand, Errands } from '../../shared/exit-plan/schema';
import { IpcError } from '../../shared/ipc/errors';
import type { Reminder, ReminderNotice, RemindersFile, RemindersView, ReminderWhen } from '../../shared/reminders/schema';
import { dayOf, pickableDays, reminderAt, reminderOptions, reminderWords } from '../../shared/reminders/times';
import type { Timers } from '../effects';
import type { Logger } from '../log/logger';
import { errandEvent, type CalendarFile } from './calendar';
import { NO_REMINDERS, readRemindersFile, setRemindersFileAside, writeRemindersFile } from './file';

/**
 * The longest the scheduler sleeps: a computer that slept past a reminder's time is caught within the hour, and the
 * words on Home ("tomorrow at 9 am") are said again from the new day.
 */
export const WAKE_MS = 60 * 60_000;

/** Home's trips as they stand, and whether every plan could be read (a trip missing from a partial read may not be done). */
export interface TripsRead {
  readonly errands: Errands;
  readonly complete: boolean;
}

export interface RemindersDeps {
  dataDir: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  now: () => number;
  timers: Timers;
  trips: () => Promise<TripsRead>;
  /** Shows a notification: the system's in the window, the browser's in web mode. */
  notify: (notice: ReminderNotice) => void;
  /** Told every change (and each wake of the scheduler, so the words stay true). */
  changed: (view: RemindersView) => void;
}

/** What the trips say of a reminder that came due: what to show it with, or that its trip has nothing left to take. */
type Due = { readonly show: Errand | Reminder } | { readonly letGo: true };

export class Reminders {
  #file: RemindersFile = NO_REMINDERS;
  /** The file could not be read: why. It is not written over until a reminder is set (then it is put aside). */
  #problem: string | undefined;
  #ready: Promise<void> | undefined;
  /** One read or change at a time, in the order asked: two quick changes never lose one another. */
  #queue: Promise<unknown> = Promise.resolve();
  #timer: unknown;
  #closed = false;

  constructor(private readonly deps: RemindersDeps) {}

  /** Reads the file, shows what came due while the app was closed, and starts the scheduler. */
  start(): Promise<void> {
    this.#ready ??= this.#serial(() => this.#read()).then(
      () => this.#schedule(),
      (error: unknown) => {
        // Tried again by the next call: a read that failed once is not the answer for the whole run.
        this.#ready = undefined;
        throw error;
      },
    );
    return this.#ready;
  }

  async view(): Promise<RemindersView> {
    await this.start();
    return this.#view();
  }

  /**
   * Sets the trip's reminder (replacing one it had) at the plain time picked. `shown`: the time the page offered for
   * it; when the clock has moved past that offer (the page was open over midnight), nothing is set and the person is
   * asked to pick again from the times as they are now.
   */
  set(key: string, when: ReminderWhen, shown?: number): Promise<RemindersView> {
    return this.#change(async () => {
      const errand = (await this.deps.trips()).errands.open.find((candidate) => candidate.key === key);
      if (!errand) throw new IpcError({ code: 'invalid-input', message: 'That trip has nothing left to take, so there is nothing to remind you of.' });
      const now = this.deps.now();
      const time = reminderAt(when, now);
      if ('problem' in time) throw new IpcError({ code: 'invalid-input', message: time.problem });
      if (shown !== undefined && shown !== time.at) throw new IpcError({ code: 'invalid-input', message: 'The times on offer have moved on since they were shown: pick again.' });
      if (this.#problem !== undefined) await this.#setAside(now);
      const reminder: Reminder = { key, title: errand.title, when, at: time.at, setAt: now };
      await this.#write({ ...this.#file, reminders: [...this.#file.reminders.filter((other) => other.key !== key), reminder] });
      this.deps.logger.info('A reminder was set', { key, at: time.at, when: when.kind });
    });
  }

  /** "Don't remind me" on a trip, or a reminder that came due answered ("Put it away"): it is gone. */
  cancel(key: string): Promise<RemindersView> {
    return this.#change(async () => {
      const rest = this.#file.reminders.filter((reminder) => reminder.key !== key);
      if (rest.length === this.#file.reminders.length) return;
      await this.#write({ ...this.#file, reminders: rest });
      this.deps.logger.info('A reminder was put away', { key });
    });
  }

  /** The trip as a calendar event: at its reminder's time, or else tomorrow morning's. */
  async calendar(key: string): Promise<CalendarFile> {
    await this.start();
    const errand = (await this.deps.trips()).errands.open.find((candidate) => candidate.key === key);
    if (!errand) throw new IpcError({ code: 'invalid-input', message: 'That trip has nothing left to take.' });
    const now = this.deps.now();
    const reminder = this.#file.reminders.find((candidate) => candidate.key === key && candidate.shownAt === undefined && candidate.at > now);
    const at = reminder?.at ?? reminderOptions(now).find((option) => option.when.kind === 'morning')!.at;
    return errandEvent(errand, at, now);
  }

  /** Resolves when no read, change or check is under way (tests, shutdown). */
  async idle(): Promise<void> {
    await this.#queue;
  }

  /** No change is taken after this; the ones already asked for are written first. */
  async dispose(): Promise<void> {
    this.#closed = true;
    this.#clearTimer();
    await this.#queue;
  }

  async #read(): Promise<void> {
    const read = await readRemindersFile(this.deps.dataDir);
    if (read.kind === 'unreadable') {
      this.#problem = `Your reminders could not be read: ${read.reason}. The file is kept as it is; setting a reminder puts it aside and starts a new one.`;
      this.deps.logger.warn('The reminders file could not be read', { reason: read.reason });
      return;
    }
    this.#file = read.file;
    const now = this.deps.now();
    // Shown in an earlier run: they have had their showing.
    const kept = read.file.reminders.filter((reminder) => reminder.shownAt === undefined);
    const passed = kept.filter((reminder) => reminder.at <= now);
    if (kept.length === read.file.reminders.length && passed.length === 0) return;
    const reminders = afterDue(kept, await this.#dueOf(passed), now);
    if (passed.length) this.deps.logger.info('Reminders that came due while Tidying was closed are shown on Home', { count: reminders.filter((reminder) => reminder.shownAt).length });
    try {
      await this.#write({ ...this.#file, reminders });
    } catch (error) {
      // Shown all the same; the file catches up with the next change.
      this.#file = { ...this.#file, reminders };
      this.deps.logger.warn('The reminders file could not be written', { error });
    }
  }

  /** What came due since the last look: shown (a notification, the first today), or let go when nothing is left to take. */
  async #wake(): Promise<void> {
    const now = this.deps.now();
    const passed = this.#file.reminders.filter((reminder) => reminder.shownAt === undefined && reminder.at <= now);
    if (passed.length) {
      const due = await this.#dueOf(passed);
      const shown = passed.flatMap((reminder) => {
        const what = due.get(reminder)!;
        return 'show' in what ? [what.show] : [];
      });
      const notify = shown.length > 0 && this.#file.notifiedOn !== dayOf(now);
      const reminders = afterDue(this.#file.reminders, due, now);
      // Written before it is shown: a write that fails never leads to a second notification.
      await this.#write({ ...this.#file, reminders, ...(notify ? { notifiedOn: dayOf(now) } : {}) });
      if (notify) {
        try {
          this.deps.notify(noticeOf(shown));
        } catch (error) {
          // The card on Home is the reminder all the same.
          this.deps.logger.warn('A reminder could not be shown as a notification', { error });
        }
      }
      this.deps.logger.info('Reminders came due', { shown: shown.length, notified: notify, nothingLeft: passed.length - shown.length });
    }
    this.deps.changed(this.#view());
  }

  /**
   * What each reminder that came due is shown with: its trip as it stands, else its own title when the trips cannot all
   * be read. Only a trip known to have nothing left (every plan read, and it is not open) lets its reminder go.
   */
  async #dueOf(passed: readonly Reminder[]): Promise<Map<Reminder, Due>> {
    const read = await this.deps.trips().catch((error: unknown) => {
      this.deps.logger.warn('The trips could not be read for the reminders that came due; they are shown as they were set', { error });
      return undefined;
    });
    const open = new Map((read?.errands.open ?? []).map((errand) => [errand.key, errand]));
    return new Map(
      passed.map((reminder): [Reminder, Due] => {
        const errand = open.get(reminder.key);
        if (errand) return [reminder, { show: errand }];
        return [reminder, read?.complete ? { letGo: true } : { show: reminder }];
      }),
    );
  }

  #view(): RemindersView {
    const now = this.deps.now();
    const said = (reminder: Reminder) => ({ key: reminder.key, title: reminder.title, at: reminder.at, words: reminderWords(reminder.at, now) });
    const byTime = (a: Reminder, b: Reminder) => a.at - b.at;
    return {
      set: this.#file.reminders.filter((reminder) => reminder.shownAt === undefined).sort(byTime).map(said),
      due: this.#file.reminders.filter((reminder) => reminder.shownAt !== undefined).sort(byTime).map(said),
      options: reminderOptions(now),
      days: pickableDays(now),
      ...(this.#problem !== undefined ? { problem: this.#problem } : {}),
    };
  }

  /** The unreadable file aside, kept; one that was mended or removed by hand meanwhile is simply gone. */
  async #setAside(now: number): Promise<void> {
    try {
      const aside = await setRemindersFileAside(this.deps.dataDir, now);
      this.deps.logger.warn('The unreadable reminders file was put aside; a new one is started', { keptAs: aside });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    this.#problem = undefined;
  }

  async #write(file: RemindersFile): Promise<void> {
    await writeRemindersFile(this.deps.dataDir, file);
    this.#file = file;
  }

  /** A change, queued at once behind the first read (so shutdown waits for it), refused once the app is closing. */
  #change(change: () => Promise<void>): Promise<RemindersView> {
    if (this.#closed) return Promise.reject(new IpcError({ code: 'closed', message: 'Tidying is closing: nothing more is changed.' }));
    void this.start().catch(() => {});
    return this.#serial(change).then(() => {
      this.#schedule();
      const view = this.#view();
      this.deps.changed(view);
      return view;
    });
  }

  #serial<T>(run: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => {});
    return result;
  }

  /** Sleeps until the next reminder (`soonest` at least: after a failed check, not at once again). */
  #schedule(soonest = 0): void {
    this.#clearTimer();
    if (this.#closed) return;
    const next = Math.min(...this.#file.reminders.filter((reminder) => reminder.shownAt === undefined).map((reminder) => reminder.at));
    if (!Number.isFinite(next)) return;
    this.#timer = this.deps.timers.set(
      () => {
        this.#timer = undefined;
        this.#serial(() => this.#wake()).then(
          () => this.#schedule(),
          (error: unknown) => {
            this.deps.logger.warn('Reminders could not be checked; they are checked again in an hour', { error });
            this.#schedule(WAKE_MS);
          },
        );
      },
      Math.min(Math.max(soonest, next - this.deps.now()), WAKE_MS),
    );
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.deps.timers.clear(this.#timer);
    this.#timer = undefined;
  }
}

/** The reminders once those that came due are shown (marked `now`) or let go; the rest as they were. */
function afterDue(reminders: readonly Reminder[], due: ReadonlyMap<Reminder, Due>, now: number): Reminder[] {
  return reminders.flatMap((reminder) => {
    const what = due.get(reminder);
    return !what ? [reminder] : 'letGo' in what ? [] : [{ ...reminder, shownAt: now }];
  });
}

/** One notification for all that came due together: what to take where, never how late. */
function noticeOf(shown: ReadonlyArray<Errand | Reminder>): ReminderNotice {
  const body = shown.map((trip) => `${'lines' in trip ? errandWords(trip) : trip.title}.`).join(' ');
  return { title: shown.length === 1 ? 'A trip you planned' : `${shown.length} trips you planned`, body, tag: 'tidying-reminder' };
}
