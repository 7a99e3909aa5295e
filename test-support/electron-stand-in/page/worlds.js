/**
 * What the stand-in runs in a window's page, as source text given to Chromium over CDP
 * (`Page.addScriptToEvaluateOnNewDocument`, before any script of the page, on every load).
 *
 * `mainWorld` is the main world's end of the contextBridge, and nothing else: it adds no global.
 * `isolatedWorld` runs in an isolated world (a real one: Chromium's, as Electron's contextIsolation uses). It builds
 * the sandboxed preload's `require('electron')` (contextBridge, ipcRenderer, webUtils), then runs the preload. IPC
 * leaves through a CDP binding that exists only in this world, so page code cannot reach it; the stand-in's main
 * process answers by calling `globalThis[Symbol.for('electron-stand-in')]` in this world.
 *
 * Plain JavaScript with no imports, for the same reason as the codec.
 */

export function mainWorld(config, createBridgeEnd) {
  const bridge = createBridgeEnd({ send: config.toIsolated, receive: config.toMain });
  bridge.onExpose((key, api) => {
    if (key in window) throw new Error('Cannot bind an API on top of an existing property on the window object');
    Object.defineProperty(window, key, { value: api, writable: false, configurable: false, enumerable: true });
  });
}

export function isolatedWorld(config, createIpcCodec, createBridgeEnd, preload) {
  const codec = createIpcCodec();
  const toMainProcess = globalThis[config.binding];
  delete globalThis[config.binding];
  const post = (message) => toMainProcess(JSON.stringify(message));

  /** EventEmitter's listener methods, as Electron's ipcRenderer has them. */
  const listeners = new Map();
  const on = (channel, listener) => {
    listeners.set(channel, [...(listeners.get(channel) ?? []), { listener, once: false }]);
    return ipcRenderer;
  };
  const removeListener = (channel, listener) => {
    const list = listeners.get(channel) ?? [];
    const index = list.findIndex((entry) => entry.listener === listener);
    if (index >= 0) listeners.set(channel, [...list.slice(0, index), ...list.slice(index + 1)]);
    return ipcRenderer;
  };
  const pending = new Map();
  let nextInvoke = 1;

  const ipcRenderer = {
    on,
    addListener: on,
    once(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), { listener, once: true }]);
      return ipcRenderer;
    },
    removeListener,
    off: removeListener,
    removeAllListeners(channel) {
      if (channel === undefined) listeners.clear();
      else listeners.delete(channel);
      return ipcRenderer;
    },
    listenerCount: (channel) => (listeners.get(channel) ?? []).length,
    send(channel, ...args) {
      post({ kind: 'send', channel: String(channel), args: codec.encode(args) });
    },
    invoke(channel, ...args) {
      const id = nextInvoke++;
      const payload = codec.encode(args);
      return new Promise((resolve, reject) => {
        pending.set(id, { channel: String(channel), resolve, reject });
        post({ kind: 'invoke', id, channel: String(channel), args: payload });
      });
    },
    sendSync() {
      throw new Error('The Electron stand-in does not model ipcRenderer.sendSync.');
    },
    postMessage() {
      throw new Error('The Electron stand-in does not model ipcRenderer.postMessage.');
    },
    sendToHost() {
      throw new Error('The Electron stand-in does not model ipcRenderer.sendToHost.');
    },
  };

  /** Paths of the files the person really dropped (the stand-in's main process says which, just before the drop). */
  const paths = new WeakMap();
  let expectedDrop;
  window.addEventListener(
    'drop',
    (event) => {
      if (!event.isTrusted || !expectedDrop) return;
      const files = [...(event.dataTransfer?.files ?? [])];
      const expected = expectedDrop;
      expectedDrop = undefined;
      if (files.length !== expected.length) {
        post({ kind: 'stand-in-error', message: `A drop of ${expected.length} paths reached the page as ${files.length} files.` });
        return;
      }
      files.forEach((file, index) => paths.set(file, expected[index]));
    },
    true,
  );

  const webUtils = {
    getPathForFile(file) {
      if (!(file instanceof File)) throw new TypeError('getPathForFile expects a File.');
      return paths.get(file) ?? '';
    },
  };

  const bridge = createBridgeEnd({ send: config.toMain, receive: config.toIsolated });
  const contextBridge = {
    exposeInMainWorld(key, api) {
      if (typeof key !== 'string' || key.length === 0) throw new TypeError('exposeInMainWorld expects a key.');
      bridge.expose(key, api);
    },
    exposeInIsolatedWorld() {
      throw new Error('The Electron stand-in does not model contextBridge.exposeInIsolatedWorld.');
    },
  };

  // The stand-in's main process reaches this world here; the page cannot (isolated worlds share no globals).
  Object.defineProperty(globalThis, Symbol.for('electron-stand-in'), {
    value: {
      ipcRenderer,
      deliver(channel, encodedArgs) {
        const args = codec.decode(encodedArgs);
        const event = { sender: ipcRenderer, senderId: 0, ports: [] };
        for (const entry of listeners.get(channel) ?? []) {
          if (entry.once) removeListener(channel, entry.listener);
          entry.listener(event, ...args);
        }
      },
      settle(id, ok, encoded) {
        const call = pending.get(id);
        pending.delete(id);
        if (!call) return;
        if (ok) call.resolve(codec.decode(encoded)[0]);
        // Electron's own wording, with the handler's message.
        else call.reject(new Error(`Error invoking remote method '${call.channel}': ${encoded}`));
      },
      expectDrop(dropPaths) {
        expectedDrop = dropPaths;
      },
    },
  });

  // Electron runs the preload in the top frame only, unless nodeIntegrationInSubFrames says otherwise.
  if (!preload || (window !== window.top && !config.subFrames)) return;
  // A sandboxed preload is CommonJS with a small require: here only 'electron' is modelled. The preload's source
  // is wrapped in a function by the stand-in's main process (no eval: the page's CSP applies to this world too).
  const electron = Object.freeze({ contextBridge, ipcRenderer, webUtils });
  const require = (name) => {
    if (name === 'electron' || name === 'electron/renderer') return electron;
    throw new Error(`module not found: ${name} (the Electron stand-in's sandboxed preload can require only 'electron')`);
  };
  const module = { exports: {} };
  try {
    preload(require, module, module.exports);
  } catch (error) {
    post({ kind: 'preload-error', message: String(error?.stack ?? error) });
  }
}
