/** The fixed Electron IPC channel names the preload and main agree on. Nothing else crosses ipcMain. */
export const ELECTRON_IPC = {
  invoke: 'tidy:invoke',
  cancel: 'tidy:cancel',
  push: 'tidy:push',
  /** Paths of files the person really dropped, sent by the preload itself (never by page code). */
  dropped: 'tidy:dropped',
} as const;
