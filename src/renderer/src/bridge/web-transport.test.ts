import { describe, expect, it } from 'vitest';
import { takeToken } from './web-transport';

function fakeLocation(hash: string) {
  const storage = new Map<string, string>();
  const replaced: string[] = [];
  return {
    location: { hash, pathname: '/', search: '' } as Location,
    history: { replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) } as unknown as History,
    storage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    } as unknown as Storage,
    replaced,
  };
}

describe('the web-mode token', () => {
  it('moves the token from the fragment to session storage and clears the address bar', () => {
    const page = fakeLocation('#token=abc%2D123');
    expect(takeToken(page.location, page.history, page.storage)).toBe('abc-123');
    expect(page.replaced).toEqual(['/']);
  });

  it('keeps working after a reload, when the fragment is gone', () => {
    const page = fakeLocation('#token=abc');
    takeToken(page.location, page.history, page.storage);
    const reloaded = { ...page, location: { hash: '', pathname: '/', search: '' } as Location };
    expect(takeToken(reloaded.location, reloaded.history, reloaded.storage)).toBe('abc');
  });

  it('has no token when the page was opened without the printed link', () => {
    const page = fakeLocation('');
    expect(takeToken(page.location, page.history, page.storage)).toBeUndefined();
  });
});
