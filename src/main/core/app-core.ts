import { mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { CoachActivity } from '../../shared/coach/activity';
import { type AppInfo, type PushChannel, type PushPayload } from '../../shared/ipc/contract';
import { IpcError } from '../../shared/ipc/errors';
import { newSessionState } from '../../shared/session/new-session';
import type { SessionState } from '../../shared/session/schema';
import { isModelConfigured, type ModelSettings } from '../config/settings';
import type { Clock, Llm, Log, Random, StateStore } from '../effects';
import type { InvokeHandlers } from '../ipc/dispatch';
import type { Logger } from '../log/logger';
import { importPhotos, type PhotoSource } from '../photos';
import { QuestionBroker, type Timers } from '../questions';
import {
  describeModel,
  hashTemplates,
  metaFromState,
  recordingClock,
  recordingLlm,
  recordingQuestions,
  recordingRandom,
  SessionLogWriter,
  sessionPaths,
  writeSessionMeta,
  type SessionPaths,
} from '../session-log';
import type { TemplateRenderer } from '../templates';
import { parsePhotoPath, PhotoIntake } from './photo-intake';
import { queueMessage, SessionRuntime, type CoachKind, type TurnRequest } from './session-runtime';
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
  /** Which coach a session gets when a model is set up; without one every session is guided. */
  coachPreference?: CoachKind;
  templates: TemplateRenderer;
  logger: Logger;
  time: Clock;
  random: Random;
  /** Where sessions (their logs and photos) are kept. */
  dataDir: string;
  /** Shows the desktop's file picker and returns what the person chose (the window only). */
  pickPhotoPaths?: () => Promise<string[]>;
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
  dispose(): Promise<void>;
}

/** A session's log and the runtime that records into it: made when the session first has something to keep. */
interface SessionLog {
  readonly paths: SessionPaths;
  readonly writer: SessionLogWriter;
  readonly runtime: SessionRuntime;
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
  const state: StateStore<SessionState> = { get: () => store.state, set: (next) => void store.update(() => next) };
  const log: Log = { write: (entry) => logger[entry.level](entry.message, entry.data === undefined ? undefined : { data: entry.data }) };
  const coachKind: CoachKind = deps.llm ? (deps.coachPreference ?? 'conversational') : 'guided';

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
  const photoBytes = (id: string): Uint8Array | undefined => {
    const file = intake.photoFile(store.state.id, id, 'model');
    try {
      return file ? readFileSync(file) : undefined;
    } catch {
      return undefined;
    }
  };
  /** Paths the person dropped or picked; `photos:import` reads no other path. */
  const granted = new Set<string>();

  /** A guided session without a model says so, once, before anything else. */
  const freshSession = (): SessionState => {
    const fresh = newSessionState(random.id(), time.now());
    return coachKind === 'guided' && !deps.llm
      ? { ...fresh, messages: [{ id: random.id(), role: 'coach', text: OFFLINE_NOTICE, at: time.now() }] }
      : fresh;
  };
  store.update(() => freshSession());

  let sessionLog: Promise<SessionLog> | undefined;
  /** The session's folder and log, with its opening state as the first snapshot, made on first use. */
  const logForSession = (): Promise<SessionLog> =>
    (sessionLog ??= (async () => {
      const paths = sessionPaths(deps.dataDir, store.state.id);
      await mkdir(paths.dir, { recursive: true });
      const writer = await SessionLogWriter.open(paths.log, {
        now: () => time.now(),
        secrets: () => (deps.model.apiKey ? [deps.model.apiKey] : []),
        home: os.homedir(),
        onError: (error) => logger.error('Writing the session log failed', { error }),
      });
      await writer.append({
        type: 'session-started',
        sessionId: store.state.id,
        appVersion: deps.version,
        coach: coachKind,
        model: describeModel(deps.model),
        templates: await hashTemplates(deps.templates.dir),
      });
      await writer.append({ type: 'turn-ended', state: store.state });
      const runtime = new SessionRuntime({
        state,
        effects: {
          time: recordingClock(time, writer),
          random: recordingRandom(random, writer),
          llm: deps.llm ? recordingLlm(deps.llm, writer) : undefined,
          questions: recordingQuestions(questions, writer, { shownQuestion: () => questions.pending }),
        },
        coachKind,
        model: deps.model,
        templates: deps.templates,
        log,
        photoBytes,
        onActivity: setActivity,
      });
      return { paths, writer, runtime };
    })());

  const turns = new TurnRunner(
    async (request: TurnRequest, signal) => {
      const session = await logForSession();
      await session.writer.append({ type: 'turn-started', messageIds: [...request.messageIds], photoIds: [...request.photoIds] });
      try {
        await session.runtime.runTurn(request, signal);
      } finally {
        await session.writer.append({ type: 'turn-ended', state: store.state });
        await writeSessionMeta(session.paths.dir, metaFromState(store.state, coachKind, time.now()));
      }
    },
    (error) => {
      logger.error('A coach turn failed', { error });
      setActivity({ status: 'error', notice: 'The coach ran into a problem. Your message is kept; send again when ready.' });
    },
  );

  /** Imports into the session's photo folder, adds what is new to the session and lets the coach see it. */
  const importInto = async (sessionId: string, sources: PhotoSource[], signal: AbortSignal) => {
    const result = await importPhotos(sources, {
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
      if (store.state.status === 'active') turns.enqueue({ messageIds: [], photoIds: added.map((photo) => photo.id) });
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

  const handlers: InvokeHandlers = {
    'app:info': () => ({
      name: 'Tidying',
      version: deps.version,
      runtime: deps.runtime,
      model: {
        configured: isModelConfigured(deps.model),
        ...(deps.model.model ? { name: deps.model.model } : {}),
        apiKeySet: Boolean(deps.model.apiKey),
        vision: deps.model.vision,
        tools: deps.model.tools,
      },
      coach: coachKind,
    }),
    'session:get': () => store.snapshot(),
    'session:new': async () => {
      await closeSession();
      setActivity({ status: 'idle' });
      return store.update(() => freshSession());
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
    async dispose() {
      await closeSession();
      unsubscribeStore();
      pushListeners.clear();
    },
  };
}
