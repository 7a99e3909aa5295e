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

export type BridgeSetup = { bridge: Bridge } | { problem: 'missing-token' };

/** The desktop window has the preload's API; anywhere else we are in web mode and talk over a socket. */
export function connectBridge(): BridgeSetup {
  if (window.tidy) return { bridge: createBridge(createElectronTransport(window.tidy)) };
  const token = takeToken(window.location, window.history, window.sessionStorage);
  if (!token) return { problem: 'missing-token' };
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const url = `${scheme}://${window.location.host}/ipc?token=${encodeURIComponent(token)}`;
  return { bridge: createBridge(createWebTransport(url)) };
}
