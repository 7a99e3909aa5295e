/**
 * The only bridge between the sandboxed renderer and main. It exposes four functions, never ipcRenderer itself,
 * and listeners never see the IPC event object.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { isInvokeChannel } from '../shared/ipc/contract';
import { ELECTRON_IPC } from '../shared/ipc/electron';
import type { InvokeRequest, InvokeResult, PushMessage } from '../shared/ipc/wire';
import type { PreloadApi } from '../shared/ipc/preload-api';

const api: PreloadApi = {
  invoke(request: InvokeRequest): Promise<InvokeResult> {
    if (!isInvokeChannel(request.channel)) {
      return Promise.resolve({
        id: request.id,
        ok: false,
        error: { code: 'unknown-channel', message: `There is no channel named "${String(request.channel)}".` },
      });
    }
    return ipcRenderer.invoke(ELECTRON_IPC.invoke, request) as Promise<InvokeResult>;
  },
  cancel(id: string): void {
    ipcRenderer.send(ELECTRON_IPC.cancel, id);
  },
  onPush(listener: (message: PushMessage) => void): () => void {
    const forward = (_event: Electron.IpcRendererEvent, message: PushMessage) => listener(message);
    ipcRenderer.on(ELECTRON_IPC.push, forward);
    return () => {
      ipcRenderer.removeListener(ELECTRON_IPC.push, forward);
    };
  },

  pathForFile(file: File): string {
    return webUtils.getPathForFile(file);
  },
};

/**
 * Photo folders only ever come from what the person dropped or picked: the preload watches real drop events
 * itself and tells main which paths were dropped, so page code cannot make main read a path of its choosing
 * (a File built by script has no path).
 */
window.addEventListener(
  'drop',
  (event) => {
    const files = [...(event.dataTransfer?.files ?? [])];
    const paths = files.map((file) => webUtils.getPathForFile(file)).filter((path) => path.length > 0);
    if (paths.length > 0) ipcRenderer.send(ELECTRON_IPC.dropped, paths);
  },
  true,
);

contextBridge.exposeInMainWorld('tidy', api);
