/**
 * Home from memory (summaries.ts): after the read at start, Home shows what is on disk after every change this
 * process makes (each handed over as the app does: see app-core.home.test.ts for the app's own wiring), and the index
 * a start reads instead of every session's files is never trusted past what the files say.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExitPlanTicks } from '../../shared/exit-plan/schema';
import type { Home } from '../../shared/rooms/schema';
import { newSessionState } from '../../shared/session/new-session';
import type { PileItem, SessionState } from '../../shared/session/schema';
import { writeExitPlanTicks } from '../exit-plan/ticks-file';
import { metaFromState, sessionPaths, writeSessionMeta, type SessionMeta } from '../session-log';
import { memoryLogger } from '../../../test-support/fixtures';
import { tempFolder } from '../../../test-support/temp-folder';
import { HomeIndexSchema, homeIndexPath } from './home-index';
import { Rooms } from './service';

const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2026, 0, 5, 9);

const entry = (id: string, name: string, outcome: PileItem['outcome']): PileItem => ({ id, name, outcome, decidedAt: 1 });

/** A session with two trips waiting (the trash and the donation bag), one thing undecided. */
const stateOf = (id: string, day: number, fields: Partial<SessionState> = {}): SessionState => ({
  ...newSessionState(id, START + day * DAY),
  status: 'ended',
  spaceFunction: 'Work',
  piles: { belongs: [], out: [entry(`${id}-b`, 'bottle', 'trash'), entry(`${id}-j`, 'jumper', 'donate')], unsure: [entry(`${id}-u`, 'box', 'unsure')] },
  ...fields,
});

const metaOf = (state: SessionState, day: number): SessionMeta => metaFromState(state, 'guided', START + day * DAY + 3_600_000);

async function writeSession(dataDir: string, state: SessionState, day: number): Promise<SessionMeta> {
  const { dir } = sessionPaths(dataDir, state.id);
  await mkdir(dir, { recursive: true });
  const meta = metaOf(state, day);
  await writeSessionMeta(dir, meta);
  return meta;
}

/** Room ids never repeat, as a later start on the same folder makes new ones. */
let ids = 0;

function rooms(dataDir: string) {
  const logger = memoryLogger();
  const service = new Rooms({
    dataDir,
    logger,
    now: () => START + 100 * DAY,
    newId: () => `room-${++ids}`,
    current: () => newSessionState('fresh', 0),
    removeSession: (id) => rm(sessionPaths(dataDir, id).dir, { recursive: true }),
  });
  return { service, logger };
}

/** What a person sees of Home: each room's name, visits, last visit and what waits there. */
const seen = (home: Home) => home.rooms.map((room) => ({ name: room.name, visits: room.visits, lastVisit: room.lastVisit, waiting: room.waiting }));

/** Home as a new start with no index reads it from the files alone: the truth the held copy must agree with. */
async function fromDisk(dataDir: string): Promise<ReturnType<typeof seen>> {
  const copy = await tempFolder('tidy-home-disk-');
  await cp(dataDir, copy, { recursive: true });
  await rm(homeIndexPath(copy), { force: true });
  const { service } = rooms(copy);
  const home = await service.home();
  await service.idle();
  return seen(home);
}

/** Three sessions in two rooms, Home opened once (so everything after is served from memory). */
async function started() {
  const dataDir = await tempFolder('tidy-home-');
  await writeSession(dataDir, stateOf('desk', 0), 0);
  await writeSession(dataDir, stateOf('desk-again', 3), 3);
  await writeSession(dataDir, stateOf('bed', 1, { spaceFunction: 'Sleep' }), 1);
  const made = rooms(dataDir);
  const home = await made.service.home();
  await made.service.idle();
  const id = (name: string) => home.rooms.find((room) => room.name === name)!.id;
  return { dataDir, ...made, office: id('Office'), bedroom: id('Bedroom') };
}

describe('Home held in memory agrees with the disk after this process’s own changes', () => {
  it('a room renamed, a session moved, a room merged', async () => {
    const { dataDir, service, office, bedroom } = await started();
    await service.rename(office, 'Studio');
    expect(seen(await service.home()).map((room) => room.name)).toEqual(['Studio', 'Bedroom']);
    // The bedroom's latest session is for work now, and an unnamed room is named from what it is for.
    await service.moveSession('desk-again', bedroom);
    expect(seen(await service.home()).map((room) => [room.name, room.visits])).toEqual([
      ['Office', 2],
      ['Studio', 1],
    ]);
    await service.merge(bedroom, office);
    expect(seen(await service.home())).toEqual([expect.objectContaining({ name: 'Studio', visits: 3 })]);
    expect(seen(await service.home())).toEqual(await fromDisk(dataDir));
  });

  it('a session deleted, alone or with its room', async () => {
    const { dataDir, service, bedroom } = await started();
    // As Sessions deletes one: its folder goes, then it leaves its room.
    await rm(sessionPaths(dataDir, 'desk-again').dir, { recursive: true });
    await service.forget('desk-again');
    expect(seen(await service.home()).find((room) => room.name === 'Office')).toMatchObject({ visits: 1, lastVisit: START + 3_600_000 });
    await service.remove(bedroom, 'delete');
    expect(seen(await service.home()).map((room) => room.name)).toEqual(['Office']);
    expect(seen(await service.home())).toEqual(await fromDisk(dataDir));
  });

  it('a trip ticked off, and a plan put away', async () => {
    const { dataDir, service } = await started();
    const tick = async (ticks: ExitPlanTicks) => {
      await writeExitPlanTicks(sessionPaths(dataDir, 'desk').dir, ticks);
      service.ticksWritten('desk', ticks);
    };
    const office = () => service.home().then((home) => seen(home).find((room) => room.name === 'Office'));
    expect((await office())?.waiting).toEqual({ undecided: 1, trips: 4 });
    await tick({ version: 1, done: ['desk-b'] });
    expect((await office())?.waiting).toEqual({ undecided: 1, trips: 3 });
    await tick({ version: 1, done: ['desk-b'], dismissedAt: 5 });
    expect((await office())?.waiting).toEqual({ undecided: 1, trips: 2 });
    expect(seen(await service.home())).toEqual(await fromDisk(dataDir));
  });

  it('a session ended with more done, and a new session’s first meta.json', async () => {
    const { dataDir, service } = await started();
    const later = stateOf('desk-again', 3, { piles: { belongs: [], out: [entry('x', 'bottle', 'trash')], unsure: [] } });
    service.metaWritten(await writeSession(dataDir, later, 40));
    expect(seen(await service.home())[0]).toEqual({ name: 'Office', visits: 2, lastVisit: START + 40 * DAY + 3_600_000, waiting: { undecided: 0, trips: 3 } });
    // A session just started: its folder and meta.json are made, then it is placed in its room.
    service.metaWritten(await writeSession(dataDir, stateOf('shelf', 50, { status: 'active' }), 50));
    await service.place('shelf', undefined, 'adopt');
    expect(seen(await service.home())[0]).toMatchObject({ name: 'Office', visits: 3, lastVisit: START + 50 * DAY + 3_600_000 });
    expect(seen(await service.home())).toEqual(await fromDisk(dataDir));
  });

  it('a session that arrived without being handed over (an imported archive) is found and put in its room', async () => {
    const { dataDir, service } = await started();
    await writeSession(dataDir, stateOf('imported', 9, { spaceFunction: 'Sleep' }), 9);
    expect(seen(await service.home()).find((room) => room.name === 'Bedroom')?.visits).toBe(2);
    expect(seen(await service.home())).toEqual(await fromDisk(dataDir));
  });

  it('a change handed over while the read at start is under way is kept, not overwritten by what that read found', async () => {
    const dataDir = await tempFolder('tidy-home-');
    await writeSession(dataDir, stateOf('desk', 0), 0);
    const { service } = rooms(dataDir);
    service.start();
    // The write lands on disk after the start's read has read the file: only the hand-over says what it is now.
    const ended = stateOf('desk', 0, { piles: { belongs: [], out: [], unsure: [] } });
    service.metaWritten(metaOf(ended, 7));
    service.ticksWritten('desk', { version: 1, done: [], dismissedAt: 1 });
    expect(seen(await service.home())).toEqual([{ name: 'Office', visits: 1, lastVisit: START + 7 * DAY + 3_600_000, waiting: { undecided: 0, trips: 0 } }]);
    await service.idle();
  });
});

describe('home-index.json: what a start reads instead of every session’s files', () => {
  /** A folder whose index a first start wrote. */
  async function indexed() {
    const { dataDir, service } = await started();
    await service.idle();
    const index = HomeIndexSchema.parse(JSON.parse(await readFile(homeIndexPath(dataDir), 'utf8')));
    return { dataDir, index, before: seen(await service.home()) };
  }

  it('is written by the first start with each session’s files, and a later start takes Home from it', async () => {
    const { dataDir, index, before } = await indexed();
    expect(Object.keys(index.sessions).sort()).toEqual(['bed', 'desk', 'desk-again']);
    expect(index.sessions.desk?.meta.text).toBe(await readFile(sessionPaths(dataDir, 'desk').meta, 'utf8'));
    expect(index.sessions.desk?.ticks).toEqual({ stamp: null });
    const next = rooms(dataDir);
    expect(seen(await next.service.home())).toEqual(before);
    await next.service.idle();
    // Nothing had changed, so the index was not written again.
    expect(HomeIndexSchema.parse(JSON.parse(await readFile(homeIndexPath(dataDir), 'utf8')))).toEqual(index);
    // Where a file's stamp still matches, its copy is what a start goes by (shown here by a copy edited to differ).
    const latest = index.sessions['desk-again']!;
    const edited = { ...latest, meta: { ...latest.meta, text: latest.meta.text.replace('"Work"', '"Sleep"') } };
    await writeFile(homeIndexPath(dataDir), JSON.stringify({ ...index, sessions: { ...index.sessions, 'desk-again': edited } }));
    expect(seen(await rooms(dataDir).service.home()).map((room) => room.name)).toEqual(['Bedroom', 'Bedroom']);
  });

  it('a session’s files changed since (another run that crashed, an older Tidying, a hand) are read again, and the index follows', async () => {
    const { dataDir, index } = await indexed();
    await writeSession(dataDir, stateOf('desk', 0, { piles: { belongs: [], out: [], unsure: [] } }), 30);
    await writeExitPlanTicks(sessionPaths(dataDir, 'bed').dir, { version: 1, done: ['bed-b', 'bed-j'] });
    await rm(sessionPaths(dataDir, 'desk-again').dir, { recursive: true });
    await writeSession(dataDir, stateOf('new', 20), 20);
    const { service } = rooms(dataDir);
    const home = seen(await service.home());
    expect(home).toEqual(await fromDisk(dataDir));
    expect(home).toEqual([
      { name: 'Office', visits: 2, lastVisit: START + 30 * DAY + 3_600_000, waiting: { undecided: 1, trips: 2 } },
      { name: 'Bedroom', visits: 1, lastVisit: START + 1 * DAY + 3_600_000, waiting: { undecided: 1, trips: 0 } },
    ]);
    await service.idle();
    const now = HomeIndexSchema.parse(JSON.parse(await readFile(homeIndexPath(dataDir), 'utf8')));
    expect(Object.keys(now.sessions).sort()).toEqual(['bed', 'desk', 'new']);
    expect(now.sessions.desk?.meta.stamp).not.toEqual(index.sessions.desk?.meta.stamp);
    expect(now.sessions.bed?.ticks.stamp).not.toBeNull();
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, text.length / 2), 'it is not complete JSON'],
    ['empty', () => '', 'it is empty'],
    ['not an index', () => '{"version":1,"sessions":{"desk":{"meta":{"text":"{}"}}}}', 'it does not hold an index as Tidying writes it'],
  ])('(%s) is reported, made again from the sessions’ files, and costs nothing', async (_case, damage, reason) => {
    const { dataDir, before } = await indexed();
    const sessions = await readdir(path.join(dataDir, 'sessions'), { recursive: true });
    const files = await Promise.all(sessions.map((name) => readFile(path.join(dataDir, 'sessions', name)).catch(() => 'a folder')));
    await writeFile(homeIndexPath(dataDir), damage(await readFile(homeIndexPath(dataDir), 'utf8')));

    const { service, logger } = rooms(dataDir);
    expect(seen(await service.home())).toEqual(before);
    await service.idle();
    expect(logger.lines.find((line) => line.includes('index of the sessions could not be used'))).toContain(reason);
    expect(HomeIndexSchema.safeParse(JSON.parse(await readFile(homeIndexPath(dataDir), 'utf8'))).success).toBe(true);
    // Every session's files are as they were.
    expect(await readdir(path.join(dataDir, 'sessions'), { recursive: true })).toEqual(sessions);
    expect(await Promise.all(sessions.map((name) => readFile(path.join(dataDir, 'sessions', name)).catch(() => 'a folder')))).toEqual(files);
  });
});
