import { net, protocol } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
      // A well-formed id with no file behind it is not found either (net.fetch rejects for a missing file).
      const read = photo ? await net.fetch(pathToFileURL(photo).toString()).catch(() => undefined) : undefined;
      if (!read?.ok) return notFound();
      const headers = new Headers(read.headers);
      for (const [name, value] of Object.entries(HEADERS)) headers.set(name, value);
      return new Response(read.body, { status: read.status, headers });
    }
    const file = await readStaticFile(root, url.pathname);
    if (!file) return notFound();
    return new Response(new Uint8Array(file.body), { headers: { 'Content-Type': file.contentType, ...HEADERS } });
  });
}
