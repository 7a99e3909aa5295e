import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contract } from '../../shared/ipc/contract';
import { ELECTRON_IPC } from '../../shared/ipc/electron';
import type { BrowserWindow } from '../../../test-support/electron-stand-in/browser-window';
import type { PageGlobals } from '../../../test-support/page-globals';
import { launchChromium, launchDesktop, type DesktopApp } from '../../../test-support/electron-stand-in/desktop';
import { expect as expectPage } from '../../../test-support/page-expect';

/**
 * docs/security.md's claims, checked through the real main process code (src/main/electron/main.ts) and the real
 * built preload in the Electron stand-in. Each test says which item of Electron's security checklist it covers.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const PRELOAD = path.join(ROOT, 'out/preload/index.cjs');

let browser: Browser;
let root: string;
let app: DesktopApp;
let appWindow: BrowserWindow;
let page: Page;
/** The push channels the page heard while its first photo came in. */
let pushed: string[];
/** The session's photo thumbnail, as the page asks for it. */
let thumbnail: string;

/** Calls one invoke channel through the page's bridge, as the GUI does. */
const invoke = (channel: string, input?: unknown) =>
  page.evaluate(
    ([channel, input]) => (globalThis as unknown as PageGlobals).tidy!.invoke({ id: `t-${Math.random()}`, channel, input }),
    [channel, input] as const,
  ) as Promise<{ ok: boolean; output?: unknown; error?: { code: string; message: string } }>;

async function photo(file: string): Promise<string> {
  await writeFile(file, await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a6f7a' } }).jpeg().toBuffer());
  return file;
}

const noModel = () => {
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'TIDY_MODEL', 'TIDY_COACH', 'TIDY_DATA_DIR', 'ELECTRON_RENDERER_URL']) vi.stubEnv(name, undefined);
};

beforeAll(async () => {
  noModel();
  browser = await launchChromium();
  root = await mkdtemp(path.join(os.tmpdir(), 'tidy-desktop-security-'));
  app = await launchDesktop({ browser, appData: path.join(root, 'config') });
  ({ window: appWindow, page } = await app.window());
  await page.getByTestId('mode').waitFor();
  // Every push the page hears, from the start of a session with a photo in it.
  // (Kept under a symbol: the test's own note must not count as something the page was given.)
  await page.evaluate(() => {
    const heard: string[] = [];
    (globalThis as unknown as Record<symbol, string[]>)[Symbol.for('heard')] = heard;
    (globalThis as unknown as PageGlobals).tidy!.onPush((message) => heard.push((message as { channel: string }).channel));
  });
  await mkdir(path.join(root, 'photos'));
  await appWindow.webContents.drop([await photo(path.join(root, 'photos', 'desk.jpg'))], { x: 600, y: 400 });
  await expectPage(page.getByTestId('import-summary'), 'the photo dropped on the window comes in (main heard the preload’s drop report)').toContainText('1 photo added.');
  await page.getByRole('dialog').waitFor();
  thumbnail = await page.getByRole('region', { name: 'Photos of the room' }).locator('img').first().getAttribute('src').then((src) => src!);
  // A reminder put away (there is none: nothing changes, and the reminders are pushed all the same).
  expect((await invoke('reminders:cancel', { key: 'donate' })).ok).toBe(true);
  pushed = await page.evaluate(() => (globalThis as unknown as Record<symbol, string[]>)[Symbol.for('heard')]!);
}, 120_000);

afterAll(async () => {
  await app?.quit();
  await browser?.close();
  vi.unstubAllEnvs();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('desktop (stand-in) security checklist', () => {
  it('2-4: the window is isolated and sandboxed, with no Node in the page', async () => {
    // What main gave the window: every security-relevant preference stated, none left to a default.
    expect(appWindow.options.webPreferences).toEqual({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      // Not packaged here: an installed app has none (window-options.test.ts).
      devTools: true,
      spellcheck: true,
    });
    // And every renderer is sandboxed whatever a window asks for: main called app.enableSandbox() before 'ready'.
    expect(app.electron.standIn.sandboxForced).toBe(true);
    // The page has none of Node: the stand-in runs the preload in an isolated world of a sandboxed renderer.
    expect(
      await page.evaluate(() => ['require', 'process', 'module', 'Buffer', 'global', 'ipcRenderer', 'electron'].map((name) => typeof (globalThis as Record<string, unknown>)[name])),
    ).toEqual(Array(7).fill('undefined'));
    expect(app.electron.standIn.problems).toEqual([]);
  });

  it('20: the page reaches main only through window.tidy, four frozen functions, and nothing else', async () => {
    // What the page has beyond the same page in a window without the preload: what the preload gave it.
    const bare = new app.electron.BrowserWindow({ show: false, webPreferences: { contextIsolation: true, sandbox: true } });
    let baseline: Set<string>;
    try {
      await bare.loadURL('app://tidying/index.html');
      baseline = new Set(await bare.webContents.page.evaluate(() => Object.getOwnPropertyNames(globalThis)));
    } finally {
      bare.destroy();
    }
    const extra = (await page.evaluate(() => Object.getOwnPropertyNames(globalThis))).filter((name) => !baseline.has(name));
    expect(extra).toEqual(['tidy']);

    expect(
      await page.evaluate(() => {
        const tidy = (globalThis as unknown as { tidy: Record<string, unknown> }).tidy;
        const property = Object.getOwnPropertyDescriptor(globalThis, 'tidy')!;
        return {
          keys: Object.getOwnPropertyNames(tidy).sort(),
          types: Object.values(tidy).map((value) => typeof value),
          frozen: Object.isFrozen(tidy),
          writable: property.writable,
          configurable: property.configurable,
        };
      }),
    ).toEqual({ keys: ['cancel', 'invoke', 'onPush', 'pathForFile'], types: Array(4).fill('function'), frozen: true, writable: false, configurable: false });
    // A listener gets the message only, never Electron's event (which would carry ipcRenderer).
    expect(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const tidy = (globalThis as unknown as PageGlobals).tidy!;
            const stop = tidy.onPush((...args) => {
              stop();
              resolve(args.length);
            });
            void tidy.invoke({ id: 'push', channel: 'sprint:control', input: { action: 'pause' } });
          }),
      ),
      'the arguments a push listener is given (never Electron’s event)',
    ).toBe(1);
  });

  it('17/20: every channel of the contract is handled in main and passed by the preload; unknown channels stop in the preload', async () => {
    // Main answers on the Electron channels of the contract and on no other (electron-store's own listener aside:
    // it answers only ipcRenderer.sendSync, which no page here can reach).
    const { ipcMain } = app.electron;
    expect(ipcMain.handledChannels()).toEqual([ELECTRON_IPC.invoke]);
    expect(ipcMain.eventNames().sort()).toEqual([ELECTRON_IPC.cancel, ELECTRON_IPC.dropped, 'electron-store-get-data'].sort());

    // Every invoke channel crosses the bridge into main, has a handler there (main reports a channel it does not serve
    // before looking at the input) and has its input checked against the contract.
    for (const channel of Object.keys(contract.invoke)) {
      const result = await invoke(channel, { notInTheContract: true });
      expect({ channel, code: result.error?.code }).toEqual({ channel, code: 'invalid-input' });
    }
    // And the ones that only read answer.
    for (const channel of ['app:info', 'session:get', 'settings:get', 'sessions:list', 'coach:status', 'exitPlan:open']) {
      expect({ channel, ok: (await invoke(channel)).ok }).toEqual({ channel, ok: true });
    }
    // Every push channel reached the page while the photo came in and a reminder was put away (but the phone link's,
    // which only Add from phone opens: see its own test below; a test clock's moves, which only web mode's tests make;
    // and a reminder's notification, which the window's main shows itself: see notifications.test.ts).
    const notHere = ['phone:changed', 'clock:changed', 'reminders:notify'];
    expect(new Set(pushed)).toEqual(new Set(Object.keys(contract.push).filter((channel) => !notHere.includes(channel))));

    // A channel outside the contract never leaves the page.
    const before = app.electron.standIn.ipc.filter((message) => message.direction === 'to-main').length;
    for (const channel of ['fs:read', '__proto__', 'constructor', 'settings:getApiKey']) {
      expect((await invoke(channel)).error?.code).toBe('unknown-channel');
    }
    expect(app.electron.standIn.ipc.filter((message) => message.direction === 'to-main'), 'messages main heard, after calls on channels outside the contract').toHaveLength(before);
  });

  it('17: IPC from another frame or another window is refused; our window’s top frame is heard', async () => {
    const request = { id: 'from-elsewhere', channel: 'app:info' };
    // Our own top frame.
    expect(await appWindow.webContents.ipcFromFrame(appWindow.webContents.mainFrame, 'invoke', ELECTRON_IPC.invoke, request)).toMatchObject({ ok: true });

    // A subframe of our window (a compromised renderer could send from one).
    await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      document.body.append(Object.assign(document.createElement('iframe'), { id: 'intruder' }));
    });
    await expect.poll(() => appWindow.webContents.mainFrame.frames.length).toBe(1);
    const frame = appWindow.webContents.mainFrame.frames[0]!;
    expect(await appWindow.webContents.ipcFromFrame(frame, 'invoke', ELECTRON_IPC.invoke, request)).toEqual({
      id: '(none)',
      ok: false,
      error: { code: 'invalid-message', message: 'Untrusted sender.' },
    });
    // A drop reported from there grants nothing: main still refuses to read that folder.
    const elsewhere = path.join(root, 'not-dropped');
    await mkdir(elsewhere, { recursive: true });
    await photo(path.join(elsewhere, 'secret.jpg'));
    await appWindow.webContents.ipcFromFrame(frame, 'send', ELECTRON_IPC.dropped, [elsewhere]);
    const imported = await invoke('photos:import', { paths: [elsewhere] });
    expect(imported).toMatchObject({ ok: false });
    expect(imported.error!.message).toMatch(/drop|pick/i);
    // Nor does a drop the page's own script makes up, of a file named like that folder: a File built by script has
    // no path, so the preload reports nothing.
    const dropReports = () => app.electron.standIn.ipc.filter((message) => message.channel === ELECTRON_IPC.dropped).length;
    const reportsBefore = dropReports();
    await page.evaluate((name) => {
      const { DataTransfer, File, DragEvent, document } = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string) => unknown;
        DragEvent: new (type: string, init: object) => unknown;
        document: { body: { dispatchEvent(event: unknown): boolean } };
      };
      const dataTransfer = new DataTransfer();
      dataTransfer.items.add(new File(['made up'], name));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, cancelable: true }));
    }, elsewhere);
    // (Messages from the page arrive in order: once this invoke is answered, a report sent before it would be in.)
    expect((await invoke('app:info')).ok).toBe(true);
    expect(dropReports(), 'drop reports main heard after a drop made up by page script').toBe(reportsBefore);
    expect(await invoke('photos:import', { paths: [elsewhere] })).toMatchObject({ ok: false });
    // A cancel sent from there stops nothing: the page's own call, waiting on main's file dialog, goes on; the same
    // cancel from the page itself stops it.
    const { dialogs, ipc } = app.electron.standIn;
    const heardCancel = (id: string) => ipc.some((message) => message.direction === 'to-main' && message.channel === ELECTRON_IPC.cancel && message.args[0] === id);
    const pickCancelledBy = async (cancel: (id: string) => Promise<unknown>, id: string) => {
      const shown = dialogs.next();
      const picking = page.evaluate((id) => (globalThis as unknown as PageGlobals).tidy!.invoke({ id, channel: 'photos:pick' }), id);
      await shown;
      await cancel(id);
      // Main has heard it (ipcMain's listeners run as the message arrives) before the person closes the dialog.
      await expect.poll(() => heardCancel(id)).toBe(true);
      dialogs.answerNext({ canceled: true });
      return (await picking) as { ok: boolean; error?: { code: string } };
    };
    expect(await pickCancelledBy((id) => appWindow.webContents.ipcFromFrame(frame, 'send', ELECTRON_IPC.cancel, id), 'pick-1')).toMatchObject({ ok: true });
    expect(await pickCancelledBy((id) => page.evaluate((id) => (globalThis as unknown as PageGlobals).tidy!.cancel(id), id), 'pick-2')).toMatchObject({
      ok: false,
      error: { code: 'aborted' },
    });
    await page.evaluate(() => (globalThis as unknown as PageGlobals).document.getElementById('intruder')!.remove());

    // Another window, with our preload, on our own origin: not the window main talks to.
    const other = new app.electron.BrowserWindow({ show: false, webPreferences: { preload: PRELOAD, contextIsolation: true, sandbox: true } });
    try {
      await other.loadURL('app://tidying/index.html');
      const result = await other.webContents.page.evaluate(() =>
        (globalThis as unknown as PageGlobals).tidy!.invoke({ id: 'other', channel: 'app:info' }),
      );
      expect(result).toEqual({ id: '(none)', ok: false, error: { code: 'invalid-message', message: 'Untrusted sender.' } });
    } finally {
      other.destroy();
    }
    expect((await invoke('app:info')).ok).toBe(true);
  });

  it('13: navigation away from the app is refused; within the app it goes on', async () => {
    for (const away of ["location.href = 'https://example.com/'", "location.href = 'http://127.0.0.1:9/'"]) {
      const refused = once(appWindow.webContents, 'will-navigate');
      const failed = page.waitForEvent('requestfailed', (request) => request.isNavigationRequest());
      await page.evaluate(away);
      const [event, url] = (await refused) as [{ defaultPrevented: boolean }, string];
      expect({ url, prevented: event.defaultPrevented }).toEqual({ url: new URL(away.split("'")[1]!).href, prevented: true });
      expect((await failed).failure()?.errorText).toBe('net::ERR_ABORTED');
      expect(appWindow.webContents.getURL()).toBe('app://tidying/index.html');
    }
    // A link the page follows: the same.
    const refused = once(appWindow.webContents, 'will-navigate');
    await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      const link = Object.assign(document.createElement('a'), { href: 'https://example.com/link', textContent: 'away' });
      document.body.append(link);
      link.click();
      link.remove();
    });
    expect(((await refused) as [{ defaultPrevented: boolean }])[0].defaultPrevented).toBe(true);
    expect((await invoke('app:info')).ok).toBe(true);
    expect(appWindow.webContents.getURL()).toBe('app://tidying/index.html');

    // Within the app: allowed, and the reloaded page talks to main again.
    const allowed = once(appWindow.webContents, 'will-navigate');
    await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.href = '/index.html?again'));
    const [event, url] = (await allowed) as [{ defaultPrevented: boolean }, string];
    expect({ url, prevented: event.defaultPrevented }).toEqual({ url: 'app://tidying/index.html?again', prevented: false });
    await expectPage(page.getByTestId('mode')).toBeVisible();
    expect(appWindow.webContents.getURL()).toBe('app://tidying/index.html?again');
    expect((await invoke('app:info')).ok).toBe(true);
  });

  it('11/13: a webview is never attached and a redirect away is never followed, in any window', async () => {
    // No page here can raise these (the window has no <webview>, and app:// never redirects; docs/testing.md), so
    // they are raised as Electron raises them, on our window and on a fresh one: main's own listeners answer.
    const fresh = new app.electron.BrowserWindow({ show: false });
    try {
      for (const contents of [appWindow.webContents, fresh.webContents]) {
        const asked = (name: string, ...args: unknown[]) => {
          const asking = {
            defaultPrevented: false,
            preventDefault: () => {
              asking.defaultPrevented = true;
            },
          };
          contents.emit(name, asking, ...args);
          return asking.defaultPrevented;
        };
        expect({
          webview: asked('will-attach-webview', { nodeIntegration: false }, { src: 'app://tidying/index.html' }),
          redirectAway: asked('will-redirect', 'https://example.com/', false, true),
          redirectInApp: asked('will-redirect', 'app://tidying/index.html', false, true),
        }).toEqual({ webview: true, redirectAway: true, redirectInApp: false });
      }
    } finally {
      fresh.destroy();
    }
  });

  it('14/15: no new window opens; only https links go to the system browser', async () => {
    const opened = app.electron.standIn.opened;
    opened.length = 0;
    await page.evaluate(() => {
      const { open, document } = globalThis as unknown as PageGlobals;
      open('http://example.com/plain');
      open('file:///etc/passwd');
      open('/index.html');
      open('https://example.com/help');
      const link = Object.assign(document.createElement('a'), { href: 'https://example.com/guide', target: '_blank', textContent: 'guide' });
      document.body.append(link);
      link.click();
      link.remove();
      // Last: once it is through, every request before it has been answered.
      open('https://example.com/last');
    });
    await expect.poll(() => opened.at(-1)).toBe('https://example.com/last');
    expect(opened).toEqual(['https://example.com/help', 'https://example.com/guide', 'https://example.com/last']);
    expect(app.electron.BrowserWindow.getAllWindows()).toEqual([appWindow]);
    await expect.poll(() => page.context().pages().length).toBe(1);
    expect(app.electron.standIn.problems).toEqual([]);
  });

  it('7: the app protocol serves a strict Content-Security-Policy, and the page is held to it', async () => {
    // Exactly the policy docs/security.md states, on every answer of app://: the page, its script, a photo, and
    // what is not found (a page shown from an error is held to it too).
    const [session] = new URL(thumbnail, page.url()).pathname.split('/').slice(2);
    const answers = await page.evaluate(
      (paths) =>
        Promise.all(
          paths.map(async (path) => {
            const response = await fetch(path);
            return { path, status: response.status, csp: response.headers.get('content-security-policy'), nosniff: response.headers.get('x-content-type-options') };
          }),
        ),
      ['/index.html', (await page.locator('script[src]').first().getAttribute('src'))!, thumbnail, '/no-such-page', `/photos/${session}/${'0'.repeat(64)}.jpg`],
    );
    expect(answers.map(({ path, status }) => ({ path, status }))).toEqual(
      answers.map(({ path }, index) => ({ path, status: index < 3 ? 200 : 404 })),
    );
    for (const { path, csp, nosniff } of answers) {
      const directives = Object.fromEntries((csp ?? '').split(';').map((directive) => directive.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
      expect({ path, directives, nosniff }).toEqual({
        path,
        directives: {
          'default-src': ["'none'"],
          'script-src': ["'self'"],
          'style-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'"],
          'connect-src': ["'self'"],
          'base-uri': ["'none'"],
          'form-action': ["'none'"],
          'frame-ancestors': ["'none'"],
          'object-src': ["'none'"],
        },
        nosniff: 'nosniff',
      });
    }

    // Enforced: an injected inline script does not run, code from a string is refused (a string timer: the page's
    // own call, where DevTools' evaluation would be exempt), nothing remote is fetched, no frame loads (not even one
    // of the app's own pages).
    const fetched = await page.evaluate(async () => {
      const violations = new Set<string>();
      const { document, setTimeout } = globalThis as unknown as PageGlobals;
      (globalThis as unknown as Record<symbol, Set<string>>)[Symbol.for('violations')] = violations;
      document.addEventListener('securitypolicyviolation', (event) => violations.add(event.effectiveDirective));
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      setTimeout('window.evaluated = true', 0);
      const frame = Object.assign(document.createElement('iframe'), { src: '/index.html', id: 'framed' });
      document.body.append(frame);
      return fetch('https://example.com/').then(
        () => true,
        () => false,
      );
    });
    expect(fetched).toBe(false);
    await expect
      .poll(() => page.evaluate(() => [...(globalThis as unknown as Record<symbol, Set<string>>)[Symbol.for('violations')]!].sort()))
      .toEqual(['connect-src', 'frame-src', 'script-src', 'script-src-elem']);
    expect(await page.evaluate(() => ['injected' in globalThis, 'evaluated' in globalThis])).toEqual([false, false]);
    await page.evaluate(() => (globalThis as unknown as PageGlobals).document.getElementById('framed')!.remove());
  });

  it('18: the photo protocol serves the session’s photos and nothing else', async () => {
    const fetchStatus = (urlPath: string) =>
      page.evaluate(
        (urlPath) =>
          fetch(urlPath).then(
            (response) => ({ status: response.status, type: response.headers.get('content-type') }),
            () => ({ status: 0, type: null }),
          ),
        urlPath,
      );
    const { pathname } = new URL(thumbnail, page.url());
    expect(pathname).toMatch(/^\/photos\/[A-Za-z0-9-]+\/[0-9a-f]{64}\.thumb\.webp$/);
    expect(await fetchStatus(pathname)).toEqual({ status: 200, type: 'image/webp' });
    const [, , session, file] = pathname.split('/');
    const photoId = file!.replace('.thumb.webp', '');
    const up = '..%2F'.repeat(12);
    for (const attempt of [
      `/photos/${up}etc%2Fhostname`,
      `/photos/${session}/${up}etc%2Fhostname`,
      `/photos/${session}%2F..%2F..%2F..%2Fsettings.json`,
      `/photos/%2e%2e/%2e%2e/%2e%2e/etc/hostname`,
      `/photos/${session}/${photoId}.jpg%00.webp`,
      `/photos/${session}/${photoId}.png`,
      `/photos/${session}/${'0'.repeat(64)}.jpg`,
      `/photos/${session}/${photoId}`,
      `/photos/${encodeURIComponent(path.join(root, 'photos', 'desk.jpg'))}`,
      `/photos/${up}${encodeURIComponent(path.join(root, 'photos', 'desk.jpg').slice(1))}`,
      // Outside the photos, at files that exist: the repository's package.json (two folders above out/renderer)
      // and the photo the person dropped.
      `/..%2F..%2Fpackage.json`,
      `/${up}package.json`,
      `/${up}${encodeURIComponent(path.join(root, 'photos', 'desk.jpg').slice(1))}`,
    ]) {
      expect({ attempt, ...(await fetchStatus(attempt)) }).toEqual({ attempt, status: 404, type: 'text/plain; charset=utf-8' });
    }
  });

  it('5: every permission a page can ask for is denied, and every check fails', async () => {
    const session = app.electron.session.defaultSession;
    for (const permission of ['media', 'geolocation', 'notifications', 'midi', 'midiSysex', 'clipboard-read', 'clipboard-sanitized-write', 'display-capture', 'fullscreen', 'openExternal', 'pointerLock', 'keyboardLock', 'fileSystem', 'hid', 'serial', 'usb', 'idle-detection', 'window-management', 'storage-access']) {
      expect({ permission, granted: await session.requestPermission(appWindow.webContents, permission, { requestingUrl: 'app://tidying/index.html' }) }).toEqual({ permission, granted: false });
      expect({ permission, checked: session.checkPermission(appWindow.webContents, permission, 'app://tidying') }).toEqual({ permission, checked: false });
    }
  });

  it('secrets: the API key is stored through safeStorage, sealed, and never reaches the page', async () => {
    const appData = path.join(root, 'key-machine');
    const key = `sk-test-${randomBytes(16).toString('hex')}`;
    const everything = async (dir: string): Promise<string[]> =>
      (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
    const pageState = (on: Page) =>
      on.evaluate(() => {
        const { document, localStorage, sessionStorage } = globalThis as unknown as PageGlobals;
        return [document.documentElement.outerHTML, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), ...[...document.querySelectorAll('input')].map((input) => input.value)].join('\n');
      });
    let keyApp = await launchDesktop({ browser, appData });
    try {
      let keyPage = (await keyApp.window()).page;
      // Typed into Settings, as a person would.
      await keyPage.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      const settings = keyPage.getByRole('dialog', { name: 'Settings' });
      await settings.getByLabel('New key').fill(key);
      await settings.getByRole('button', { name: 'Save key' }).click();
      await expectPage(settings.getByTestId('model-message')).toHaveText('The key is saved.');
      await expectPage(settings.getByTestId('settings-key-state')).toHaveText('a key is set');

      // Sealed by safeStorage (the keyring's key, Chromium's v11 tag) in the user data folder; in no file in clear.
      const sealed = Buffer.from((JSON.parse(await readFile(path.join(appData, 'Tidying', 'secrets.json'), 'utf8')) as { apiKey: string }).apiKey, 'base64');
      expect(sealed.subarray(0, 3).toString()).toBe('v11');
      expect(keyApp.electron.safeStorage.decryptString(sealed)).toBe(key);
      for (const file of await everything(appData)) expect({ file, holdsKey: (await readFile(file)).includes(key) }).toEqual({ file, holdsKey: false });

      // The page had it only while it was typed: not in the DOM, its fields or its storage, and main never sent it.
      expect(await pageState(keyPage)).not.toContain(key);
      const toMain = keyApp.electron.standIn.ipc.filter((message) => message.direction === 'to-main' && JSON.stringify(message.args).includes(key));
      expect(toMain.map((message) => (message.args[0] as { channel: string }).channel)).toEqual(['settings:setApiKey']);
      expect(JSON.stringify(keyApp.electron.standIn.ipc.filter((message) => message.direction === 'to-page'))).not.toContain(key);

      // Started again: the key is still there for main, and still nowhere in the page.
      await keyApp.quit();
      keyApp = await launchDesktop({ browser, appData });
      keyPage = (await keyApp.window()).page;
      await keyPage.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      await expectPage(keyPage.getByRole('dialog', { name: 'Settings' }).getByTestId('settings-key-state')).toHaveText('a key is set');
      expect(await pageState(keyPage)).not.toContain(key);
      expect(JSON.stringify(keyApp.electron.standIn.ipc)).not.toContain(key);
    } finally {
      await keyApp.quit();
    }

    // Where Linux has no keyring, Settings says the key would be stored unencrypted.
    const plainApp = await launchDesktop({ browser, appData: path.join(root, 'plain-machine'), secretBackend: 'basic_text' });
    try {
      const plainPage = (await plainApp.window()).page;
      await plainPage.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      await expectPage(plainPage.getByRole('dialog', { name: 'Settings' })).toContainText('a key saved here is stored unencrypted');
    } finally {
      await plainApp.quit();
    }
  });

  it('phone: Add from phone listens only while its panel is open, on the address given, and not after the app quits', async () => {
    vi.stubEnv('TIDY_PHONE_ADDRESS', '127.0.0.1');
    const phoneApp = await launchDesktop({ browser, appData: path.join(root, 'phone-machine') });
    let quit = false;
    try {
      const phonePage = (await phoneApp.window()).page;
      const strip = phonePage.getByRole('region', { name: 'Photos of the room' });
      await strip.getByRole('button', { name: 'Add from phone' }).click();
      const panel = phonePage.getByTestId('phone-panel');
      const url = (await panel.locator('.phone-url').textContent())!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w{12}\/$/);
      expect((await fetch(url)).status).toBe(200);
      // Closing the panel stops it; opening it again gives a new address.
      await panel.getByRole('button', { name: 'Close' }).click();
      await expect(fetch(url)).rejects.toThrow();
      await strip.getByRole('button', { name: 'Add from phone' }).click();
      const again = (await panel.locator('.phone-url').textContent())!;
      expect(again).not.toBe(url);
      expect((await fetch(again)).status).toBe(200);
      // Quitting with the panel open stops it too.
      await phoneApp.quit();
      quit = true;
      await expect(fetch(again)).rejects.toThrow();
    } finally {
      if (!quit) await phoneApp.quit();
      vi.stubEnv('TIDY_PHONE_ADDRESS', undefined);
    }
  });

  it('a second launch brings the first window back and quits, without touching the data folder', async () => {
    appWindow.minimize();
    const second = await launchDesktop({ browser, appData: path.join(root, 'config'), argv: ['electron', ROOT, '--from-the-dock'] });
    const outcome = await Promise.race([
      second.electron.standIn.exited.then((code) => `quit with ${code}`),
      second.window().then(
        () => 'showed a window',
        () => 'no window',
      ),
    ]);
    if (outcome === 'showed a window') await second.quit();
    expect(outcome).toBe('quit with 0');
    // No "Tidying is already open" box: it never reached the data folder's lock.
    expect(second.electron.standIn.dialogs.shown).toEqual([]);
    await expect.poll(() => appWindow.isMinimized(), { message: 'the first window is still minimised' }).toBe(false);
    expect(appWindow.isFocused(), 'the first window has focus').toBe(true);
    expect((await invoke('app:info')).ok).toBe(true);
  });

  it('the stand-in is never bundled: the built main process and preload import the real electron', async () => {
    const built = (await readdir(path.join(ROOT, 'out'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && /\.(c?js|html)$/.test(entry.name));
    expect(built.length).toBeGreaterThan(3);
    for (const entry of built) {
      const text = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
      expect({ file: entry.name, standIn: /electron-stand-in/.test(text) }).toEqual({ file: entry.name, standIn: false });
    }
    expect(await readFile(path.join(ROOT, 'out/main/index.js'), 'utf8')).toMatch(/from "electron"/);
    expect(await readFile(PRELOAD, 'utf8')).toMatch(/require\("electron"\)/);
  });
});
