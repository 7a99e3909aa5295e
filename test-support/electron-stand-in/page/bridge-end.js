/**
 * One end of the stand-in's contextBridge, run in the preload's isolated world and in the page's main world.
 *
 * Chromium's isolated worlds share the DOM and nothing else, so the two ends talk by dispatching events on
 * `document`, which is synchronous: a proxied function returns its value at once, as Electron's do. Each end
 * listens on `window` in the capture phase, before any page script can (both ends start before the page's first
 * script), and stops the event there, so page code never sees the traffic. Event details are copied between
 * worlds by Chromium's structured clone; what it cannot copy travels as a placeholder:
 *   - functions are proxied (a call runs the original in its own world);
 *   - promises are proxied (they settle on the other side when the original does);
 *   - errors are copied as name and message;
 *   - a File keeps its identity: it crosses in a DataTransfer, so the other world sees the same underlying file
 *     (Electron copies it, path included; `webUtils.getPathForFile` works on either, here as there).
 * Other values are copied; what the preload exposes is also deep-frozen and bound read-only (Electron does both).
 *
 * Plain JavaScript with no imports: the page gets it as source text (`createBridgeEnd.toString()`).
 */
export function createBridgeEnd({ send, receive }) {
  const MARK = '\u0000bridge';
  /** Functions of this world the other may call, by id. */
  const local = new Map();
  const localIds = new WeakMap();
  /** Promises of the other world this one waits on, by id. */
  const waiting = new Map();
  /** Answers to this world's calls, taken as soon as the other world has dispatched them. */
  const returns = new Map();
  let nextId = 1;
  let filesIn = [];
  let onExpose;

  const idFor = (fn) => {
    let id = localIds.get(fn);
    if (!id) {
      id = nextId++;
      local.set(id, fn);
      localIds.set(fn, id);
    }
    return id;
  };

  function post(message, files) {
    if (files.length > 0) {
      const carrier = new DataTransfer();
      for (const file of files) carrier.items.add(file);
      document.dispatchEvent(new DragEvent(`${send}:files`, { dataTransfer: carrier }));
    }
    document.dispatchEvent(new CustomEvent(send, { detail: message }));
  }

  function copyError(error) {
    return error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) };
  }

  /** A value of this world as the detail of an event (files set aside for the carrier). */
  function pack(value, files) {
    if (typeof value === 'function') return { [MARK]: 'function', id: idFor(value) };
    if (typeof value === 'symbol') return undefined;
    if (value === null || typeof value !== 'object') return value;
    if (value instanceof Promise) {
      const id = nextId++;
      value.then(
        (result) => {
          const carried = [];
          post({ type: 'settle', id, ok: true, value: pack(result, carried) }, carried);
        },
        (error) => post({ type: 'settle', id, ok: false, error: copyError(error) }, []),
      );
      return { [MARK]: 'promise', id };
    }
    if (value instanceof Error) return { [MARK]: 'error', ...copyError(value) };
    if (value instanceof File) {
      files.push(value);
      return { [MARK]: 'file', index: files.length - 1 };
    }
    if (Array.isArray(value)) return value.map((item) => pack(item, files));
    const kind = Object.prototype.toString.call(value).slice(8, -1);
    if (kind !== 'Object') {
      if (value instanceof Node) throw new Error('The Electron stand-in does not model DOM elements sent over the contextBridge.');
      // Dates, maps, blobs, binary data: Chromium's structured clone copies them as they are.
      return value;
    }
    const out = {};
    for (const key of Object.keys(value)) out[key] = pack(value[key], files);
    return out;
  }

  const done = (value, freeze) => (freeze ? Object.freeze(value) : value);

  /** A value from the other world, made real in this one (frozen all through for an exposed API). */
  function unpack(value, freeze) {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return done(value.map((item) => unpack(item, freeze)), freeze);
    switch (value[MARK]) {
      case 'function': {
        const id = value.id;
        return (...args) => call(id, args);
      }
      case 'promise':
        return new Promise((resolve, reject) => waiting.set(value.id, { resolve, reject }));
      case 'error':
        return Object.assign(new Error(value.message), { name: value.name });
      case 'file':
        return filesIn[value.index];
    }
    if (Object.prototype.toString.call(value).slice(8, -1) !== 'Object') return value;
    const out = {};
    for (const key of Object.keys(value)) out[key] = unpack(value[key], freeze);
    return done(out, freeze);
  }

  function call(id, args) {
    const callId = nextId++;
    const files = [];
    post({ type: 'call', callId, id, args: args.map((arg) => pack(arg, files)) }, files);
    const answer = returns.get(callId);
    returns.delete(callId);
    if (!answer) throw new Error('The other side of the contextBridge is gone.');
    if (!answer.ok) throw Object.assign(new Error(answer.error.message), { name: answer.error.name });
    return unpack(answer.value, false);
  }

  function handle(message) {
    switch (message.type) {
      case 'call': {
        const fn = local.get(message.id);
        const args = message.args.map((arg) => unpack(arg, false));
        const files = [];
        let answer;
        try {
          if (!fn) throw new Error('This function is no longer available across the contextBridge.');
          answer = { ok: true, value: pack(fn(...args), files) };
        } catch (error) {
          answer = { ok: false, error: copyError(error) };
        }
        post({ type: 'return', callId: message.callId, ...answer }, files);
        break;
      }
      case 'return':
        returns.set(message.callId, message);
        break;
      case 'settle': {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        if (!pending) break;
        if (message.ok) pending.resolve(unpack(message.value, false));
        else pending.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
        break;
      }
      case 'expose': {
        let answer = { ok: true };
        try {
          onExpose(message.key, unpack(message.value, true));
        } catch (error) {
          answer = { ok: false, error: copyError(error) };
        }
        post({ type: 'return', callId: message.callId, ...answer }, []);
        break;
      }
    }
  }

  window.addEventListener(
    receive,
    (event) => {
      event.stopImmediatePropagation();
      const message = event.detail;
      handle(message);
      filesIn = [];
    },
    true,
  );
  window.addEventListener(
    `${receive}:files`,
    (event) => {
      event.stopImmediatePropagation();
      filesIn = [...event.dataTransfer.files];
    },
    true,
  );

  return {
    /** Isolated world: `contextBridge.exposeInMainWorld`. Throws what the main world threw. */
    expose(key, api) {
      const callId = nextId++;
      const files = [];
      post({ type: 'expose', callId, key, value: pack(api, files) }, files);
      const answer = returns.get(callId);
      returns.delete(callId);
      if (!answer) throw new Error('The Electron stand-in has no main-world end for this frame.');
      if (!answer.ok) throw Object.assign(new Error(answer.error.message), { name: answer.error.name });
    },
    /** Main world: what to do with an exposed API. */
    onExpose(handler) {
      onExpose = handler;
    },
  };
}
