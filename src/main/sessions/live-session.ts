/**
 * A session the app is running: its folder and log, the journal its effects go through, the runtime that coaches,
 * and the turns one at a time. What the person does (a message, photos, Stop, a turn taking messages) is applied to
 * the session and logged in one step, so the log's order is the order the session saw; a turn's end logs what the
 * turn changed against the fold of everything before it, and now and then the whole document (a checkpoint).
 */
import { mkdir } from 'node:fs/promises';
import type { CarryOver } from '../../shared/carry-over/schema';
import type { UndoOutcome, WindDownOutcome } from '../../shared/ipc/contract';
import type { CoachActivity } from '../../shared/coach/activity';
import { applyJsonPatch, diffJson } from '../../shared/json-patch';
import type { PhotoDetections, PhotoOverlap } from '../../shared/detection/schema';
import type { Point } from '../../shared/pointing/schema';
import type { Photo, SessionState } from '../../shared/session/schema';
import { SessionRuntime, type CoachKind, type RuntimeEffects } from '../coach-runtime/session-runtime';
import { capabilitiesOf } from '../coach';
import type { SessionStore } from './session-store';
import { TurnRunner, type QueuedTurn } from '../coach-runtime/turn-runner';
import { describeRetry, retryingLlm, type Clock, type Llm, type Log, type Random, type RetryOptions, type Timers } from '../effects';
import type { Logger } from '../log/logger';
import { readModelCopy, readPointCrop, writePointCrop } from '../photos';
import { NEIGHBOURS, OverlapFinder } from '../detection/overlap-finder';
import type { QuestionBroker } from '../questions';
import type { SprintChange } from '../../shared/sprints/sprint';
import { SprintClock } from '../sprints/clock';
import { stageForNewPhotos } from '../../shared/before-after/before-after';
import type { PhotoStage } from '../../shared/before-after/schema';
import { checkInDue } from '../sprints/energy-check';
import {
  applyInput,
  documentOf,
  hashTemplates,
  Journal,
  metaFromState,
  SessionLogWriter,
  writeSessionMeta,
  type CoachMemory,
  type Input,
  type LogEvent,
  type LogEventOf,
  type ModelSummary,
  type SessionDocument,
  type SessionMeta,
  type SessionPaths,
} from '../session-log';
import type { TemplateRenderer } from '../templates';

/**
 * When a turn's end is a checkpoint: once the log has grown by `minBytes` since the last one, and by `growth` times
 * that checkpoint's size, so checkpoints stay a bounded share of the log (at most 1/growth) and a resume reads at
 * most that much past the last one.
 */
export interface CheckpointPolicy {
  readonly minBytes: number;
  readonly growth: number;
}

export const CHECKPOINTS: CheckpointPolicy = { minBytes: 256 * 1024, growth: 8 };

/** What every session of the app shares. */
export interface SessionServices {
  readonly store: SessionStore;
  readonly version: string;
  readonly templates: TemplateRenderer;
  readonly logger: Logger;
  /** The live clock and randomness (the journal records what the session reads of them). */
  readonly time: Clock;
  readonly random: Random;
  readonly questions: QuestionBroker;
  readonly onActivity: (activity: CoachActivity) => void;
  /** Secrets to keep out of the log (the API key in use). */
  readonly secrets: () => readonly string[];
  /** Backoff for model retries (tests make it short). */
  readonly retry?: Omit<RetryOptions, 'onRetry'>;
  /** When to write a checkpoint (tests make them frequent). */
  readonly checkpoints?: CheckpointPolicy;
  /** How long a new session's sprints and breaks last, and the timers they run on. */
  readonly sprints: SprintConfig;
  /** Told each time a session's meta.json has been written (Home keeps what it says in memory). */
  readonly metaWritten?: (meta: SessionMeta) => void;
}

export interface SprintConfig {
  readonly lengthMs: () => number;
  readonly breakMs: () => number;
  readonly timers?: Timers;
}

/** What one session runs with. */
export interface SessionSetup {
  readonly paths: SessionPaths;
  readonly coachKind: CoachKind;
  /** The model as the log records it (its name and host, what it can do). */
  readonly model: ModelSummary;
  /** The live model, or undefined when the session has none. */
  readonly llm: Llm | undefined;
}

interface Opened {
  readonly writer: SessionLogWriter;
  /** The document the log folds to so far (JSON, owned by the session). */
  readonly shadow: SessionDocument;
  /** The coach's memory to continue from. */
  readonly memory?: CoachMemory;
  /** Bytes of the last checkpoint line, and the log's size where it ended. */
  readonly checkpoint: { readonly bytes: number; readonly end: number };
  /** A logged session being resumed: its sprint timer waits until the time away is dealt with. */
  readonly resuming?: boolean;
}

/** One import's photos joining a session: the person's message they are shared in, and the stage they all get. */
export interface PhotoShare {
  readonly messageId?: string;
  readonly stage: PhotoStage | undefined;
}

export class LiveSession {
  readonly paths: SessionPaths;
  readonly coachKind: CoachKind;
  readonly #services: SessionServices;
  readonly #setup: SessionSetup;
  readonly #writer: SessionLogWriter;
  #journal: Journal;
  readonly #runtime: SessionRuntime;
  readonly #turns: TurnRunner;
  #shadow: SessionDocument;
  #checkpoint: { bytes: number; end: number };
  readonly #unsubscribe: () => void;
  readonly #clock: SprintClock;
  #clockOn: boolean;
  #lastAt = 0;
  /** Resolves once a resumed session has paused what counted while it was away (at once for a new session). */
  readonly #awayHandled = resolvable();
  /** Where a photo shows part of the ones before it, worked out as its detections arrive. */
  readonly #overlaps: OverlapFinder;
  /** Set once closing starts: the store may soon hold another session, so nothing more is applied to it. */
  #closing = false;


  private constructor(services: SessionServices, setup: SessionSetup, opened: Opened, journal: Journal) {
    this.#services = services;
    this.#setup = setup;
    this.paths = setup.paths;
    this.#overlaps = new OverlapFinder(setup.paths.photos);
    this.coachKind = setup.coachKind;
    this.#writer = opened.writer;
    this.#shadow = opened.shadow;
    this.#checkpoint = { ...opened.checkpoint };
    this.#journal = journal;
    const effects: RuntimeEffects = {
      time: journal.time,
      random: journal.random,
      llm: setup.llm ? journal.llm : undefined,
      questions: journal.questions,
    };
    const state = { get: () => services.store.state, set: (next: SessionState) => void services.store.replace(next) };
    const log: Log = { write: (entry) => services.logger[entry.level](entry.message, entry.data === undefined ? undefined : { data: entry.data }) };
    this.#runtime = new SessionRuntime({
      state,
      effects,
      coachKind: setup.coachKind,
      capabilities: capabilitiesOf(setup.model),
      templates: services.templates,
      log,
      photoBytes: (id) => readModelCopy(setup.paths.photos, id),
      pointBytes: (point) => readPointCrop(setup.paths.photos, point),
      onActivity: services.onActivity,
      ...(opened.memory ? { memory: opened.memory } : {}),
    });
    this.#turns = new TurnRunner(
      (turn, signal) => this.#runTurn(turn, signal),
      (error) => this.#turnFailed(error),
    );
    this.#clock = new SprintClock({
      now: () => services.time.now(),
      ...(services.sprints.timers ? { timers: services.sprints.timers } : {}),
      onDeadline: () => this.#sprintDeadline(),
    });
    // A resumed session's timer starts once the time away is dealt with (`#goneLive`), not before.
    this.#clockOn = !opened.resuming;
    this.#watchSprint();
    // Mode changes go into the log as they happen (for people reading it; the turn's changes carry the mode too).
    let mode = services.store.state.mode.kind;
    this.#unsubscribe = services.store.subscribe(({ state: current }) => {
      this.#watchSprint();
      if (current.mode.kind === mode) return;
      void this.#writer.append({ type: 'mode-transition', from: mode, to: current.mode.kind });
      mode = current.mode.kind;
    });
  }

  /** Starts a new session's log with the session as it is now: its first line, and its opening checkpoint. */
  static async start(services: SessionServices, setup: SessionSetup): Promise<LiveSession> {
    await mkdir(setup.paths.dir, { recursive: true });
    const writer = await LiveSession.#openWriter(services, setup.paths);
    const state = services.store.state;
    await writer.append({
      type: 'session-started',
      sessionId: state.id,
      appVersion: services.version,
      coach: setup.coachKind,
      model: setup.model,
      templates: await hashTemplates(services.templates.dir),
    });
    const opening = documentOf(state, undefined);
    const before = writer.size;
    await writer.append({ type: 'turn-ended', checkpoint: opening });
    const checkpoint = { bytes: writer.size - before, end: writer.size };
    const session = new LiveSession(services, setup, { writer, shadow: opening, checkpoint }, LiveSession.#liveJournal(services, setup, writer));
    await session.#saveMeta();
    return session;
  }

  /**
   * A logged session made live again. `inFlight` (the lines after its last turn's end) plays first: inputs at their
   * places, reads served from the log, and where the log ends (or the code now goes another way) everything goes
   * live. Resolves once the journal is live; the turn that was in flight may still be running.
   */
  static async resume(
    services: SessionServices,
    setup: SessionSetup,
    logged: {
      readonly document: SessionDocument;
      readonly inFlight: readonly LogEvent[];
      readonly from: number;
      readonly checkpoint: { bytes: number; end: number };
      /** When the log's last line was written: where a sprint that was counting stopped. */
      readonly lastAt: number;
    },
    memory: { readonly memory?: CoachMemory; readonly how: 'folded' | 'replayed' | 'fresh' },
  ): Promise<LiveSession> {
    const writer = await LiveSession.#openWriter(services, setup.paths);
    services.store.replace(logged.document.session);
    // The journal calls back into the session it is made for, once the session exists.
    const made: { session?: LiveSession } = {};
    const journal = new Journal({
      recorded: logged.inFlight,
      mode: 'continue',
      live: LiveSession.#liveEffects(services, setup, writer),
      writer,
      onLive: (unconsumed, why) => made.session!.#goneLive(unconsumed, logged.from, memory.how, why),
    });
    const session = new LiveSession(
      services,
      setup,
      { writer, shadow: logged.document, checkpoint: logged.checkpoint, resuming: true, ...(memory.memory ? { memory: memory.memory } : {}) },
      journal,
    );
    made.session = session;
    session.#lastAt = logged.lastAt;
    // Whether the last turn the log holds was stopped: one still ending then answers nothing more.
    let stopped = false;
    await journal.play({
      input: (event) => session.#apply(event),
      turnStarted: (event) => {
        stopped = false;
        session.#turns.enqueue({ messageIds: event.messageIds, photoIds: event.photoIds, logged: true });
      },
      turnStopped: () => {
        stopped = true;
        session.#turns.stop();
      },
    });
    await session.#awayHandled.promise;
    // Messages the crash left unanswered get their turn, photos they shared included (the coach looks at those); so do
    // a check-in that was due, a wind-down the person chose and an answer they took back.
    const state = services.store.state;
    const { queued } = state;
    const owed = queued.length > 0 || checkInDue(state) || state.windDownChosenAt !== undefined || state.undoChosen !== undefined;
    if (owed && (!session.#turns.busy || stopped)) session.#turns.enqueue({ messageIds: queued.map((message) => message.id), photoIds: queued.flatMap((message) => message.photoIds ?? []) });
    return session;
  }

  /**
   * The person's message: shown at once, answered in turn. Resolves with its id once it is on disk, before the coach
   * (and the model) sees it.
   */
  send(text: string): Promise<string> {
    const { random, time } = this.#services;
    const messageId = random.id();
    const sentAt = time.now();
    return new Promise<string>((resolve, reject) =>
      this.#journal.admit(() => {
        this.#firstSprint(sentAt);
        this.#input({ type: 'person-message', messageId, text, sentAt }).then(() => resolve(messageId), reject);
        this.#turns.enqueue({ messageIds: [messageId], photoIds: [] });
      }),
    );
  }

  /**
   * The person points at something on one of the session's photos: a message with nothing said and the point, shown
   * at once and answered in turn. Resolves with its id once it is on disk.
   */
  async point(point: Point): Promise<string> {
    await this.preparePoint(point);
    const { random, time } = this.#services;
    const messageId = random.id();
    const sentAt = time.now();
    return new Promise<string>((resolve, reject) =>
      this.#journal.admit(() => {
        this.#firstSprint(sentAt);
        this.#input({ type: 'person-message', messageId, text: '', point, sentAt }).then(() => resolve(messageId), reject);
        this.#turns.enqueue({ messageIds: [messageId], photoIds: [] });
      }),
    );
  }

  /**
   * Makes what a model will see of a point (the crop of the box, kept beside the photo) before the point reaches the
   * coach, so the turn reads it synchronously and a replay reads the same bytes. Only a coach that shows a model
   * images needs it; a crop that cannot be made leaves the coach the words.
   */
  async preparePoint(point: Point): Promise<void> {
    if (this.coachKind !== 'conversational' || !this.#setup.llm || !this.#setup.model.vision) return;
    if (!(await writePointCrop(this.paths.photos, point))) this.#services.logger.warn('The crop of a point could not be made; the coach goes by words', { photoId: point.photoId });
  }

  /**
   * Photos of one import join the session as they are stored. In an active session the first to join are the
   * person's message (shown at once, "Shared 1 photo"), and later ones join that message (`share`, what the first
   * call returned); every photo of the import gets the stage the first ones got. Resolves once the photos are on
   * disk. The share has no message when the session is not active (after photos only join). The coach looks when
   * `look` is called.
   */
  joinPhotos(photos: readonly Pick<Photo, 'id' | 'fileName' | 'width' | 'height' | 'view'>[], share?: PhotoShare): Promise<PhotoShare> {
    const { random, time } = this.#services;
    return new Promise<PhotoShare>((resolve, reject) =>
      this.#admitApart(() => {
        const state = this.#services.store.state;
        const stage = share ? share.stage : stageForNewPhotos(state);
        const imported = photos.map(({ id, fileName, width, height, view }) => ({ id, fileName, width, height, ...(view ? { view } : {}) }));
        const message = share?.messageId;
        const joined = this.#input({ type: 'photos-imported', photos: imported, ...(stage ? { stage } : {}), ...(message ? { message } : {}) });
        if (share || state.status !== 'active') return void joined.then(() => resolve(share ?? { stage }), reject);
        const messageId = random.id();
        const sentAt = time.now();
        this.#firstSprint(sentAt);
        const sent = this.#input({ type: 'person-message', messageId, text: '', photoIds: photos.map((photo) => photo.id), sentAt });
        Promise.all([joined, sent]).then(() => resolve({ messageId, stage }), reject);
      }),
    );
  }

  /**
   * The coach looks at the photos a message shared, as they are now: its turn. Nothing when that message has had
   * its turn already (photos that join it later are in the session for the coach all the same).
   */
  look(messageId: string): void {
    this.#admitApart(() => {
      const message = this.#services.store.state.queued.find((queued) => queued.id === messageId);
      if (message) this.#turns.enqueue({ messageIds: [messageId], photoIds: message.photoIds ?? [] });
    });
  }

  /** What an earlier session left joins this one, and the coach starts from it (a turn with nothing said). */
  carryOver(carry: CarryOver): Promise<void> {
    return new Promise<void>((resolve, reject) =>
      this.#journal.admit(() => {
        this.#firstSprint(this.#services.time.now());
        this.#input({ type: 'carried-over', carry }).then(resolve, reject);
        this.#turns.enqueue({ messageIds: [], photoIds: [] });
      }),
    );
  }

  /**
   * What the detector found in one of the session's photos joins it, with where it shows part of the photos just
   * before it, at whatever point of a turn it arrives; the log keeps that point and those overlaps, so replay sees
   * them where the live coach did and needs no pixels. False when the session has no such photo.
   */
  async addDetections(photoId: string, detections: PhotoDetections): Promise<boolean> {
    const overlaps = await this.#overlapsOf(photoId);
    // Closed while the pixels were compared: the detector keeps the findings for when the session is open again.
    if (this.#closing) return false;
    return new Promise<boolean>((resolve, reject) =>
      this.#journal.admit(() => {
        // Not (yet) one of the session's photos: detection can finish before its import does.
        if (!this.#services.store.state.photos.some((photo) => photo.id === photoId)) return resolve(false);
        this.#input({ type: 'photos-detected', photoId, detections, ...(overlaps.length ? { overlaps } : {}) }).then(() => resolve(true), reject);
      }),
    );
  }

  /**
   * Where the photo shows part of the few before it of the same stage (a pan is consecutive; a before photo and an
   * after one of the same view are two moments, not one look around). None when the photo is not in the session yet
   * or its pixels cannot be compared: overlaps only merge duplicates, so going without them loses nothing else.
   */
  async #overlapsOf(photoId: string): Promise<PhotoOverlap[]> {
    const photos = this.#services.store.state.photos;
    const index = photos.findIndex((photo) => photo.id === photoId);
    const photo = photos[index];
    if (!photo) return [];
    const earlier = photos.slice(0, index).filter((other) => other.stage === photo.stage).slice(-NEIGHBOURS);
    try {
      return await this.#overlaps.overlapsOf(photo, earlier);
    } catch (error) {
      this.#services.logger.warn('Where a photo overlaps the ones before it could not be worked out', { error });
      return [];
    }
  }

  /**
   * The person pauses or resumes the sprint, or ends a break early; false when the sprint is not in a state where
   * that means anything. A check-in that is due starts its turn when the coach is free.
   */
  controlSprint(action: 'pause' | 'resume' | 'skipBreak'): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) =>
      this.#journal.admit(() => {
        const { store, time } = this.#services;
        const phase = store.state.sprint?.phase.kind;
        const at = time.now();
        let change: SprintChange | undefined;
        if (action === 'pause' && phase === 'running') change = { kind: 'paused', at };
        if (action === 'resume' && phase === 'paused') change = { kind: 'resumed', at };
        if (action === 'skipBreak' && phase === 'break') change = this.#nextSprint(at);
        if (!change || store.state.status !== 'active') return resolve(false);
        this.#input({ type: 'sprint', change }).then(() => resolve(true), reject);
        if (action === 'skipBreak') this.#afterBreak();
      }),
    );
  }

  /** The session's first sprint starts with its first photo or message (or taking up what was left last time). */
  #firstSprint(at: number): void {
    if (!this.#services.store.state.sprint) void this.#input({ type: 'sprint', change: this.#nextSprint(at) });
  }

  #nextSprint(at: number): SprintChange {
    const { sprints, store } = this.#services;
    const current = store.state.sprint;
    // A session keeps its sprint length; Settings apply to new sessions.
    return { kind: 'started', at, lengthMs: current?.lengthMs ?? sprints.lengthMs(), breakMs: current?.breakMs ?? sprints.breakMs() };
  }

  /** Main's timer ran out: a sprint's time is up (the check-in comes once the item is done), or a break is over. */
  #sprintDeadline(): void {
    this.#journal.admit(() => {
      const { store, time } = this.#services;
      const phase = store.state.sprint?.phase.kind;
      if (store.state.status !== 'active') return;
      const at = time.now();
      if (phase === 'running') {
        void this.#input({ type: 'sprint', change: { kind: 'due', at } });
        if (!this.#turns.busy) this.#turns.enqueue({ messageIds: [], photoIds: [] });
      } else if (phase === 'break') {
        void this.#input({ type: 'sprint', change: this.#nextSprint(at) });
        this.#afterBreak();
      }
    });
  }

  /** After a break the guided coach picks up with the next thing by itself (offline it leads with cards). */
  #afterBreak(): void {
    if (this.coachKind === 'guided' && !this.#setup.llm && !this.#turns.busy) this.#turns.enqueue({ messageIds: [], photoIds: [] });
  }

  /**
   * Stops the turn in flight; whether there was one. The stop is logged as it takes effect (once an answer on its way
   * to the coach has been taken), so replay stops at the same place.
   */
  stop(): boolean {
    if (!this.#turns.busy) return false;
    this.#journal.admit(() => void this.#turns.stop(() => void this.#writer.append({ type: 'turn-stopped' })));
    return true;
  }

  /**
   * "Stop for today" outside a card (the header). A card on screen is answered with the stop, the one path its own
   * button takes; otherwise the reply under way, if any, is stopped and a turn winds the session down. Both are logged
   * where they take effect, so replay and a resume wind down at the same place. Resolves once the choice is on disk.
   */
  windDown(): Promise<WindDownOutcome> {
    return new Promise<WindDownOutcome>((resolve, reject) =>
      this.#journal.admit(() => {
        const { store, questions, time } = this.#services;
        if (store.state.status !== 'active') return resolve('ended');
        const open = questions.pending;
        if (open) {
          try {
            questions.answer(open.id, { kind: 'stop' });
            resolve('windingDown');
          } catch (error) {
            reject(error);
          }
          return;
        }
        // Chosen already: its turn is on the way.
        if (store.state.windDownChosenAt !== undefined) return resolve('windingDown');
        this.#choose({ type: 'wind-down', chosenAt: time.now() }).then(() => resolve('windingDown'), reject);
      }),
    );
  }

  /**
   * Undo on the last answer the guided coach recorded (`answer`: its id, as the page showed it). The reply under way,
   * and the card it has open, stop; the choice is logged and a turn takes the answer back and asks its card again, so
   * replay and a resume take it back at the same place. `gone` when that answer is no longer the last one (the page
   * showed an Undo that has just been overtaken), or the session has ended. Resolves once the choice is on disk.
   */
  undo(answer: string): Promise<UndoOutcome> {
    return new Promise<UndoOutcome>((resolve, reject) =>
      this.#journal.admit(() => {
        const { store } = this.#services;
        const { status, lastAnswer, undoChosen } = store.state;
        if (status !== 'active' || lastAnswer?.id !== answer) return resolve('gone');
        if (undoChosen === answer) return resolve('undoing');
        this.#choose({ type: 'undo', answer }).then(() => resolve('undoing'), reject);
      }),
    );
  }

  /**
   * A choice made outside any card (the header's wind-down, an Undo): stops the reply under way, notes the choice and
   * queues the turn that carries it out (inside an admit).
   */
  #choose(choice: Extract<Input, { type: 'wind-down' | 'undo' }>): Promise<void> {
    this.#turns.stop(() => void this.#writer.append({ type: 'turn-stopped' }));
    const chosen = this.#input(choice);
    this.#turns.enqueue({ messageIds: [], photoIds: [] });
    return chosen;
  }

  /** Resolves when no turn runs or waits and every line is on disk. */
  async idle(): Promise<void> {
    await this.#turns.idle();
    await this.#writer.flush();
  }

  flush(): Promise<void> {
    return this.#writer.flush();
  }

  /** Stops what runs, closes the open question, waits for the turn's end to be logged and closes the log. */
  async close(): Promise<void> {
    this.#closing = true;
    await new Promise<void>((resolve) =>
      this.#journal.admit(() => {
        this.#turns.reset(() => void this.#writer.append({ type: 'turn-stopped' }));
        resolve();
      }),
    );
    this.#services.questions.cancel();
    await this.#turns.idle();
    this.#clock.dispose();
    this.#unsubscribe();
    await this.#writer.close();
  }

  static #openWriter(services: SessionServices, paths: SessionPaths): Promise<SessionLogWriter> {
    return SessionLogWriter.open(paths.log, {
      now: () => services.time.now(),
      secrets: services.secrets,
      onError: (error) => services.logger.error('Writing the session log failed', { error }),
    });
  }

  static #liveJournal(services: SessionServices, setup: SessionSetup, writer: SessionLogWriter): Journal {
    return new Journal({ live: LiveSession.#liveEffects(services, setup, writer), writer });
  }

  /** The live effects a session's journal reads: the model with visible retries, each retry noted in the log. */
  static #liveEffects(services: SessionServices, setup: SessionSetup, writer: SessionLogWriter) {
    const { questions } = services;
    const model: Llm = setup.llm
      ? retryingLlm(setup.llm, {
          ...services.retry,
          onRetry: (notice) => {
            void writer.append({ type: 'model-retry', attempt: notice.attempt, delayMs: notice.delayMs, fault: notice.fault });
            services.onActivity({ status: 'retrying', notice: describeRetry(notice) });
          },
        })
      : { generate: () => Promise.reject(new Error('This session has no model.')) };
    return {
      time: services.time,
      random: services.random,
      llm: model,
      questions,
      shownQuestion: () => questions.pending,
      prepareQuestion: (spec: unknown) => questions.prepare(spec as Parameters<QuestionBroker['prepare']>[0]),
      reopen: (question: Parameters<QuestionBroker['reopen']>[0], signal?: AbortSignal) => questions.reopen(question, signal),
    };
  }

  /**
   * Admits from a task of its own. The person's inputs from the window each arrive in their own task, so they never
   * land between two steps of a turn that replay takes as one; inputs the app makes itself (an import's photos, the
   * coach starting on them) may be settled by the same event that wakes a turn, and so wait for the next task too.
   */
  #admitApart(apply: () => void): void {
    setImmediate(() => this.#journal.admit(apply));
  }

  /** Applies an input to the session and the fold, and logs it in the same step. */
  #input(input: Input): Promise<void> {
    this.#apply(input);
    const written = this.#writer.append(input);
    written.catch(() => {});
    return written;
  }

  /** Applies an input the log already holds. */
  #apply(input: Input): void {
    const { store } = this.#services;
    store.replace(applyInput(store.state, input));
    this.#shadow = { ...this.#shadow, session: applyInput(this.#shadow.session, input) };
  }

  async #runTurn(turn: QueuedTurn, signal: AbortSignal): Promise<void> {
    const started = { type: 'turn-started' as const, messageIds: [...turn.messageIds], photoIds: [...turn.photoIds] };
    if (turn.logged) this.#apply(started);
    else void this.#input(started);
    let outcome: Awaited<ReturnType<SessionRuntime['runTurn']>>;
    try {
      outcome = await this.#runtime.runTurn(turn, signal);
    } catch (error) {
      // In the turn, before its end: replay has to fail the same way.
      void this.#writer.append({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      await this.#endTurn();
    }
    if (outcome?.kind === 'answered' && outcome.continues && !signal.aborted) this.#turns.enqueue({ messageIds: [], photoIds: [] });
  }

  /** Logs what the turn changed, or a checkpoint when the log has grown enough since the last one. */
  async #endTurn(): Promise<void> {
    const document = { session: this.#services.store.state, ...(this.#runtime.memory() ? { coach: this.#runtime.memory() } : {}) };
    const grown = this.#writer.size - this.#checkpoint.end;
    const { minBytes, growth } = this.#services.checkpoints ?? CHECKPOINTS;
    let ended: Promise<void>;
    if (grown >= Math.max(minBytes, growth * this.#checkpoint.bytes)) {
      const checkpoint = documentOf(document.session, document.coach);
      const before = this.#writer.size;
      ended = this.#writer.append({ type: 'turn-ended', checkpoint });
      this.#checkpoint = { bytes: this.#writer.size - before, end: this.#writer.size };
      this.#shadow = checkpoint;
    } else {
      const changes = diffJson(this.#shadow, document);
      ended = this.#writer.append({ type: 'turn-ended', changes });
      this.#shadow = applyJsonPatch(this.#shadow, changes);
    }
    await ended;
    await this.#saveMeta();
  }

  #turnFailed(error: unknown): void {
    this.#services.logger.error('A coach turn failed', { error });
    this.#services.onActivity({ status: 'error', notice: 'The coach ran into a problem. Your message is kept; send again when ready.' });
  }

  /**
   * The resumed session's journal went live: lines of the turn in flight it could not play are set aside (kept in
   * `log.interrupted-<seq>.jsonl`), the log notes the resume, and what the person did in those lines is kept.
   */
  #goneLive(unconsumed: readonly LogEvent[], from: number, memory: 'folded' | 'replayed' | 'fresh', why: string | undefined): void {
    const { logger, version } = this.#services;
    if (unconsumed.length > 0) {
      logger.warn('The turn in flight went another way when replayed; it goes on live from there', { setAside: unconsumed.length, why });
      void this.#writer.setAsideFrom(unconsumed[0]!.seq);
    }
    void this.#writer.append({ type: 'session-resumed', from, appVersion: version, coach: this.coachKind, model: this.#setup.model, memory });
    // What the person did in the set-aside lines, and the sprint's time away, go in as inputs from outside, once the
    // code has moved on: the journal may have gone live in the middle of a read, and a line written inside a read
    // would stand where replay expects the read.
    setImmediate(() =>
      this.#journal.admit(() => {
        for (const event of unconsumed) {
          if (event.type === 'person-message' || event.type === 'photos-imported' || event.type === 'photos-detected' || event.type === 'carried-over') {
            void this.#input(stripLine(event));
          }
          // The person chose to stop here: the coach winds down, live now.
          if (event.type === 'wind-down' && this.#services.store.state.windDownChosenAt === undefined) void this.#choose({ type: 'wind-down', chosenAt: event.chosenAt });
          // So did taking the last answer back, if it still is the last.
          if (event.type === 'undo' && this.#services.store.state.lastAnswer?.id === event.answer && this.#services.store.state.undoChosen === undefined) {
            void this.#choose({ type: 'undo', answer: event.answer });
          }
        }
        this.#pauseWhileAway();
        this.#clockOn = true;
        this.#watchSprint();
        this.#awayHandled.resolve();
      }),
    );
  }

  #watchSprint(): void {
    const { sprint, status } = this.#services.store.state;
    if (this.#clockOn) this.#clock.watch(sprint, status === 'active');
  }

  /**
   * Time the app was closed is not sprint time: a sprint that was counting is paused where the log stopped, and a
   * break that was on becomes the next sprint, paused, so nothing counts down until the person is back.
   */
  #pauseWhileAway(): void {
    const { sprint, status } = this.#services.store.state;
    if (status !== 'active' || !sprint) return;
    const at = Math.max(this.#lastAt, 'since' in sprint.phase ? sprint.phase.since : 0);
    if (sprint.phase.kind === 'break') void this.#input({ type: 'sprint', change: this.#nextSprint(at) });
    if (this.#services.store.state.sprint?.phase.kind === 'running') void this.#input({ type: 'sprint', change: { kind: 'paused', at } });
  }

  async #saveMeta(): Promise<void> {
    const meta = metaFromState(this.#services.store.state, this.coachKind, this.#services.time.now());
    await writeSessionMeta(this.paths.dir, meta);
    this.#services.metaWritten?.(meta);
  }
}

function resolvable(): { readonly promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function stripLine<E extends LogEventOf<'person-message' | 'photos-imported' | 'photos-detected' | 'carried-over'>>(event: E): Input {
  const { v: _v, seq: _seq, at: _at, ...input } = event;
  return input as Input;
}

