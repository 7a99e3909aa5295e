import {
  contract,
  type InvokeChannel,
  type InvokeInput,
  type InvokeOutput,
  type PushChannel,
  type PushPayload,
} from '../../../shared/ipc/contract';
import { IpcError } from '../../../shared/ipc/errors';
import { InvokeResultSchema, type InvokeRequest, type InvokeResult, type PushMessage } from '../../../shared/ipc/wire';

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** How a bridge reaches main: Electron's preload or the web-mode socket. */
export interface Transport {
  /** Resolves with main's result envelope; rejects with an IpcError when the transport itself fails. */
  request(request: InvokeRequest): Promise<InvokeResult>;
  cancel(id: string): void;
  onPush(listener: (message: PushMessage) => void): () => void;
  readonly status: ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

export interface InvokeOptions {
  /** Aborting rejects the call at once with code "aborted" and tells main to stop working on it. */
  signal?: AbortSignal;
}

type InputArgs<C extends InvokeChannel> = undefined extends InvokeInput<C>
  ? [input?: InvokeInput<C>, options?: InvokeOptions]
  : [input: InvokeInput<C>, options?: InvokeOptions];

/** The renderer's one way to talk to main, whichever transport carries it. */
export interface Bridge {
  invoke<C extends InvokeChannel>(channel: C, ...args: InputArgs<C>): Promise<InvokeOutput<C>>;
  /** Returns the unsubscribe function. Payloads that break the contract are dropped, with a console warning. */
  on<C extends PushChannel>(channel: C, listener: (payload: PushPayload<C>) => void): () => void;
  readonly status: ConnectionStatus;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

const abortedError = () => new IpcError({ code: 'aborted', message: 'The call was cancelled.' });

export function createBridge(transport: Transport): Bridge {
  let nextId = 1;
  return {
    async invoke<C extends InvokeChannel>(channel: C, ...args: InputArgs<C>): Promise<InvokeOutput<C>> {
      const [input, options] = args;
      const signal = options?.signal;
      if (signal?.aborted) throw abortedError();
      const id = `c${nextId++}`;
      const response = transport.request({ id, channel, input });
      const result = await (signal
        ? new Promise<InvokeResult>((resolve, reject) => {
            const onAbort = () => {
              transport.cancel(id);
              reject(abortedError());
            };
            signal.addEventListener('abort', onAbort, { once: true });
            response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
          })
        : response);
      const envelope = InvokeResultSchema.safeParse(result);
      if (!envelope.success) {
        throw new IpcError({ code: 'internal', message: `Main answered "${channel}" with a malformed envelope.` });
      }
      if (!envelope.data.ok) throw new IpcError(envelope.data.error);
      const output = contract.invoke[channel].output.safeParse(envelope.data.output);
      if (!output.success) {
        throw new IpcError({ code: 'internal', message: `Main answered "${channel}" with data that breaks the contract.` });
      }
      return output.data as InvokeOutput<C>;
    },
    on(channel, listener) {
      return transport.onPush((message) => {
        if (message.channel !== channel) return;
        const payload = contract.push[channel].safeParse(message.payload);
        if (!payload.success) {
          console.warn(`Dropped a "${channel}" push that breaks the contract`, payload.error.issues);
          return;
        }
        listener(payload.data as PushPayload<typeof channel>);
      });
    },
    get status() {
      return transport.status;
    },
    onStatus: (listener) => transport.onStatus(listener),
  };
}
