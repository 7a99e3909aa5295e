import { ipcMain, type BrowserWindow } from 'electron';
import { ELECTRON_IPC } from '../../shared/ipc/electron';
import { z } from 'zod';
import { CallIdSchema, type PushMessage } from '../../shared/ipc/wire';
import type { AppCore } from '../core/app-core';
import { IpcConnection } from '../ipc/connection';
import type { Logger } from '../log/logger';
import { isTrustedSender } from './sender';

const DroppedPathsSchema = z.array(z.string().min(1).max(4096)).max(1000);

/** Wires one window to the core: validated invokes with cancellation in, pushes out. Returns the unwiring. */
export function connectWindow(
  window: BrowserWindow,
  core: AppCore,
  logger: Logger,
  isAppUrl: (url: string) => boolean,
): () => void {
  let connection = new IpcConnection(core.handlers, logger);

  ipcMain.handle(ELECTRON_IPC.invoke, (event, request: unknown) => {
    if (!isTrustedSender(event.senderFrame, window, isAppUrl)) {
      logger.warn('Refused an invoke from an untrusted frame');
      return { id: '(none)', ok: false, error: { code: 'invalid-message', message: 'Untrusted sender.' } };
    }
    return connection.invoke(request);
  });
  ipcMain.on(ELECTRON_IPC.cancel, (event, id: unknown) => {
    if (!isTrustedSender(event.senderFrame, window, isAppUrl)) return;
    const parsed = CallIdSchema.safeParse(id);
    if (parsed.success) connection.cancel(parsed.data);
  });

  ipcMain.on(ELECTRON_IPC.dropped, (event, paths: unknown) => {
    if (!isTrustedSender(event.senderFrame, window, isAppUrl)) return;
    const parsed = DroppedPathsSchema.safeParse(paths);
    if (parsed.success) core.grantPaths(parsed.data);
    else logger.warn('Ignored a malformed drop report');
  });

  // A reload starts a new renderer: whatever the old one was waiting for is cancelled.
  const onNavigate = () => {
    connection.close();
    connection = new IpcConnection(core.handlers, logger);
  };
  window.webContents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) onNavigate();
  });

  const unsubscribe = core.onPush((event) => {
    if (window.isDestroyed()) return;
    window.webContents.send(ELECTRON_IPC.push, { channel: event.channel, payload: event.payload } satisfies PushMessage);
  });

  return () => {
    unsubscribe();
    connection.close();
    ipcMain.removeHandler(ELECTRON_IPC.invoke);
    ipcMain.removeAllListeners(ELECTRON_IPC.cancel);
    ipcMain.removeAllListeners(ELECTRON_IPC.dropped);
  };
}
