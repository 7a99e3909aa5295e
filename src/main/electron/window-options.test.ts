import { describe, expect, it } from 'vitest';
import { windowOptions } from './window-options';

describe('the window’s web preferences', () => {
  it('isolate and sandbox the renderer, with no Node and no webviews', () => {
    expect(windowOptions('/app/preload.cjs').webPreferences).toMatchObject({
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
    });
    expect(windowOptions('x').webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });
});
