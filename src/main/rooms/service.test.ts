import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newSessionState } from '../../shared/session/new-session';
import type { PileItem, SessionState } from '../../shared/session/schema';
import { writeExitPlanTicks } from '../exit-plan/ticks-file';
import { metaFromState, sessionPaths, writeSessionMeta } from '../session-log';
import { memoryLogger } from '../../../test-support/fixtures';
import { tempFolder } from '../../../test-support/temp-folder';
import { PROGRESS_COLUMNS } from '../../shared/rooms/table';
import { agoWords, lookLine, LOOSE_NOTE, totalsWords, waitingWords } from '../../shared/rooms/words';
import { readRoomsFile, roomsFilePath } from './file';
import { HOME_INDEX_FILE, homeIndexPath } from './home-index';
import { NO_SPACE_ROOM } from './group';
import { Rooms } from './service';

const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2026, 0, 5, 9);

const entry = (id: string, name: string, outcome: PileItem['outcome'], location?: string): PileItem => ({ id, name, outcome, ...(location ? { location } : {}), decidedAt: 1 });

/** A session as its folder holds it for Home: its meta.json (no log: Home reads none). */
async function session(dataDir: string, id: string, day: number, fields: Partial<SessionState> = {}): Promise<SessionState> {
  const state: SessionState = { ...newSessionState(id, START + day * DAY), status: 'ended', ...fields };
  const { dir } = sessionPaths(dataDir, id);
  await mkdir(dir, { recursive: true });
  await writeSessionMeta(dir, metaFromState(state, 'guided', START + day * DAY + 3_600_000));
  return state;
}

function rooms(dataDir: string, options: { now?: number; current?: SessionState } = {}) {
  let ids = 0;
  const logger = memoryLogger();
  const service = new Rooms({
    dataDir,
    logger,
    now: () => options.now ?? START + 100 * DAY,
    newId: () => `room-${++ids}`,
    current: () => options.current ?? newSessionState('fresh', 0),
    removeSession: (id) => rm(sessionPaths(dataDir, id).dir, { recursive: true }),
  });
  return { service, logger };
}

/** Every file under the folder with its bytes, to see what a change touched. */
async function snapshot(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (name.isFile()) files.set(path.relative(folder, path.join(name.parentPath, name.name)), await readFile(path.join(name.parentPath, name.name), 'utf8'));
  }
  return files;
}

describe('rooms on first start', () => {
  it('groups the sessions there by their kind of space, touching nothing but the new rooms file (and Home’s index); removing them undoes that', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    await session(dataDir, 'desk-1', 0, { spaceFunction: 'Work (Design)' });
    await session(dataDir, 'desk-2', 20, { spaceFunction: 'work' });
    await session(dataDir, 'bed', 5, { spaceFunction: 'Sleep' });
    await session(dataDir, 'nook', 6, { spaceFunction: 'reading nook' });
    await session(dataDir, 'blank', 7);
    const before = await snapshot(dataDir);

    const { service } = rooms(dataDir);
    const home = await service.home();
    await service.idle();
    expect(home.grouped).toEqual({ sessions: 5, rooms: 4 });
    expect(home.rooms.map((room) => [room.name, room.visits])).toEqual([
      ['Office', 2],
      [NO_SPACE_ROOM, 1],
      ['Reading nook', 1],
      ['Bedroom', 1],
    ]);
    const after = await snapshot(dataDir);
    expect([...after.keys()].filter((file) => !before.has(file)).sort()).toEqual([HOME_INDEX_FILE, 'rooms.json']);
    for (const [file, bytes] of before) expect(after.get(file), file).toBe(bytes);

    // Undone: without the rooms file and the index (a copy of the sessions' metadata), the folder is as it was.
    await rm(roomsFilePath(dataDir));
    await rm(homeIndexPath(dataDir));
    expect(await snapshot(dataDir)).toEqual(before);
  });

  it('says nothing about grouping when there was nothing to group, and lists no rooms', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    const home = await rooms(dataDir).service.home();
    expect(home).toMatchObject({ rooms: [], month: { rooms: [] } });
    expect(home.grouped).toBeUndefined();
  });
});

describe('a room’s card and page', () => {
  it('shows the last visit, what is waiting (undecided, trips not ticked, plans put away left out) and the progress over time', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    await session(dataDir, 'one', 0, {
      spaceFunction: 'Work',
      anchors: ['desk'],
      piles: { belongs: [entry('m', 'mug', 'place', 'kitchen')], out: [entry('b1', 'bottle', 'trash'), entry('b2', 'bottle', 'trash'), entry('j', 'jumper', 'donate')], unsure: [] },
      photos: [{ id: 'p1', fileName: 'desk.jpg', width: 100, height: 100, stage: 'before', detections: { items: [], busy: [] } }],
    });
    await session(dataDir, 'two', 21, {
      spaceFunction: 'Work',
      anchors: ['desk', 'shelves'],
      piles: { belongs: [entry('l', 'lamp', 'keep')], out: [], unsure: [entry('x', 'box', 'unsure')] },
      sprint: { number: 2, lengthMs: 15 * 60_000, breakMs: 5 * 60_000, phase: { kind: 'paused', elapsedMs: 5 * 60_000 } },
    });
    // The first visit's trash went out; its donation bag and the kitchen trip wait.
    await writeExitPlanTicks(sessionPaths(dataDir, 'one').dir, { version: 1, done: ['b1', 'b2'] });
    const { service } = rooms(dataDir);
    const [office] = (await service.home()).rooms;
    expect(office).toMatchObject({ name: 'Office', space: 'Work', anchors: ['desk', 'shelves'], visits: 2, lastVisit: START + 21 * DAY + 3_600_000, waiting: { undecided: 1, trips: 2 } });

    const page = await service.page(office!.id);
    expect(page.visits.map((visit) => [visit.sessionId, visit.decided, visit.left, visit.trips, visit.minutes])).toEqual([
      ['one', 4, 2, { done: 1, total: 3 }, 0],
      ['two', 2, 0, { done: 0, total: 0 }, 20],
    ]);
    expect(page.totals).toEqual({ visits: 2, counts: { here: 1, elsewhere: 1, leaving: 3, undecided: 1, skipped: 0 }, decided: 6, left: 2, trips: { done: 1, total: 3 }, minutes: 20 });
    expect(page.first).toMatchObject({ sessionId: 'one', photos: ['p1'], loose: 0 });
    // One visit with photos: no "latest" beside the same photos.
    expect(page.latest).toBeUndefined();

    // The plan put away (written and handed over, as the exit plans do) no longer waits.
    const dismissed = { version: 1 as const, done: ['b1', 'b2'], dismissedAt: 1 };
    await writeExitPlanTicks(sessionPaths(dataDir, 'one').dir, dismissed);
    service.ticksWritten('one', dismissed);
    expect((await service.home()).rooms[0]?.waiting).toEqual({ undecided: 1, trips: 0 });
  });

  it('hands Home’s trips to make the sessions with trips left and not put away, each with its room as Home names it', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    const trash = (id: string) => ({ belongs: [], out: [entry(id, 'bottle', 'trash')], unsure: [] });
    await session(dataDir, 'desk', 0, { spaceFunction: 'Work', piles: trash('d') });
    await session(dataDir, 'bed', 1, { spaceFunction: 'Sleep', piles: trash('b') });
    await session(dataDir, 'bed-done', 2, { spaceFunction: 'Sleep', piles: trash('bd') });
    await session(dataDir, 'bed-away', 3, { spaceFunction: 'Sleep', piles: trash('ba') });
    await session(dataDir, 'bed-nothing', 4, { spaceFunction: 'Sleep' });
    await writeExitPlanTicks(sessionPaths(dataDir, 'bed-done').dir, { version: 1, done: ['bd'] });
    await writeExitPlanTicks(sessionPaths(dataDir, 'bed-away').dir, { version: 1, done: [], dismissedAt: 1 });
    const { service } = rooms(dataDir);
    const home = await service.home();
    await service.rename(home.rooms.find((room) => room.name === 'Bedroom')!.id, 'Attic');
    expect((await service.planned())!.map(({ session, room }) => [session.id, room.name, room.named])).toEqual([
      ['desk', 'Office', false],
      ['bed', 'Attic', true],
    ]);
  });

  it('exports the room as Markdown with its chart as an image and the same numbers as a table', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    await session(dataDir, 'one', 0, { spaceFunction: 'Work', piles: { belongs: [entry('l', 'lamp', 'keep')], out: [entry('b', 'bottle', 'trash')], unsure: [] } });
    const { service } = rooms(dataDir, { now: START + 22 * DAY });
    const [office] = (await service.home()).rooms;
    const { fileName, markdown } = await service.summary(office!.id);
    expect(fileName).toBe('tidying-office.md');
    expect(markdown).toContain('# Office');
    expect(markdown).toContain('Last visit: 3 weeks ago. Waiting: 1 trip to make.');
    expect(markdown).toContain('1 visit, under a minute in all. 2 things decided: 1 stays here, 0 go elsewhere in the home, 1 leaves the home, 0 undecided. 0 things left the home; 0 of 1 trip done.');
    const image = /!\[Things decided at each visit, in the four groups\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\)/.exec(markdown);
    const svg = Buffer.from(image![1]!, 'base64').toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<title>Things decided at each visit, in the four groups</title>');
    expect(markdown).toContain('| 5 Jan | 1 | 0 | 1 | 0 | 0 | 2 | 0 | 0 of 1 | 0 |');
    expect(markdown).toContain('| All visits | 1 | 0 | 1 | 0 | 0 | 2 | 0 | 0 of 1 | 0 |');
  });
});

/** Words that judge: a deadline, a score, a streak, or a visit set against another. None may ever be said of a room. */
const JUDGING = /overdue|late\b|behind|score|streak|points?\b|less than|fewer than|more than|worse|better|down from|only \d|%|missed|failed|should/i;

describe('a room in calm words', () => {
  it('says a long wait, things waiting and a visit that did less than the one before without judging any of it', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    const many = Array.from({ length: 8 }, (_, index) => entry(`o${index}`, `bottle ${index}`, 'trash'));
    await session(dataDir, 'big', 0, { spaceFunction: 'Work', anchors: ['desk'], piles: { belongs: [], out: many, unsure: [] } });
    await session(dataDir, 'small', 30, {
      spaceFunction: 'Work',
      anchors: ['desk'],
      piles: { belongs: [], out: [], unsure: [entry('u1', 'box', 'unsure'), entry('u2', 'cable', 'unsure')] },
      photos: [{ id: 'p1', fileName: 'desk.jpg', width: 100, height: 100, stage: 'before', detections: { items: [], busy: [] } }],
    });
    // Over a year since, with undecided things and trips still waiting.
    const { service } = rooms(dataDir, { now: START + 500 * DAY });
    const home = await service.home();
    const [office] = home.rooms;
    const page = await service.page(office!.id);
    const { markdown } = await service.summary(office!.id);
    const said = [
      agoWords(office!.lastVisit!, home.now),
      waitingWords(office!.waiting),
      totalsWords(page.totals),
      ...page.visits.map((visit) => PROGRESS_COLUMNS.map((column) => column.visit(visit)).join(' ')),
      lookLine(page.first!),
      LOOSE_NOTE,
      markdown.replace(/\(data:[^)]*\)/g, ''),
    ];
    expect(said.slice(0, 2)).toEqual(['over a year ago', '2 undecided things and 1 trip to make']);
    for (const words of said) expect(words).not.toMatch(JUDGING);
  });
});

describe('changing rooms', () => {
  async function twoRooms() {
    const dataDir = await tempFolder('tidy-rooms-');
    await session(dataDir, 'desk', 0, { spaceFunction: 'Work' });
    await session(dataDir, 'desk-again', 3, { spaceFunction: 'Work' });
    await session(dataDir, 'bed', 1, { spaceFunction: 'Sleep' });
    const made = rooms(dataDir);
    const home = await made.service.home();
    const id = (name: string) => home.rooms.find((room) => room.name === name)!.id;
    return { dataDir, ...made, office: id('Office'), bedroom: id('Bedroom') };
  }

  it('renames, moves a session (to a room or a new one) and merges, each kept in the rooms file', async () => {
    const { dataDir, service, office, bedroom } = await twoRooms();
    expect((await service.rename(office, 'Studio')).rooms.find((room) => room.id === office)).toMatchObject({ name: 'Studio', named: true });
    let home = await service.moveSession('desk-again', bedroom);
    expect(home.rooms.find((room) => room.id === bedroom)?.visits).toBe(2);
    home = await service.moveSession('desk-again', 'new');
    expect(home.rooms).toHaveLength(3);
    home = await service.merge(bedroom, office);
    expect(home.rooms.find((room) => room.id === office)?.visits).toBe(2);
    expect(home.rooms.some((room) => room.id === bedroom)).toBe(false);
    const read = await readRoomsFile(dataDir);
    expect(read.kind === 'read' && read.file.rooms.flatMap((room) => room.sessions).sort()).toEqual(['bed', 'desk', 'desk-again']);
    await expect(service.merge(office, office)).rejects.toThrow('cannot be merged into itself');
    await expect(service.rename('gone', 'x')).rejects.toThrow('There is no such room');
  });

  it('deleting a room with sessions asks what becomes of them: moved keeps them; deleted removes their folders', async () => {
    const { dataDir, service, office, bedroom } = await twoRooms();
    await expect(service.remove(office, undefined)).rejects.toThrow('Say what becomes of this room’s 2 sessions first');
    let home = await service.remove(bedroom, { moveTo: office });
    expect(home.rooms.map((room) => [room.id, room.visits])).toEqual([[office, 3]]);
    home = await service.remove(office, 'delete');
    expect(home.rooms).toEqual([]);
    await expect(readdir(path.join(dataDir, 'sessions'))).resolves.toEqual([]);
  });

  it('never deletes the session in use with its room', async () => {
    const dataDir = await tempFolder('tidy-rooms-');
    const current = await session(dataDir, 'now', 0, { status: 'active', spaceFunction: 'Work' });
    const { service } = rooms(dataDir, { current });
    await service.place('now', undefined, 'adopt');
    const [office] = (await service.home()).rooms;
    await expect(service.remove(office!.id, 'delete')).rejects.toThrow('The session in use is in this room');
    await expect(readdir(path.join(dataDir, 'sessions'))).resolves.toEqual(['now']);
  });
});

describe('a rooms file that cannot be read', () => {
  it.each([
    ['cut short', '{"version":1,"rooms":[{"id":"r1","createdAt":1,"sess', 'it is not complete JSON (it may have been cut short)'],
    ['empty', '', 'it is empty'],
    ['not rooms', '{"version":1,"rooms":[{"id":"r1","createdAt":1,"sessions":["a"]},{"id":"r2","createdAt":1,"sessions":["a"]}]}', 'it does not hold rooms as Tidying writes them (session a is in two rooms (r1 and r2))'],
  ])('(%s) gets a clear message, is never written over, and takes no session with it', async (_case, text, reason) => {
    const dataDir = await tempFolder('tidy-rooms-');
    await session(dataDir, 'a', 0, { spaceFunction: 'Work' });
    await writeFile(roomsFilePath(dataDir), text);
    const current = await session(dataDir, 'b', 1, { status: 'active', spaceFunction: 'Sleep' });
    const { service, logger } = rooms(dataDir, { current });

    const home = await service.home();
    expect(home.rooms).toEqual([]);
    expect(home.problem).toContain(`rooms.json in the data folder ${reason}`);
    expect(home.problem).toContain('Your sessions are all kept');
    // A session that starts meanwhile goes on, in no room for now.
    await service.place('b', { id: 'r9' }, 'started');
    expect(logger.lines.some((line) => line.includes('in no room for now'))).toBe(true);
    await expect(service.rename('r1', 'Den')).rejects.toThrow('Your rooms could not be read');
    expect(await readFile(roomsFilePath(dataDir), 'utf8')).toBe(text);
    await expect(readdir(path.join(dataDir, 'sessions'))).resolves.toEqual(['a', 'b']);

    // Set up again: the file is kept aside, and every session is in a room again (the one in use placed when it was started).
    const again = await service.setUpAgain();
    expect(again.problem).toBeUndefined();
    const aside = (await readdir(dataDir)).filter((name) => name.startsWith('rooms.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(path.join(dataDir, aside[0]!), 'utf8')).toBe(text);
    await service.place('b', undefined, 'adopt');
    expect((await service.home()).rooms.map((room) => room.name).sort()).toEqual(['Bedroom', 'Office']);
    await expect(service.setUpAgain()).rejects.toThrow('reads fine');
  });
});
