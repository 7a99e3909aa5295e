import { IpcError } from '../../../shared/ipc/errors';
import { ServerFrameSchema, type ClientFrame, type InvokeResult, type PushMessage } from '../../../shared/ipc/wire';
import type { ConnectionStatus, Transport } from './bridge';

const TOKEN_KEY = 'tidying.webToken';
const MAX_BACKOFF_MS = 5000;

/**
 * The per-run token arrives in the URL fragment (never sent to any server). It is moved to sessionStorage so a
 * reload keeps working and the address bar stops showing it.
 */
export function takeToken(location: Location, history: History, storage: Storage): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match?.[1]) {
    storage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
    history.replaceState(null, '', location.pathname + location.search);
  }
  return storage.getItem(TOKEN_KEY) ?? undefined;
}

interface Pending {
  resolve: (result: InvokeResult) => void;
  reject: (error: IpcError) => void;
}

/** Web mode: one WebSocket to the local server, reconnecting with backoff when it drops. */
export function createWebTransport(socketUrl: string): Transport {
  const pending = new Map<string, Pending>();
  const pushListeners = new Set<(message: PushMessage) => void>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  const queue: string[] = [];
  let status: ConnectionStatus = 'connecting';
  let socket: WebSocket;
  let backoff = 250;

  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const send = (frame: ClientFrame) => {
    const text = JSON.stringify(frame);
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
    else queue.push(text);
  };

  const connect = () => {
    setStatus('connecting');
    socket = new WebSocket(socketUrl);
    socket.addEventListener('open', () => {
      backoff = 250;
      setStatus('connected');
      for (const text of queue.splice(0)) socket.send(text);
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      let frame;
      try {
        frame = ServerFrameSchema.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (!frame.success) return;
      const data = frame.data;
      if (data.type === 'result') {
        const call = pending.get(data.result.id);
        pending.delete(data.result.id);
        call?.resolve(data.result);
      } else if (data.type === 'push') {
        for (const listener of pushListeners) listener({ channel: data.channel, payload: data.payload });
      } else {
        console.warn('Main refused a frame:', data.error.message);
      }
    });
    socket.addEventListener('close', () => {
      const lost = new IpcError({ code: 'disconnected', message: 'The connection to Tidying was lost.' });
      for (const call of pending.values()) call.reject(lost);
      pending.clear();
      setStatus('disconnected');
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    });
  };
  connect();

  return {
    request(request) {
      return new Promise<InvokeResult>((resolve, reject) => {
        pending.set(request.id, { resolve, reject });
        send({ type: 'invoke', ...request });
      });
    },
    cancel(id) {
      pending.delete(id);
      send({ type: 'cancel', id });
    },
    onPush(listener) {
      pushListeners.add(listener);
      return () => {
        pushListeners.delete(listener);
      };
    },
    get status() {
      return status;
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
  };
}
