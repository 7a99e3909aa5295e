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

export const RUNTIME_FOLDER = path.join('node_modules', '.tidying-detector');
/** The detector's folder inside a packaged app's resources (electron-builder.yml, extraResources). */
export const PACKAGED_FOLDER = 'detector';

const ManifestSchema = z.object({
  detector: z.literal('centernet-coco'),
  packages: z.array(z.object({ name: z.string(), version: z.string(), integrity: z.string(), license: z.string() })).min(1),
  files: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});

export interface DetectorRuntime {
  readonly dir: string;
  /** Names the detector and its versions: cached detections from another one are not reused. */
  readonly id: string;
  readonly modelJson: string;
  readonly modelBin: string;
  /** The flat ES builds of tfjs, as file paths. */
  readonly modules: { readonly core: string; readonly converter: string; readonly wasm: string };
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

/**
 * The detector's worker thread file: worker.ts beside this module when it runs from source; in the build, its own
 * entry `detection-worker.mjs` in out/main (this module may sit in out/main/chunks). In a packaged app that file is
 * unpacked from the archive (asarUnpack) and started from app.asar.unpacked, as a plain file on disk.
 */
export function findWorkerFile(from: string = HERE, fromSource: boolean = FROM_SOURCE): { found: string } | { missing: string } {
  const candidates = fromSource
    ? [path.join(from, 'worker.ts')]
    : [path.join(from, 'detection-worker.mjs'), path.join(from, '..', 'detection-worker.mjs')].map(outsideArchive);
  const found = candidates.find((candidate) => existsSync(candidate));
  return found ? { found } : { missing: `The detector's worker is missing (looked for ${candidates.join(', ')}).` };
}

/**
 * Where a file packed in an asar archive lies on disk when it was unpacked: `…/app.asar/x` is `…/app.asar.unpacked/x`.
 * Electron's fs shows unpacked files inside the archive too, but only the real path works for everything else.
 */
export function outsideArchive(file: string): string {
  return file.replace(/\.asar(?=[\\/])/, '.asar.unpacked');
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
  const id = [manifest.detector, ...manifest.packages.map((pkg) => `${pkg.name}@${pkg.version}`)].join(' ');
  return {
    found: {
      dir,
      id,
      modelJson: path.join(dir, 'model', 'centernet.json'),
      modelBin: path.join(dir, 'model', 'centernet.bin'),
      modules: {
        core: path.join(tf, 'tfjs-core', 'tf-core.js'),
        converter: path.join(tf, 'tfjs-converter', 'tf-converter.js'),
        wasm: path.join(tf, 'tfjs-backend-wasm', 'tf-backend-wasm.js'),
      },
      wasmDir: `${path.join(tf, 'tfjs-backend-wasm')}${path.sep}`,
    },
  };
}
