import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CDPSession, Page, Request as PageRequest, Route } from '@playwright/test';
import type { HandlerDetails, WebPreferences, WindowOpenHandlerResponse } from 'electron';
import type { IpcMain } from './ipc-main';
import { createBridgeEnd } from './page/bridge-end.js';
import { createIpcCodec } from './page/ipc-codec.js';
import { isolatedWorld, mainWorld, type WorldConfig } from './page/worlds.js';
import type { StandInProcess } from './runtime';
import type { RoutedPage, Session } from './session';

/** The isolated world the preload runs in (Electron's is world 999; CDP names worlds instead). */
const WORLD = 'electron-stand-in: preload world';
const STAND_IN_KEY = 'globalThis[Symbol.for("electron-stand-in")]';
const codec = createIpcCodec();
let nextId = 1;

/** Electron's defaults for what a window was not given (Electron 20+: sandboxed and isolated by default). */
const DEFAULT_PREFERENCES: WebPreferences = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
};

/** What the stand-in cannot model: a renderer with Node in it, no isolation, or webviews. */
const UNMODELLED: Array<[keyof WebPreferences, unknown, string]> = [
  ['contextIsolation', false, 'a preload sharing the page’s world'],
  ['sandbox', false, 'an unsandboxed preload (Node in the renderer)'],
  ['nodeIntegration', true, 'Node in the page'],
  ['nodeIntegrationInWorker', true, 'Node in workers'],
  ['webviewTag', true, '<webview>'],
];

/** An Electron event object: preventDefault, and the details Electron puts on it. */
function electronEvent<T extends object>(details: T): T & { defaultPrevented: boolean; preventDefault(): void } {
  return Object.assign(Object.create(null) as object, details, {
    defaultPrevented: false,
    preventDefault(this: { defaultPrevented: boolean }) {
      this.defaultPrevented = true;
    },
  }) as T & { defaultPrevented: boolean; preventDefault(): void };
}

const withoutFragment = (url: string) => url.replace(/#.*$/, '');

/** Electron's WebFrameMain: one frame of a page, as main sees it (IPC events name the frame that sent). */
export class WebFrameMain {
  readonly routingId = nextId++;
  #url = 'about:blank';
  #detached = false;

  constructor(
    readonly contents: WebContents,
    /** Chromium's (CDP's) id of this frame. */
    readonly frameId: string,
    readonly parentId: string | undefined,
  ) {}

  get url(): string {
    return this.contents.electronUrl(this.#url);
  }

  get origin(): string {
    const url = new URL(this.url);
    return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
  }

  get processId(): number {
    return this.contents.getProcessId();
  }

  get top(): WebFrameMain {
    return this.contents.mainFrame;
  }

  get parent(): WebFrameMain | null {
    return this.parentId ? (this.contents.frame(this.parentId) ?? null) : null;
  }

  get frames(): WebFrameMain[] {
    return this.contents.framesWithParent(this.frameId);
  }

  get framesInSubtree(): WebFrameMain[] {
    return [this, ...this.frames.flatMap((frame) => frame.framesInSubtree)];
  }

  get detached(): boolean {
    return this.#detached;
  }

  isDestroyed(): boolean {
    return this.#detached || this.contents.isDestroyed();
  }

  send(channel: string, ...args: unknown[]): void {
    this.contents.sendToFrame(this, channel, args);
  }

  /** Set from Chromium's navigation events. */
  navigated(url: string): void {
    this.#url = url;
  }

  detach(): void {
    this.#detached = true;
  }
}

export interface WebContentsDeps {
  process: StandInProcess;
  session: Session;
  ipcMain: IpcMain;
  preferences: WebPreferences;
  viewport: { width: number; height: number };
}

/**
 * Electron's webContents, backed by a Playwright page: its own CDP session carries IPC (a binding only the
 * preload's isolated world has), navigation events, window-open requests and drops. Everything asynchronous
 * about setting up the page waits behind `#ready`; Electron's methods stay synchronous where Electron's are.
 */
export class WebContents extends EventEmitter {
  readonly id = nextId++;
  readonly #deps: WebContentsDeps;
  readonly #preferences: WebPreferences;
  readonly #binding = `electronStandIn_${randomUUID().replaceAll('-', '')}`;
  readonly #frames = new Map<string, WebFrameMain>();
  /** Per frame, the context of the preload's world, and for every such context its frame. */
  readonly #worldContexts = new Map<string, number>();
  readonly #contextFrames = new Map<number, string>();
  readonly #ready: Promise<void>;
  #page: Page | undefined;
  #cdp: CDPSession | undefined;
  #mainFrameId: string | undefined;
  #openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;
  /** A page URL main is loading itself (loadURL, reload): no will-navigate for it. */
  #programmatic: string | undefined;
  #destroyed = false;

  constructor(deps: WebContentsDeps) {
    super();
    this.#deps = deps;
    this.#preferences = { ...DEFAULT_PREFERENCES, ...deps.preferences, ...(deps.process.sandboxForced ? { sandbox: true } : {}) };
    for (const [key, value, what] of UNMODELLED) {
      if (this.#preferences[key] === value) deps.process.problem(`webPreferences.${key}: ${String(value)} asks for ${what}, which the Electron stand-in does not model.`);
    }
    this.#ready = this.#setUp();
    this.#ready.catch((error: unknown) => deps.process.problem(`A window's page could not be set up: ${String(error)}`));
  }

  get session(): Session {
    return this.#deps.session;
  }

  get mainFrame(): WebFrameMain {
    const frame = this.#mainFrameId ? this.#frames.get(this.#mainFrameId) : undefined;
    if (!frame) throw new Error('The Electron stand-in’s page is not set up yet (await a load first).');
    return frame;
  }

  getProcessId(): number {
    return 10_000 + this.id;
  }

  getURL(): string {
    return this.#mainFrameId ? this.mainFrame.url : '';
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** Not Electron's (which keeps them to itself): the web preferences in force, its documented defaults filled in. */
  get preferences(): WebPreferences {
    return { ...this.#preferences };
  }

  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.#openHandler = handler;
  }

  async loadURL(url: string): Promise<void> {
    await this.#ready;
    const page = this.#page!;
    const target = this.#deps.session.protocol.toPageUrl(url);
    this.#programmatic = withoutFragment(target);
    this.emit('did-start-navigation', this.#navigationDetails(url, true), url, false, true, this.getProcessId(), this.mainFrame.routingId);
    try {
      await page.goto(target, { waitUntil: 'load' });
    } catch (error) {
      this.emit('did-fail-load', electronEvent({}), -2, String(error), url, true, this.getProcessId(), this.mainFrame.routingId);
      throw new Error(`ERR_FAILED (-2) loading '${url}'`, { cause: error });
    } finally {
      this.#programmatic = undefined;
    }
  }

  loadFile(file: string): Promise<void> {
    return this.loadURL(pathToFileURL(file).toString());
  }

  reload(): void {
    void this.loadURL(this.getURL());
  }

  send(channel: string, ...args: unknown[]): void {
    const frame = this.#mainFrameId ? this.#frames.get(this.#mainFrameId) : undefined;
    if (frame) {
      this.sendToFrame(frame, channel, args);
      return;
    }
    // Before the page exists nothing listens: Electron's message goes nowhere too (but is still checked and sent).
    codec.encode(args);
    this.#deps.process.ipc.push({ direction: 'to-page', channel, args });
  }

  /** Evaluates in the main world of the top frame (as Electron's executeJavaScript does). */
  async executeJavaScript(code: string): Promise<unknown> {
    await this.#ready;
    return await this.#page!.evaluate(code);
  }

  focus(): void {
    void this.#page?.bringToFront();
  }

  /** The Playwright page behind this web contents (the stand-in's own; tests drive the GUI through it). */
  get page(): Page {
    if (!this.#page) throw new Error('The Electron stand-in’s page is not set up yet.');
    return this.#page;
  }

  /** Resolves once the page exists (Electron creates a renderer synchronously; here it takes a moment). */
  whenSetUp(): Promise<void> {
    return this.#ready;
  }

  frame(frameId: string): WebFrameMain | undefined {
    return this.#frames.get(frameId);
  }

  framesWithParent(parentId: string): WebFrameMain[] {
    return [...this.#frames.values()].filter((frame) => frame.parentId === parentId && !frame.detached);
  }

  electronUrl(pageUrl: string): string {
    return this.#deps.session.protocol.electronUrl(pageUrl);
  }

  sendToFrame(frame: WebFrameMain, channel: string, args: unknown[]): void {
    // Electron throws at once for arguments structured clone cannot copy.
    const encoded = codec.encode(args);
    this.#deps.process.ipc.push({ direction: 'to-page', channel, args });
    const context = this.#worldContexts.get(frame.frameId);
    // No preload world (yet, or any more): nobody in the page listens, so the message goes nowhere.
    if (context === undefined || !this.#cdp) return;
    void this.#cdp
      .send('Runtime.callFunctionOn', {
        executionContextId: context,
        functionDeclaration: `function (channel, args) { ${STAND_IN_KEY}.deliver(channel, args); }`,
        arguments: [{ value: channel }, { value: encoded }],
      })
      .catch(() => undefined);
  }

  /**
   * Files dragged in from the file manager and dropped at a point of the page: a real drop (CDP's drag events
   * with real paths), and the preload's `webUtils.getPathForFile` knows their paths, as Electron's does.
   */
  async drop(paths: string[], at: { x: number; y: number }): Promise<void> {
    await this.#ready;
    const context = this.#worldContexts.get(this.mainFrame.frameId);
    if (context === undefined) throw new Error('The page has no preload world to drop on.');
    await this.#cdp!.send('Runtime.callFunctionOn', {
      executionContextId: context,
      functionDeclaration: `function (paths) { ${STAND_IN_KEY}.expectDrop(paths); }`,
      arguments: [{ value: paths }],
    });
    const data = { items: [], files: paths, dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await this.#cdp!.send('Input.dispatchDragEvent', { type, x: at.x, y: at.y, data });
    }
  }

  /**
   * What a compromised renderer could do: `ipcRenderer.send` or `.invoke` from any frame of this page, preload or
   * not. It runs in a fresh isolated world of that frame, with the stand-in's ipcRenderer and no preload; an
   * invoke resolves with main's answer.
   */
  async ipcFromFrame(frame: WebFrameMain, kind: 'send' | 'invoke', channel: string, ...args: unknown[]): Promise<unknown> {
    await this.#ready;
    const { executionContextId } = await this.#cdp!.send('Page.createIsolatedWorld', { frameId: frame.frameId, worldName: WORLD });
    await this.#cdp!.send('Runtime.evaluate', { contextId: executionContextId, expression: this.#isolatedSource(undefined) });
    const { result, exceptionDetails } = await this.#cdp!.send('Runtime.callFunctionOn', {
      executionContextId,
      functionDeclaration: `function (kind, channel, args) { return ${STAND_IN_KEY}.ipcRenderer[kind](channel, ...args); }`,
      arguments: [{ value: kind }, { value: channel }, { value: args }],
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  }

  /** Closes the page (BrowserWindow.destroy). */
  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    this.#destroyed = true;
    for (const frame of this.#frames.values()) frame.detach();
    this.emit('destroyed');
    await this.#ready.catch(() => undefined);
    await this.#page?.close().catch(() => undefined);
  }

  // The session routes every request of this page here.
  readonly router: RoutedPage = {
    route: (route, request) => this.#route(route, request),
  };

  async #setUp(): Promise<void> {
    const page = await this.#deps.session.newPage(this.#deps.viewport, this.router);
    const cdp = await page.context().newCDPSession(page);
    this.#page = page;
    cdp.on('Runtime.executionContextCreated', ({ context }) => {
      const frameId = (context.auxData as { frameId?: string } | undefined)?.frameId;
      if (context.name !== WORLD || !frameId) return;
      this.#contextFrames.set(context.id, frameId);
      if (!this.#worldContexts.has(frameId)) this.#worldContexts.set(frameId, context.id);
    });
    cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => this.#forgetContext(executionContextId));
    cdp.on('Runtime.executionContextsCleared', () => {
      this.#contextFrames.clear();
      this.#worldContexts.clear();
    });
    cdp.on('Runtime.bindingCalled', ({ name, payload, executionContextId }) => {
      if (name === this.#binding) this.#fromPage(payload, executionContextId);
    });
    cdp.on('Page.frameAttached', ({ frameId, parentFrameId }) => this.#addFrame(frameId, parentFrameId));
    cdp.on('Page.frameNavigated', ({ frame }) => this.#addFrame(frame.id, frame.parentId).navigated(frame.url + (frame.urlFragment ?? '')));
    cdp.on('Page.navigatedWithinDocument', ({ frameId, url }) => this.#frames.get(frameId)?.navigated(url));
    cdp.on('Page.frameDetached', ({ frameId, reason }) => {
      // A frame swapped into another process is the same frame; only a removed one is gone.
      if (reason === 'remove') this.#frames.get(frameId)?.detach();
    });
    cdp.on('Page.windowOpen', (details) => this.#windowOpen(details));
    page.on('domcontentloaded', () => this.emit('dom-ready', electronEvent({})));
    page.on('load', () => this.emit('did-finish-load', electronEvent({})));
    await cdp.send('Runtime.enable');
    await cdp.send('Page.enable');
    const { frameTree } = await cdp.send('Page.getFrameTree');
    this.#mainFrameId = frameTree.frame.id;
    this.#addFrame(frameTree.frame.id, undefined).navigated(frameTree.frame.url);
    await cdp.send('Runtime.addBinding', { name: this.#binding, executionContextName: WORLD });
    const preload = this.#preloadSource();
    // The main world's end first: Chromium runs new-document scripts in the order they were added.
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${mainWorld.toString()})(${JSON.stringify(this.#worldConfig)}, ${createBridgeEnd.toString()});` });
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: this.#isolatedSource(preload), worldName: WORLD });
    this.#cdp = cdp;
  }

  readonly #worldConfig: WorldConfig = {
    binding: this.#binding,
    toMain: `electron-stand-in:${randomUUID()}`,
    toIsolated: `electron-stand-in:${randomUUID()}`,
    subFrames: false,
  };

  #preloadSource(): string | undefined {
    const file = this.#preferences.preload;
    if (!file) return undefined;
    this.#worldConfig.subFrames = this.#preferences.nodeIntegrationInSubFrames === true;
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      // Electron logs "Unable to load preload script" and shows the page without it; a test should hear of it.
      this.#deps.process.problem(`Unable to load preload script: ${file} (${String(error)})`);
      return undefined;
    }
  }

  #isolatedSource(preload: string | undefined): string {
    const wrapped = preload === undefined ? 'undefined' : `function (require, module, exports) {\n${preload}\n}`;
    return `(${isolatedWorld.toString()})(${JSON.stringify(this.#worldConfig)}, ${createIpcCodec.toString()}, ${createBridgeEnd.toString()}, ${wrapped});`;
  }

  #addFrame(frameId: string, parentId: string | undefined): WebFrameMain {
    let frame = this.#frames.get(frameId);
    if (!frame) {
      frame = new WebFrameMain(this, frameId, parentId);
      this.#frames.set(frameId, frame);
    }
    return frame;
  }

  #forgetContext(contextId: number): void {
    const frameId = this.#contextFrames.get(contextId);
    this.#contextFrames.delete(contextId);
    if (frameId !== undefined && this.#worldContexts.get(frameId) === contextId) this.#worldContexts.delete(frameId);
  }

  #navigationDetails(url: string, isMainFrame: boolean) {
    return electronEvent({ url, isSameDocument: false, isMainFrame, frame: isMainFrame ? this.mainFrame : null, initiator: undefined });
  }

  /** A message from a page's ipcRenderer, with the frame it came from (the world's context says which). */
  #fromPage(payload: string, contextId: number): void {
    const message = JSON.parse(payload) as
      | { kind: 'send'; channel: string; args: string }
      | { kind: 'invoke'; id: number; channel: string; args: string }
      | { kind: 'preload-error'; message: string }
      | { kind: 'stand-in-error'; message: string };
    if (message.kind === 'preload-error' || message.kind === 'stand-in-error') {
      this.#deps.process.problem(message.kind === 'preload-error' ? `The preload threw: ${message.message}` : message.message);
      return;
    }
    const frameId = this.#contextFrames.get(contextId);
    const frame = frameId === undefined ? undefined : this.#frames.get(frameId);
    if (!frame) return;
    const args = codec.decode(message.args);
    this.#deps.process.ipc.push({ direction: 'to-main', channel: message.channel, args });
    const event = {
      type: 'frame' as const,
      processId: this.getProcessId(),
      frameId: frame.routingId,
      sender: this,
      // Electron's is null once the frame has gone.
      get senderFrame() {
        return frame.isDestroyed() ? null : frame;
      },
    };
    if (message.kind === 'send') {
      this.#deps.ipcMain.receiveSend(
        {
          ...event,
          get senderFrame() {
            return event.senderFrame;
          },
          ports: [],
          returnValue: undefined,
          reply: (channel: string, ...replyArgs: unknown[]) => frame.send(channel, ...replyArgs),
        },
        message.channel,
        args,
      );
      return;
    }
    void this.#deps.ipcMain.receiveInvoke(event, message.channel, args).then(
      (value) => {
        this.#deps.process.ipc.push({ direction: 'to-page', channel: message.channel, args: [value] });
        this.#settle(contextId, message.id, true, codec.encode([value]));
      },
      (error: unknown) => this.#settle(contextId, message.id, false, String(error)),
    );
  }

  #settle(contextId: number, id: number, ok: boolean, encoded: string): void {
    void this.#cdp
      ?.send('Runtime.callFunctionOn', {
        executionContextId: contextId,
        functionDeclaration: `function (id, ok, encoded) { ${STAND_IN_KEY}.settle(id, ok, encoded); }`,
        arguments: [{ value: id }, { value: ok }, { value: encoded }],
      })
      // The page navigated away meanwhile: Electron drops the reply too.
      .catch(() => undefined);
  }

  async #route(route: Route, request: PageRequest): Promise<void> {
    const url = request.url();
    const appUrl = this.#deps.session.protocol.toAppUrl(url);
    if (request.isNavigationRequest()) {
      const isMainFrame = request.frame().parentFrame() === null;
      const electronUrl = appUrl ?? url;
      if (isMainFrame && this.#programmatic === withoutFragment(url)) {
        this.#programmatic = undefined;
      } else {
        if (isMainFrame) {
          // Navigation the page started (a link, location.href, a form): main may refuse it.
          const event = this.#navigationDetails(electronUrl, true);
          this.emit('will-navigate', event, electronUrl, false, true, this.getProcessId(), this.mainFrame.routingId);
          if (event.defaultPrevented) {
            await route.abort('aborted');
            return;
          }
        }
        this.emit('did-start-navigation', this.#navigationDetails(electronUrl, isMainFrame), electronUrl, false, isMainFrame, this.getProcessId(), 0);
      }
    }
    if (!appUrl && url.startsWith('file:')) {
      // Files from disk, as Chromium's file handler serves them (loadFile, and what a file: page loads).
      await route.fulfill({ path: fileURLToPath(url) }).catch(() => route.abort('failed'));
      return;
    }
    if (!appUrl) {
      // The stand-in has no network: anything but the app's own scheme and files fails as if offline.
      await route.abort('internetdisconnected');
      return;
    }
    await this.#serve(route, request, appUrl);
  }

  async #serve(route: Route, request: PageRequest, appUrl: string): Promise<void> {
    const method = request.method();
    const headers = Object.entries(request.headers()).filter(([name]) => /^[A-Za-z0-9-]+$/.test(name));
    const body = method === 'GET' || method === 'HEAD' ? undefined : (request.postDataBuffer() ?? undefined);
    let response: Response | undefined;
    try {
      response = await this.#deps.session.protocol.answer(new Request(appUrl, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) }));
    } catch {
      // A handler that throws fails the request (net::ERR_FAILED), as in Electron.
      response = undefined;
    }
    if (!(response instanceof Response)) {
      await route.abort('failed');
      return;
    }
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) });
  }

  /** window.open or a target=_blank link: main's handler decides; the stand-in models only "deny". */
  #windowOpen({ url, windowName, windowFeatures }: { url: string; windowName: string; windowFeatures: string[] }): void {
    const details: HandlerDetails = {
      url: this.electronUrl(url),
      frameName: windowName,
      features: windowFeatures.join(','),
      disposition: windowFeatures.some((feature) => /^(width|height|left|top|popup)\b/.test(feature)) ? 'new-window' : 'foreground-tab',
      referrer: { url: this.getURL(), policy: 'strict-origin-when-cross-origin' },
    };
    const decision = this.#openHandler ? this.#openHandler(details) : { action: 'allow' as const };
    if (decision.action !== 'deny') this.#deps.process.problem(`A new window for ${details.url} was allowed; the Electron stand-in models only { action: 'deny' }.`);
  }
}
