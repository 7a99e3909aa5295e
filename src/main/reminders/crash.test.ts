/**
 * Web mode killed with SIGKILL while the person sets reminders and ticks trips: the process that holds the data folder
 * dies (and is checked gone), a new one starts after the reminder's time, and what the app answered as kept is there:
 * the reminder (shown on Home, quietly), the tick in its session's plan, and a reminders file that is never half
 * written, whatever the moment of the kill.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Errands } from '../../shared/exit-plan/schema';
import { RemindersFileSchema, type RemindersView } from '../../shared/reminders/schema';
import { decided, writeEndedSession } from '../../../test-support/logged-session';
import { tempFolder } from '../../../test-support/temp-folder';
import { connect, startWeb, type RunningWebChild, type WebClient } from '../../../test-support/web-child';
import { remindersFilePath } from './file';

const HOUR = 3_600_000;
// Thursday 26 November 2026, 8:15, in a time zone the test sets for the child.
const THURSDAY = Date.UTC(2026, 10, 26, 8, 15);
const ZONE = { TZ: 'Europe/London' };

const running: Array<{ web: RunningWebChild; client: WebClient }> = [];
afterEach(async () => {
  for (const { web, client } of running.splice(0)) {
    client.close();
    await web.stop();
  }
});

async function start(dataDir: string, at: number): Promise<{ web: RunningWebChild; client: WebClient }> {
  const web = await startWeb(dataDir, { ...ZONE, TIDY_CLOCK_START: new Date(at).toISOString() });
  const client = await connect(web.url);
  running.push({ web, client });
  return { web, client };
}

/** Kills the process holding the data folder, as a crash would, and checks it is gone. */
async function crash(app: { web: RunningWebChild; client: WebClient }): Promise<void> {
  running.splice(running.indexOf(app), 1);
  app.client.close();
  const exit = await app.web.stop('SIGKILL');
  expect(exit.signal).toBe('SIGKILL');
}

async function call<T>(client: WebClient, channel: string, input?: unknown): Promise<T> {
  const result = await client.invoke(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.output as T;
}

async function homeWithTrips(): Promise<string> {
  const dataDir = await tempFolder('tidy-reminders-crash-');
  const visit = THURSDAY - 3 * 24 * HOUR;
  await writeEndedSession(dataDir, 'office-visit', visit, 'Work', [decided('b1', 'book', 'donate', visit), decided('ju', 'jumper', 'donate', visit)]);
  return dataDir;
}

describe('reminders and ticks through a crash', () => {
  it('keeps what was answered as kept: the reminder comes on the next start, once, quietly, and the tick is in its plan', async () => {
    const dataDir = await homeWithTrips();
    const first = await start(dataDir, THURSDAY);
    const set = await call<RemindersView>(first.client, 'reminders:set', { key: 'donate', when: { kind: 'morning' } });
    expect(set.set).toMatchObject([{ key: 'donate', words: 'tomorrow at 9 am' }]);
    await call(first.client, 'exitPlan:tick', { id: 'office-visit', itemId: 'ju', done: true });
    await crash(first);

    const second = await start(dataDir, Date.UTC(2026, 10, 27, 15));
    expect(await call<RemindersView>(second.client, 'reminders:get')).toMatchObject({ set: [], due: [{ key: 'donate', words: 'this morning at 9 am' }] });
    const errands = await call<Errands>(second.client, 'errands:list');
    expect(errands.open).toMatchObject([{ key: 'donate', left: 1, lines: [{ name: 'book', done: false }, { name: 'jumper', done: true }] }]);
    await crash(second);

    // It had its showing, crash or not.
    const third = await start(dataDir, Date.UTC(2026, 10, 27, 16));
    expect(await call<RemindersView>(third.client, 'reminders:get')).toMatchObject({ set: [], due: [] });
  });

  it('never leaves a half-written reminders file, killed in the middle of many changes', async () => {
    const dataDir = await homeWithTrips();
    const app = await start(dataDir, THURSDAY);
    const times = [{ kind: 'morning' }, { kind: 'saturday' }, { kind: 'evening' }, { kind: 'day', day: '2026-12-03' }] as const;
    // Changes sent one after another without waiting, and the process killed while they are being written.
    const sent = Array.from({ length: 40 }, (_, index) =>
      (index % 5 === 4 ? app.client.invoke('reminders:cancel', { key: 'donate' }) : app.client.invoke('reminders:set', { key: 'donate', when: times[index % times.length] })).catch(
        // The ones the kill cut off never answer.
        (error: unknown) => ({ ok: false, error }),
      ),
    );
    await sent[7];
    await crash(app);
    await Promise.all(sent);

    const text = await readFile(remindersFilePath(dataDir), 'utf8');
    const file = RemindersFileSchema.parse(JSON.parse(text));
    expect(file.reminders.length).toBeLessThanOrEqual(1);
    const again = await start(dataDir, THURSDAY + HOUR);
    const view = await call<RemindersView>(again.client, 'reminders:get');
    expect(view.problem).toBeUndefined();
    expect(view.set.map((reminder) => reminder.key)).toEqual(file.reminders.map((reminder) => reminder.key));
  });
});
