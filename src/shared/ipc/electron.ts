/** The fixed Electron IPC channel names the preload and main agree on. Nothing else crosses ipcMain. */
export const ELECTRON_IPC = {
  invoke: 'tidy:invoke',
  cancel: 'tidy:cancel',
  push: 'tidy:push',
} as const;
