import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolderSync } from '../../../test-support/temp-folder';
import { outsideArchive } from '../files/worker-file';
import { findDetectorRuntime, findWorkerFile, withModels } from './runtime';

const SHA = 'a'.repeat(64);

const BOTH = ['model/centernet.json', 'model/centernet.bin', 'model/nanodet.json', 'model/nanodet.bin'];
const TFLITE = ['tflite/tflite_web_api_cc_simd.cjs', 'tflite/tflite_web_api_cc_simd.wasm'];
const ALL = [...BOTH, 'model/oidv4.tflite', ...TFLITE];

/**
 * A detector folder with a manifest listing `files`, each written (contents do not matter to the lookup), and the
 * models it says it has (null: a folder from before issue 22, which says none and has CenterNet alone).
 */
function detectorFolder(dir: string, files = ALL, models: string[] | null = ['centernet', 'nanodet', 'oidv4']): string {
  mkdirSync(dir, { recursive: true });
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), 'x');
  }
  const manifest = {
    detector: 'centernet-coco',
    ...(models ? { models } : {}),
    packages: [{ name: '@vladmandic/human', version: '3.3.6', integrity: 'sha512-x', license: 'MIT' }],
    files: Object.fromEntries(files.map((file) => [file, SHA])),
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/**
 * An installed app as electron-builder lays it out (resources/app.asar holds the code, the detector beside it),
 * installed inside a checkout that has its own detector from `npm install`: the case a packaged build run from
 * dist/ is in.
 */
function installedApp() {
  const root = tempFolderSync('tidying-runtime-');
  const checkoutCopy = detectorFolder(path.join(root, 'node_modules', '.tidying-detector'));
  const resources = path.join(root, 'dist', 'linux-unpacked', 'resources');
  const code = path.join(resources, 'app.asar', 'out', 'main', 'chunks');
  return { root, checkoutCopy, resources, code };
}

describe('where the detector is found', () => {
  it('in a packaged app: the folder its installer put in the resources, never a copy found above the install', () => {
    const app = installedApp();
    const packaged = detectorFolder(path.join(app.resources, 'detector'));
    const lookup = findDetectorRuntime({}, app.code, app.resources);
    expect(lookup).toMatchObject({
      found: {
        dir: packaged,
        models: [
          { files: [path.join(packaged, 'model', 'centernet.json'), path.join(packaged, 'model', 'centernet.bin')] },
          { files: [path.join(packaged, 'model', 'oidv4.tflite')] },
        ],
        modules: { tflite: { script: path.join(packaged, TFLITE[0]!), wasm: path.join(packaged, TFLITE[1]!) } },
      },
    });
  });

  it('in a packaged app whose installer left it out: says to reinstall, and does not fall back to the checkout', () => {
    const app = installedApp();
    const lookup = findDetectorRuntime({}, app.code, app.resources);
    expect('missing' in lookup && lookup.missing).toMatch(/detector folder .*resources.detector has no usable manifest.*reinstall it/);
  });

  it('in a packaged app with a file missing: names the file and says to reinstall', () => {
    const app = installedApp();
    const packaged = detectorFolder(path.join(app.resources, 'detector'));
    rmSync(path.join(packaged, 'model', 'centernet.bin'));
    const lookup = findDetectorRuntime({}, app.code, app.resources);
    expect('missing' in lookup && lookup.missing).toMatch(/lacks model\/centernet\.bin\. This copy of Tidying is incomplete: reinstall it\./);
  });

  it('in Electron run from a checkout (its resources folder is elsewhere): the checkout’s folder, found by walking up', () => {
    const app = installedApp();
    const electronResources = path.join(app.root, 'node_modules', 'electron', 'dist', 'resources');
    const lookup = findDetectorRuntime({}, path.join(app.root, 'out', 'main'), electronResources);
    expect(lookup).toMatchObject({ found: { dir: app.checkoutCopy } });
  });

  it('in plain Node with no folder anywhere up: says how to install it', () => {
    const lookup = findDetectorRuntime({}, tempFolderSync('tidying-runtime-none-'), undefined);
    expect('missing' in lookup && lookup.missing).toMatch(/not installed\. Run `npm run install-detector`/);
  });

  it('TIDYING_DETECTOR_DIR wins, packaged or not', () => {
    const app = installedApp();
    detectorFolder(path.join(app.resources, 'detector'));
    const named = detectorFolder(path.join(app.root, 'elsewhere'));
    expect(findDetectorRuntime({ TIDYING_DETECTOR_DIR: named }, app.code, app.resources)).toMatchObject({ found: { dir: named } });
  });
});

describe("the detector's worker file", () => {
  it('maps a path inside an asar archive to the unpacked copy beside it, on either kind of path', () => {
    expect(outsideArchive('/opt/Tidying/resources/app.asar/out/main/detection-worker.mjs')).toBe(
      '/opt/Tidying/resources/app.asar.unpacked/out/main/detection-worker.mjs',
    );
    expect(outsideArchive('C:\\Users\\me\\AppData\\Local\\Programs\\Tidying\\resources\\app.asar\\out\\main\\detection-worker.mjs')).toBe(
      'C:\\Users\\me\\AppData\\Local\\Programs\\Tidying\\resources\\app.asar.unpacked\\out\\main\\detection-worker.mjs',
    );
    expect(outsideArchive('/opt/Tidying/resources/app.asar.unpacked/out/main/x.mjs')).toBe('/opt/Tidying/resources/app.asar.unpacked/out/main/x.mjs');
    expect(outsideArchive('/home/me/tidying/out/main/detection-worker.mjs')).toBe('/home/me/tidying/out/main/detection-worker.mjs');
  });

  it('in a packaged app: the unpacked file, from the main bundle or from a chunk beside it', () => {
    const app = installedApp();
    const unpacked = path.join(app.resources, 'app.asar.unpacked', 'out', 'main', 'detection-worker.mjs');
    mkdirSync(path.dirname(unpacked), { recursive: true });
    writeFileSync(unpacked, '');
    expect(findWorkerFile(app.code, false)).toEqual({ found: unpacked });
    expect(findWorkerFile(path.dirname(app.code), false)).toEqual({ found: unpacked });
  });

  it('in a packaged app whose installer did not unpack it: missing, naming where it looked', () => {
    const app = installedApp();
    const lookup = findWorkerFile(app.code, false);
    expect('missing' in lookup && lookup.missing).toContain(path.join('app.asar.unpacked', 'out', 'main', 'detection-worker.mjs'));
  });

  it('from source: worker.ts beside the module', () => {
    expect(findWorkerFile(import.meta.dirname, true)).toEqual({ found: path.join(import.meta.dirname, 'worker.ts') });
  });
});

describe('the models in the folder', () => {
  it('runs the models the app chose (not NanoDet, installed for the eval), in order, and names them in its id so older cached findings are not reused', () => {
    const dir = detectorFolder(tempFolderSync('tidying-runtime-'));
    const lookup = findDetectorRuntime({ TIDYING_DETECTOR_DIR: dir });
    if (!('found' in lookup)) throw new Error(lookup.missing);
    expect(lookup.found.models.map((model) => model.spec.id)).toEqual(['centernet', 'oidv4']);
    expect(lookup.found.id).toBe('centernet+oidv4-coco @vladmandic/human@3.3.6');
    expect(withModels(lookup.found, ['nanodet']).id).toBe('nanodet-coco @vladmandic/human@3.3.6');
  });

  it('says to install again when it is an older install with CenterNet only', () => {
    const dir = detectorFolder(tempFolderSync('tidying-runtime-'), BOTH.slice(0, 2), null);
    expect(findDetectorRuntime({ TIDYING_DETECTOR_DIR: dir })).toEqual({
      missing: `The detector folder ${dir} has centernet but not oidv4, which the app runs. Run \`npm run install-detector\`.`,
    });
  });

  it('says the folder is incomplete when it has the Open Images model but not TensorFlow Lite to run it', () => {
    const dir = detectorFolder(tempFolderSync('tidying-runtime-'), [...BOTH, 'model/oidv4.tflite']);
    expect(findDetectorRuntime({ TIDYING_DETECTOR_DIR: dir })).toMatchObject({ missing: expect.stringContaining('does not list tflite/tflite_web_api_cc_simd.cjs') });
  });

  it('says to install again when it is an install from before the Open Images model', () => {
    const dir = detectorFolder(tempFolderSync('tidying-runtime-'), BOTH, ['centernet', 'nanodet']);
    expect(findDetectorRuntime({ TIDYING_DETECTOR_DIR: dir })).toEqual({
      missing: `The detector folder ${dir} has centernet and nanodet but not oidv4, which the app runs. Run \`npm run install-detector\`.`,
    });
  });

  it('says which model file the manifest does not list rather than half-loading', () => {
    const dir = detectorFolder(tempFolderSync('tidying-runtime-'), BOTH.slice(0, 3));
    expect(findDetectorRuntime({ TIDYING_DETECTOR_DIR: dir })).toMatchObject({ missing: expect.stringContaining('does not list model/nanodet.bin') });
  });
});
