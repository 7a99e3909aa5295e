/**
 * The session the app shows: a fresh one at start (or the last unfinished one, resumed), its log made when it first
 * has something to keep (a message or a photo), and a new one on request.
 */
import type { CarryOver } from '../../shared/carry-over/schema';
import type { UndoOutcome, WindDownOutcome } from '../../shared/ipc/contract';
import { IpcError } from '../../shared/ipc/errors';
import { newSessionState, sessionBegun } from '../../shared/session/new-session';
import type { PhotoDetections } from '../../shared/detection/schema';
import { pointProblem, type Point } from '../../shared/pointing/schema';
import type { CoachKind, Photo, SessionState } from '../../shared/session/schema';
import type { RoomRef } from '../../shared/rooms/ref';
import { describeModel, listSessions, sessionPaths, type SessionPaths } from '../session-log';
import type { SettingsService } from '../settings/service';
import { LiveSession, type PhotoShare, type SessionServices } from './live-session';
import { loadLoggedSession } from './resume';

/** Said once, first, when the model cannot take tool calls: the person learns why the coach asks with cards. */
const NO_TOOLS_NOTICE =
  'This model can’t take tool calls, so I’ll guide you with short questions and cards, and the model words my replies. Drop photos of the room, or type anything to begin.';

const OFFLINE_NOTICE =
  'No model is set up, so I’ll guide you with short questions and cards: it all works offline. Drop photos of the room, or type anything to begin.';

/**
 * Told when a session gets its folder (`started`) or is opened again (`resumed`), so it is put in its room (the
 * rooms file lives above this layer).
 */
export type OnLogged = (session: SessionState, how: 'started' | 'resumed') => void;

export class CurrentSession {
  readonly #services: SessionServices;
  readonly #settings: SettingsService;
  readonly #dataDir: string;
  readonly #onLogged: OnLogged;
  #coachKind: CoachKind;
  #live: Promise<LiveSession> | undefined;

  constructor(services: SessionServices, settings: SettingsService, dataDir: string, onLogged: OnLogged = () => {}) {
    this.#services = services;
    this.#settings = settings;
    this.#dataDir = dataDir;
    this.#onLogged = onLogged;
    this.#coachKind = settings.coachForNewSession();
    services.store.replace(this.#fresh());
  }

  get coachKind(): CoachKind {
    return this.#coachKind;
  }

  get id(): string {
    return this.#services.store.state.id;
  }

  /** Where the session's log is, once it has one. */
  get paths(): SessionPaths | undefined {
    return this.#live ? sessionPaths(this.#dataDir, this.id) : undefined;
  }

  /** The session's log and runtime, made on first use with the session as it is now as its opening. */
  live(): Promise<LiveSession> {
    if (!this.#live) {
      this.#live = LiveSession.start(this.#services, this.#setup(this.#coachKind));
      // Before any caller goes on with the session: its room knows it from its first line on.
      this.#live.then(() => this.#onLogged(this.#services.store.state, 'started'), () => {});
    }
    const live = this.#live;
    live.catch(() => {
      if (this.#live === live) this.#live = undefined;
    });
    return live;
  }

  async send(text: string): Promise<string> {
    if (this.#services.store.state.status === 'ended') {
      throw new IpcError({ code: 'closed', message: 'This session has ended. Start a new one to keep going.' });
    }
    return (await this.live()).send(text);
  }

  /** The person points at something on one of the session's photos (checked here: the contract only checks its shape). */
  async point(point: Point): Promise<string> {
    const state = this.#services.store.state;
    if (state.status === 'ended') throw new IpcError({ code: 'closed', message: 'This session has ended. Start a new one to keep going.' });
    const problem = pointProblem(state.photos, point);
    if (problem) throw new IpcError({ code: 'invalid-input', message: problem });
    return (await this.live()).point(point);
  }

  /** Readies what a coach needs of a point a card is about to be answered with (see `LiveSession.preparePoint`). */
  async preparePoint(point: Point): Promise<void> {
    if (this.#live) await (await this.#live).preparePoint(point);
  }

  /** Photos of one import join the session in use (see `LiveSession.joinPhotos`). */
  async joinPhotos(photos: readonly Pick<Photo, 'id' | 'fileName' | 'width' | 'height' | 'view'>[], share?: PhotoShare): Promise<PhotoShare> {
    return (await this.live()).joinPhotos(photos, share);
  }

  /** The coach looks at the photos shared so far (see `LiveSession.look`). */
  async look(share: PhotoShare): Promise<void> {
    if (share.messageId && this.#live) (await this.#live).look(share.messageId);
  }

  /**
   * Whether the coach starts on an import's first photo rather than its last: the guided coach (which reads what the
   * detector found, photo by photo) does; a conversational coach's model looks at an import's photos together.
   */
  get startsOnFirstPhoto(): boolean {
    return this.#coachKind === 'guided' || this.#services.store.state.handover !== undefined;
  }

  /** A photo's detections, for the session they were asked for; false when that is not the session in use now. */
  async addDetections(sessionId: string, photoId: string, detections: PhotoDetections): Promise<boolean> {
    if (sessionId !== this.id || !this.#live) return false;
    return (await this.#live).addDetections(photoId, detections);
  }

  /** Pauses or resumes the sprint, or ends a break early; false when there is nothing to change. */
  async controlSprint(action: 'pause' | 'resume' | 'skipBreak'): Promise<boolean> {
    return this.#live ? (await this.#live).controlSprint(action) : false;
  }

  /** Stops the turn in flight; whether there was one. */
  async stop(): Promise<boolean> {
    return this.#live ? (await this.#live).stop() : false;
  }

  /** "Stop for today" from the header (see `LiveSession.windDown`); a session with no log yet has nothing to wind down. */
  async windDown(): Promise<WindDownOutcome> {
    if (this.#services.store.state.status === 'ended') return 'ended';
    return this.#live ? (await this.#live).windDown() : 'notStarted';
  }

  /** Undo on the last answer (see `LiveSession.undo`). */
  async undo(answer: string): Promise<UndoOutcome> {
    return this.#live && this.#services.store.state.status === 'active' ? (await this.#live).undo(answer) : 'gone';
  }

  /** Resolves when nothing runs or waits and the log is on disk. */
  async idle(): Promise<void> {
    if (this.#live) await (await this.#live).idle();
  }

  async flush(): Promise<void> {
    if (this.#live) await (await this.#live).flush();
  }

  /**
   * The person picked a room (docs/rooms.md): the session in use, if nothing has happened in it yet, or a new one, is
   * for that room; with what the room's last session left (`carry`: what it is for, what stays, what was undecided),
   * it starts from there at once, as a turn with nothing said.
   */
  async visit(room: RoomRef, carry: CarryOver | undefined): Promise<void> {
    if (!this.#untouched()) await this.startNew();
    this.#services.store.replace({ ...this.#services.store.state, room });
    if (carry) await (await this.live()).carryOver(carry);
  }

  /** Nothing said, shown or taken up yet: the session can still become another room's. */
  #untouched(): boolean {
    const state = this.#services.store.state;
    return state.status === 'active' && !sessionBegun(state);
  }

  async startNew(): Promise<void> {
    await this.close();
    this.#coachKind = this.#settings.coachForNewSession();
    this.#services.store.replace(this.#fresh());
  }

  /** Makes a logged session the live one (see `LiveSession.resume`). */
  async resume(id: string): Promise<void> {
    await this.close();
    const paths = sessionPaths(this.#dataDir, id);
    let logged;
    try {
      logged = await loadLoggedSession(paths, { templates: this.#services.templates, logger: this.#services.logger });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new IpcError({ code: 'invalid-input', message: 'There is no logged session with that id.' });
      throw error;
    }
    // Without a model now, or handed over before, a conversational session goes on with the guided coach (the log says so).
    const handedOver = logged.document.session.handover !== undefined;
    const coachKind = logged.started.coach === 'conversational' && (!this.#settings.hasModel || handedOver) ? 'guided' : logged.started.coach;
    const live = LiveSession.resume(this.#services, this.#setup(coachKind, paths), logged, logged.memory);
    this.#coachKind = coachKind;
    this.#live = live;
    await live;
    this.#onLogged(this.#services.store.state, 'resumed');
  }

  /** Picks up the most recently used unfinished session, if there is one; a new one when it cannot be read. */
  async resumeLatest(): Promise<void> {
    const { sessions } = await listSessions(this.#dataDir);
    const latest = sessions.find((session) => session.status === 'active');
    if (!latest) return;
    try {
      await this.resume(latest.id);
    } catch (error) {
      this.#services.logger.warn('The last session could not be resumed; starting a new one', { error });
      await this.startNew();
    }
  }

  async close(): Promise<void> {
    const closing = this.#live;
    this.#live = undefined;
    if (closing) await (await closing.catch(() => undefined))?.close();
  }

  #setup(coachKind: CoachKind, paths = sessionPaths(this.#dataDir, this.id)) {
    const hasModel = this.#settings.hasModel;
    return {
      paths,
      coachKind,
      // What the session really runs with: a model name in the environment is not a model until one is made.
      model: { ...describeModel(this.#settings.model), configured: hasModel },
      llm: hasModel ? this.#settings.currentLlm : undefined,
    };
  }

  /** A guided session without a model (or with one that takes no tool calls) says so, once, before anything else. */
  #fresh(): SessionState {
    const { random, time } = this.#services;
    const fresh = newSessionState(random.id(), time.now());
    const notice = this.#coachKind !== 'guided' ? undefined : !this.#settings.hasModel ? OFFLINE_NOTICE : this.#settings.guidedForTools ? NO_TOOLS_NOTICE : undefined;
    return notice ? { ...fresh, messages: [{ id: random.id(), role: 'coach', text: notice, at: time.now() }] } : fresh;
  }
}
