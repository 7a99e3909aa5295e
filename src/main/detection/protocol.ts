/**
 * The messages between the detector and its worker thread, and the little of tfjs the worker uses (tfjs is not a
 * dependency of the project: its files come with the detector, see scripts/install-detector.mjs).
 */
import type { InputLayout, ModelFormat } from './models';

export interface WorkerModel {
  readonly format: ModelFormat;
  /** A graph's JSON then its weights, or the TensorFlow Lite file. */
  readonly files: readonly string[];
  /** The model's square input side. */
  readonly inputSize: number;
  /** How RGB bytes become the input tensor (see models.ts). */
  readonly layout: InputLayout;
  readonly outputNodes: readonly string[];
}

/** TensorFlow Lite's WebAssembly build: its Emscripten loader (CommonJS) and its SIMD kernels. */
export interface TfliteModules {
  readonly script: string;
  readonly wasm: string;
}

export interface WorkerConfig {
  readonly modules: { readonly core: string; readonly converter: string; readonly wasm: string; readonly tflite?: TfliteModules };
  readonly wasmDir: string;
  /** Every model the worker loads; a request names one by its place here. */
  readonly models: readonly WorkerModel[];
}

/** RGB pixels of a view stretched to the model's inputSize x inputSize, row by row. */
export interface WorkerRequest {
  readonly id: number;
  readonly model: number;
  readonly pixels: Uint8Array;
}

export type WorkerReply =
  | { readonly type: 'ready'; readonly loadMs: number }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'outputs'; readonly id: number; readonly outputs: Float32Array[]; readonly ms: number }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

export interface Tensor {
  data(): Promise<ArrayLike<number>>;
}

export interface Tfjs {
  env(): { set(flag: string, value: boolean): void };
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  tensor4d(values: Float32Array, shape: [number, number, number, number]): Tensor;
  dispose(tensors: Tensor | Tensor[]): void;
  io: { fromMemory(artifacts: { modelTopology: object; weightSpecs: object[]; weightData: ArrayBuffer }): unknown };
}

export interface TfjsConverter {
  loadGraphModel(handler: unknown): Promise<{ execute(input: Tensor, outputs: string[]): Tensor | Tensor[] }>;
}

/** The little of TensorFlow Lite's WebAssembly build the worker uses (Emscripten's module and embind's classes). */
export interface EmbindVector<T> {
  size(): number;
  get(index: number): T;
}

export interface TfliteTensor {
  data(): Float32Array;
}

export interface TfliteRunner {
  GetInputs(): EmbindVector<TfliteTensor>;
  GetOutputs(): EmbindVector<TfliteTensor>;
  Infer(): boolean;
}

export interface TfliteModule {
  readonly HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  TFLiteWebModelRunner: {
    CreateFromBufferAndOptions(
      pointer: number,
      bytes: number,
      options: { numThreads: number; enableProfiling: boolean; maxProfilingBufferEntries: number },
    ): { ok(): boolean; errorMessage(): string; value(): TfliteRunner };
  };
}

export type TfliteFactory = (options: { wasmBinary: Uint8Array; printErr: (line: string) => void }) => Promise<TfliteModule>;
