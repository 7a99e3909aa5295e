import type { PreloadApi } from '../../../shared/ipc/preload-api';
import { IpcError } from '../../../shared/ipc/errors';
import type { Transport } from './bridge';

/** In the desktop window main is always there: the transport is connected for the window's whole life. */
export function createElectronTransport(api: PreloadApi): Transport {
  return {
    request: (request) =>
      api.invoke(request).catch((error: unknown) => {
        throw new IpcError({ code: 'disconnected', message: `The call did not reach main: ${String(error)}` });
      }),
    cancel: (id) => api.cancel(id),
    onPush: (listener) => api.onPush(listener),
    status: 'connected',
    onStatus: () => () => {},
  };
}
