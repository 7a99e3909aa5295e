import { type AppInfo, type PushChannel, type PushPayload } from '../../shared/ipc/contract';
import { isModelConfigured, type ModelSettings } from '../config/settings';
import type { InvokeHandlers } from '../ipc/dispatch';
import type { Logger } from '../log/logger';
import { newSessionState } from '../session';
import { SessionStore } from './session-store';

export interface PushEvent<C extends PushChannel = PushChannel> {
  channel: C;
  payload: PushPayload<C>;
}
export type PushListener = (event: PushEvent) => void;

export interface AppCoreDeps {
  runtime: AppInfo['runtime'];
  version: string;
  model: ModelSettings;
  logger: Logger;
  /** Wall-clock time in epoch milliseconds. */
  now: () => number;
  newId: () => string;
}

export interface AppCore {
  readonly handlers: InvokeHandlers;
  readonly store: SessionStore;
  /** Every push for every connected renderer goes through here. */
  onPush(listener: PushListener): () => void;
  dispose(): void;
}

/**
 * The main-process core shared by the Electron window and web mode: it imports nothing from Electron, owns the
 * session state and answers the contract's invoke channels.
 */
export function createAppCore(deps: AppCoreDeps): AppCore {
  const pushListeners = new Set<PushListener>();
  const emit = (event: PushEvent) => {
    for (const listener of pushListeners) {
      try {
        listener(event);
      } catch (error) {
        deps.logger.error('A push listener failed', { error });
      }
    }
  };

  const store = new SessionStore(newSessionState(deps.newId(), deps.now()), (error) =>
    deps.logger.error('A session listener failed', { error }),
  );
  const unsubscribeStore = store.subscribe((snapshot) => emit({ channel: 'session:changed', payload: snapshot }));

  const handlers: InvokeHandlers = {
    'app:info': () => ({
      name: 'Tidying',
      version: deps.version,
      runtime: deps.runtime,
      model: {
        configured: isModelConfigured(deps.model),
        ...(deps.model.model ? { name: deps.model.model } : {}),
        apiKeySet: Boolean(deps.model.apiKey),
      },
    }),
    'session:get': () => store.snapshot(),
    'chat:send': ({ text }) => {
      const messageId = deps.newId();
      store.update((state) => ({
        ...state,
        messages: [...state.messages, { id: messageId, role: 'person', text, at: deps.now() }],
      }));
      return { messageId };
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
    dispose() {
      unsubscribeStore();
      pushListeners.clear();
    },
  };
}
