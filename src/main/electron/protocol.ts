import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readStaticFile } from '../web/static-files';
import { contentSecurityPolicy } from '../web/security';
import { APP_HOST, APP_SCHEME } from './app-url';

const WINDOW_CSP = contentSecurityPolicy();
/** On every answer, errors and photos included: whatever the window shows from app:// is held to the policy. */
const HEADERS = { 'Content-Security-Policy': WINDOW_CSP, 'X-Content-Type-Options': 'nosniff' };

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...HEADERS } });

/** Must run before `app` is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer, and the session's photos through `photoFile` (which resolves only exact ids). */
export function serveRenderer(rendererDir: string, photoFile: (urlPath: string) => string | undefined): void {
  const root = path.resolve(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return notFound();
    if (url.pathname.startsWith('/photos/')) {
      const photo = photoFile(url.pathname);
      // Read here, not through a file: request, so that the answer is wholly ours (its type, its headers, a 404 for a
      // well-formed id with no file behind it).
      const body = photo === undefined ? undefined : await readFile(photo).catch(() => undefined);
      if (photo === undefined || body === undefined) return notFound();
      return new Response(new Uint8Array(body), { headers: { 'Content-Type': photo.endsWith('.webp') ? 'image/webp' : 'image/jpeg', ...HEADERS } });
    }
    const file = await readStaticFile(root, url.pathname);
    if (!file) return notFound();
    return new Response(new Uint8Array(file.body), { headers: { 'Content-Type': file.contentType, ...HEADERS } });
  });
}
