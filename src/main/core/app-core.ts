import { readFileSync } from 'node:fs';
import type { CoachActivity } from '../../shared/coach/activity';
import { type AppInfo, type PushChannel, type PushPayload } from '../../shared/ipc/contract';
import { IpcError } from '../../shared/ipc/errors';
import type { SessionState } from '../../shared/session/schema';
import { ConversationalCoach, type TurnInput, type TurnOutcome } from '../coach';
import { GuidedCoach } from '../guided';
import { analyzePhoto } from '../coach/vision';
import { isModelConfigured, type ModelSettings } from '../config/settings';
import { retryingLlm, type Clock, type Llm, type Log, type Random, type StateStore } from '../effects';
import { importPhotos, type PhotoSource } from '../photos';
import type { InvokeHandlers } from '../ipc/dispatch';
import type { Logger } from '../log/logger';
import { QuestionBroker, type Timers } from '../questions';
import { newSessionState } from '../session';
import type { TemplateRenderer } from '../templates';
import { parsePhotoPath, PhotoIntake } from './photo-intake';
import { SessionStore } from './session-store';
import { TurnRunner } from './turn-runner';

export interface PushEvent<C extends PushChannel = PushChannel> {
  channel: C;
  payload: PushPayload<C>;
}
export type PushListener = (event: PushEvent) => void;

export const QUESTION_TIMEOUT_MS = 5 * 60_000;

export type CoachKind = 'guided' | 'conversational';

/** What both coaches offer the core. */
interface Coach {
  turn(input: TurnInput, signal?: AbortSignal): Promise<TurnOutcome>;
}

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
  /** Where sessions and their photos are kept. */
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
  /** Resolves when the coach has nothing running or waiting (tests, shutdown). */
  idle(): Promise<void>;
  /** Keeps one photo the browser uploaded until `photos:import` takes it; returns its upload id. */
  stageUpload(name: string, bytes: Uint8Array): string;
  /** The file behind a `/photos/...` URL of the GUI, or undefined. */
  photoFile(urlPath: string): string | undefined;
  /** Paths the person really dropped on the window (reported by the preload): only these may be imported. */
  grantPaths(paths: readonly string[]): void;
  dispose(): void;
}

/**
 * The main-process core shared by the Electron window and web mode: it imports nothing from Electron, owns the
 * session state, runs the coach and answers the contract's invoke channels.
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

  const coachKind: CoachKind = deps.llm ? (deps.coachPreference ?? 'conversational') : 'guided';
  let coach: Promise<Coach> | undefined;
  const coachForSession = (): Promise<Coach> =>
    (coach ??=
      coachKind === 'conversational' && deps.llm
        ? ConversationalCoach.create({
            llm: deps.llm,
            state,
            questions,
            templates: deps.templates,
            time,
            random,
            log,
            capabilities: { vision: deps.model.vision, tools: deps.model.tools },
            photoBytes,
            onActivity: setActivity,
          })
        : GuidedCoach.create({
            state,
            questions,
            templates: deps.templates,
            time,
            random,
            log,
            onActivity: setActivity,
            ...(deps.llm ? { llm: deps.llm } : {}),
          }));

  /** A guided session without a model says so, once, before anything else. */
  const startSession = () => {
    if (coachKind !== 'guided' || deps.llm) return;
    store.update((current) =>
      current.messages.length > 0
        ? current
        : { ...current, messages: [{ id: random.id(), role: 'coach', text: OFFLINE_NOTICE, at: time.now() }] },
    );
  };
  startSession();

  const turns = new TurnRunner(
    async (input, signal) => {
      if (input.photos?.length && deps.llm && deps.model.vision) await describePhotos(deps.llm, input.photos, signal);
      await (await coachForSession()).turn(input, signal);
    },
    (error) => {
      logger.error('A coach turn failed', { error });
      setActivity({ status: 'error', notice: 'The coach ran into a problem. Your message is kept; send again when ready.' });
    },
  );

  /** The vision call for each new photo; a photo the model cannot describe simply has no facts. */
  const describePhotos = async (llm: Llm, photos: readonly { id: string; fileName: string }[], signal: AbortSignal) => {
    const withRetries = retryingLlm(llm, {
      onRetry: ({ fault }) => setActivity({ status: 'retrying', notice: `${fault.message} Trying again shortly.` }),
    });
    for (const [index, photo] of photos.entries()) {
      if (signal.aborted) return;
      const bytes = photoBytes(photo.id);
      if (!bytes) continue;
      setActivity({ status: 'thinking', draft: `Looking at your photos (${index + 1} of ${photos.length})…` });
      try {
        const facts = await analyzePhoto(withRetries, deps.templates, { fileName: photo.fileName, bytes }, signal);
        if (facts) {
          store.update((current) => ({
            ...current,
            photos: current.photos.map((known) => (known.id === photo.id ? { ...known, facts } : known)),
          }));
        }
      } catch (error) {
        if (signal.aborted) return;
        logger.warn('A photo could not be described', { error });
      }
    }
  };

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
      if (store.state.status === 'active') turns.enqueue({ photos: added });
    }
    return result;
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
    'session:new': () => {
      turns.reset();
      questions.cancel();
      coach = undefined;
      setActivity({ status: 'idle' });
      store.update(() => newSessionState(random.id(), time.now()));
      startSession();
      return store.snapshot();
    },
    'chat:send': ({ text }) => {
      if (store.state.status === 'ended') {
        throw new IpcError({ code: 'closed', message: 'This session has ended. Start a new one to keep going.' });
      }
      const messageId = random.id();
      store.update((current) => ({
        ...current,
        messages: [...current.messages, { id: messageId, role: 'person', text, at: time.now() }],
      }));
      turns.enqueue({ text });
      return { messageId };
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
    idle: () => turns.idle(),
    stageUpload: (name, bytes) => intake.stage(name, bytes),
    grantPaths(paths) {
      for (const file of paths) granted.add(file);
    },
    photoFile(urlPath) {
      const parsed = parsePhotoPath(urlPath);
      return parsed ? intake.photoFile(parsed.sessionId, parsed.photoId, parsed.variant) : undefined;
    },
    dispose() {
      turns.reset();
      questions.cancel();
      unsubscribeStore();
      pushListeners.clear();
    },
  };
}
