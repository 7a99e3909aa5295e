/**
 * The HEIC decoder's worker thread: libheif's WebAssembly build (libheif-js) turns a HEIC/HEIF file's primary image
 * into RGB(A) pixels, with what says how to show them: its ICC profile, and its EXIF block when the file has no
 * rotation or mirroring of its own (HEIF's irot/imir, which libheif applies while decoding; an iPhone writes both, and
 * applying the EXIF orientation as well would turn the photo twice). Grids (an iPhone's tiles) are put together by
 * libheif. Decoding takes a second or more for a phone's photo, so it happens here and never on the main thread.
 *
 * It runs as it is from source (Node strips the types) and as its own bundle entry in the build, so it imports
 * nothing of the project but types.
 */
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { Failed, HeicReply, HeicRequest, Libheif } from './heic-protocol';

const libheif = createRequire(import.meta.url)('libheif-js/wasm-bundle') as Libheif;
const port = parentPort!;

/** A file the worker will not or cannot decode (no parameter properties here: Node only strips types). */
class Refused extends Error {
  readonly kind: 'too-large' | 'undecodable';

  constructor(kind: 'too-large' | 'undecodable', message: string) {
    super(message);
    this.kind = kind;
  }
}

/** What libheif's embind API hands back when it failed: an object with an error code, or nothing. */
const failed = (result: object | null): result is Failed | null => !result || 'code' in result;

const fourcc = (text: string) => ((text.charCodeAt(0) << 24) | (text.charCodeAt(1) << 16) | (text.charCodeAt(2) << 8) | text.charCodeAt(3)) >>> 0;
const ICC_TYPES = new Set([fourcc('prof'), fourcc('rICC')]);
const TURNS = new Set([fourcc('irot'), fourcc('imir')]);
/** libheif's error struct, returned through a pointer: code, subcode, message (code 0 is success). */
const ERROR_BYTES = 12;

/** The C pointer inside one of embind's objects: the raw C API takes pointers where the embind API takes objects. */
const pointer = (object: object) => (object as { $$: { ptr: number } }).$$.ptr;

/** Runs `use` on `bytes` of scratch memory inside the WebAssembly heap, freed afterwards. */
function scratch<T>(bytes: number, use: (at: number) => T): T {
  const at = libheif._malloc(Math.max(bytes, 1));
  try {
    return use(at);
  } finally {
    libheif._free(at);
  }
}

/** `call` fills `bytes` bytes and an error struct; the bytes, or undefined when it failed. */
function readOut(bytes: number, call: (error: number, out: number) => void): Uint8Array | undefined {
  return scratch(ERROR_BYTES, (error) =>
    scratch(bytes, (out) => {
      call(error, out);
      // The heap may have been replaced when it grew: read it afresh after the call.
      return libheif.HEAP32[error >> 2] === 0 ? libheif.HEAPU8.slice(out, out + bytes) : undefined;
    }),
  );
}

function colourProfile(handle: number): Uint8Array | undefined {
  if (!ICC_TYPES.has(libheif._heif_image_handle_get_color_profile_type(handle) >>> 0)) return undefined;
  const size = libheif._heif_image_handle_get_raw_color_profile_size(handle);
  return size > 0 ? readOut(size, (error, out) => libheif._heif_image_handle_get_raw_color_profile(error, handle, out)) : undefined;
}

/** Whether the image carries its own rotation or mirroring (libheif applies them; clap, a crop, is not one). */
function turnsItself(context: number, handle: number): boolean {
  const item = libheif._heif_image_handle_get_item_id(handle);
  const most = 8;
  return scratch(4 * most, (list) => {
    const count = libheif._heif_item_get_transformation_properties(context, item, list, most);
    return Array.from({ length: count }, (_, index) => libheif.HEAPU32[(list >> 2) + index]!).some((property) =>
      TURNS.has(libheif._heif_item_get_property_type(context, item, property) >>> 0),
    );
  });
}

/** The image's EXIF block from its TIFF header on (HEIF puts a 4-byte offset to that header first). */
function exif(handle: number): Uint8Array | undefined {
  const count = libheif._heif_image_handle_get_number_of_metadata_blocks(handle, 0);
  if (count === 0) return undefined;
  const ids = scratch(4 * count, (list) => {
    const written = libheif._heif_image_handle_get_list_of_metadata_block_IDs(handle, 0, list, count);
    return Array.from(libheif.HEAPU32.subarray(list >> 2, (list >> 2) + written));
  });
  for (const id of ids) {
    const type = libheif._heif_image_handle_get_metadata_type(handle, id);
    if (String.fromCharCode(...libheif.HEAPU8.subarray(type, type + 5)) !== 'Exif\0') continue;
    const size = libheif._heif_image_handle_get_metadata_size(handle, id);
    const block = size > 4 ? readOut(size, (error, out) => libheif._heif_image_handle_get_metadata(error, handle, id, out)) : undefined;
    if (!block) return undefined;
    const start = 4 + new DataView(block.buffer).getUint32(0);
    return start < block.length ? block.subarray(start) : undefined;
  }
  return undefined;
}

function decode({ id, bytes, maxPixels }: HeicRequest): Extract<HeicReply, { ok: true }> {
  const context = libheif.heif_context_alloc();
  try {
    const read = libheif.heif_context_read_from_memory(context, bytes);
    if (read.code !== libheif.heif_error_Ok) throw new Refused('undecodable', read.message);
    const handle = libheif.heif_js_context_get_primary_image_handle(context);
    if (failed(handle)) throw new Refused('undecodable', handle?.message ?? 'The file has no primary image.');
    try {
      const width = libheif.heif_image_handle_get_width(handle);
      const height = libheif.heif_image_handle_get_height(handle);
      // Refused before decoding, as sharp does with its pixel limit: the header's size is what decoding would allocate.
      if (width * height > maxPixels) throw new Refused('too-large', `${width} x ${height} exceeds pixel limit`);
      const channels = libheif.heif_image_handle_has_alpha_channel(handle) ? 4 : 3;
      const image = libheif.heif_js_decode_image2(handle, libheif.heif_colorspace_RGB, channels === 4 ? libheif.heif_chroma_interleaved_RGBA : libheif.heif_chroma_interleaved_RGB);
      if (failed(image)) throw new Refused('undecodable', image?.message ?? 'The image could not be decoded.');
      let pixels: Uint8Array;
      try {
        const plane = image.channels.find((channel) => channel.id === libheif.heif_channel_interleaved);
        if (!plane || plane.width !== width || plane.height !== height) throw new Refused('undecodable', 'The decoded image has no pixels of its size.');
        // Rows without the decoder's padding, in a buffer of their own that can be handed to the main thread.
        const row = width * channels;
        pixels = new Uint8Array(row * height);
        for (let y = 0; y < height; y += 1) pixels.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
      } finally {
        libheif.heif_image_release(image.image);
      }
      const raw = pointer(handle);
      const icc = colourProfile(raw);
      const orientation = turnsItself(pointer(context), raw) ? undefined : exif(raw);
      return { id, ok: true, width, height, channels, pixels, ...(icc ? { icc } : {}), ...(orientation ? { exif: orientation } : {}) };
    } finally {
      libheif.heif_image_handle_release(handle);
    }
  } finally {
    libheif.heif_context_free(context);
  }
}

port.on('message', (request: HeicRequest) => {
  let reply: HeicReply;
  try {
    reply = decode(request);
  } catch (error) {
    const kind = error instanceof Refused ? error.kind : 'undecodable';
    reply = { id: request.id, ok: false, kind, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, reply.ok ? [reply.pixels.buffer as ArrayBuffer] : []);
});
