/**
 * electron-builder's own code for what an installer holds, run without Electron's binary (packaging/config.test.ts):
 * its configuration loader, the JSON schema it checks a configuration against, the file matchers it packs the app
 * and its dependencies with, its dependency collector, and the copier it puts extra resources in place with.
 *
 * Most of these are internal to app-builder-lib (electron-builder's engine) and have no published types, so the few
 * signatures used are written here. The lockfile pins the version they were read from; an upgrade that changes them
 * fails the test loudly rather than checking something else.
 */
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Configuration, PlatformSpecificBuildOptions } from 'electron-builder';

/** app-builder-lib and its own dependencies, as electron-builder itself resolves them. */
const builderRequire = createRequire(createRequire(import.meta.url).resolve('electron-builder/package.json'));
const libRequire = createRequire(builderRequire.resolve('app-builder-lib/package.json'));

type Filter = (file: string, stat: Stats & { moduleFullFilePath?: string }) => boolean;
interface FileMatcher {
  readonly from: string;
  readonly to: string;
  readonly patterns: string[];
  createFilter(): Filter;
}
interface PackagerInfo {
  readonly projectDir: string;
  readonly appDir: string;
  readonly buildResourcesDir: string;
  readonly config: Configuration;
  readonly metadata: Record<string, unknown>;
  readonly isPrepackedAppAsar: false;
  readonly areNodeModulesHandledExternally: false;
  readonly debugLogger: { readonly isEnabled: false };
}
interface MatcherOptions {
  readonly macroExpander: (pattern: string) => string;
  readonly customBuildOptions: PlatformSpecificBuildOptions;
  readonly globalOutDir: string;
  readonly defaultSrc: string;
}
interface NodeModule {
  readonly name: string;
  readonly dir: string;
  readonly dependencies?: readonly NodeModule[];
}

const { getConfig } = libRequire('./out/util/config/config') as {
  getConfig(projectDir: string, configPath: null, configFromOptions: null): Promise<Configuration>;
};
const fileMatcher = libRequire('./out/fileMatcher') as {
  getMainFileMatchers(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    options: PlatformSpecificBuildOptions,
    platformPackager: { info: PackagerInfo; config: Configuration },
    outDir: string,
    isElectronCompile: false,
  ): FileMatcher[];
  getNodeModuleFileMatcher(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    options: PlatformSpecificBuildOptions,
    packager: PackagerInfo,
  ): FileMatcher;
  getFileMatchers(config: Configuration, name: 'extraResources' | 'asarUnpack', destination: string, options: MatcherOptions): FileMatcher[] | null;
  copyFiles(matchers: FileMatcher[] | null, transformer: null): Promise<void>;
};
const { computeFileSets } = libRequire('./out/util/appFileCopier') as {
  computeFileSets(matchers: FileMatcher[], transformer: null, platformPackager: { info: PackagerInfo }, isElectronCompile: false): Promise<{ files: string[] }[]>;
};
const collector = libRequire('./out/node-module-collector') as {
  PM: { TRAVERSAL: string };
  getCollectorByPackageManager(pm: string, dir: string, tmp: unknown): { getNodeModules(options: { packageName: string }): Promise<{ nodeModules: NodeModule[] }> };
};
const { AppInfo } = libRequire('./out/appInfo') as {
  AppInfo: new (info: PackagerInfo, buildVersion: null, options: PlatformSpecificBuildOptions) => object;
};
const { expandMacro } = libRequire('./out/util/macroExpander') as {
  expandMacro(pattern: string, arch: string | null, appInfo: object, extra?: Record<string, string>): string;
};
const { Arch, getArtifactArchName } = libRequire('builder-util') as { Arch: { x64: number }; getArtifactArchName(arch: number, ext: string): string };
const { TmpDir } = libRequire('temp-file') as { TmpDir: new (label: string) => { cleanup(): Promise<void> } };
const Ajv = (libRequire('ajv') as { default: new (options: object) => { compile(schema: object): AjvValidate } }).default;
interface AjvValidate {
  (data: unknown): boolean;
  errors?: { instancePath: string; message?: string; params: Record<string, unknown> }[] | null;
}

export type Platform = 'linux' | 'mac' | 'win';
export const PLATFORMS: readonly Platform[] = ['linux', 'mac', 'win'];

/** The configuration as electron-builder reads it (electron-builder.yml, or package.json's "build"). */
export function loadConfig(projectDir: string): Promise<Configuration> {
  return getConfig(projectDir, null, null);
}

let validate: AjvValidate | undefined;

/**
 * Where the configuration breaks electron-builder's schema (app-builder-lib's scheme.json), with the same validator
 * and options electron-builder uses, but without its type coercion: electron-builder would read `"false"` as false
 * and 5 as "5"; here a wrong type is an error.
 */
export function schemaProblems(config: Configuration): string[] {
  validate ??= new Ajv({ allErrors: true, strict: false, coerceTypes: false }).compile(
    JSON.parse(readFileSync(libRequire.resolve('./scheme.json'), 'utf8')) as object,
  );
  if (validate(config)) return [];
  return (validate.errors ?? []).map((error) => {
    const extra = error.params.additionalProperty ? ` (${String(error.params.additionalProperty)})` : '';
    return `configuration${error.instancePath.replaceAll('/', '.')} ${error.message ?? 'is invalid'}${extra}`;
  });
}

/** Every key of electron-builder's options whose value names one file or folder of the project. */
const FILE_KEYS = new Set([
  'icon',
  'entitlements',
  'entitlementsInherit',
  'entitlementsLoginHelper',
  'provisioningProfile',
  'background',
  'badgeIcon',
  'license',
  'include',
  'script',
  'installerIcon',
  'uninstallerIcon',
  'installerHeader',
  'installerHeaderIcon',
  'installerSidebar',
  'uninstallerSidebar',
  'afterInstall',
  'afterRemove',
  'appArmorProfile',
  'buildResources',
]);

/**
 * The files and folders the configuration names that do not exist. A resource is looked for where electron-builder
 * looks: in the build resources folder, then in the project; an extra resource's `from` in the project (an extra
 * resource given as a plain string is a glob, which names no one file).
 */
export function missingFiles(config: Configuration, projectDir: string): string[] {
  const resources = path.resolve(projectDir, config.directories?.buildResources ?? 'build');
  const exists = (file: string) => [resources, projectDir].some((root) => statSync(path.resolve(root, file), { throwIfNoEntry: false }));
  const missing: string[] = [];
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${where}[${index}]`));
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const at = where ? `${where}.${key}` : key;
        if (typeof inner === 'string' && FILE_KEYS.has(key) && !exists(inner)) missing.push(`${at}: ${inner}`);
        else if (key === 'extraResources' || key === 'extraFiles') {
          for (const [index, entry] of (Array.isArray(inner) ? inner : [inner]).entries()) {
            const from = typeof entry === 'string' ? undefined : (entry as { from?: string }).from;
            if (from && !statSync(path.resolve(projectDir, from), { throwIfNoEntry: false })) missing.push(`${at}[${index}].from: ${from}`);
          }
        } else visit(inner, at);
      }
    }
  };
  visit(config, '');
  return missing;
}

/** electron-builder's view of the project: the pieces of its packager that its matchers and collector read. */
function packagerInfo(config: Configuration, projectDir: string): PackagerInfo {
  return {
    projectDir,
    appDir: projectDir,
    buildResourcesDir: path.resolve(projectDir, config.directories?.buildResources ?? 'build'),
    config,
    metadata: JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as Record<string, unknown>,
    isPrepackedAppAsar: false,
    areNodeModulesHandledExternally: false,
    debugLogger: { isEnabled: false },
  };
}

/** The matchers' options for `platform`, with its macro expander (the one electron-builder gives its file matchers). */
function matcherOptions(config: Configuration, projectDir: string, platform: Platform): MatcherOptions & { options: PlatformSpecificBuildOptions } {
  const info = packagerInfo(config, projectDir);
  const options = config[platform] ?? {};
  const appInfo = new AppInfo(info, null, options);
  return {
    options,
    customBuildOptions: options,
    globalOutDir: path.resolve(projectDir, config.directories?.output ?? 'dist'),
    defaultSrc: projectDir,
    macroExpander: (pattern) => expandMacro(pattern, 'x64', appInfo, { os: platform, '/*': '{,/**/*}' }),
  };
}

/**
 * An installer's file name for an x64 build, its macros expanded as electron-builder does (with the architecture's
 * name as each kind of package spells it); throws on an unknown macro.
 */
export function artifactName(config: Configuration, projectDir: string, platform: Platform, target: 'appImage' | 'deb' | 'dmg' | 'nsis', ext: string): string {
  const options = config[platform] ?? {};
  const pattern = config[target]?.artifactName ?? options.artifactName ?? config.artifactName;
  if (!pattern) throw new Error(`No artifactName for ${target}.`);
  const appInfo = new AppInfo(packagerInfo(config, projectDir), null, options);
  return expandMacro(pattern, getArtifactArchName(Arch.x64, ext), appInfo, { ext, os: platform });
}

/**
 * The project's own files electron-builder packs into the app's archive for `platform` (paths relative to the
 * project, dependencies not included), found with its own matchers and file walker.
 */
export async function packedAppFiles(config: Configuration, projectDir: string, platform: Platform): Promise<string[]> {
  const info = packagerInfo(config, projectDir);
  const { options, macroExpander, globalOutDir } = matcherOptions(config, projectDir, platform);
  const destination = path.join(projectDir, '.packed', 'app');
  const matchers = fileMatcher.getMainFileMatchers(projectDir, destination, macroExpander, options, { info, config }, globalOutDir, false);
  const fileSets = await computeFileSets(matchers, null, { info }, false);
  return fileSets.flatMap((set) => set.files).map((file) => path.relative(projectDir, file).split(path.sep).join('/')).sort();
}

/** A file in the app's archive: where it is there (relative, `node_modules/…` for a dependency) and where it comes from. */
export interface PackedFile {
  readonly path: string;
  readonly source: string;
}

/**
 * The dependency files electron-builder packs for `platform`: the production dependencies its collector finds (here
 * by walking node_modules, as it does when it cannot ask the package manager), placed where it places them, each file
 * kept or dropped by its dependency file matcher, which carries the `!` lines of `files`. Its fixed ignore list
 * (readmes, typings, build leftovers) is not applied: that only ever drops more.
 */
export async function packedDependencyFiles(config: Configuration, projectDir: string, platform: Platform): Promise<PackedFile[]> {
  const info = packagerInfo(config, projectDir);
  const { options, macroExpander } = matcherOptions(config, projectDir, platform);
  const filter = fileMatcher.getNodeModuleFileMatcher(projectDir, path.join(projectDir, '.packed', 'app'), macroExpander, options, info).createFilter();
  const tmp = new TmpDir('tidying-packaging');
  try {
    const name = (info.metadata as { name: string }).name;
    const { nodeModules } = await collector.getCollectorByPackageManager(collector.PM.TRAVERSAL, projectDir, tmp).getNodeModules({ packageName: name });
    const files: PackedFile[] = [];
    const add = (module: NodeModule, destination: string) => {
      for (const file of filesUnder(module.dir)) {
        const source = path.join(module.dir, file);
        if (filter(source, Object.assign(statSync(source), { moduleFullFilePath: `${destination}/${file}` }))) files.push({ path: `${destination}/${file}`, source });
      }
      for (const child of module.dependencies ?? []) add(child, `${destination}/node_modules/${child.name}`);
    };
    for (const module of nodeModules) add(module, `node_modules/${module.name}`);
    return files.sort((a, b) => a.path.localeCompare(b.path));
  } finally {
    await tmp.cleanup();
  }
}

/** The app's own files as packed files (their path in the archive is their path in the project). */
export function asPacked(projectDir: string, files: readonly string[]): PackedFile[] {
  return files.map((file) => ({ path: file, source: path.join(projectDir, file) }));
}

/** Which of the packed files electron-builder leaves outside the archive (asarUnpack): their paths in it. */
export function unpackedFiles(config: Configuration, projectDir: string, platform: Platform, files: readonly PackedFile[]): string[] {
  const options = matcherOptions(config, projectDir, platform);
  const matchers = fileMatcher.getFileMatchers(config, 'asarUnpack', path.join(projectDir, '.packed', 'app'), options);
  if (!matchers) return [];
  const filter = matchers[0]!.createFilter();
  return files.filter((file) => filter(file.source, Object.assign(statSync(file.source), { moduleFullFilePath: file.path }))).map((file) => file.path);
}

/** Copies the extra resources into `resourcesDir` with electron-builder's own matchers and copier. */
export async function copyExtraResources(config: Configuration, projectDir: string, platform: Platform, resourcesDir: string): Promise<void> {
  const matchers = fileMatcher.getFileMatchers(config, 'extraResources', resourcesDir, matcherOptions(config, projectDir, platform));
  await fileMatcher.copyFiles(matchers, null);
}

/** Every file under `dir`, relative to it with forward slashes, leaving out nested node_modules (their own packages). */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`);
    return [`${prefix}${entry.name}`];
  });
}
