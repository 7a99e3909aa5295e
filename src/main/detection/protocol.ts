/**
 * The messages between the detector and its worker thread, and the little of tfjs the worker uses (tfjs is not a
 * dependency of the project: its files come with the detector, see scripts/install-detector.mjs).
 */

export interface WorkerConfig {
  readonly modules: { readonly core: string; readonly converter: string; readonly wasm: string };
  readonly wasmDir: string;
  readonly modelJson: string;
  readonly modelBin: string;
  /** The model's square input side. */
  readonly inputSize: number;
  readonly outputNode: string;
}

/** RGB pixels of the photo stretched to inputSize x inputSize, row by row. */
export interface WorkerRequest {
  readonly id: number;
  readonly pixels: Uint8Array;
}

export type WorkerReply =
  | { readonly type: 'ready'; readonly loadMs: number }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'rows'; readonly id: number; readonly rows: Float32Array; readonly ms: number }
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
  loadGraphModel(handler: unknown): Promise<{ execute(input: Tensor, output: string): Tensor }>;
}
