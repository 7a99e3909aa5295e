import { app, BrowserWindow, dialog, type OpenDialogOptions } from 'electron';
import path from 'node:path';
import { version } from '../../../package.json';
import { resolveDataDir } from '../config/settings';
import { createLiveCore } from '../core/live-core';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../data-lock';
import { electronSecretStore } from './secret-store';
import { electronDataDirChoice, electronSettingsStore } from './settings-store';
import { connectWindow } from './ipc';
import { APP_ORIGIN, appUrlCheck } from './app-url';
import { registerAppScheme, serveRenderer } from './protocol';
import { APP_ID } from './app-id';
import { showReminder } from './notifications';
import { hardenApp } from './security';
import { windowOptions } from './window-options';

/**
 * The built preload and renderer, found from the app's root (the repository, or the packaged app): the same
 * whether this module runs bundled in out/main or from source under a test.
 */
const built = (...parts: string[]) => path.join(app.getAppPath(), 'out', ...parts);
/** Set by electron-vite in development: the renderer comes from its dev server instead of app://. */
const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const isAppUrl = appUrlCheck(devServerUrl);

export function startDesktopApp(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Windows shows an app's notifications only under its AppUserModelID: the installer's appId (electron-builder.yml).
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
  // Every renderer sandboxed, not only the windows that ask for it (the checklist's item 4, as Electron advises).
  app.enableSandbox();
  registerAppScheme();

  let window: BrowserWindow | undefined;
  let live: ReturnType<typeof createLiveCore> | undefined;
  let lock: DataDirLock | undefined;
  process.once('exit', () => lock?.releaseSync());

  /** A native picker, attached to the window when there is one; what was chosen, or nothing. */
  const pick = async (options: OpenDialogOptions): Promise<string[]> => {
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? [] : result.filePaths;
  };

  const createWindow = () => {
    if (!live) return;
    window = new BrowserWindow(windowOptions(built('preload/index.cjs'), { packaged: app.isPackaged }));
    const disconnect = connectWindow(window, live.core, live.logger, isAppUrl);
    window.once('ready-to-show', () => window?.show());
    window.on('closed', () => {
      disconnect();
      window = undefined;
    });
    void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
  };

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!window) createWindow();
  });
  // Let the session log reach the disk before the process ends.
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed || !live) return;
    event.preventDefault();
    void live.core
      .dispose()
      .finally(() => lock?.release())
      .finally(() => {
        disposed = true;
        app.quit();
      });
  });

  void app.whenReady().then(async () => {
    // Made once the app is ready: safeStorage and the user data folder need it.
    const dataDirChoice = electronDataDirChoice();
    // TIDY_DATA_DIR wins, then the folder chosen in Settings, then the app's own user data folder.
    const dataDir = resolveDataDir(undefined, process.env, () => dataDirChoice.get() ?? app.getPath('userData'));
    // One writer per data folder: web mode, or a desktop app with another user data folder, may be using it.
    try {
      lock = await acquireDataDirLock(dataDir, { runtime: 'electron' });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      dialog.showErrorBox('Tidying is already open', error.message);
      app.quit();
      return;
    }
    live = createLiveCore({
      runtime: 'electron',
      version,
      env: process.env,
      dataDir,
      settings: electronSettingsStore(),
      pickArchivePath: async () =>
        (await pick({ title: 'Open a Tidying session', buttonLabel: 'Open', properties: ['openFile'], filters: [{ name: 'Tidying session', extensions: ['gz'] }] }))[0],
      pickDataDir: async () => {
        const [chosen] = await pick({ title: 'Where Tidying keeps sessions', buttonLabel: 'Use this folder', properties: ['openDirectory', 'createDirectory'] });
        if (chosen) dataDirChoice.set(chosen);
        return chosen;
      },
      secrets: electronSecretStore(),
      notify: (notice) => {
        // A click brings the window back, or opens it again (on macOS the app outlives its window).
        showReminder(notice, () => {
          if (!window) createWindow();
          return window;
        });
      },
      pickPhotoPaths: () =>
        pick({
          title: 'Add photos of the room',
          buttonLabel: 'Add photos',
          properties: ['openFile', 'openDirectory', 'multiSelections'],
          filters: [{ name: 'Photos', extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif', 'heic', 'heif', 'tif', 'tiff'] }],
        }),
    });
    const { core, logger } = live;
    if (lock.tookOver) logger.warn(lock.tookOver.note);
    await core.resumeLatest();
    hardenApp(isAppUrl, logger);
    serveRenderer(built('renderer'), (urlPath) => core.photoFile(urlPath));
    createWindow();
  });
}
