/**
 * Where the detector's files are: the folder `npm install` fills (scripts/install-detector.mjs), found by walking up
 * from this module (source or build), or the folder TIDYING_DETECTOR_DIR names. Its manifest is checked before use,
 * so a half-copied or foreign folder is reported rather than half-loaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const RUNTIME_FOLDER = path.join('node_modules', '.tidying-detector');

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

/** The detector's folder, or why there is none. */
export function findDetectorRuntime(env: NodeJS.ProcessEnv = process.env, from: string = HERE): RuntimeLookup {
  const named = env.TIDYING_DETECTOR_DIR;
  const dir = named ? path.resolve(named) : searchUp(from);
  if (!dir) {
    return { missing: 'The detector is not installed. Run `npm run install-detector` (it comes from the npm registry).' };
  }
  return readRuntime(dir);
}

function searchUp(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, RUNTIME_FOLDER);
    if (existsSync(path.join(candidate, 'manifest.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readRuntime(dir: string): RuntimeLookup {
  let manifest: z.infer<typeof ManifestSchema>;
  try {
    manifest = ManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')));
  } catch (error) {
    const why = error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message;
    return { missing: `The detector folder ${dir} has no usable manifest (${why}). Run \`npm run install-detector\`.` };
  }
  const absent = Object.keys(manifest.files).find((file) => !existsSync(path.join(dir, file)));
  if (absent) return { missing: `The detector folder ${dir} lacks ${absent}. Run \`npm run install-detector\`.` };
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
