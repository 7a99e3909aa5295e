/**
 * The detector's worker thread: loads tfjs (WebAssembly backend) and the CenterNet model once, then turns each
 * photo's pixels into raw detection rows. Nothing else happens here, so the main thread never waits on inference.
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
  const [json, weights] = await Promise.all([readFile(config.modelJson, 'utf8'), readFile(config.modelBin)]);
  const graph = JSON.parse(json) as { modelTopology: object; weightsManifest: { weights: object[] }[] };
  const model = await converter.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: graph.modelTopology,
      weightSpecs: graph.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  );
  const detect = async (pixels: Uint8Array): Promise<Float32Array> => {
    const size = config.inputSize;
    const input = tf.tensor4d(Float32Array.from(pixels), [1, size, size, 3]);
    const output = model.execute(input, config.outputNode);
    try {
      return (await output.data()) as Float32Array;
    } finally {
      tf.dispose([input, output]);
    }
  };
  // One run on a blank image: the first inference compiles kernels, and that cost belongs to loading.
  await detect(new Uint8Array(config.inputSize * config.inputSize * 3));
  return { detect, loadMs: performance.now() - started };
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
    const rows = await detect(request.pixels);
    post({ type: 'rows', id: request.id, rows, ms: performance.now() - started }, [rows.buffer as ArrayBuffer]);
  } catch (error) {
    post({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
});
