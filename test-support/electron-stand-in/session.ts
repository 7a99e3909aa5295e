import type { BrowserContext, Page, Request as PageRequest, Route } from '@playwright/test';
import type { Protocol } from './protocol';
import type { StandInProcess } from './runtime';

type PermissionRequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: object) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, requestingOrigin: string, details: object) => boolean;

/** What a web contents does with the requests of its page (the session routes them; see WebContents). */
export interface RoutedPage {
  route(route: Route, request: PageRequest): Promise<void>;
}

/**
 * Electron's session, backed by one Playwright browser context (Electron's default session is one Chromium
 * profile). Every request of every page goes through it: a page that belongs to no window (a popup Chromium opened
 * before the window-open handler said no) gets nothing, and is closed.
 */
export class Session {
  #context: Promise<BrowserContext> | undefined;
  readonly #pages = new Map<Page, RoutedPage>();
  #creating: Promise<unknown> = Promise.resolve();
  #permissionRequest: PermissionRequestHandler | null = null;
  #permissionCheck: PermissionCheckHandler | null = null;

  constructor(
    private readonly process: StandInProcess,
    readonly protocol: Protocol,
  ) {}

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.#permissionRequest = handler;
  }

  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.#permissionCheck = handler;
  }

  /**
   * Not Electron's: asks as Electron does when a page requests a permission (the stand-in does not route the
   * page's own requests here; see docs/testing.md). With no handler Electron grants every permission.
   */
  requestPermission(contents: unknown, permission: string, details: object = {}): Promise<boolean> {
    const handler = this.#permissionRequest;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) => handler(contents, permission, resolve, details));
  }

  /** Not Electron's: a permission check, as Electron makes it (granted when there is no handler). */
  checkPermission(contents: unknown, permission: string, origin: string, details: object = {}): boolean {
    return this.#permissionCheck ? this.#permissionCheck(contents, permission, origin, details) : true;
  }

  /** A new page for a window, its requests routed to `routed`. */
  async newPage(viewport: { width: number; height: number }, routed: RoutedPage): Promise<Page> {
    const context = await this.#ensureContext();
    const creating = context.newPage().then((page) => {
      this.#pages.set(page, routed);
      page.once('close', () => this.#pages.delete(page));
      return page;
    });
    this.#creating = creating.catch(() => undefined);
    const page = await creating;
    await page.setViewportSize(viewport);
    return page;
  }

  async close(): Promise<void> {
    const context = this.#context;
    this.#context = undefined;
    await (await context)?.close();
  }

  #ensureContext(): Promise<BrowserContext> {
    this.#context ??= this.#createContext();
    return this.#context;
  }

  async #createContext(): Promise<BrowserContext> {
    const context = await this.process.requireConfig().browser.newContext({ acceptDownloads: false });
    context.on('page', (page) => void this.#adopt(page));
    await context.route('**/*', (route, request) => this.#route(route, request));
    return context;
  }

  /** A page Chromium opened itself (window.open, a target=_blank link): never a window here, so it goes. */
  async #adopt(page: Page): Promise<void> {
    await this.#creating;
    if (!this.#pages.has(page)) await page.close().catch(() => undefined);
  }

  async #route(route: Route, request: PageRequest): Promise<void> {
    let page: Page | undefined;
    try {
      page = request.frame().page();
    } catch {
      page = undefined;
    }
    const routed = page ? this.#pages.get(page) : undefined;
    if (!routed) {
      await route.abort('aborted').catch(() => undefined);
      return;
    }
    await routed.route(route, request);
  }
}
