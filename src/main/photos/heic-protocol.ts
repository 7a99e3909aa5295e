/**
 * The messages between the HEIC decoder (heic.ts) and its worker thread (heic-worker.ts), and the little of libheif-js
 * the worker uses: its embind API, and a few functions of libheif's C API (called with pointers) for what embind does
 * not offer.
 */

export interface HeicRequest {
  readonly id: number;
  /** The file's bytes (handed over, not copied). */
  readonly bytes: Uint8Array;
  /** Refused before decoding when the image has more pixels than this. */
  readonly maxPixels: number;
}

export type HeicReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly width: number;
      readonly height: number;
      readonly channels: 3 | 4;
      /** Rows of RGB or RGBA, 8 bits a channel, already turned by the file's own rotation and mirroring. */
      readonly pixels: Uint8Array;
      /** The ICC profile the colours are in, when the file has one (an iPhone's: Display P3). */
      readonly icc?: Uint8Array;
      /** The EXIF block (from its TIFF header on), only when its orientation is still to be applied. */
      readonly exif?: Uint8Array;
    }
  | { readonly id: number; readonly ok: false; readonly kind: 'too-large' | 'undecodable'; readonly message: string };

type Embind = object;
/** embind's enum values are objects, compared by identity. */
type Enum = object;
/** What the embind API returns instead of its result when something failed (and from reading a file, always). */
export interface Failed {
  readonly code: Enum;
  readonly message: string;
}
export interface Decoded {
  readonly image: Embind;
  readonly channels: readonly Plane[];
}

interface Plane {
  readonly id: Enum;
  readonly width: number;
  readonly height: number;
  readonly stride: number;
  readonly data: Uint8Array;
}

export interface Libheif {
  readonly HEAPU8: Uint8Array;
  readonly HEAP32: Int32Array;
  readonly HEAPU32: Uint32Array;
  readonly heif_error_Ok: Enum;
  readonly heif_colorspace_RGB: Enum;
  readonly heif_chroma_interleaved_RGB: Enum;
  readonly heif_chroma_interleaved_RGBA: Enum;
  readonly heif_channel_interleaved: Enum;
  heif_context_alloc(): Embind;
  heif_context_free(context: Embind): void;
  heif_context_read_from_memory(context: Embind, bytes: Uint8Array): Failed;
  heif_js_context_get_primary_image_handle(context: Embind): Embind | Failed | null;
  heif_image_handle_get_width(handle: Embind): number;
  heif_image_handle_get_height(handle: Embind): number;
  heif_image_handle_has_alpha_channel(handle: Embind): number;
  heif_image_handle_release(handle: Embind): void;
  heif_js_decode_image2(handle: Embind, colorspace: Enum, chroma: Enum): Decoded | Failed | null;
  heif_image_release(image: Embind): void;
  _malloc(bytes: number): number;
  _free(at: number): void;
  _heif_image_handle_get_color_profile_type(handle: number): number;
  _heif_image_handle_get_raw_color_profile_size(handle: number): number;
  _heif_image_handle_get_raw_color_profile(error: number, handle: number, out: number): void;
  _heif_image_handle_get_item_id(handle: number): number;
  _heif_item_get_transformation_properties(context: number, item: number, out: number, count: number): number;
  _heif_item_get_property_type(context: number, item: number, property: number): number;
  _heif_image_handle_get_number_of_metadata_blocks(handle: number, typeFilter: number): number;
  _heif_image_handle_get_list_of_metadata_block_IDs(handle: number, typeFilter: number, out: number, count: number): number;
  _heif_image_handle_get_metadata_type(handle: number, id: number): number;
  _heif_image_handle_get_metadata_size(handle: number, id: number): number;
  _heif_image_handle_get_metadata(error: number, handle: number, id: number, out: number): void;
}
