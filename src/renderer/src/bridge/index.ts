import type { PreloadApi } from '../../../shared/ipc/preload-api';
import { createBridge, type Bridge } from './bridge';
import { createElectronTransport } from './electron-transport';
import { createWebTransport, takeToken } from './web-transport';

export type { Bridge, ConnectionStatus } from './bridge';

declare global {
  interface Window {
    /** Present only inside the desktop window (set by the preload). */
    tidy?: PreloadApi;
  }
}

/**
 * How photo files reach main. The desktop window hands main the paths of what was dropped (main reads them from
 * disk); a browser cannot, so web mode uploads the bytes first and imports them by upload id.
 */
export type PhotoTransfer =
  | { readonly kind: 'paths'; pathFor(file: File): string }
  | { readonly kind: 'uploads'; upload(file: File, name: string, signal: AbortSignal): Promise<string> };

export type BridgeSetup = { bridge: Bridge; photos: PhotoTransfer } | { problem: 'missing-token' };

/** The desktop window has the preload's API; anywhere else we are in web mode and talk over a socket. */
export function connectBridge(): BridgeSetup {
  const preload = window.tidy;
  if (preload) {
    return {
      bridge: createBridge(createElectronTransport(preload)),
      photos: { kind: 'paths', pathFor: (file) => preload.pathForFile(file) },
    };
  }
  const token = takeToken(window.location, window.history, window.sessionStorage);
  if (!token) return { problem: 'missing-token' };
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const url = `${scheme}://${window.location.host}/ipc?token=${encodeURIComponent(token)}`;
  return { bridge: createBridge(createWebTransport(url)), photos: { kind: 'uploads', upload: uploader(token) } };
}

/** One photo's bytes to web mode's upload endpoint; resolves with the id `photos:import` takes. */
function uploader(token: string) {
  return async (file: File, name: string, signal: AbortSignal): Promise<string> => {
    const response = await fetch('/api/photos', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/octet-stream',
        'X-File-Name': encodeURIComponent(name),
      },
      body: file,
      signal,
    });
    const body = (await response.json().catch(() => ({}))) as { uploadId?: unknown; error?: unknown };
    if (!response.ok || typeof body.uploadId !== 'string') {
      throw new Error(typeof body.error === 'string' ? body.error : `The upload failed (HTTP ${response.status}).`);
    }
    return body.uploadId;
  };
}
