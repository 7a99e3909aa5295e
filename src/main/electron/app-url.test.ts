import { describe, expect, it } from 'vitest';
import { appUrlCheck } from './app-url';

const verdicts = (isAppUrl: (url: string) => boolean, urls: string[]) => Object.fromEntries(urls.map((url) => [url, isAppUrl(url)]));

describe('the app’s own URLs', () => {
  it('are those under app://tidying/, and no look-alike', () => {
    expect(
      verdicts(appUrlCheck(undefined), ['app://tidying', 'app://tidying/index.html?again', 'app://tidying.example.com/', 'app://other/', 'https://example.com/', 'http://localhost:5173/', 'not a url']),
    ).toEqual({
      'app://tidying': true,
      'app://tidying/index.html?again': true,
      'app://tidying.example.com/': false,
      'app://other/': false,
      'https://example.com/': false,
      'http://localhost:5173/': false,
      'not a url': false,
    });
  });

  it('in development, also the dev server’s origin, and not a URL that only starts like it', () => {
    expect(
      verdicts(appUrlCheck('http://localhost:5173'), [
        'http://localhost:5173/',
        'http://localhost:5173/index.html?again',
        'app://tidying/index.html',
        'http://localhost:5173.example.com/',
        'http://localhost:51730/',
        'http://localhost:5173@example.com/',
        'https://localhost:5173/',
      ]),
    ).toEqual({
      'http://localhost:5173/': true,
      'http://localhost:5173/index.html?again': true,
      'app://tidying/index.html': true,
      'http://localhost:5173.example.com/': false,
      'http://localhost:51730/': false,
      'http://localhost:5173@example.com/': false,
      'https://localhost:5173/': false,
    });
  });
});
