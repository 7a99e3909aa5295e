/**
 * The labels' schema (both kinds of source, counts) and the two photo sets: the first set, now the "not a room"
 * check, and the lived-in rooms (issue 28). Each set's photos and labels are one set, and its SOURCES.md is what
 * prepare-photos.ts writes from the labels.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PHOTOS_DIR, LabelledPhotoSchema, packaged, readLabels, ROOMS_DIR, SourceSchema } from './labels';
import { MAX_SIDE, SEARCHED_FILE, sourcesMarkdown, WIDE_MAX_SIDE } from './prepare-photos';

const debian = { package: 'forensics-samples-files', version: '1.1.4-5', path: '/usr/share/a.jpg', licence: 'CC-BY-SA-4.0', credit: 'someone' };
const npm = { kind: 'npm', name: '@scope/demo-images', version: '1.2.3', path: 'package/examples/room.jpg', licence: 'MIT', credit: 'someone' };
const photo = (extra: Record<string, unknown> = {}) => ({ file: 'a-room.jpg', source: debian, indoor: true, present: ['book', 'bottle'], ...extra });
const box = (label: string, x: number) => ({ label, box: { x, y: 0, width: 10, height: 10 } });

/** The long side of a JPEG, from its frame header (no decoder needed). */
function longSide(file: string): number {
  const jpeg = readFileSync(file);
  const sof = jpeg.findIndex((byte, index) => byte === 0xff && [0xc0, 0xc2].includes(jpeg[index + 1]!));
  return Math.max(jpeg.readUInt16BE(sof + 5), jpeg.readUInt16BE(sof + 7));
}

describe('a photo source', () => {
  it('is a Debian package when it names no kind (as every record before npm sources did)', () => {
    expect(SourceSchema.parse(debian)).toEqual({ kind: 'debian', ...debian });
  });

  it('may be an npm package: its name, exact version and the file inside the tarball', () => {
    expect(SourceSchema.parse(npm)).toEqual(npm);
    expect(SourceSchema.safeParse({ ...npm, path: '/package/examples/room.jpg' }).success).toBe(false);
    expect(SourceSchema.safeParse({ ...npm, version: '^1.2.3' }).success).toBe(false);
    expect(SourceSchema.safeParse({ ...npm, name: 'Not A Name' }).success).toBe(false);
    // An npm record is not read as a Debian one, nor the other way round.
    expect(SourceSchema.safeParse({ ...npm, kind: 'debian' }).success).toBe(false);
    expect(SourceSchema.safeParse({ ...debian, kind: 'npm' }).success).toBe(false);
    expect(SourceSchema.safeParse({ ...debian, kind: 'pypi' }).success).toBe(false);
  });

  it('may be turned a quarter, a half or three quarters, and no other way', () => {
    expect(SourceSchema.parse({ ...debian, rotate: 90 }).rotate).toBe(90);
    expect(SourceSchema.safeParse({ ...debian, rotate: 45 }).success).toBe(false);
  });
});

describe('counts in a labelled photo', () => {
  it('are optional, and count present classes in whole numbers', () => {
    expect(LabelledPhotoSchema.parse(photo()).counts).toBeUndefined();
    expect(LabelledPhotoSchema.parse(photo({ counts: { book: 20, bottle: 5 } })).counts).toEqual({ book: 20, bottle: 5 });
    expect(LabelledPhotoSchema.safeParse(photo({ counts: { book: 2.5 } })).success).toBe(false);
    expect(LabelledPhotoSchema.safeParse(photo({ counts: { book: 0 } })).success).toBe(false);
    expect(LabelledPhotoSchema.safeParse(photo({ counts: { mug: 2 } })).success).toBe(false);
  });

  it('never count a class that is not present', () => {
    const parsed = LabelledPhotoSchema.safeParse(photo({ counts: { cup: 2 } }));
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('a count of \\"cup\\" whose class is not present');
  });

  it('agree with the boxes of a boxed class, since boxes are complete for each class they name', () => {
    expect(LabelledPhotoSchema.safeParse(photo({ counts: { book: 2, bottle: 7 }, boxes: [box('book', 0), box('book', 20)] })).success).toBe(true);
    const parsed = LabelledPhotoSchema.safeParse(photo({ counts: { book: 3 }, boxes: [box('book', 0), box('book', 20)] }));
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('3 \\"book\\" counted but 2 boxed');
  });
});

describe.each([
  ['the first set, now the "not a room" check', 'photos', DEFAULT_PHOTOS_DIR],
  ['the lived-in rooms', 'rooms', ROOMS_DIR],
] as const)('%s', (_, set, dir) => {
  it('has a label for every photo and a photo for every label, each within its size', async () => {
    const labels = await readLabels(dir);
    for (const { file, wide } of labels.photos) expect(longSide(path.join(dir, file)), file).toBeLessThanOrEqual(wide ? WIDE_MAX_SIDE : MAX_SIDE);
  });

  it('has the SOURCES.md that prepare-photos writes from its labels', async () => {
    const labels = await readLabels(dir);
    const searched = set === 'rooms' ? readFileSync(path.join(dir, SEARCHED_FILE), 'utf8') : '';
    expect(readFileSync(path.join(dir, 'SOURCES.md'), 'utf8')).toBe(sourcesMarkdown(labels.photos.map(packaged), set, searched));
  });
});

describe('the lived-in rooms', () => {
  it('are rooms, and none is an NYU Depth V2 frame (those are kept for independent judging)', async () => {
    const labels = await readLabels(ROOMS_DIR);
    for (const { file, indoor, source } of labels.photos.map(packaged)) {
      expect(indoor, file).toBe(true);
      expect(`${file} ${source.path} ${source.credit} ${source.note ?? ''}`.toLowerCase(), file).not.toMatch(/nyu/);
    }
  });

  it('keep the wide photos up to 2048 px, for two overlapping crops as a phone pans', async () => {
    const labels = await readLabels(ROOMS_DIR);
    const wide = labels.photos.filter((photo) => photo.wide);
    expect(wide.length).toBeGreaterThan(0);
    for (const { file } of wide) expect(longSide(path.join(ROOMS_DIR, file)), file).toBeGreaterThan(MAX_SIDE);
  });
});
