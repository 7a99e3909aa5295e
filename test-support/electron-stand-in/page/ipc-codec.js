/**
 * How IPC arguments cross between the page and the stand-in's main process. Electron copies them with the
 * Structured Clone Algorithm; CDP carries strings only, so this writes what JSON cannot hold (undefined, NaN,
 * -0, BigInt, Date, RegExp, Map, Set, binary data, errors) as tagged values and refuses what structured clone
 * refuses (functions, symbols, DOM objects), with Electron's message.
 *
 * Plain JavaScript with no imports: Node imports it, and the page gets the same function as source text
 * (`createIpcCodec.toString()`), so both ends run one codec.
 */
export function createIpcCodec() {
  const TAG = '\u0000electron-stand-in';
  const cannotClone = () => new Error('An object could not be cloned.');
  const typedArrays = {
    Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array,
    BigInt64Array, BigUint64Array,
  };

  const toBase64 = (bytes) => {
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  const fromBase64 = (text) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  const bytesOf = (view) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

  function write(value, seen) {
    switch (typeof value) {
      case 'undefined':
        return { [TAG]: 'undefined' };
      case 'number':
        if (Number.isNaN(value) || !Number.isFinite(value) || Object.is(value, -0)) return { [TAG]: 'number', value: String(value) };
        return value;
      case 'bigint':
        return { [TAG]: 'bigint', value: String(value) };
      case 'string':
      case 'boolean':
        return value;
      case 'function':
      case 'symbol':
        throw cannotClone();
    }
    if (value === null) return null;
    if (seen.has(value)) throw new Error('The Electron stand-in does not model IPC payloads that refer to themselves.');
    seen.add(value);
    try {
      const kind = Object.prototype.toString.call(value).slice(8, -1);
      if (kind === 'Date') return { [TAG]: 'Date', value: value.getTime() };
      if (kind === 'RegExp') return { [TAG]: 'RegExp', source: value.source, flags: value.flags };
      if (kind === 'Map') return { [TAG]: 'Map', entries: [...value].map(([k, v]) => [write(k, seen), write(v, seen)]) };
      if (kind === 'Set') return { [TAG]: 'Set', values: [...value].map((v) => write(v, seen)) };
      if (kind === 'ArrayBuffer') return { [TAG]: 'ArrayBuffer', base64: toBase64(new Uint8Array(value)) };
      if (kind === 'DataView') return { [TAG]: 'DataView', base64: toBase64(bytesOf(value)) };
      if (kind in typedArrays) return { [TAG]: kind, base64: toBase64(bytesOf(value)) };
      if (value instanceof Error) return { [TAG]: 'Error', name: value.name, message: value.message, stack: value.stack };
      if (Array.isArray(value)) return value.map((item) => write(item, seen));
      // Ordinary objects are copied (own enumerable keys; a class instance loses its prototype); anything else (a
      // DOM node, a Blob, a promise, Electron's own objects) throws in Electron too.
      if (kind !== 'Object') throw cannotClone();
      const out = {};
      for (const key of Object.keys(value)) out[key] = write(value[key], seen);
      return TAG in out ? { [TAG]: 'object', value: out } : out;
    } finally {
      seen.delete(value);
    }
  }

  function read(value) {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(read);
    const tag = value[TAG];
    if (tag === undefined) {
      const out = {};
      for (const key of Object.keys(value)) out[key] = read(value[key]);
      return out;
    }
    switch (tag) {
      case 'undefined':
        return undefined;
      case 'number':
        return Number(value.value);
      case 'bigint':
        return BigInt(value.value);
      case 'Date':
        return new Date(value.value);
      case 'RegExp':
        return new RegExp(value.source, value.flags);
      case 'Map':
        return new Map(value.entries.map(([k, v]) => [read(k), read(v)]));
      case 'Set':
        return new Set(value.values.map(read));
      case 'ArrayBuffer':
        return fromBase64(value.base64).buffer;
      case 'DataView':
        return new DataView(fromBase64(value.base64).buffer);
      case 'Error': {
        const error = new Error(value.message);
        error.name = value.name;
        if (value.stack) error.stack = value.stack;
        return error;
      }
      case 'object': {
        const out = {};
        for (const key of Object.keys(value.value)) out[key] = read(value.value[key]);
        return out;
      }
      default: {
        const Type = typedArrays[tag];
        if (!Type) throw new Error(`Unknown IPC value tag: ${tag}`);
        const bytes = fromBase64(value.base64);
        return new Type(bytes.buffer, 0, bytes.byteLength / Type.BYTES_PER_ELEMENT);
      }
    }
  }

  return {
    /** Arguments as one string for the other side; throws as Electron does for what cannot be cloned. */
    encode: (args) => JSON.stringify(args.map((arg) => write(arg, new Set()))),
    decode: (text) => JSON.parse(text).map(read),
  };
}
