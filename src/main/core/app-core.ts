import { mkdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import type { CoachActivity } from '../../shared/coach/activity';
import { type AppInfo, type PushChannel, type PushPayload } from '../../shared/ipc/contract';
import { IpcError } from '../../shared/ipc/errors';
import { newSessionState } from '../../shared/session/new-session';
import { sessionSummaryMarkdown } from '../session/summary-markdown';
import type { SessionState } from '../../shared/session/schema';
import { isModelConfigured, type ModelSettings } from '../config/settings';
import { classifyLlmError, type Clock, type Llm, type Log, type Random, type StateStore } from '../effects';
import type { InvokeHandlers } from '../ipc/dispatch';
import type { Logger } from '../log/logger';
import { importPhotos, readModelCopy, type PhotoSource } from '../photos';
import { QuestionBroker, type Timers } from '../questions';
import { fileSettingsStore, type SettingsStore } from '../settings/store';
import { environmentOnlySecrets, type SecretStore } from '../settings/secrets';
import type { Settings } from '../../shared/settings/schema';
import {
  checkReplay,
  describeModel,
  hashTemplates,
  listSessions,
  metaFromState,
  readSessionLog,
  rebuildState,
  recordingClock,
  recordingLlm,
  recordingQuestions,
  recordingRandom,
  replayEffects,
  SessionLogWriter,
  sessionPaths,
  writeSessionMeta,
  type LogEvent,
  type ReplayEffects,
  type SessionPaths,
  archiveFileName,
  archiveOfFolder,
  exportSessionArchive,
  importSessionArchive,
  SessionArchiveError,
} from '../session-log';
import { timelineOf } from '../replay/transcript';
import type { TemplateRenderer } from '../templates';
import { parsePhotoPath, PhotoIntake } from './photo-intake';
import { replayThenLive, switchableEffects } from './resume-effects';
import { applyLoggedEvent, messageFromLog } from './logged-message';
import { queueMessage, SessionRuntime, type CoachKind, type RuntimeEffects, type TurnRequest } from './session-runtime';
import { SessionStore } from './session-store';
import { TurnRunner } from './turn-runner';

export type { CoachKind } from './session-runtime';

export interface PushEvent<C extends PushChannel = PushChannel> {
  channel: C;
  payload: PushPayload<C>;
}
export type PushListener = (event: PushEvent) => void;

export const QUESTION_TIMEOUT_MS = 5 * 60_000;

const OFFLINE_NOTICE =
  'No model is set up, so I’ll guide you with short questions and cards: it all works offline. Drop photos of the room, or type anything to begin.';

export interface AppCoreDeps {
  runtime: AppInfo['runtime'];
  version: string;
  model: ModelSettings;
  /** The configured model, or undefined when none is set up. */
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
  timers?: Timers;
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

/** A session's log and the runtime that records into it: made when the session first has something to keep. */
interface SessionLog {
  readonly paths: SessionPaths;
  readonly writer: SessionLogWriter;
  readonly runtime: SessionRuntime;
  /** The coach the session was started with (a resumed session keeps its own). */
  readonly coachKind: CoachKind;
}

/**
 * The main-process core shared by the Electron window and web mode: it imports nothing from Electron, owns the
 * session state, runs the coach, logs every session to its own folder and answers the contract's invoke channels.
 */
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

  const store = new SessionStore(newSessionState(random.id(), time.now()), (error) =>
    logger.error('A session listener failed', { error }),
  );
  const unsubscribeStore = store.subscribe((snapshot) => emit({ channel: 'session:changed', payload: snapshot }));
  const state: StateStore<SessionState> = { get: () => store.state, set: (next) => void store.replace(next) };
  const log: Log = { write: (entry) => logger[entry.level](entry.message, entry.data === undefined ? undefined : { data: entry.data }) };
  const settingsStore = deps.settings ?? fileSettingsStore(deps.dataDir);
  const secrets = deps.secrets ?? environmentOnlySecrets;
  let settings = settingsStore.read();

  /** The model in use: Settings on top of the environment; a key typed in Settings wins over OPENAI_API_KEY. */
  const modelSettingsFor = (from: Settings): ModelSettings => {
    const chosen = from.model ?? {};
    const apiKey = secrets.get() ?? deps.model.apiKey;
    const baseUrl = chosen.baseUrl === null ? undefined : (chosen.baseUrl ?? deps.model.baseUrl);
    const name = chosen.name ?? deps.model.model;
    return {
      ...(apiKey ? { apiKey } : {}),
      ...(baseUrl ? { baseUrl } : {}),
      ...(name ? { model: name } : {}),
      vision: chosen.vision ?? deps.model.vision,
      tools: chosen.tools ?? deps.model.tools,
    };
  };
  let model = modelSettingsFor(settings);
  let llm: Llm | undefined = deps.modelFor ? deps.modelFor(model) : deps.llm;
  deps.onApiKey?.(model.apiKey);
  const reconfigureModel = () => {
    model = modelSettingsFor(settings);
    if (deps.modelFor) llm = deps.modelFor(model);
    deps.onApiKey?.(model.apiKey);
  };
  /** Sessions hold this one: a model change in Settings reaches them at once. */
  const currentLlm: Llm = {
    generate: (request) => (llm ? llm.generate(request) : Promise.reject(new Error('No model is set up.'))),
  };
  const hasModel = () => llm !== undefined;

  /** The coach a new session gets: Settings first, then TIDY_COACH; without a model always guided. */
  const coachForNewSession = (): CoachKind => (hasModel() ? (settings.coach ?? deps.coachPreference ?? 'conversational') : 'guided');
  let coachKind: CoachKind = coachForNewSession();
  const settingsView = () => ({
    settings,
    effectiveCoach: coachForNewSession(),
    modelConfigured: hasModel(),
    dataDir: deps.dataDir,
    model: {
      ...(model.baseUrl ? { baseUrl: model.baseUrl } : {}),
      ...(model.model ? { name: model.model } : {}),
      vision: model.vision,
      tools: model.tools,
    },
    apiKey: { set: Boolean(model.apiKey), storage: secrets.storage },
  });

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

  const intake = new PhotoIntake(deps.dataDir, random);
  const photoBytes = (id: string): Uint8Array | undefined => readModelCopy(intake.sessionPhotoDir(store.state.id), id);
  /** Paths the person dropped or picked; `photos:import` reads no other path. */
  const granted = new Set<string>();

  /** A guided session without a model says so, once, before anything else. */
  const freshSession = (): SessionState => {
    coachKind = coachForNewSession();
    const fresh = newSessionState(random.id(), time.now());
    return coachKind === 'guided' && !hasModel()
      ? { ...fresh, messages: [{ id: random.id(), role: 'coach', text: OFFLINE_NOTICE, at: time.now() }] }
      : fresh;
  };
  store.replace(freshSession());

  let sessionLog: Promise<SessionLog> | undefined;

  const openWriter = (paths: SessionPaths) =>
    SessionLogWriter.open(paths.log, {
      now: () => time.now(),
      secrets: () => (model.apiKey ? [model.apiKey] : []),
      onError: (error) => logger.error('Writing the session log failed', { error }),
    });

  /** The live effects of a session: every nondeterministic result goes into its log. */
  const recordedEffects = (writer: SessionLogWriter): RuntimeEffects => ({
    time: recordingClock(time, writer),
    random: recordingRandom(random, writer),
    llm: hasModel() ? recordingLlm(currentLlm, writer) : undefined,
    questions: recordingQuestions(questions, writer, { shownQuestion: () => questions.pending }),
  });

  const runtimeFor = (effects: RuntimeEffects, kind: CoachKind) =>
    new SessionRuntime({
      state,
      effects,
      coachKind: kind,
      model,
      templates: deps.templates,
      log,
      photoBytes,
      onActivity: setActivity,
    });

  const saveMeta = (paths: SessionPaths, kind: CoachKind) => writeSessionMeta(paths.dir, metaFromState(store.state, kind, time.now()));

  /** The session's folder and log, with its opening state as the first snapshot, made on first use. */
  const logForSession = (): Promise<SessionLog> =>
    (sessionLog ??= (async () => {
      const paths = sessionPaths(deps.dataDir, store.state.id);
      await mkdir(paths.dir, { recursive: true });
      const writer = await openWriter(paths);
      await writer.append({
        type: 'session-started',
        sessionId: store.state.id,
        appVersion: deps.version,
        coach: coachKind,
        model: describeModel(model),
        templates: await hashTemplates(deps.templates.dir),
      });
      await writer.append({ type: 'turn-ended', state: store.state });
      await saveMeta(paths, coachKind);
      return { paths, writer, runtime: runtimeFor(recordedEffects(writer), coachKind), coachKind };
    })());

  // Mode changes go into the session's log as they happen, whichever coach made them.
  let loggedMode = store.state.mode.kind;
  const unsubscribeModes = store.subscribe(({ state: current }) => {
    const to = current.mode.kind;
    if (to === loggedMode) return;
    const from = loggedMode;
    loggedMode = to;
    void sessionLog?.then((session) => session.writer.append({ type: 'mode-transition', from, to }));
  });

  const turns = new TurnRunner(
    async (request: TurnRequest, signal) => {
      const session = await logForSession();
      await session.writer.append({ type: 'turn-started', messageIds: [...request.messageIds], photoIds: [...request.photoIds] });
      let outcome: Awaited<ReturnType<SessionRuntime['runTurn']>>;
      try {
        outcome = await session.runtime.runTurn(request, signal);
      } finally {
        await session.writer.append({ type: 'turn-ended', state: store.state });
        await saveMeta(session.paths, session.coachKind);
      }
      if (outcome?.kind === 'answered' && outcome.continues && !signal.aborted) turns.enqueue({ messageIds: [], photoIds: [] });
    },
    (error) => {
      logger.error('A coach turn failed', { error });
      void sessionLog?.then((session) => session.writer.append({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
      setActivity({ status: 'error', notice: 'The coach ran into a problem. Your message is kept; send again when ready.' });
    },
  );

  /** Imports into the session's photo folder, adds what is new to the session and lets the coach see it. */
  const importInto = async (sessionId: string, sources: PhotoSource[], signal: AbortSignal) => {
    const result = await importPhotos(sources, {
      ...(settings.imageLongSide ? { modelLongSide: settings.imageLongSide } : {}),
      store: await intake.storeFor(sessionId),
      now: () => new Date(time.now()),
      signal,
      onProgress: (progress) => emit({ channel: 'photos:progress', payload: progress }),
    });
    if (store.state.id !== sessionId) return result;
    const known = new Set(store.state.photos.map((photo) => photo.id));
    const added = result.imported
      .filter((record) => !known.has(record.id))
      .map((record) => ({ id: record.id, fileName: record.originalName, width: record.width, height: record.height }));
    if (added.length > 0) {
      store.update((current) => ({ ...current, photos: [...current.photos, ...added] }));
      const session = await logForSession();
      await session.writer.append({ type: 'photos-imported', photos: added });
      if (store.state.status === 'active') {
        // The photos appear in the chat as the person's message, and the coach looks at them in its next turn.
        const photoIds = added.map((photo) => photo.id);
        const message = { id: random.id(), role: 'person' as const, text: '', at: time.now(), photoIds };
        store.update((current) => queueMessage(current, message));
        await session.writer.append({ type: 'person-message', messageId: message.id, text: '', photoIds, sentAt: message.at });
        turns.enqueue({ messageIds: [message.id], photoIds });
      }
    }
    return result;
  };

  const closeSession = async () => {
    turns.reset();
    questions.cancel();
    await turns.idle();
    const closing = sessionLog;
    sessionLog = undefined;
    if (closing) await (await closing).writer.close();
  };

  /**
   * Makes a logged session the live one. The finished turns are replayed through the session runtime with no model
   * calls (the state and the coach's memory come back exactly as they were); the turn that was in flight is played
   * again from the log and goes on live where the log ends, so an answered question is never lost and an open one
   * comes back with its original expiry. If the code has changed so much that replay goes another way, the session
   * continues from its last saved state with a coach that starts afresh.
   */
  const resumeSession = async (id: string): Promise<void> => {
    const paths = sessionPaths(deps.dataDir, id);
    const { events, tornTail } = await readSessionLog(paths.log);
    if (tornTail) logger.warn('The session log ended in a torn line; it was skipped', { line: tornTail.line });
    const started = events.find((event) => event.type === 'session-started');
    const lastEnd = events.findLastIndex((event) => event.type === 'turn-ended');
    if (!started || lastEnd < 0) throw new IpcError({ code: 'invalid-input', message: 'That session’s log has no saved state to resume from.' });
    const finished = events.slice(0, lastEnd + 1);
    const inFlight = events.slice(lastEnd + 1);
    await setAsideInFlight(paths.log, inFlight);

    const kind = started.coach;
    coachKind = kind;
    const sessionHasModel = started.model.configured !== false && hasModel();
    const fromLog = (replay: ReplayEffects): RuntimeEffects => ({
      time: replay.time,
      random: replay.random,
      llm: sessionHasModel ? replay.llm : undefined,
      questions: replay.question as RuntimeEffects['questions'],
    });
    const replay = replayEffects(finished);
    const switchable = switchableEffects(fromLog(replay), sessionHasModel);
    let runtime = runtimeFor(switchable.effects, kind);
    let opened = false;
    const result = await checkReplay(finished, replay, async (turn) => {
      if (!opened) {
        // The first snapshot is the session as it opened.
        opened = true;
        store.replace(turn.state!);
        return store.state;
      }
      for (const event of turn.events) await applyLoggedEvent(event, state, runtime);
      return store.state;
    });
    if (result.divergence) {
      logger.warn('Replaying the session went another way; it continues from its last saved state', { divergence: result.divergence.message });
      runtime = runtimeFor(switchable.effects, kind);
    }
    // The logged state is the truth either way.
    const snapshot = finished[lastEnd] as Extract<LogEvent, { type: 'turn-ended' }>;
    store.replace(snapshot.state);
    const rebuilt = rebuildState(events);

    // The in-flight turn's lines were set aside: everything it reads again, from the log or live, is recorded anew.
    const writer = await openWriter(paths);
    const hybrid = replayThenLive(
      replayEffects(inFlight),
      { time, random, llm: sessionHasModel ? currentLlm : undefined, questions },
      {
        ...(rebuilt.openQuestion ? { openQuestion: rebuilt.openQuestion } : {}),
        reopen: (question, signal) => questions.reopen(question, signal),
      },
    );
    switchable.use({
      time: recordingClock(hybrid.time, writer),
      random: recordingRandom(hybrid.random, writer),
      llm: hybrid.llm ? recordingLlm(hybrid.llm, writer) : undefined,
      questions: recordingQuestions(hybrid.questions, writer, { shownQuestion: () => questions.pending }),
    });
    sessionLog = Promise.resolve({ paths, writer, runtime, coachKind: kind });
    // What the person sent after the last saved state comes back into the session, and the turn in flight runs again.
    const answered = new Set<string>();
    for (const event of inFlight) {
      if (event.type === 'person-message' && event.messageId) {
        store.update((current) => queueMessage(current, messageFromLog(event)));
        await writer.append({
          type: 'person-message',
          messageId: event.messageId,
          text: event.text,
          ...(event.photoIds ? { photoIds: event.photoIds } : {}),
          ...(event.sentAt !== undefined ? { sentAt: event.sentAt } : {}),
        });
      } else if (event.type === 'photos-imported') {
        store.update((current) => ({ ...current, photos: [...current.photos, ...event.photos] }));
        await writer.append({ type: 'photos-imported', photos: event.photos });
      } else if (event.type === 'turn-started') {
        event.messageIds.forEach((messageId) => answered.add(messageId));
        turns.enqueue({ messageIds: event.messageIds, photoIds: event.photoIds });
      }
    }
    const waiting = store.state.queued.filter((message) => !answered.has(message.id)).map((message) => message.id);
    if (waiting.length > 0) turns.enqueue({ messageIds: waiting, photoIds: [] });
  };

  const handlers: InvokeHandlers = {
    'app:info': () => ({
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
      coach: coachKind,
    }),
    'session:get': () => store.snapshot(),
    'settings:get': () => settingsView(),
    'settings:set': async (patch) => {
      const next = { ...settings, ...patch, ...(patch.model ? { model: { ...settings.model, ...patch.model } } : {}) };
      if (next.coach === 'conversational' && patch.coach && !(deps.modelFor ? isModelConfigured(modelSettingsFor(next)) : hasModel())) {
        throw new IpcError({ code: 'invalid-input', message: 'The conversational coach needs a model: set one up first.' });
      }
      // In effect at once (a read right after sees it); put back if it cannot be saved.
      const previous = settings;
      settings = next;
      try {
        await settingsStore.write(next);
      } catch (error) {
        settings = previous;
        throw error;
      }
      if (patch.model) reconfigureModel();
      return settingsView();
    },
    'settings:setApiKey': async ({ apiKey }) => {
      try {
        await secrets.set(apiKey ?? undefined);
      } catch (error) {
        throw new IpcError({ code: 'invalid-input', message: (error as Error).message });
      }
      reconfigureModel();
      return settingsView();
    },
    'settings:chooseDataDir': async () => {
      if (!deps.pickDataDir) {
        throw new IpcError({ code: 'invalid-input', message: 'In web mode the data folder is chosen with --data-dir or TIDY_DATA_DIR when Tidying starts.' });
      }
      const chosen = await deps.pickDataDir();
      return chosen ? { nextStart: chosen } : {};
    },
    'settings:testModel': async (_input, { signal }) => {
      if (!llm) return { ok: false, message: 'No model is set up: give it a name and a key or a server address.' };
      try {
        const reply = await llm.generate({
          instructions: 'You are checking a connection. Reply with the single word OK.',
          messages: [{ role: 'user', content: 'Are you there?' }],
          tools: {},
          settings: { maxOutputTokens: 5 },
          signal,
        });
        return { ok: true, message: `${model.model ?? 'The model'} answered${reply.text.trim() ? `: “${reply.text.trim().slice(0, 40)}”` : ''}.` };
      } catch (error) {
        return { ok: false, message: classifyLlmError(error).message };
      }
    },
    'session:new': async () => {
      await closeSession();
      setActivity({ status: 'idle' });
      return store.replace(freshSession());
    },
    'sessions:list': async () => {
      const listing = await listSessions(deps.dataDir);
      return {
        sessions: listing.sessions.map(({ dir: _dir, ...meta }) => ({ ...meta, current: meta.id === store.state.id })),
        unreadable: listing.broken.map((entry) => ({ id: entry.dir.split(/[\\/]/).pop() ?? entry.dir, reason: entry.reason })),
      };
    },
    'sessions:open': async ({ id }) => {
      if (id === store.state.id && sessionLog) await (await sessionLog).writer.flush();
      try {
        return timelineOf((await readSessionLog(sessionPaths(deps.dataDir, id).log)).events);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new IpcError({ code: 'invalid-input', message: 'There is no logged session with that id.' });
        throw error;
      }
    },
    'sessions:resume': async ({ id }) => {
      if (id === store.state.id) return store.snapshot();
      await closeSession();
      setActivity({ status: 'idle' });
      try {
        await resumeSession(id);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new IpcError({ code: 'invalid-input', message: 'There is no logged session with that id.' });
        throw error;
      }
      return store.snapshot();
    },
    'sessions:summary': async ({ id }) => {
      let summarised: SessionState | undefined = id === store.state.id ? store.state : undefined;
      if (!summarised) {
        try {
          summarised = rebuildState((await readSessionLog(sessionPaths(deps.dataDir, id).log)).events).state;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      if (!summarised) throw new IpcError({ code: 'invalid-input', message: 'There is no logged session with that id.' });
      const thumbnails = new Map<string, Uint8Array>();
      for (const photo of summarised.photos) {
        const file = intake.photoFile(id, photo.id, 'thumb');
        const bytes = file ? await readFile(file).catch(() => undefined) : undefined;
        if (bytes) thumbnails.set(photo.id, bytes);
      }
      const day = new Date(summarised.sessionStart).toISOString().slice(0, 10);
      return { fileName: `tidying-${day}.md`, markdown: sessionSummaryMarkdown(summarised, thumbnails) };
    },
    'debug:events': async ({ limit }) => {
      if (!sessionLog) return { events: [], total: 0 };
      const session = await sessionLog;
      await session.writer.flush();
      const { events } = await readSessionLog(session.paths.log);
      return { events: events.slice(-limit) as unknown as Record<string, unknown>[], total: events.length };
    },
    'sessions:export': async ({ id }) => {
      if (id === store.state.id && sessionLog) await (await sessionLog).writer.flush();
      const meta = (await listSessions(deps.dataDir)).sessions.find((session) => session.id === id);
      if (!meta) throw new IpcError({ code: 'invalid-input', message: 'There is no logged session with that id.' });
      const archive = await exportSessionArchive(deps.dataDir, id);
      return { fileName: archiveFileName(id, meta.startedAt), archive: archive.toString('base64') };
    },
    'sessions:import': async ({ upload, path: file, pick }) => {
      let bytes: Uint8Array;
      if (upload) {
        const [source] = intake.take([upload]);
        if (!source || !('bytes' in source)) throw new IpcError({ code: 'invalid-input', message: 'That upload is not here.' });
        bytes = source.bytes;
      } else {
        const chosen = pick ? await deps.pickArchivePath?.() : file;
        if (pick && !deps.pickArchivePath) throw new IpcError({ code: 'invalid-input', message: 'In web mode, open a session file with the browser’s file picker.' });
        if (!chosen) return undefined;
        if (!pick && !granted.has(chosen)) throw new IpcError({ code: 'invalid-input', message: 'Only a file you dropped on the window or picked can be opened.' });
        // A dropped session folder travels the same way as its archive would.
        bytes = (await stat(chosen)).isDirectory() ? await archiveOfFolder(chosen) : await readFile(chosen);
      }
      try {
        const id = await importSessionArchive(deps.dataDir, bytes);
        return timelineOf((await readSessionLog(sessionPaths(deps.dataDir, id).log)).events);
      } catch (error) {
        if (error instanceof SessionArchiveError) throw new IpcError({ code: 'invalid-input', message: error.message });
        throw error;
      }
    },
    'sessions:delete': async ({ id }) => {
      if (id === store.state.id) throw new IpcError({ code: 'invalid-input', message: 'The session in use cannot be deleted; start a new one first.' });
      await rm(sessionPaths(deps.dataDir, id).dir, { recursive: true, force: true });
      return { deleted: true as const };
    },
    'chat:send': async ({ text }) => {
      if (store.state.status === 'ended') {
        throw new IpcError({ code: 'closed', message: 'This session has ended. Start a new one to keep going.' });
      }
      const session = await logForSession();
      const message = { id: random.id(), role: 'person' as const, text, at: time.now() };
      store.update((current) => queueMessage(current, message));
      // On disk before the coach (and the model) sees it.
      await session.writer.append({ type: 'person-message', messageId: message.id, text, sentAt: message.at });
      turns.enqueue({ messageIds: [message.id], photoIds: [] });
      return { messageId: message.id };
    },
    'coach:status': () => activity,
    'coach:stop': () => ({ stopped: turns.stop() }),
    'photos:import': async ({ uploads, paths }, { signal }) => {
      if (deps.runtime === 'web' && paths.length > 0) {
        throw new IpcError({ code: 'invalid-input', message: 'In web mode photos arrive as uploads, not as paths.' });
      }
      const ungranted = paths.find((file) => !granted.has(file));
      if (ungranted !== undefined) {
        throw new IpcError({ code: 'invalid-input', message: 'Only photos you dropped on the window or picked can be imported.' });
      }
      return importInto(store.state.id, [...intake.take(uploads), ...paths.map((file) => ({ path: file }))], signal);
    },
    'photos:pick': async (_input, { signal }) => {
      if (!deps.pickPhotoPaths) {
        throw new IpcError({ code: 'invalid-input', message: 'In web mode, photos are added with the browser’s folder picker.' });
      }
      const picked = await deps.pickPhotoPaths();
      if (picked.length === 0) return undefined;
      return importInto(store.state.id, picked.map((file) => ({ path: file })), signal);
    },
    'question:answer': ({ questionId, answer }) => {
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
      await turns.idle();
      if (sessionLog) await (await sessionLog).writer.flush();
    },
    stageUpload: (name, bytes) => intake.stage(name, bytes),
    photoFile(urlPath) {
      const parsed = parsePhotoPath(urlPath);
      return parsed ? intake.photoFile(parsed.sessionId, parsed.photoId, parsed.variant) : undefined;
    },
    grantPaths(paths) {
      for (const file of paths) granted.add(file);
    },
    get sessionPaths() {
      return sessionLog ? sessionPaths(deps.dataDir, store.state.id) : undefined;
    },
    async resumeLatest() {
      const { sessions } = await listSessions(deps.dataDir);
      const latest = sessions.find((session) => session.status === 'active');
      if (!latest) return;
      try {
        await resumeSession(latest.id);
      } catch (error) {
        logger.warn('The last session could not be resumed; starting a new one', { error });
        await closeSession();
        store.replace(freshSession());
      }
    },
    async dispose() {
      await closeSession();
      unsubscribeModes();
      unsubscribeStore();
      pushListeners.clear();
    },
  };
}

/**
 * Moves the unfinished turn's lines out of the log into `log.interrupted-<seq>.jsonl` (kept, for a look later),
 * so the log stays a clean sequence of finished turns; the turn is recorded again as it runs on.
 */
async function setAsideInFlight(logFile: string, inFlight: readonly LogEvent[]): Promise<void> {
  const first = inFlight[0];
  if (!first) return;
  const text = await readFile(logFile);
  const lines = text.toString('utf8').split('\n');
  const index = lines.findIndex((line) => line.startsWith(`{"v":`) && new RegExp(`"seq":${first.seq}[,}]`).test(line));
  if (index < 0) return;
  const keep = Buffer.byteLength(lines.slice(0, index).map((line) => `${line}\n`).join(''), 'utf8');
  await writeFile(logFile.replace(/log\.jsonl$/, `log.interrupted-${first.seq}.jsonl`), text.subarray(keep));
  await truncate(logFile, keep);
}
