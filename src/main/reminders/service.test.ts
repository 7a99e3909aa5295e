import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Errand, Errands } from '../../shared/exit-plan/schema';
import type { ReminderNotice, RemindersView } from '../../shared/reminders/schema';
import { tempFolder } from '../../../test-support/temp-folder';
import { manualTime } from '../effects';
import { remindersFilePath } from './file';
import { Reminders } from './service';

// Local times, as the person's clock reads them. 2026-11-26 is a Thursday.
const local = (month: number, day: number, hour: number, minute = 0) => new Date(2026, month - 1, day, hour, minute).getTime();
const HOUR = 3_600_000;

const errand = (key: string, title: string, left: number, room = 'Office'): Errand => ({
  key,
  kind: key.startsWith('place') ? 'place' : 'donate',
  title,
  left,
  total: Math.max(left, 1),
  rooms: [{ id: room.toLowerCase(), name: room, named: false }],
  lines: [{ id: `${key}-1`, ids: Array.from({ length: Math.max(left, 1) }, (_, index) => `${key}-${index + 1}`), name: 'book', sessionId: 's1', done: left === 0 }],
});

/** The service over a data folder, on a clock the test moves, with the trips it is given and what it showed. */
async function remindersAt(start: number, options: { dataDir?: string; errands?: () => Errands; complete?: () => boolean; notify?: (notice: ReminderNotice) => void } = {}) {
  const dataDir = options.dataDir ?? (await tempFolder('tidy-reminders-'));
  const time = manualTime(start);
  const notices: ReminderNotice[] = [];
  const views: RemindersView[] = [];
  const warnings: string[] = [];
  let trips: Errands = { open: [errand('donate', 'Donation', 4), errand("place:mum's", "To mum's", 1, 'Bedroom')], done: [] };
  const reminders = new Reminders({
    dataDir,
    logger: { info: () => {}, warn: (message) => warnings.push(message) },
    now: () => time.clock.now(),
    timers: time.timers,
    trips: async () => ({ errands: options.errands?.() ?? trips, complete: options.complete?.() ?? true }),
    notify: (notice) => {
      options.notify?.(notice);
      notices.push(notice);
    },
    changed: (view) => views.push(view),
  });
  await reminders.start();
  return {
    dataDir,
    reminders,
    notices,
    views,
    warnings,
    setTrips: (next: Errands) => {
      trips = next;
    },
    /** Moves the clock on and waits for what fell due to be shown. */
    advance: async (ms: number) => {
      time.advance(ms);
      await reminders.idle();
    },
    onDisk: async () => JSON.parse(await readFile(remindersFilePath(dataDir), 'utf8')) as { reminders: Array<{ key: string; at: number; shownAt?: number }> },
  };
}

describe('reminders on trips', () => {
  it('reminds once, at the time picked, with what to take where, and keeps the reminder on disk until then', async () => {
    const app = await remindersAt(local(11, 26, 8, 15));
    const view = await app.reminders.set('donate', { kind: 'evening' });
    expect(view.set).toEqual([{ key: 'donate', title: 'Donation', at: local(11, 26, 19), words: 'this evening at 7 pm' }]);
    expect((await app.onDisk()).reminders).toMatchObject([{ key: 'donate', at: local(11, 26, 19) }]);

    await app.advance(local(11, 26, 19) - local(11, 26, 8, 15) - 1);
    expect(app.notices).toEqual([]);
    await app.advance(1);
    expect(app.notices).toEqual([{ title: 'A trip you planned', body: 'Donation: 4 things, from the office.', tag: 'tidying-reminder' }]);
    const due = await app.reminders.view();
    expect(due.set).toEqual([]);
    expect(due.due).toMatchObject([{ key: 'donate', words: 'this evening at 7 pm' }]);
    expect(app.views.at(-1)).toEqual(due);
    // Shown once: a day more brings nothing more.
    await app.advance(24 * HOUR);
    expect(app.notices).toHaveLength(1);
    expect(JSON.stringify(app.notices)).not.toMatch(/overdue|late|missed/i);
  });

  it('notifies at most once a day: a second trip due the same day waits quietly on Home; the next day notifies again', async () => {
    const app = await remindersAt(local(11, 26, 8));
    await app.reminders.set('donate', { kind: 'evening' });
    await app.reminders.set("place:mum's", { kind: 'day', day: '2026-11-27' });
    await app.advance(local(11, 26, 19) - local(11, 26, 8));
    expect(app.notices.map((notice) => notice.body)).toEqual(['Donation: 4 things, from the office.']);
    // Mum's is at 10 am tomorrow: a new day, so it notifies.
    await app.advance(local(11, 27, 10) - local(11, 26, 19));
    expect(app.notices.map((notice) => notice.body)).toEqual(['Donation: 4 things, from the office.', "To mum's: 1 thing, from the bedroom."]);

    // Two set for the same morning come as one notification.
    const two = await remindersAt(local(11, 26, 8));
    await two.reminders.set('donate', { kind: 'morning' });
    await two.reminders.set("place:mum's", { kind: 'morning' });
    await two.advance(26 * HOUR);
    expect(two.notices).toEqual([{ title: '2 trips you planned', body: "Donation: 4 things, from the office. To mum's: 1 thing, from the bedroom.", tag: 'tidying-reminder' }]);

    // Another due later that day is shown on Home only.
    const later = await remindersAt(local(11, 26, 8));
    await later.reminders.set('donate', { kind: 'morning' });
    await later.advance(25 * HOUR + 30 * 60_000);
    await later.reminders.set("place:mum's", { kind: 'evening' });
    await later.advance(12 * HOUR);
    expect(later.notices).toHaveLength(1);
    expect((await later.reminders.view()).due.map((reminder) => reminder.key)).toEqual(['donate', "place:mum's"]);
  });

  it('shows one that came due while the app was closed once, quietly, on the next start, and never again', async () => {
    const first = await remindersAt(local(11, 26, 8));
    await first.reminders.set('donate', { kind: 'morning' });
    await first.reminders.set("place:mum's", { kind: 'saturday' });
    await first.reminders.dispose();

    // Started the next afternoon: the morning's reminder is on Home, no notification; Saturday's still to come.
    const second = await remindersAt(local(11, 27, 15), { dataDir: first.dataDir });
    const view = await second.reminders.view();
    expect(view.due).toMatchObject([{ key: 'donate', words: 'this morning at 9 am' }]);
    expect(view.set).toMatchObject([{ key: "place:mum's", words: 'tomorrow at 10 am' }]);
    expect(second.notices).toEqual([]);
    await second.reminders.dispose();

    // Started again: it had its showing.
    const third = await remindersAt(local(11, 27, 16), { dataDir: first.dataDir });
    expect((await third.reminders.view()).due).toEqual([]);
    expect((await third.onDisk()).reminders.map((reminder) => reminder.key)).toEqual(["place:mum's"]);
    // The one still to come survived both restarts and notifies at its time.
    await third.advance(local(11, 28, 10) - local(11, 27, 16));
    expect(third.notices.map((notice) => notice.body)).toEqual(["To mum's: 1 thing, from the bedroom."]);
  });

  it('does not remind of a trip whose things were all ticked off by then', async () => {
    const app = await remindersAt(local(11, 26, 8));
    await app.reminders.set('donate', { kind: 'evening' });
    app.setTrips({ open: [errand("place:mum's", "To mum's", 1)], done: [errand('donate', 'Donation', 0)] });
    await app.advance(12 * HOUR);
    expect(app.notices).toEqual([]);
    expect(await app.reminders.view()).toMatchObject({ set: [], due: [] });
  });

  it('sleeps at most an hour at a time, and a reminder ten days ahead comes neither early nor late', async () => {
    const app = await remindersAt(local(11, 26, 8));
    await app.reminders.set('donate', { kind: 'day', day: '2026-12-06' });
    await app.advance(local(12, 6, 10) - local(11, 26, 8) - 60_000);
    expect(app.notices).toEqual([]);
    // The words on Home were said again from each new day.
    expect(app.views.at(-1)?.set).toMatchObject([{ words: 'this morning at 10 am' }]);
    await app.advance(60_000);
    expect(app.notices).toHaveLength(1);
  });

  it('replaces a trip’s reminder, cancels one, and refuses a trip with nothing left or a time gone by, writing nothing', async () => {
    const app = await remindersAt(local(11, 26, 18, 30));
    await app.reminders.set('donate', { kind: 'morning' });
    const moved = await app.reminders.set('donate', { kind: 'saturday' });
    expect(moved.set).toMatchObject([{ key: 'donate', at: local(11, 28, 10) }]);
    expect(moved.options.map((option) => option.label)).toEqual(['Tomorrow morning', 'Saturday']);
    await expect(app.reminders.set('donate', { kind: 'evening' })).rejects.toThrow('too late in the day');
    await expect(app.reminders.set('recycle:battery point', { kind: 'morning' })).rejects.toThrow('nothing left to take');
    await expect(app.reminders.set('donate', { kind: 'day', day: '2026-11-26' })).rejects.toThrow('from tomorrow on');
    expect((await app.onDisk()).reminders).toMatchObject([{ key: 'donate', at: local(11, 28, 10) }]);
    expect((await app.reminders.cancel('donate')).set).toEqual([]);
    expect((await app.onDisk()).reminders).toEqual([]);
    await app.advance(3 * 24 * HOUR);
    expect(app.notices).toEqual([]);
  });

  it('says what is wrong with a reminders file it cannot read, never writes over it, and puts it aside, kept, when a reminder is set', async () => {
    for (const bad of ['{"version":1,"reminders":[{"key":"donate"', '{"version":2,"reminders":[]}', '']) {
      const dataDir = await tempFolder('tidy-reminders-bad-');
      await writeFile(remindersFilePath(dataDir), bad);
      const app = await remindersAt(local(11, 26, 8), { dataDir });
      const view = await app.reminders.view();
      expect(view.problem).toMatch(/^Your reminders could not be read: it (is not complete JSON|does not hold reminders|is empty)/);
      await app.reminders.cancel('donate');
      expect(await readFile(remindersFilePath(dataDir), 'utf8')).toBe(bad);

      const set = await app.reminders.set('donate', { kind: 'morning' });
      expect(set.problem).toBeUndefined();
      expect((await app.onDisk()).reminders).toMatchObject([{ key: 'donate' }]);
      const aside = (await readdir(dataDir)).filter((name) => name.startsWith('reminders.unreadable-'));
      expect(aside).toHaveLength(1);
      expect(await readFile(path.join(dataDir, aside[0]!), 'utf8')).toBe(bad);
      expect(app.warnings).toContain('The unreadable reminders file was put aside; a new one is started');
    }
  });

  it('starts a new file when the unreadable one was mended or removed by hand meanwhile', async () => {
    const dataDir = await tempFolder('tidy-reminders-bad-');
    await writeFile(remindersFilePath(dataDir), '{');
    const app = await remindersAt(local(11, 26, 8), { dataDir });
    await rm(remindersFilePath(dataDir));
    expect((await app.reminders.set('donate', { kind: 'morning' })).problem).toBeUndefined();
    expect((await app.onDisk()).reminders).toMatchObject([{ key: 'donate' }]);
  });

  it('reminds all the same when not every plan could be read, with the trip as it was set, and lets it go only on a full read', async () => {
    let complete = false;
    const app = await remindersAt(local(11, 26, 8), { complete: () => complete });
    await app.reminders.set('donate', { kind: 'evening' });
    await app.reminders.set("place:mum's", { kind: 'morning' });
    // Neither trip is read at their times: one because a plan could not be read, the other because it is all done.
    app.setTrips({ open: [], done: [] });
    await app.advance(12 * HOUR);
    expect(app.notices.map((notice) => notice.body)).toEqual(['Donation.']);
    expect((await app.reminders.view()).due.map((reminder) => reminder.key)).toEqual(['donate']);
    complete = true;
    await app.advance(14 * HOUR);
    expect(app.notices).toHaveLength(1);
    expect(await app.reminders.view()).toMatchObject({ set: [], due: [{ key: 'donate' }] });
  });

  it('refuses a time the page offered before the clock moved on (open over midnight), setting nothing', async () => {
    const app = await remindersAt(local(11, 27, 23, 55));
    const offered = (await app.reminders.view()).options.find((option) => option.when.kind === 'morning')!;
    expect(offered.at).toBe(local(11, 28, 9));
    await app.advance(10 * 60_000);
    await expect(app.reminders.set('donate', offered.when, offered.at)).rejects.toThrow('moved on since they were shown');
    expect((await app.reminders.view()).set).toEqual([]);
    const now = (await app.reminders.view()).options.find((option) => option.when.kind === 'morning')!;
    expect((await app.reminders.set('donate', now.when, now.at)).set).toMatchObject([{ at: local(11, 29, 9) }]);
  });

  it('writes what was asked before it closes, and takes no change after', async () => {
    const app = await remindersAt(local(11, 26, 8));
    const setting = app.reminders.set('donate', { kind: 'morning' });
    await app.reminders.dispose();
    await setting;
    expect((await app.onDisk()).reminders).toMatchObject([{ key: 'donate' }]);
    await expect(app.reminders.set("place:mum's", { kind: 'morning' })).rejects.toThrow('closing');
    expect((await app.onDisk()).reminders).toHaveLength(1);
  });

  it('shows the card on Home even when the notification cannot be shown', async () => {
    const app = await remindersAt(local(11, 26, 8), {
      notify: () => {
        throw new Error('no notification service');
      },
    });
    await app.reminders.set('donate', { kind: 'evening' });
    await app.advance(12 * HOUR);
    expect(app.views.at(-1)?.due).toMatchObject([{ key: 'donate' }]);
    expect(app.warnings).toContain('A reminder could not be shown as a notification');
  });

  it('reminds all the same when the trips cannot be read at that moment', async () => {
    let failing = false;
    const app = await remindersAt(local(11, 26, 8), {
      errands: () => {
        if (failing) throw new Error('disk gone');
        return { open: [errand('donate', 'Donation', 4)], done: [] };
      },
    });
    await app.reminders.set('donate', { kind: 'evening' });
    failing = true;
    await app.advance(12 * HOUR);
    expect(app.notices.map((notice) => notice.body)).toEqual(['Donation.']);
  });
});
