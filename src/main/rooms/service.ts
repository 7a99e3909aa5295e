/**
 * The home's rooms (docs/rooms.md): Home and a room's page from the rooms file and the sessions' metadata (no log is
 * read; the metadata held in memory, see summaries.ts), what a visit to a room starts from, where a new session goes,
 * and the person's changes (rename, merge, move a session, delete). Changes to the rooms file run one at a time, so
 * none is lost to another.
 */
import { readFile } from 'node:fs/promises';
import type { CarryOver } from '../../shared/carry-over/schema';
import { IpcError } from '../../shared/ipc/errors';
import { roomName } from '../../shared/rooms/names';
import { monthOf, totalsOf, visitOf } from '../../shared/rooms/progress';
import type { Home, Room, RoomCard, RoomLook, RoomPage, RoomRef, RoomsFile, Visit } from '../../shared/rooms/schema';
import { sessionBegun } from '../../shared/session/new-session';
import type { SessionState } from '../../shared/session/schema';
import { NO_TICKS, type ExitPlanTicks } from '../../shared/exit-plan/schema';
import type { PlannedSession } from '../exit-plan/service';
import type { Logger } from '../log/logger';
import { PhotoIdSchema, photoPaths } from '../photos';
import { metaFromState, sessionPaths, type ListedSession, type SessionMeta } from '../session-log';
import { readRoomsFile, setRoomsFileAside, writeRoomsFile } from './file';
import { groupBySpace } from './group';
import { SessionSummaries } from './summaries';
import { roomSummaryMarkdown } from './summary-markdown';
import { fileNamePart } from '../files/file-name';

export interface RoomsDeps {
  readonly dataDir: string;
  readonly logger: Pick<Logger, 'warn'>;
  readonly now: () => number;
  readonly newId: () => string;
  /** The session in use: placed where it was started for (never by a guess while it runs), and never deleted here. */
  readonly current: () => SessionState;
  /** Deletes a session's folder, as Sessions does (it refuses the session in use). */
  readonly removeSession: (id: string) => Promise<void>;
}

/** What becomes of a room's sessions when it is deleted: moved to another room, or deleted with it. */
export type SessionsOfDeleted = { readonly moveTo: string } | 'delete';

/** The sessions by id: what their meta.json says, and their exit plans' ticks. */
interface Sessions {
  readonly metas: ReadonlyMap<string, ListedSession>;
  readonly ticks: ReadonlyMap<string, ExitPlanTicks>;
}

type Loaded = ({ readonly kind: 'read'; readonly file: RoomsFile } & Sessions) | { readonly kind: 'unreadable'; readonly reason: string };

/** A room with what its sessions' metadata says about it. */
interface RoomData {
  readonly room: Room;
  readonly card: RoomCard;
  /** Oldest first. */
  readonly sessions: readonly ListedSession[];
  readonly visits: readonly Visit[];
}

const NO_SUCH_ROOM = () => new IpcError({ code: 'invalid-input', message: 'There is no such room: it may have been deleted or merged.' });

export class Rooms {
  #queue: Promise<unknown> = Promise.resolve();
  /** Set once this run has grouped the sessions from before rooms existed: Home says so. */
  #grouped: Home['grouped'];
  readonly #summaries: SessionSummaries;

  constructor(private readonly deps: RoomsDeps) {
    this.#summaries = new SessionSummaries({ dataDir: deps.dataDir, logger: deps.logger });
  }

  /** Reads what Home shows, in the background (as the core starts), so the window's first Home waits for little or nothing. */
  start(): void {
    this.#summaries.load().catch((error: unknown) => this.deps.logger.warn('The sessions could not be read for Home at start; Home reads them when it opens', { error }));
  }

  /** This process has just written a session's meta.json. */
  metaWritten(meta: SessionMeta): void {
    this.#summaries.metaWritten(meta);
  }

  /** This process has just written a session's exit-plan ticks. */
  ticksWritten(sessionId: string, ticks: ExitPlanTicks): void {
    this.#summaries.ticksWritten(sessionId, ticks);
  }

  /** Resolves once the read at start, and the index it writes, are done. */
  idle(): Promise<void> {
    return this.#summaries.idle();
  }

  /** The rooms, most recently visited first, with what is waiting in each, and this month across them. */
  home(): Promise<Home> {
    return this.#serial(async () => {
      const now = this.deps.now();
      const loaded = await this.#load();
      if (loaded.kind === 'unreadable') return { now, rooms: [], month: monthOf([], now), problem: problemText(loaded.reason) };
      const rooms = loaded.file.rooms.map((room) => this.#data(room, loaded));
      const cards = rooms.map((room) => room.card).sort((a, b) => (b.lastVisit ?? -1) - (a.lastVisit ?? -1));
      const month = monthOf(rooms.map((room) => ({ id: room.card.id, name: room.card.name, visits: room.visits })), now);
      return { now, rooms: cards, month, ...(this.#grouped ? { grouped: this.#grouped } : {}) };
    });
  }

  /**
   * The sessions whose exit plan has trips still to make and was not put away (the ones Home's cards count), each with
   * its room as Home names it: what Home's trips to make gather. Undefined while the rooms file cannot be read.
   */
  planned(): Promise<PlannedSession[] | undefined> {
    return this.#serial(async () => {
      const loaded = await this.#load();
      if (loaded.kind === 'unreadable') return undefined;
      return loaded.file.rooms.flatMap((each) => {
        const { card, sessions, visits } = this.#data(each, loaded);
        const room = { id: card.id, name: card.name, named: card.named };
        return sessions.flatMap((session, index) => {
          const { trips } = visits[index]!;
          const away = loaded.ticks.get(session.id)?.dismissedAt !== undefined;
          return trips.done < trips.total && !away ? [{ session, room }] : [];
        });
      });
    });
  }

  /** One room's page: its visits over time, their totals, and its first photos beside its latest. */
  page(id: string): Promise<RoomPage> {
    return this.#serial(async () => {
      const { data } = await this.#room(id);
      const looks = data.sessions.flatMap((session) => (session.progress?.looks ? [{ session, looks: session.progress.looks }] : []));
      const [earliest] = looks;
      const last = looks.at(-1);
      const first: RoomLook | undefined = earliest && { sessionId: earliest.session.id, startedAt: earliest.session.startedAt, ...earliest.looks.first };
      const latest: RoomLook | undefined = last && { sessionId: last.session.id, startedAt: last.session.startedAt, ...last.looks.last };
      const same = first && latest && first.sessionId === latest.sessionId && first.photos.join() === latest.photos.join();
      return { now: this.deps.now(), room: data.card, visits: [...data.visits], totals: totalsOf(data.visits), ...(first ? { first } : {}), ...(latest && !same ? { latest } : {}) };
    });
  }

  /**
   * What a visit to the room starts from: the room as the session records it, and what its latest session that knew
   * what the room is for left (its space, what stays, its undecided things and next-time list). No such session: the
   * visit starts like a new room, in this room.
   */
  visit(id: string): Promise<{ room: RoomRef; carry?: CarryOver }> {
    return this.#serial(async () => {
      const { data } = await this.#room(id);
      const room: RoomRef = { id, ...(data.room.name ? { name: data.room.name } : {}) };
      const knowing = knowingSession(data.sessions);
      if (!knowing?.spaceFunction) return { room };
      const left = knowing.leftovers ?? { anchors: [], unsure: [], nextTime: [] };
      return { room, carry: { from: knowing.id, space: knowing.spaceFunction.trim().slice(0, 200), ...left } };
    });
  }

  /** The room's page as a Markdown file, its chart and its photos' thumbnails embedded. */
  async summary(id: string): Promise<{ fileName: string; markdown: string }> {
    const page = await this.page(id);
    const thumbnails = new Map<string, Uint8Array>();
    for (const look of [page.first, page.latest]) {
      for (const photo of look?.photos ?? []) {
        if (!PhotoIdSchema.safeParse(photo).success) continue;
        const bytes = await readFile(photoPaths(sessionPaths(this.deps.dataDir, look!.sessionId).photos, photo).thumb).catch(() => undefined);
        if (bytes) thumbnails.set(photo, bytes);
      }
    }
    return { fileName: `tidying-${fileNamePart(page.room.name, 'room')}.md`, markdown: roomSummaryMarkdown(page, thumbnails) };
  }

  /** The room the session is in now (the rooms file says), if any. */
  roomOf(sessionId: string): Promise<string | undefined> {
    return this.#serial(async () => {
      const read = await readRoomsFile(this.deps.dataDir);
      return read.kind === 'read' ? read.file.rooms.find((room) => room.sessions.includes(sessionId))?.id : undefined;
    });
  }

  /**
   * Puts a session in its room once it has a folder: the room it was started for (made now if it is new), or, for a
   * session resumed from before rooms (`adopt`), the room of its kind of space; with neither, a room of its own. A
   * session already in a room stays there. While the rooms file cannot be read, nothing is written: the session goes
   * on, and is placed when the rooms are set up again.
   */
  place(sessionId: string, room: RoomRef | undefined, how: 'started' | 'adopt'): Promise<void> {
    return this.#serial(async () => {
      const loaded = await this.#load({ only: how === 'started' ? 'if-missing' : 'always' });
      if (loaded.kind === 'unreadable') {
        this.deps.logger.warn('The rooms file cannot be read, so this session is in no room for now', { sessionId, reason: loaded.reason });
        return;
      }
      const { file, metas } = loaded;
      if (file.rooms.some((each) => each.sessions.includes(sessionId))) return;
      const meta = metas.get(sessionId);
      let rooms: Room[];
      if (room && file.rooms.some((each) => each.id === room.id)) {
        rooms = file.rooms.map((each) => (each.id === room.id ? { ...each, sessions: [...each.sessions, sessionId] } : each));
      } else if (room || how === 'started' || !meta) {
        const made = room ?? { id: this.deps.newId() };
        rooms = [...file.rooms, { id: made.id, ...(made.name ? { name: made.name } : {}), createdAt: this.deps.now(), sessions: [sessionId] }];
      } else {
        rooms = groupBySpace(file.rooms, [meta], (each) => spaceOf(each, metas), { newId: this.deps.newId, now: this.deps.now() });
      }
      await writeRoomsFile(this.deps.dataDir, { ...file, rooms });
    });
  }

  rename(id: string, name: string): Promise<Home> {
    return this.#edit((file) => {
      if (!file.rooms.some((room) => room.id === id)) throw NO_SUCH_ROOM();
      return file.rooms.map((room) => (room.id === id ? { ...room, name } : room));
    });
  }

  /** Moves every session of `from` into `into` and removes `from`. */
  merge(from: string, into: string): Promise<Home> {
    return this.#edit((file) => mergeRooms(file.rooms, from, into));
  }

  /** Moves one session to another room, or to a new room of its own. */
  moveSession(sessionId: string, to: string | 'new'): Promise<Home> {
    return this.#edit((file) => {
      if (!file.rooms.some((room) => room.sessions.includes(sessionId))) {
        throw new IpcError({ code: 'invalid-input', message: 'That session is in no room: it may have been deleted.' });
      }
      if (to !== 'new' && !file.rooms.some((room) => room.id === to)) throw NO_SUCH_ROOM();
      const rooms = file.rooms.map((room) => ({ ...room, sessions: room.sessions.filter((session) => session !== sessionId) }));
      if (to === 'new') return [...rooms, { id: this.deps.newId(), createdAt: this.deps.now(), sessions: [sessionId] }];
      return rooms.map((room) => (room.id === to ? { ...room, sessions: [...room.sessions, sessionId] } : room));
    });
  }

  /**
   * Deletes a room. Its sessions are moved to another room or deleted with it, as the person chose; a room with
   * sessions is never deleted without that choice, and never with the session in use.
   */
  remove(id: string, sessions: SessionsOfDeleted | undefined): Promise<Home> {
    return this.#edit(async (file, metas) => {
      const room = file.rooms.find((each) => each.id === id);
      if (!room) throw NO_SUCH_ROOM();
      const kept = room.sessions.filter((session) => metas.has(session));
      if (kept.length > 0 && sessions === undefined) {
        throw new IpcError({ code: 'invalid-input', message: `Say what becomes of this room’s ${kept.length === 1 ? 'session' : `${kept.length} sessions`} first: moved to another room, or deleted too.` });
      }
      if (sessions === 'delete') {
        if (room.sessions.includes(this.deps.current().id)) {
          throw new IpcError({ code: 'invalid-input', message: 'The session in use is in this room; start a new one first, or move its sessions instead.' });
        }
        for (const session of kept) await this.deps.removeSession(session);
      } else if (sessions) {
        return mergeRooms(file.rooms, id, sessions.moveTo);
      }
      return file.rooms.filter((each) => each.id !== id);
    });
  }

  /** A deleted session leaves its room (best effort: a rooms file that cannot be read is left as it is). */
  forget(sessionId: string): Promise<void> {
    return this.#serial(async () => {
      const read = await readRoomsFile(this.deps.dataDir);
      if (read.kind !== 'read' || !read.file.rooms.some((room) => room.sessions.includes(sessionId))) return;
      const rooms = read.file.rooms.map((room) => ({ ...room, sessions: room.sessions.filter((session) => session !== sessionId) }));
      await writeRoomsFile(this.deps.dataDir, { ...read.file, rooms });
    });
  }

  /**
   * After the rooms file could not be read: puts it aside (renamed, kept) and groups the sessions into rooms again
   * by what each space was for. Refused while the file reads fine, so working rooms are never set aside.
   */
  setUpAgain(): Promise<Home> {
    return this.#serial(async () => {
      const read = await readRoomsFile(this.deps.dataDir);
      if (read.kind !== 'unreadable') throw new IpcError({ code: 'invalid-input', message: 'The rooms file reads fine: there is nothing to set up again.' });
      await setRoomsFileAside(this.deps.dataDir, this.deps.now());
    }).then(() => this.home());
  }

  async #room(id: string): Promise<{ data: RoomData }> {
    const loaded = await this.#load();
    if (loaded.kind === 'unreadable') throw new IpcError({ code: 'invalid-input', message: problemText(loaded.reason) });
    const room = loaded.file.rooms.find((each) => each.id === id);
    if (!room) throw NO_SUCH_ROOM();
    return { data: this.#data(room, loaded) };
  }

  /**
   * The rooms file, brought up to date with the sessions: made on first start by grouping the sessions there by
   * their space (nothing else changes: they stay in their folders, and removing rooms.json undoes it), and any session
   * in no room (imported, or from while the file could not be read) put in the room of its space. The session in use
   * is left to `place`. Writes only when something changed; `if-missing` lists the sessions only to make the file.
   */
  async #load(options: { only?: 'if-missing' | 'always' } = {}): Promise<Loaded> {
    const read = await readRoomsFile(this.deps.dataDir);
    if (read.kind === 'unreadable') return read;
    if (read.kind === 'read' && options.only === 'if-missing') return { kind: 'read', file: read.file, metas: new Map(), ticks: new Map() };
    const summaries = await this.#summaries.all();
    const sessions = summaries.map((summary) => summary.session);
    const metas = new Map(sessions.map((session) => [session.id, session]));
    const ticks = new Map(summaries.map((summary) => [summary.session.id, summary.ticks]));
    // The session in use as it is now, not as its last turn's end wrote it (a card may be open mid-turn).
    const live = this.deps.current();
    const listed = metas.get(live.id);
    if (listed) metas.set(live.id, { ...metaFromState(live, listed.coach, this.deps.now()), dir: listed.dir });
    const file: RoomsFile = read.kind === 'read' ? read.file : { version: 1, rooms: [] };
    const placed = new Set(file.rooms.flatMap((room) => room.sessions));
    const unplaced = sessions.filter((session) => !placed.has(session.id) && session.id !== live.id);
    if (read.kind === 'read' && unplaced.length === 0) return { kind: 'read', file, metas, ticks };
    const rooms = groupBySpace(file.rooms, unplaced, (room) => spaceOf(room, metas), { newId: this.deps.newId, now: this.deps.now() });
    const grouped: RoomsFile = { ...file, rooms };
    await writeRoomsFile(this.deps.dataDir, grouped);
    if (read.kind === 'missing' && unplaced.length > 0) this.#grouped = { sessions: unplaced.length, rooms: rooms.length };
    return { kind: 'read', file: grouped, metas, ticks };
  }

  #data(room: Room, { metas, ticks: ticksOf }: Sessions): RoomData {
    const sessions = room.sessions.flatMap((id) => metas.get(id) ?? []).sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id));
    const ticks = sessions.map((session) => ticksOf.get(session.id) ?? NO_TICKS);
    const current = this.deps.current();
    const visits = sessions.map((session, index) => visitOf(session, new Set(ticks[index]!.done), session.id === current.id));
    const knowing = knowingSession(sessions);
    const space = knowing?.spaceFunction;
    // Trips of plans the person put away are not waiting for them.
    const tripsLeft = visits.reduce((sum, visit, index) => sum + (ticks[index]!.dismissedAt === undefined ? visit.trips.total - visit.trips.done : 0), 0);
    const card: RoomCard = {
      id: room.id,
      name: roomName(room, space),
      named: room.name !== undefined,
      ...(space ? { space } : {}),
      anchors: knowing?.leftovers?.anchors ?? [],
      visits: sessions.length,
      ...(sessions.length ? { lastVisit: Math.max(...sessions.map((session) => session.updatedAt)) } : {}),
      waiting: { undecided: knowing?.leftovers?.unsure.length ?? 0, trips: tripsLeft },
      inProgress: sessions.some((session) => session.id === current.id) && current.status === 'active' && sessionBegun(current),
    };
    return { room, card, sessions, visits };
  }

  /** Changes the rooms file (never one that cannot be read: the person is told why, and it is left as it is). */
  #edit(change: (file: RoomsFile, metas: ReadonlyMap<string, ListedSession>) => Room[] | Promise<Room[]>): Promise<Home> {
    return this.#serial(async () => {
      const loaded = await this.#load();
      if (loaded.kind === 'unreadable') throw new IpcError({ code: 'invalid-input', message: problemText(loaded.reason) });
      await writeRoomsFile(this.deps.dataDir, { ...loaded.file, rooms: await change(loaded.file, loaded.metas) });
    }).then(() => this.home());
  }

  #serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(run, run);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}

/** The room's latest session that said what the room is for: what a visit starts from, and what the card shows. */
function knowingSession(sessions: readonly ListedSession[]): ListedSession | undefined {
  return [...sessions].reverse().find((session) => session.spaceFunction?.trim());
}

/** What a room is for, as its latest session that said so put it. */
function spaceOf(room: Room, metas: ReadonlyMap<string, ListedSession>): string | undefined {
  return knowingSession(room.sessions.flatMap((id) => metas.get(id) ?? []).sort((a, b) => a.startedAt - b.startedAt))?.spaceFunction;
}

function mergeRooms(rooms: readonly Room[], from: string, into: string): Room[] {
  const source = rooms.find((room) => room.id === from);
  if (!source || !rooms.some((room) => room.id === into)) throw NO_SUCH_ROOM();
  if (from === into) throw new IpcError({ code: 'invalid-input', message: 'A room cannot be merged into itself.' });
  return rooms.filter((room) => room.id !== from).map((room) => (room.id === into ? { ...room, sessions: [...room.sessions, ...source.sessions] } : room));
}

function problemText(reason: string): string {
  return `Your rooms could not be read: rooms.json in the data folder ${reason}. Your sessions are all kept, each in its own folder, and Sessions lists every one. “Set up rooms again” puts that file aside (it is kept, not deleted) and groups the sessions into rooms by what each space was for.`;
}
