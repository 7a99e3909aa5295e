import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { ViewSchema } from '../../shared/before-after/schema';
import { SAME_VIEW, viewSimilarity } from '../../shared/before-after/view';
import { render } from './render';

const FIXTURES = path.resolve(import.meta.dirname, '../detection/fixtures');
const LIMITS = { modelLongSide: 1024, thumbLongSide: 256, maxPixels: 200_000_000 };

const viewOfBytes = async (bytes: Uint8Array) => (await render(bytes, LIMITS)).view;
const jpeg = (image: Sharp) => image.jpeg({ quality: 85 }).toBuffer();

/** The same view after some tidying: parts painted over (things gone), the frame moved a little, another exposure. */
async function tidiedVersions(bytes: Buffer): Promise<Record<string, Buffer>> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const patch = (x: number, y: number, w: number, h: number, background: string) => ({
    input: { create: { width: Math.round(w * width), height: Math.round(h * height), channels: 3 as const, background } },
    left: Math.round(x * width),
    top: Math.round(y * height),
  });
  const tidied = await jpeg(sharp(bytes).composite([patch(0.1, 0.55, 0.3, 0.3, '#8a7f70'), patch(0.6, 0.6, 0.25, 0.25, '#6f6a60')]));
  return {
    'moved a step': await jpeg(sharp(bytes).extract({ left: Math.round(width * 0.05), top: Math.round(height * 0.04), width: Math.round(width * 0.92), height: Math.round(height * 0.92) })),
    brighter: await jpeg(sharp(bytes).modulate({ brightness: 1.25 })),
    tidied,
    'tidied, moved a step and darker': await jpeg(sharp(tidied).extract({ left: Math.round(width * 0.03), top: 0, width: Math.round(width * 0.95), height: Math.round(height * 0.97) }).modulate({ brightness: 0.85 })),
  };
}

describe('a photo’s view, and whether two photos show the same one', () => {
  it('keeps a view with every imported photo: 16 x 16 grey levels, the same for the same photo', async () => {
    const bytes = readFileSync(path.join(FIXTURES, 'coffee.jpg'));
    const view = await viewOfBytes(bytes);
    expect(ViewSchema.safeParse(view).success).toBe(true);
    expect(await viewOfBytes(bytes)).toBe(view);
    expect(viewSimilarity(view, view)).toBeCloseTo(1, 5);
  });

  it('tells the same view after tidying from a different photo or another part of the room, on the fixture photos', async () => {
    const files = readdirSync(FIXTURES).filter((file) => file.endsWith('.jpg'));
    const views = new Map<string, string>();
    const same: number[] = [];
    const otherPart: number[] = [];
    for (const file of files) {
      const bytes = readFileSync(path.join(FIXTURES, file));
      const view = await viewOfBytes(bytes);
      views.set(file, view);
      for (const after of Object.values(await tidiedVersions(bytes))) same.push(viewSimilarity(view, await viewOfBytes(after)));
      // Two views of one room: its left and right three-fifths.
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      const third = Math.round(width * 0.6);
      const left = await viewOfBytes(await jpeg(sharp(bytes).extract({ left: 0, top: 0, width: third, height })));
      const right = await viewOfBytes(await jpeg(sharp(bytes).extract({ left: width - third, top: 0, width: third, height })));
      otherPart.push(viewSimilarity(left, right));
    }
    const different = files.flatMap((a, i) => files.slice(i + 1).map((b) => viewSimilarity(views.get(a)!, views.get(b)!)));
    expect(Math.min(...same)).toBeGreaterThanOrEqual(SAME_VIEW + 0.1);
    expect(Math.max(...different, ...otherPart)).toBeLessThan(SAME_VIEW - 0.05);
  });
});
