/**
 * The detector's worker thread: loads tfjs (WebAssembly backend) and the COCO models once, then turns each view's
 * pixels into a model's raw output tensors (models.ts decodes them). Nothing else happens here, so the main thread never waits on inference.
 *
 * It runs as it is from source (Node strips the types) and as its own bundle entry in the build, so it imports
 * nothing of the project but types.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { Tfjs, TfjsConverter, WorkerConfig, WorkerReply, WorkerRequest } from './protocol';

const config = workerData as WorkerConfig;
const port = parentPort!;

const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

async function load() {
  const started = performance.now();
  // The flat ES builds of tfjs still reach for CommonJS `require` (for Node's fs and path) and `__dirname` (to find
  // the .wasm files) when they see Node; a worker has neither, so it gets both, scoped to the kernels' folder.
  const scope = globalThis as { require?: NodeJS.Require; __dirname?: string };
  scope.require = createRequire(pathToFileURL(config.wasmDir).href);
  scope.__dirname = config.wasmDir;
  const tf = (await import(pathToFileURL(config.modules.core).href)) as Tfjs;
  const converter = (await import(pathToFileURL(config.modules.converter).href)) as TfjsConverter;
  const wasm = (await import(pathToFileURL(config.modules.wasm).href)) as { setWasmPaths: (prefix: string) => void };
  wasm.setWasmPaths(config.wasmDir);
  // Threads would need cross-origin isolation in a browser and buy little on a laptop's spare core; SIMD does the work.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend of tfjs did not start.');
  await tf.ready();
  const detectors = await Promise.all(
    config.models.map(async (spec) => {
      const [json, weights] = await Promise.all([readFile(spec.json, 'utf8'), readFile(spec.bin)]);
      const graph = JSON.parse(json) as { modelTopology: object; weightsManifest: { weights: object[] }[] };
      const model = await converter.loadGraphModel(
        tf.io.fromMemory({
          modelTopology: graph.modelTopology,
          weightSpecs: graph.weightsManifest.flatMap((group) => group.weights),
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        }),
      );
      return async (pixels: Uint8Array): Promise<Float32Array[]> => {
        const size = spec.inputSize;
        const input =
          spec.layout === 'nhwc-rgb' ? tf.tensor4d(Float32Array.from(pixels), [1, size, size, 3]) : tf.tensor4d(bgrPlanes(pixels, size), [1, 3, size, size]);
        const result = model.execute(input, [...spec.outputNodes]);
        // tfjs hands back a single tensor, not a list of one, when one output is asked for.
        const outputs = Array.isArray(result) ? result : [result];
        try {
          return (await Promise.all(outputs.map((output) => output.data()))) as Float32Array[];
        } finally {
          tf.dispose([input, ...outputs]);
        }
      };
    }),
  );
  const detect = (model: number, pixels: Uint8Array): Promise<Float32Array[]> => {
    const run = detectors[model];
    if (!run) throw new Error(`No model ${model}: the worker has ${detectors.length}.`);
    return run(pixels);
  };
  // One run of each on a blank image: the first inference compiles kernels, and that cost belongs to loading.
  for (const [index, spec] of config.models.entries()) await detect(index, new Uint8Array(spec.inputSize * spec.inputSize * 3));
  return { detect, loadMs: performance.now() - started };
}

/** ImageNet's per-channel mean and deviation, in B, G, R order, as NanoDet was trained. */
const MEAN = [103.53, 116.28, 123.675] as const;
const STD = [57.375, 57.12, 58.395] as const;

/** RGB bytes (row by row) to normalised B, G, R planes. */
function bgrPlanes(rgb: Uint8Array, size: number): Float32Array {
  const plane = size * size;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i += 1) {
    for (let c = 0; c < 3; c += 1) out[c * plane + i] = (rgb[i * 3 + 2 - c]! - MEAN[c]!) / STD[c]!;
  }
  return out;
}

const loaded = load();
loaded.then(
  ({ loadMs }) => post({ type: 'ready', loadMs }),
  (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
);

port.on('message', async (request: WorkerRequest) => {
  try {
    const { detect } = await loaded;
    const started = performance.now();
    const outputs = await detect(request.model, request.pixels);
    post({ type: 'outputs', id: request.id, outputs, ms: performance.now() - started }, outputs.map((output) => output.buffer as ArrayBuffer));
  } catch (error) {
    post({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
});
