/**
 * The detector's worker thread: loads the models once (tfjs's WebAssembly backend for the graphs, TensorFlow Lite's
 * WebAssembly build for a .tflite), then turns each view's pixels into a model's raw output tensors (models.ts
 * decodes them). Nothing else happens here, so the main thread never waits on inference.
 *
 * It runs as it is from source (Node strips the types) and as its own bundle entry in the build, so it imports
 * nothing of the project but types.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { TfliteFactory, Tfjs, TfjsConverter, WorkerConfig, WorkerModel, WorkerReply, WorkerRequest } from './protocol';

const config = workerData as WorkerConfig;
const port = parentPort!;

const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

type Run = (pixels: Uint8Array) => Promise<Float32Array[]>;
type Tf = readonly [Tfjs, TfjsConverter];

async function load() {
  const started = performance.now();
  let tfjs: Promise<Tf> | undefined;
  const detectors = await Promise.all(
    config.models.map((spec) => (spec.format === 'tflite' ? loadTflite(spec) : loadGraph((tfjs ??= startTfjs()), spec))),
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

async function startTfjs(): Promise<Tf> {
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
  return [tf, converter];
}

async function loadGraph(tfjs: Promise<Tf>, spec: WorkerModel): Promise<Run> {
  const [tf, converter] = await tfjs;
  const [jsonFile, binFile] = spec.files;
  const [json, weights] = await Promise.all([readFile(jsonFile!, 'utf8'), readFile(binFile!)]);
  const graph = JSON.parse(json) as { modelTopology: object; weightsManifest: { weights: object[] }[] };
  const model = await converter.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: graph.modelTopology,
      weightSpecs: graph.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  );
  return async (pixels) => {
    const size = spec.inputSize;
    const input =
      spec.layout === 'nchw-bgr-imagenet' ? tf.tensor4d(bgrPlanes(pixels, size), [1, 3, size, size]) : tf.tensor4d(Float32Array.from(pixels), [1, size, size, 3]);
    const result = model.execute(input, [...spec.outputNodes]);
    // tfjs hands back a single tensor, not a list of one, when one output is asked for.
    const outputs = Array.isArray(result) ? result : [result];
    try {
      return (await Promise.all(outputs.map((output) => output.data()))) as Float32Array[];
    } finally {
      tf.dispose([input, ...outputs]);
    }
  };
}

/**
 * A TensorFlow Lite model on its own WebAssembly module (XNNPACK, one thread): it shares nothing with tfjs. Its input
 * is RGB scaled to -1..1 (`nhwc-rgb-signed`), the one layout a .tflite here takes.
 */
async function loadTflite(spec: WorkerModel): Promise<Run> {
  if (spec.layout !== 'nhwc-rgb-signed') throw new Error(`A TensorFlow Lite model takes nhwc-rgb-signed input, not ${spec.layout}.`);
  const modules = config.modules.tflite;
  if (!modules) throw new Error('The detector folder has no TensorFlow Lite runtime.');
  const factory = createRequire(import.meta.url)(modules.script) as TfliteFactory;
  const [wasmBinary, model] = await Promise.all([readFile(modules.wasm), readFile(spec.files[0]!)]);
  // TensorFlow Lite says which delegate it made on stderr: news to nobody, each time a worker starts.
  const tflite = await factory({ wasmBinary, printErr: (line) => !line.startsWith('INFO:') && console.error(line) });
  const pointer = tflite._malloc(model.byteLength);
  tflite.HEAPU8.set(model, pointer);
  const created = tflite.TFLiteWebModelRunner.CreateFromBufferAndOptions(pointer, model.byteLength, { numThreads: 1, enableProfiling: false, maxProfilingBufferEntries: 0 });
  if (!created.ok()) throw new Error(`TensorFlow Lite could not load ${spec.files[0]}: ${created.errorMessage()}`);
  const runner = created.value();
  // The tensors' handles are taken once (each embind handle holds memory until deleted); their data is asked for
  // on each run, as a view of the module's memory, which may have moved since.
  const input = runner.GetInputs().get(0);
  const outputs = runner.GetOutputs();
  const outputTensors = Array.from({ length: outputs.size() }, (_, index) => outputs.get(index));
  return async (pixels) => {
    const data = input.data();
    for (let i = 0; i < pixels.length; i += 1) data[i] = pixels[i]! / 127.5 - 1;
    if (!runner.Infer()) throw new Error('TensorFlow Lite failed to run the model.');
    // Copies: the next inference overwrites the module's memory.
    return outputTensors.map((tensor) => tensor.data().slice());
  };
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
