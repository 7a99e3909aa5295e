/** Entry of the desktop app (Electron main process). Everything Electron-specific lives in ./electron. */
import { startDesktopApp } from './electron/main';

startDesktopApp();
