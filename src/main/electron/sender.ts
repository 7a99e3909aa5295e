import type { WebFrameMain } from 'electron';

/**
 * An IPC message is trusted only when it comes from our window's own top frame, showing our own origin.
 * Type-only Electron imports keep this testable in plain Node.
 */
export function isTrustedSender(
  frame: Pick<WebFrameMain, 'url'> | null | undefined,
  window: { webContents: { mainFrame: unknown } } | undefined,
  isAppUrl: (url: string) => boolean,
): boolean {
  if (!frame || !window) return false;
  return frame === window.webContents.mainFrame && isAppUrl(frame.url);
}
