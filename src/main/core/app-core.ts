/**
 * The main-process core shared by the Electron window and web mode. It imports nothing from Electron: it wires the
 * settings, the session in use, the session library and the photo intake together, and answers the contract's
 * invoke channels with a thin table over them.
 */
import { readFile, stat } from 'node:fs/promises';
import type { CoachActivity } from '../../shared/coach/activity';
import { type AppInfo, type PushChannel, type PushPayload } from '../../shared/ipc/contract';
import { IpcError } from '../../shared/ipc/errors';
import { newSessionState, sessionBegun } from '../../shared/session/new-session';
import { pointProblem } from '../../shared/pointing/schema';
import { BREAK_MS, SPRINT_MINUTES } from '../../shared/sprints/sprint';
import { isModelConfigured, type ModelSettings } from '../config/settings';
import { DetectionService, type DetectionServiceDeps } from '../detection/service';
import { ExitPlans } from '../exit-plan/service';
import { Reminders } from '../reminders/service';
import type { ReminderNotice } from '../../shared/reminders/schema';
import { Rooms } from '../rooms';
import { systemTimers, type Clock, type Llm, type Random, type RetryOptions, type Timers } from '../effects';
import type { InvokeHandlers } from './handlers';
import type { Logger } from '../log/logger';
import { parsePhotoPath, PhotoIntake } from '../photos/intake';
import { PhotoArrival } from './photo-arrival';
import { privateNetworkAddress } from '../phone/address';
import { PhoneListener, type PhoneLimits, type Received } from '../phone/link';
import type { ImportResult } from '../../shared/photos/schema';
import { QuestionBroker } from '../questions';
import { archiveOfFolder, readSessionLog, type SessionPaths } from '../session-log';
import { CurrentSession } from '../sessions/current-session';
import { SessionLibrary } from '../sessions/library';
import type { CheckpointPolicy } from '../sessions/live-session';
import { environmentOnlySecrets, type SecretStore } from '../settings/secrets';
import { SettingsService } from '../settings/service';
import { fileSettingsStore, type SettingsStore } from '../settings/store';
import type { TemplateRenderer } from '../templates';
import type { CoachKind } from '../coach-runtime/session-runtime';
import { SessionStore } from '../sessions/session-store';

export type { CoachKind } from '../coach-runtime/session-runtime';

export interface PushEvent<C extends PushChannel = PushChannel> {
  channel: C;
  payload: PushPayload<C>;
}
export type PushListener = (event: PushEvent) => void;

export const QUESTION_TIMEOUT_MS = 5 * 60_000;

export interface AppCoreDeps {
  runtime: AppInfo['runtime'];
  version: string;
  /** The model from the environment. */
  model: ModelSettings;
  /** The configured model, or undefined when none is set up (used when `modelFor` is not given). */
  llm: Llm | undefined;
  /** Which coach a session gets when a model is set up and Settings do not say; without a model every session is guided. */
  coachPreference?: CoachKind;
  /** Where Settings are kept (default: settings.json in the data folder). */
  settings?: SettingsStore;
  /** Where an API key typed in Settings is kept (default: nowhere; the environment's key only). */
  secrets?: SecretStore;
  /** Makes the model for settings (the app: the OpenAI provider). Without it the model given as `llm` stays. */
  modelFor?: (model: ModelSettings) => Llm | undefined;
  /** Called when the key in use changes, so logs keep redacting it. */
  onApiKey?: (apiKey: string | undefined) => void;
  templates: TemplateRenderer;
  logger: Logger;
  time: Clock;
  random: Random;
  /** Where sessions (their logs and photos) are kept. */
  dataDir: string;
  /** Shows the desktop's file picker and returns what the person chose (the window only). */
  pickPhotoPaths?: () => Promise<string[]>;
  /** Shows the desktop's file picker for a session archive (the window only). */
  pickArchivePath?: () => Promise<string | undefined>;
  /** Shows the desktop's folder picker and keeps the choice for the next start (the window only). */
  pickDataDir?: () => Promise<string | undefined>;
  questionTimeoutMs?: number;
  /** Sprint and break lengths that override Settings (TIDY_SPRINT_MS / TIDY_BREAK_MS, for tests and demos). */
  sprintMs?: number;
  breakMs?: number;
  /** The app's own waits (a card's time-out, sprints and breaks, the phone link's 15 minutes), on `time`'s clock. */
  timers?: Timers;
  /**
   * Present when `time` stands still until a test moves it (TIDY_TEST_CLOCK, `ManualTime.onAdvance`): each move is
   * pushed to the page, whose clock stands still with main's. Absent: the clock runs by itself.
   */
  clockMoves?: (listener: () => void) => () => void;
  /**
   * Shows a reminder that came due as the system's notification (the window: Electron's, from main). Absent (web mode),
   * it is pushed to the page as `reminders:notify`, which shows the browser's.
   */
  notify?: (notice: ReminderNotice) => void;
  /** Backoff for model retries (tests make it short). */
  retry?: Omit<RetryOptions, 'onRetry'>;
  /** When a turn's end is a checkpoint (tests make them frequent). */
  checkpoints?: CheckpointPolicy;
  /** Where the on-device detector is and how it idles (default: the installed one). */
  detection?: Pick<DetectionServiceDeps, 'lookup' | 'detector' | 'workers'>;
  /** The longest the guided coach waits for the detector's look at an import's first photo (photo-arrival.ts). */
  firstLookWaitMs?: number;
  /** Where "Add from phone" listens (default: this computer's private network address; tests: 127.0.0.1). */
  phoneAddress?: () => string | undefined;
  /** The phone link's caps (tests make them small). */
  phoneLimits?: Partial<PhoneLimits>;
}

export interface AppCore {
  readonly handlers: InvokeHandlers;
  readonly store: SessionStore;
  /** Every push for every connected renderer goes through here. */
  onPush(listener: PushListener): () => void;
  /** Resolves when the coach has nothing running or waiting and the log is on disk (tests, shutdown). */
  idle(): Promise<void>;
  /** Keeps one photo the browser uploaded until `photos:import` takes it; returns its upload id. */
  stageUpload(name: string, bytes: Uint8Array): string;
  /** The file behind a `/photos/...` URL of the GUI, or undefined. */
  photoFile(urlPath: string): string | undefined;
  /** Paths the person really dropped on the window (reported by the preload): only these may be imported. */
  grantPaths(paths: readonly string[]): void;
  /** Where the current session's log is, once it has one (it gets one with its first message or photo). */
  readonly sessionPaths: SessionPaths | undefined;
  /** Picks up the most recently used unfinished session, if there is one (at start). */
  resumeLatest(): Promise<void>;
  dispose(): Promise<void>;
}

/** What became of the one photo of an import (a phone's). */
function outcomeOfOne(result: ImportResult): Received {
  if (result.imported.length > 0) return { outcome: 'imported' };
  if (result.duplicates.length > 0) return { outcome: 'duplicate' };
  return { outcome: 'skipped', message: result.skipped[0]?.message ?? 'It was not imported.' };
}

export function createAppCore(deps: AppCoreDeps): AppCore {
  const { logger, time, random } = deps;
  const pushListeners = new Set<PushListener>();
  const emit = (event: PushEvent) => {
    for (const listener of pushListeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error('A push listener failed', { error });
      }
    }
  };
  let activity: CoachActivity = { status: 'idle' };
  const setActivity = (next: CoachActivity) => {
    activity = next;
    emit({ channel: 'coach:activity', payload: next });
  };

  // Declared before the settings that report on it; its deliveries reach whichever session is current then.
  const detection: DetectionService = new DetectionService({
    logger,
    ...deps.detection,
    deliver: (sessionId, photoId, detections) => current.addDetections(sessionId, photoId, detections),
    onProgress: (progress) => emit({ channel: 'detection:progress', payload: progress }),
  });
  const detectionOn = () => settings.settings.detection !== false;

  const settings = new SettingsService({
    store: deps.settings ?? fileSettingsStore(deps.dataDir),
    secrets: deps.secrets ?? environmentOnlySecrets,
    env: deps.model,
    ...(deps.modelFor ? { modelFor: deps.modelFor } : {}),
    ...(deps.llm ? { fixedLlm: deps.llm } : {}),
    ...(deps.coachPreference ? { coachPreference: deps.coachPreference } : {}),
    ...(deps.onApiKey ? { onApiKey: deps.onApiKey } : {}),
    dataDir: deps.dataDir,
    detector: () => detection.availability(),
  });

  // Holds the session in use; `CurrentSession` puts a fresh one (or a resumed one) in place.
  const store = new SessionStore(newSessionState(random.id(), time.now()), (error) => logger.error('A session listener failed', { error }));
  const unsubscribeStore = store.subscribe((snapshot) => emit({ channel: 'session:changed', payload: snapshot }));
  const clockReading = () => ({ now: time.now(), runs: deps.clockMoves === undefined });
  const unsubscribeClock = deps.clockMoves?.(() => emit({ channel: 'clock:changed', payload: clockReading() }));

  const questions = new QuestionBroker({
    now: () => time.now(),
    newId: () => random.id(),
    timeoutMs: deps.questionTimeoutMs ?? QUESTION_TIMEOUT_MS,
    ...(deps.timers ? { timers: deps.timers } : {}),
    publish: (question) =>
      store.update((current) => {
        const { pendingQuestion: _previous, ...rest } = current;
        return question ? { ...rest, pendingQuestion: question } : rest;
      }),
  });

  const current = new CurrentSession(
    {
      store,
      version: deps.version,
      templates: deps.templates,
      logger,
      time,
      random,
      questions,
      onActivity: setActivity,
      secrets: () => (settings.model.apiKey ? [settings.model.apiKey] : []),
      ...(deps.retry ? { retry: deps.retry } : {}),
      ...(deps.checkpoints ? { checkpoints: deps.checkpoints } : {}),
      sprints: {
        lengthMs: () => deps.sprintMs ?? (settings.settings.sprintMinutes ?? SPRINT_MINUTES.default) * 60_000,
        breakMs: () => deps.breakMs ?? BREAK_MS,
        ...(deps.timers ? { timers: deps.timers } : {}),
      },
      // Declared below, like the room a session is put in.
      metaWritten: (meta) => rooms.metaWritten(meta),
    },
    settings,
    deps.dataDir,
    // Declared below; a session gets its folder only once the core is up.
    (session, how) => {
      rooms.place(session.id, session.room, how === 'started' ? 'started' : 'adopt').catch((error: unknown) => logger.error('A session could not be put in its room', { error }));
    },
  );
  const library = new SessionLibrary(deps.dataDir, {
    get id() {
      return current.id;
    },
    get state() {
      return store.state;
    },
    flush: () => current.flush(),
  });
  const exitPlans = new ExitPlans({
    dataDir: deps.dataDir,
    logger,
    now: () => time.now(),
    state: (id) => library.state(id),
    currentId: () => current.id,
    ticksWritten: (id, ticks) => rooms.ticksWritten(id, ticks),
  });
  const rooms = new Rooms({
    dataDir: deps.dataDir,
    logger,
    now: () => time.now(),
    newId: () => random.id(),
    current: () => store.state,
    removeSession: (id) => library.remove(id),
  });
  // Home's sessions are read now, in the background, so the window's first Home is served from memory.
  rooms.start();
  /** Home's trips across rooms, and whether every plan could be read (none while the rooms file cannot be). */
  const tripsRead = async () => {
    const planned = await rooms.planned();
    return planned ? exitPlans.errands(planned) : { errands: { open: [], done: [] }, complete: false };
  };
  const reminders = new Reminders({
    dataDir: deps.dataDir,
    logger,
    now: () => time.now(),
    timers: deps.timers ?? systemTimers,
    trips: tripsRead,
    notify: deps.notify ?? ((notice) => emit({ channel: 'reminders:notify', payload: notice })),
    changed: (view) => emit({ channel: 'reminders:changed', payload: view }),
  });
  // What came due while the app was closed is shown on Home from the first look.
  reminders.start().catch((error: unknown) => logger.error('Reminders could not be started', { error }));
  const intake = new PhotoIntake(deps.dataDir, random);

  /** Queues the current session's photos the detector has not looked at yet (new ones, or all after a resume). */
  const detectUndetected = () => {
    if (!detectionOn()) return;
    const photos = store.state.photos.filter((photo) => !photo.detections);
    if (photos.length > 0) detection.request({ sessionId: current.id, photosDir: intake.sessionPhotoDir(current.id), photos });
  };

  /**
   * Imports into the session's photo folder. Each new photo joins the session as it is stored and the coach starts on
   * them (photo-arrival.ts); the detector's worker starts loading at once, so the first photo does not wait for it.
   */
  const importPhotos = async (sources: Parameters<PhotoIntake['importInto']>[1], signal: AbortSignal) => {
    const sessionId = current.id;
    if (detectionOn()) detection.warm();
    const photosDir = intake.sessionPhotoDir(sessionId);
    const arrival = new PhotoArrival({
      sessionId,
      current,
      detection: detectionOn() ? detection : undefined,
      photosDir,
      logger,
      ...(deps.firstLookWaitMs !== undefined ? { firstLookWaitMs: deps.firstLookWaitMs } : {}),
      ...(deps.timers ? { timers: deps.timers } : {}),
    });
    const result = await intake.importInto(sessionId, sources, {
      signal,
      ...(settings.settings.imageLongSide ? { modelLongSide: settings.settings.imageLongSide } : {}),
      now: () => new Date(time.now()),
      onProgress: (progress) => emit({ channel: 'photos:progress', payload: progress }),
      onImported: (record) => arrival.stored(record),
    });
    await arrival.finish();
    if (current.id === sessionId) detectUndetected();
    return result;
  };

  /** Photos from a phone, one import at a time in the order they arrived, each as a drop of one photo would be. */
  let phoneImports: Promise<unknown> = Promise.resolve();
  const phone = new PhoneListener({
    address: deps.phoneAddress ?? privateNetworkAddress,
    receive: (photo) => {
      const imported = phoneImports.then(() => importPhotos([photo], new AbortController().signal));
      phoneImports = imported.catch(() => undefined);
      return imported.then(outcomeOfOne);
    },
    onChange: (link) => emit({ channel: 'phone:changed', payload: link }),
    logger,
    now: () => time.now(),
    ...(deps.timers ? { timers: deps.timers } : {}),
    ...(deps.phoneLimits ? { limits: deps.phoneLimits } : {}),
  });

  const handlers: InvokeHandlers = {
    'clock:get': () => clockReading(),
    'app:info': () => {
      const model = settings.model;
      return {
        name: 'Tidying',
        version: deps.version,
        runtime: deps.runtime,
        model: {
          configured: isModelConfigured(model),
          ...(model.model ? { name: model.model } : {}),
          apiKeySet: Boolean(model.apiKey),
          vision: model.vision,
          tools: model.tools,
        },
        coach: current.coachKind,
      };
    },
    'session:get': () => store.snapshot(),
    'settings:get': () => settings.view(),
    'settings:set': async (patch) => {
      await settings.update(patch);
      if (patch.detection === false) detection.cancel();
      if (patch.detection === true) detectUndetected();
      return settings.view();
    },
    'settings:setApiKey': async ({ apiKey }) => {
      await settings.setApiKey(apiKey ?? undefined);
      return settings.view();
    },
    'settings:chooseDataDir': async () => {
      if (!deps.pickDataDir) {
        throw new IpcError({ code: 'invalid-input', message: 'In web mode the data folder is chosen with --data-dir or TIDY_DATA_DIR when Tidying starts.' });
      }
      const chosen = await deps.pickDataDir();
      return chosen ? { nextStart: chosen } : {};
    },
    'settings:testModel': (_input, { signal }) => settings.testModel(signal),
    'session:new': async () => {
      await current.startNew();
      setActivity({ status: 'idle' });
      return store.snapshot();
    },
    'sessions:list': () => library.list(),
    'sessions:open': ({ id }) => library.timeline(id),
    'sessions:resume': async ({ id }) => {
      if (id === current.id) return store.snapshot();
      setActivity({ status: 'idle' });
      await current.resume(id);
      detectUndetected();
      return store.snapshot();
    },
    'sessions:summary': async ({ id }) => library.summary(id, await exitPlans.done(id)),
    'exitPlan:open': async () => ({ plans: await exitPlans.open() }),
    'exitPlan:get': ({ id }) => exitPlans.view(id),
    'exitPlan:tick': ({ id, itemId, done }) => exitPlans.tick(id, itemId, done),
    'exitPlan:dismiss': ({ id }) => exitPlans.dismiss(id),
    'errands:list': async () => (await tripsRead()).errands,
    'errands:calendar': ({ key }) => reminders.calendar(key),
    'reminders:get': () => reminders.view(),
    'reminders:set': ({ key, when, shown }) => reminders.set(key, when, shown),
    'reminders:cancel': ({ key }) => reminders.cancel(key),
    'debug:events': async ({ limit }) => {
      const paths = current.paths;
      if (!paths) return { events: [], total: 0 };
      await current.flush();
      const { events } = await readSessionLog(paths.log);
      return { events: events.slice(-limit) as unknown as Record<string, unknown>[], total: events.length };
    },
    'sessions:export': async ({ id }) => {
      const { fileName, archive } = await library.export(id);
      return { fileName, archive: archive.toString('base64') };
    },
    'sessions:import': async ({ upload, path: file, pick }) => {
      let bytes: Uint8Array;
      if (upload) {
        const [source] = intake.take([upload]);
        if (!source || !('bytes' in source)) throw new IpcError({ code: 'invalid-input', message: 'That upload is not here.' });
        bytes = source.bytes;
      } else {
        if (pick && !deps.pickArchivePath) throw new IpcError({ code: 'invalid-input', message: 'In web mode, open a session file with the browser’s file picker.' });
        const chosen = pick ? await deps.pickArchivePath?.() : file;
        if (!chosen) return undefined;
        if (!pick) intake.checkGranted([chosen], 'a file');
        // A dropped session folder travels the same way as its archive would.
        bytes = (await stat(chosen)).isDirectory() ? await archiveOfFolder(chosen) : await readFile(chosen);
      }
      return library.import(bytes);
    },
    'sessions:delete': async ({ id }) => {
      await library.remove(id);
      await rooms.forget(id);
      return { deleted: true as const };
    },
    'chat:send': async ({ text }) => ({ messageId: await current.send(text) }),
    'point:send': async ({ point }) => ({ messageId: await current.point(point) }),
    'coach:status': () => activity,
    'coach:stop': async () => ({ stopped: await current.stop() }),
    'session:windDown': async () => ({ outcome: await current.windDown() }),
    'session:undo': async ({ answer }) => ({ outcome: await current.undo(answer) }),
    'sprint:control': async ({ action }) => ({ changed: await current.controlSprint(action) }),
    'photos:import': async ({ uploads, paths }, { signal }) => {
      if (deps.runtime === 'web' && paths.length > 0) {
        throw new IpcError({ code: 'invalid-input', message: 'In web mode photos arrive as uploads, not as paths.' });
      }
      intake.checkGranted(paths, 'photos');
      return importPhotos([...intake.take(uploads), ...paths.map((file) => ({ path: file }))], signal);
    },
    'photos:pick': async (_input, { signal }) => {
      if (!deps.pickPhotoPaths) {
        throw new IpcError({ code: 'invalid-input', message: 'In web mode, photos are added with the browser’s folder picker.' });
      }
      const picked = await deps.pickPhotoPaths();
      if (picked.length === 0) return undefined;
      return importPhotos(picked.map((file) => ({ path: file })), signal);
    },
    'rooms:home': () => rooms.home(),
    'rooms:page': ({ id }) => rooms.page(id),
    'rooms:visit': async (input) => {
      if ('id' in input) {
        // Back to the room whose session is under way: that session, as it is.
        const state = store.state;
        if (state.status === 'active' && sessionBegun(state) && (await rooms.roomOf(state.id)) === input.id) return store.snapshot();
      }
      const { room, carry } = 'id' in input ? await rooms.visit(input.id) : { room: { id: random.id() }, carry: undefined };
      setActivity({ status: 'idle' });
      await current.visit(room, carry);
      return store.snapshot();
    },
    'rooms:rename': ({ id, name }) => rooms.rename(id, name),
    'rooms:merge': ({ from, into }) => rooms.merge(from, into),
    'rooms:moveSession': ({ sessionId, to }) => rooms.moveSession(sessionId, 'room' in to ? to.room : 'new'),
    'rooms:delete': ({ id, sessions }) => rooms.remove(id, sessions),
    'rooms:summary': ({ id }) => rooms.summary(id),
    'rooms:setUpAgain': () => rooms.setUpAgain(),
    'detection:cancel': () => ({ cancelled: detection.cancel() }),
    'phone:open': () => phone.open(),
    'phone:close': () => phone.close(),
    'phone:end': ({ phoneId }) => phone.end(phoneId),
    'phone:status': () => phone.state,
    'question:answer': async ({ questionId, answer }) => {
      if (answer.kind === 'point') {
        // The contract checks a point's shape; only the session knows its photos. What the coach needs of it is made
        // before the answer reaches the coach.
        const problem = pointProblem(store.state.photos, answer.point);
        if (problem) throw new IpcError({ code: 'invalid-input', message: problem });
        if (questions.pending?.id !== questionId) throw new IpcError({ code: 'closed', message: 'That question is no longer open: it was answered or timed out.' });
        await current.preparePoint(answer.point);
      }
      questions.answer(questionId, answer);
      return { accepted: true as const };
    },
  };

  return {
    handlers,
    store,
    onPush(listener) {
      pushListeners.add(listener);
      return () => {
        pushListeners.delete(listener);
      };
    },
    async idle() {
      await detection.idle();
      await current.idle();
      await reminders.idle();
    },
    stageUpload: (name, bytes) => intake.stage(name, bytes),
    photoFile(urlPath) {
      const parsed = parsePhotoPath(urlPath);
      return parsed ? intake.photoFile(parsed.sessionId, parsed.photoId, parsed.variant) : undefined;
    },
    grantPaths: (paths) => intake.grant(paths),
    get sessionPaths() {
      return current.paths;
    },
    async resumeLatest() {
      await current.resumeLatest();
      detectUndetected();
    },
    async dispose() {
      await phone.close();
      await reminders.dispose();
      await detection.close();
      await current.close();
      await rooms.idle();
      unsubscribeStore();
      unsubscribeClock?.();
      pushListeners.clear();
    },
  };
}
