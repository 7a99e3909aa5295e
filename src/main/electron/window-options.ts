import type { BrowserWindowConstructorOptions } from 'electron';

/** The window's options, in one place so a test guards every security-relevant preference. */
export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    // The smallest window the layout is checked at (e2e/layout.spec.ts).
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: 'Tidying',
    backgroundColor: '#1d201e',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: true,
    },
  };
}
