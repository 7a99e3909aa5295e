/**
 * The messages between the detector and its worker thread, and the little of tfjs the worker uses (tfjs is not a
 * dependency of the project: its files come with the detector, see scripts/install-detector.mjs).
 */
import type { InputLayout } from './models';

export interface WorkerModel {
  readonly json: string;
  readonly bin: string;
  /** The model's square input side. */
  readonly inputSize: number;
  /** How RGB bytes become the input tensor (see models.ts). */
  readonly layout: InputLayout;
  readonly outputNodes: readonly string[];
}

export interface WorkerConfig {
  readonly modules: { readonly core: string; readonly converter: string; readonly wasm: string };
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
