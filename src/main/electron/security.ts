import { app, session, shell, type WebContents } from 'electron';
import type { Logger } from '../log/logger';

/**
 * Window-wide protections from Electron's security checklist: no navigation away from the app, no new windows,
 * no webviews, no permissions granted. Links to the web open in the person's browser instead.
 */
export function hardenApp(isAppUrl: (url: string) => boolean, logger: Logger): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    logger.warn('Denied a permission request', { permission });
    callback(false);
  });
  session.defaultSession.setPermissionCheckHandler(() => false);

  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) {
        event.preventDefault();
        logger.warn('Blocked navigation away from the app');
      }
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (/^https:\/\//.test(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}
