/** Small generated photos for the eval: a light "room" with one block of colour per item, so vision has things to see. */
import sharp from 'sharp';

const COLOURS = [
  [200, 40, 40],
  [40, 120, 200],
  [40, 160, 70],
  [230, 180, 30],
  [140, 60, 170],
  [240, 120, 40],
  [30, 30, 30],
  [120, 80, 40],
  [0, 160, 160],
  [220, 90, 160],
  [100, 100, 100],
  [60, 60, 160],
] as const;

export async function itemsPhoto(items: number, seed: number): Promise<Buffer> {
  const width = 240;
  const height = 160;
  const blocks = await Promise.all(
    Array.from({ length: items }, async (_, index) => {
      const [r, g, b] = COLOURS[(index + seed) % COLOURS.length]!;
      const input = await sharp({ create: { width: 36, height: 28, channels: 3, background: { r, g, b } } }).png().toBuffer();
      // A grid of 6 by 2 cells, shifted a little per photo so photos differ.
      return { input, left: 6 + (index % 6) * 39, top: 20 + Math.floor(index / 6) * 70 + (seed % 3) * 8 };
    }),
  );
  return sharp({ create: { width, height, channels: 3, background: { r: 235, g: 230, b: 220 } } })
    .composite(blocks)
    .jpeg({ quality: 80 })
    .toBuffer();
}
