/**
 * Rebuilds a set of the eval's photos from their packages, as its labels.json records them:
 * `npx tsx src/main/eval/detection/prepare-photos.ts [--set photos|rooms] [--packages DIR]`. `photos` (the default)
 * is the first set, now the "not a room" check; `rooms` is the lived-in rooms. A Debian package is fetched with
 * `apt-get download` and unpacked with `dpkg-deb -x`, an npm package with `npm pack NAME@VERSION` and `tar -x` (or
 * either is read from DIR/<package>/ when given, DIR/npm:<name>/ for npm), each photo is turned and cropped as
 * recorded, scaled to at most MAX_SIDE on its long side (WIDE_MAX_SIDE for a photo marked `wide`; never up) and
 * saved as JPEG, and SOURCES.md is written from the same records. A developer's tool on a Debian machine with npm;
 * the eval itself only reads the committed photos.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { DEFAULT_PHOTOS_DIR, packaged, readLabels, ROOMS_DIR, sourcePackage, type PackagedPhoto, type Source } from './labels';

export const MAX_SIDE = 1024;
/** The long side kept for a photo marked `wide`: room for two overlapping crops of about 1024 px, as a phone pans. */
export const WIDE_MAX_SIDE = 2048;
const QUALITY = 85;
/** What was searched for rooms, and what held none: kept beside the rooms and copied into their SOURCES.md. */
export const SEARCHED_FILE = 'searched.md';

export const SETS = {
  photos: { dir: DEFAULT_PHOTOS_DIR, title: 'Detection eval photos' },
  rooms: { dir: ROOMS_DIR, title: 'Detection eval: lived-in rooms' },
} as const;
export type SetName = keyof typeof SETS;

function unpackNpm(name: string, version: string, into: string): string {
  const downloads = path.join(into, 'npm');
  mkdirSync(downloads, { recursive: true });
  const tarball = execFileSync('npm', ['pack', `${name}@${version}`, '--silent'], { cwd: downloads, encoding: 'utf8' }).trim().split('\n').pop()!;
  const dir = path.join(into, `npm-${name.replace('/', '+')}`);
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(downloads, tarball), '-C', dir]);
  return dir;
}

function unpack(pkg: string, into: string): { dir: string; version: string } {
  const downloads = path.join(into, 'debs');
  mkdirSync(downloads, { recursive: true });
  execFileSync('apt-get', ['download', pkg], { cwd: downloads, stdio: ['ignore', 'ignore', 'inherit'] });
  const deb = readdirSync(downloads).find((file) => file.startsWith(`${pkg}_`) && file.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${pkg} left no .deb`);
  const dir = path.join(into, pkg);
  execFileSync('dpkg-deb', ['-x', path.join(downloads, deb), dir]);
  const version = execFileSync('dpkg-deb', ['-f', path.join(downloads, deb), 'Version'], { encoding: 'utf8' }).trim();
  return { dir, version };
}

export async function writePhoto(photo: PackagedPhoto, root: string, outDir: string): Promise<{ width: number; height: number }> {
  const file = path.join(root, photo.source.path);
  // A recorded turn is made on its own first, so a crop is always in the turned photo's pixels.
  const input = photo.source.rotate ? await sharp(file).rotate().rotate(photo.source.rotate).png().toBuffer() : file;
  let image = sharp(input).rotate();
  if (photo.source.crop) {
    const { x, y, width, height } = photo.source.crop;
    image = image.extract({ left: x, top: y, width, height });
  }
  const info = await image
    .resize(photo.wide ? WIDE_MAX_SIDE : MAX_SIDE, photo.wide ? WIDE_MAX_SIDE : MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .jpeg({ quality: QUALITY, mozjpeg: true })
    .toFile(path.join(outDir, photo.file));
  return { width: info.width, height: info.height };
}

const where = (source: Source) =>
  source.kind === 'npm' ? `npm \`${source.name}\` ${source.version}, \`${source.path}\`` : `\`${source.package}\` ${source.version}, \`${source.path}\``;

export function sourcesMarkdown(photos: readonly PackagedPhoto[], set: SetName = 'photos', searched = ''): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = photos.map(({ file, source, wide }) =>
    [
      `\`${file}\``,
      where(source),
      cell(source.credit) +
        (source.note ? `; ${cell(source.note)}` : '') +
        (source.rotate ? ` (turned ${source.rotate}\u00b0)` : '') +
        (source.crop ? ` (crop ${source.crop.width}x${source.crop.height} at ${source.crop.x},${source.crop.y})` : '') +
        (wide ? ` (wide: up to ${WIDE_MAX_SIDE} px, for pan crops)` : ''),
      cell(source.licence),
    ].join(' | '),
  );
  const table = ['| File | Source (package, path) | Credit | Licence |', '|---|---|---|---|', ...rows.map((row) => `| ${row} |`), ''];
  if (set === 'photos') {
    return [
      '# Detection eval photos',
      '',
      `Real photographs for \`npm run eval -- --detection\` (docs/detection.md), all from Debian packages. Each was`,
      `cropped where the table says, scaled to at most ${MAX_SIDE} px on its long side (never enlarged) and saved as`,
      `JPEG (quality ${QUALITY}) with sharp; nothing else was changed. Their labels are in \`labels.json\` (hand labels`,
      'by looking at each photo; boxes only where the source has them). Rebuild them with',
      '`npx tsx src/main/eval/detection/prepare-photos.ts` on a Debian machine (this file is written by it too).',
      '',
      ...table.map((line) => line.replace('Source (package, path)', 'Source (Debian package, path)')),
    ].join('\n');
  }
  return [
    `# ${SETS[set].title}`,
    '',
    'Real photographs of rooms for `npm run eval -- --detection --photos src/main/eval/detection/rooms`',
    '(docs/detection.md), from Debian packages and npm packages only. Each was turned and cropped where the table says,',
    `scaled to at most ${MAX_SIDE} px on its long side (${WIDE_MAX_SIDE} px for a photo marked wide; never enlarged) and`,
    `saved as JPEG (quality ${QUALITY}) with sharp; nothing else was changed. Their labels are in \`labels.json\`: hand`,
    'labels by looking at each photo, with counts where things can be counted and boxes drawn by hand where a photo has',
    'them. Rebuild them with `npx tsx src/main/eval/detection/prepare-photos.ts --set rooms` on a Debian machine with npm',
    '(this file is written by it too). NYU Depth V2 frames are reserved for independent judging and are never used here.',
    '',
    ...table,
    ...(searched ? [searched.trimEnd(), ''] : []),
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { set: { type: 'string', default: 'photos' }, packages: { type: 'string' }, out: { type: 'string' } }, strict: true });
  if (!(values.set in SETS)) throw new Error(`--set is one of ${Object.keys(SETS).join(', ')}, not ${values.set}`);
  const set = values.set as SetName;
  const outDir = path.resolve(values.out ?? SETS[set].dir);
  const photos = (await readLabels(SETS[set].dir, { photos: false })).photos.map(packaged);
  const temp = values.packages ? undefined : mkdtempSync(path.join(os.tmpdir(), 'tidying-eval-photos-'));
  try {
    const roots = new Map<string, string>();
    for (const photo of photos) {
      const { source } = photo;
      const pkg = sourcePackage(source);
      if (roots.has(pkg)) continue;
      if (values.packages) {
        roots.set(pkg, path.join(path.resolve(values.packages), pkg));
      } else if (source.kind === 'npm') {
        roots.set(pkg, unpackNpm(source.name, source.version, temp!));
      } else {
        const { dir, version } = unpack(source.package, temp!);
        if (version !== source.version) console.warn(`${pkg} is ${version} now, the labels name ${source.version}: check the photos still match.`);
        roots.set(pkg, dir);
      }
    }
    mkdirSync(outDir, { recursive: true });
    for (const photo of photos) {
      const size = await writePhoto(photo, roots.get(sourcePackage(photo.source))!, outDir);
      console.log(`${photo.file}: ${size.width}x${size.height}`);
    }
    const searched = set === 'rooms' ? readFileSync(path.join(SETS.rooms.dir, SEARCHED_FILE), 'utf8') : '';
    writeFileSync(path.join(outDir, 'SOURCES.md'), sourcesMarkdown(photos, set, searched));
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(`prepare-photos failed: ${(error as Error).message}`);
    process.exit(1);
  });
}
