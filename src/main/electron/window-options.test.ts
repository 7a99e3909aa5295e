import { describe, expect, it } from 'vitest';
import { windowOptions } from './window-options';

describe('the window’s web preferences', () => {
  it('isolate and sandbox the renderer, with no Node and no webviews', () => {
    expect(windowOptions('/app/preload.cjs', { packaged: true }).webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      devTools: false,
    });
    expect(windowOptions('x', { packaged: true }).webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });

  it('keep the developer tools for development only', () => {
    expect(windowOptions('x', { packaged: false }).webPreferences?.devTools).toBe(true);
    expect(windowOptions('x', { packaged: true }).webPreferences?.devTools).toBe(false);
  });
});
