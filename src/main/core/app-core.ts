import type { CoachActivity } from '../../shared/coach/activity';
import { type AppInfo, type PushChannel, type PushPayload } from '../../shared/ipc/contract';
import { IpcError } from '../../shared/ipc/errors';
import type { SessionState } from '../../shared/session/schema';
import { ConversationalCoach } from '../coach';
import { isModelConfigured, type ModelSettings } from '../config/settings';
import type { Clock, Llm, Log, Random, StateStore } from '../effects';
import type { InvokeHandlers } from '../ipc/dispatch';
import type { Logger } from '../log/logger';
import { QuestionBroker, type Timers } from '../questions';
import { newSessionState } from '../session';
import type { TemplateRenderer } from '../templates';
import { SessionStore } from './session-store';
import { TurnRunner } from './turn-runner';

export interface PushEvent<C extends PushChannel = PushChannel> {
  channel: C;
  payload: PushPayload<C>;
}
export type PushListener = (event: PushEvent) => void;

export const QUESTION_TIMEOUT_MS = 5 * 60_000;

export interface AppCoreDeps {
  runtime: AppInfo['runtime'];
  version: string;
  model: ModelSettings;
  /** The configured model, or undefined when none is set up. */
  llm: Llm | undefined;
  templates: TemplateRenderer;
  logger: Logger;
  time: Clock;
  random: Random;
  /** The stored model-sized copy of a photo. */
  photoBytes?: (id: string) => Uint8Array | undefined;
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
  dispose(): void;
}

const NO_MODEL_NOTICE =
  'No model is set up, so there is no coach to answer yet. Set TIDY_MODEL with OPENAI_API_KEY (or OPENAI_BASE_URL for a local server) and restart.';

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
  const setActivity = (activity: CoachActivity) => emit({ channel: 'coach:activity', payload: activity });

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

  let coach: Promise<ConversationalCoach> | undefined;
  const coachFor = (llm: Llm) =>
    (coach ??= ConversationalCoach.create({
      llm,
      state,
      questions,
      templates: deps.templates,
      time,
      random,
      log,
      capabilities: { vision: deps.model.vision, tools: deps.model.tools },
      photoBytes: deps.photoBytes ?? (() => undefined),
      onActivity: setActivity,
    }));

  const turns = new TurnRunner(
    async (input, signal) => {
      if (!deps.llm) {
        setActivity({ status: 'error', notice: NO_MODEL_NOTICE });
        return;
      }
      await (await coachFor(deps.llm)).turn(input, signal);
    },
    (error) => {
      logger.error('A coach turn failed', { error });
      setActivity({ status: 'error', notice: 'The coach ran into a problem. Your message is kept; send again when ready.' });
    },
  );

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
    }),
    'session:get': () => store.snapshot(),
    'session:new': () => {
      turns.reset();
      questions.cancel();
      coach = undefined;
      setActivity({ status: 'idle' });
      return store.update(() => newSessionState(random.id(), time.now()));
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
    'coach:stop': () => ({ stopped: turns.stop() }),
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
    dispose() {
      turns.reset();
      questions.cancel();
      unsubscribeStore();
      pushListeners.clear();
    },
  };
}
