import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CustomScheme } from 'electron';
import type { StandInProcess } from './runtime';

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Where a privileged standard scheme lives in the stand-in's Chromium, which cannot be taught new schemes:
 * `app://tidying/x` is served as `https://tidying.app.invalid/x`. https is standard and secure, as the scheme was
 * registered; `.invalid` names resolve nowhere, and every request to one is answered by the scheme's handler.
 * Everything Electron-facing (webContents.getURL(), frame.url, navigation events, the handler's Request) uses
 * the app's own URL; only the page itself sees the https one.
 */
const HOST_SUFFIX = (scheme: string) => `.${scheme}.invalid`;

/** Electron's protocol module, for privileged standard schemes and `protocol.handle`. */
export class Protocol {
  readonly #standard = new Set<string>();
  readonly #handlers = new Map<string, Handler>();
  #registered = false;

  constructor(private readonly process: StandInProcess) {}

  registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
    if (this.process.ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    if (this.#registered) this.process.problem('protocol.registerSchemesAsPrivileged was called twice (Electron allows it once).');
    this.#registered = true;
    for (const { scheme, privileges } of schemes) {
      if (privileges?.standard) this.#standard.add(scheme);
      else this.process.problem(`The stand-in models only standard schemes; "${scheme}" is not one.`);
    }
  }

  handle(scheme: string, handler: Handler): void {
    if (!this.#standard.has(scheme) && !['http', 'https', 'file'].includes(scheme)) {
      this.process.problem(`protocol.handle("${scheme}"): the stand-in models only schemes registered as standard.`);
    }
    if (this.#handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    this.#handlers.set(scheme, handler);
  }

  unhandle(scheme: string): void {
    this.#handlers.delete(scheme);
  }

  isProtocolHandled(scheme: string): boolean {
    return this.#handlers.has(scheme);
  }

  /** The URL the page loads for an app URL (unchanged for any other). */
  toPageUrl(url: string): string {
    const parsed = new URL(url);
    const scheme = parsed.protocol.slice(0, -1);
    if (!this.#standard.has(scheme)) return url;
    return `https://${parsed.host}${HOST_SUFFIX(scheme)}${parsed.pathname}${parsed.search}${parsed.hash}`;
  }

  /** The app URL a page URL stands for, or undefined when it is not one. */
  toAppUrl(url: string): string | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'https:') return undefined;
    for (const scheme of this.#standard) {
      if (parsed.hostname.endsWith(HOST_SUFFIX(scheme))) {
        const host = parsed.hostname.slice(0, -HOST_SUFFIX(scheme).length) + (parsed.port ? `:${parsed.port}` : '');
        return `${scheme}://${host}${parsed.pathname}${parsed.search}${parsed.hash}`;
      }
    }
    return undefined;
  }

  /** Electron-facing form of any page URL. */
  electronUrl(url: string): string {
    return this.toAppUrl(url) ?? url;
  }

  /** Runs the scheme's handler for a request the page made; undefined when no handler is registered. */
  async answer(request: Request): Promise<Response | undefined> {
    const handler = this.#handlers.get(new URL(request.url).protocol.slice(0, -1));
    return handler ? await handler(request) : undefined;
  }
}

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.txt': 'text/plain',
};

/**
 * Electron's `net.fetch`: file: URLs read from disk (Content-Type by extension, as Chromium's file handler does;
 * a missing file rejects with its net error), URLs of a scheme handled with `protocol.handle` go to the handler,
 * anything else to Node's fetch.
 */
export function createNet(protocol: Protocol) {
  return {
    async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
      const request = new Request(input, init);
      if (request.url.startsWith('file:')) {
        const file = fileURLToPath(request.url);
        const body = await readFile(file).catch((error: NodeJS.ErrnoException) => {
          throw new TypeError(error.code === 'ENOENT' ? 'net::ERR_FILE_NOT_FOUND' : `net::ERR_FAILED (${error.code ?? 'unknown'})`);
        });
        return new Response(new Uint8Array(body), {
          headers: { 'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream' },
        });
      }
      return (await protocol.answer(request)) ?? (await fetch(request));
    },
  };
}
