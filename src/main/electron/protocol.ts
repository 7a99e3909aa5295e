import { net, protocol } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readStaticFile } from '../web/static-files';
import { contentSecurityPolicy } from '../web/security';

/** The renderer is served from app://tidying/ in production, never from file:// (which would let it read any file). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'tidying';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

const WINDOW_CSP = contentSecurityPolicy();

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
    const file = await readStaticFile(root, url.pathname);
    if (!file) return new Response('Not found', { status: 404 });
    return new Response(new Uint8Array(file.body), {
      headers: { 'Content-Type': file.contentType, 'Content-Security-Policy': WINDOW_CSP, 'X-Content-Type-Options': 'nosniff' },
    });
  });
}
