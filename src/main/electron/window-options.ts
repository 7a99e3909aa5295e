import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The window's options, in one place so a test guards every security-relevant preference. An installed app has no
 * developer tools: they would open the page, and with it everything it can reach, to anyone at the keyboard.
 */
export function windowOptions(preloadPath: string, { packaged }: { packaged: boolean }): BrowserWindowConstructorOptions {
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
      devTools: !packaged,
      spellcheck: true,
    },
  };
}
