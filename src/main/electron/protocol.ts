import { net, protocol } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The renderer is served from app://tidying/ in production, never from file:// (which would let it read any file). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'tidying';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const WINDOW_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

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
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    if (url.pathname.startsWith('/photos/')) {
      const photo = photoFile(url.pathname);
      return photo ? net.fetch(pathToFileURL(photo).toString()) : new Response('Not found', { status: 404 });
    }
    const relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname).replace(/^\/+/, '');
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', WINDOW_CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
