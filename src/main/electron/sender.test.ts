import { describe, expect, it } from 'vitest';
import { isTrustedSender } from './sender';

const isAppUrl = (url: string) => url.startsWith('app://tidying/');

describe('IPC sender check', () => {
  const mainFrame = { url: 'app://tidying/index.html' };
  const window = { webContents: { mainFrame } };

  it('trusts our window’s top frame on our origin', () => {
    expect(isTrustedSender(mainFrame, window, isAppUrl)).toBe(true);
  });

  it('refuses a subframe, a foreign origin, a missing frame or a closed window', () => {
    expect(isTrustedSender({ url: 'app://tidying/index.html' }, window, isAppUrl)).toBe(false);
    const navigatedAway = { url: 'https://example.com/' };
    expect(isTrustedSender(navigatedAway, { webContents: { mainFrame: navigatedAway } }, isAppUrl)).toBe(false);
    expect(isTrustedSender(null, window, isAppUrl)).toBe(false);
    expect(isTrustedSender(mainFrame, undefined, isAppUrl)).toBe(false);
  });
});
