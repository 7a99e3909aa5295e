/**
 * Reminders through the app core, over sessions as the app leaves them: a trip's reminder is set over the contract's
 * channel, comes due on the core's clock and is shown once: web mode pushes it to the page, the window's core hands it
 * to the system's notifications. The calendar file is of the trip as Home gathers it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PushEvent } from './app-core';
import type { AppCore } from './app-core';
import type { ReminderNotice } from '../../shared/reminders/schema';
import { manualTime } from '../effects';
import { testCore } from '../../../test-support/fixtures';
import { decided, writeEndedSession } from '../../../test-support/logged-session';
import { tempFolder } from '../../../test-support/temp-folder';

const signal = new AbortController().signal;
// Thursday 26 November 2026, 8:15 local time.
const THURSDAY = new Date(2026, 10, 26, 8, 15).getTime();
const VISIT = THURSDAY - 3 * 24 * 3_600_000;

let app: AppCore | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

const donate = (id: string, name: string) => decided(id, name, 'donate', VISIT);

async function homeWithTrips(notify?: (notice: ReminderNotice) => void) {
  const dataDir = await tempFolder('tidy-core-reminders-');
  await writeEndedSession(dataDir, 'office-visit', VISIT, 'Work', [donate('b1', 'book'), donate('b2', 'book')]);
  await writeEndedSession(dataDir, 'bedroom-visit', VISIT + 24 * 3_600_000, 'Sleep', [donate('ju', 'jumper')]);
  const time = manualTime(THURSDAY);
  const pushes: PushEvent[] = [];
  app = testCore({ dataDir, time: time.clock, timers: time.timers, ...(notify ? { notify } : {}) });
  app.onPush((event) => pushes.push(event));
  return { dataDir, time, pushes, core: app };
}

describe('reminders through the app core', () => {
  it('in web mode, pushes a reminder that came due for the page to show, once, and says so on Home', async () => {
    const { core, time, pushes } = await homeWithTrips();
    const errands = await core.handlers['errands:list'](undefined, { signal });
    expect(errands.open.map((errand) => errand.key)).toEqual(['donate']);
    const set = await core.handlers['reminders:set']({ key: 'donate', when: { kind: 'evening' } }, { signal });
    expect(set.set).toMatchObject([{ key: 'donate', words: 'this evening at 7 pm' }]);
    expect(pushes.filter((push) => push.channel === 'reminders:changed').at(-1)?.payload).toEqual(set);

    time.advance(11 * 3_600_000);
    await core.idle();
    expect(pushes.filter((push) => push.channel === 'reminders:notify').map((push) => push.payload)).toEqual([
      { title: 'A trip you planned', body: 'Donation: 3 things, from the office and the bedroom.', tag: 'tidying-reminder' },
    ]);
    expect(await core.handlers['reminders:get'](undefined, { signal })).toMatchObject({ set: [], due: [{ key: 'donate' }] });
    await core.handlers['reminders:cancel']({ key: 'donate' }, { signal });
    expect(await core.handlers['reminders:get'](undefined, { signal })).toMatchObject({ set: [], due: [] });
  });

  it('in the window, hands it to the system’s notifications instead of the page', async () => {
    const notices: ReminderNotice[] = [];
    const { core, time, pushes } = await homeWithTrips((notice) => notices.push(notice));
    await core.handlers['reminders:set']({ key: 'donate', when: { kind: 'morning' } }, { signal });
    time.advance(25 * 3_600_000);
    await core.idle();
    expect(notices).toHaveLength(1);
    expect(pushes.some((push) => push.channel === 'reminders:notify')).toBe(false);
  });

  it('saves the trip as a calendar file at its reminder’s time, and refuses a trip that is not there', async () => {
    const { core } = await homeWithTrips();
    await core.handlers['reminders:set']({ key: 'donate', when: { kind: 'saturday' } }, { signal });
    const { fileName, text } = await core.handlers['errands:calendar']({ key: 'donate' }, { signal });
    expect(fileName).toBe('tidying-trip-donation.ics');
    expect(text).toContain(`DTSTART:${new Date(2026, 10, 28, 10).toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
    expect(text).toContain('- books ×2 (Office)');
    await expect(core.handlers['errands:calendar']({ key: 'recycle:battery point' }, { signal })).rejects.toThrow('nothing left to take');
  });
});
