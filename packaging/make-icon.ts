// Renders the installers' icons from the app's own icon (src/renderer/public/icon.svg, the one the window shows):
//   packaging/icon.png     1024 px, for macOS and Windows (electron-builder makes the .icns and .ico from it)
//   packaging/icons/N.png  16 to 512 px, the sizes Linux desktops look up (deb and AppImage install them as they are)
// The artwork fills 824 of every 1024 px, with a transparent margin: the share macOS's icon grid gives an app icon, so
// it sits beside the others in the Dock. Run `node packaging/make-icon.ts` after changing the SVG;
// packaging/config.test.ts checks that every PNG is still its rendering.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const ICON_SVG = path.resolve(import.meta.dirname, '../src/renderer/public/icon.svg');
/** Each icon file, relative to this folder, and its size in pixels. */
export const ICONS = [
  { file: 'icon.png', size: 1024 },
  ...[16, 24, 32, 48, 64, 128, 256, 512].map((size) => ({ file: `icons/${size}x${size}.png`, size })),
];
const ARTWORK = 824 / 1024;

/** The icon at `size` pixels, as PNG bytes. */
export async function renderIcon(size: number): Promise<Buffer> {
  const { width } = await sharp(ICON_SVG).metadata();
  if (!width) throw new Error(`${ICON_SVG} has no width.`);
  const artwork = Math.round(size * ARTWORK);
  const before = Math.floor((size - artwork) / 2);
  const after = size - artwork - before;
  return sharp(ICON_SVG, { density: (72 * artwork) / width })
    .resize(artwork, artwork)
    .extend({ top: before, bottom: after, left: before, right: after, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

if (process.argv[1] === import.meta.filename) {
  for (const { file, size } of ICONS) {
    const target = path.join(import.meta.dirname, file);
    mkdirSync(path.dirname(target), { recursive: true });
    await sharp(await renderIcon(size)).toFile(target);
    console.log(`wrote packaging/${file}`);
  }
}
