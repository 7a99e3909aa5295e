/**
 * The HEIC fixtures' tooling (src/main/photos/fixtures/make-heic.sh runs it around Debian's heif-enc): the source
 * pictures, and the two things heif-enc 1.15 cannot do by itself, put together from what it encoded:
 * - `grid`: an iPhone-style grid image, whose tiles are heif-enc's own HEVC images, with a rotation (irot) and an EXIF
 *   orientation saying the same, as an iPhone writes them;
 * - `primary`: a copy of a file of several images whose primary image is another one than the first.
 * Only what those need of ISO BMFF / HEIF (ISO/IEC 14496-12, 23008-12) is read and written here.
 *
 *   tsx test-support/heic-fixtures.ts sources DIR
 *   tsx test-support/heic-fixtures.ts grid OUT.heic COLUMNS ROWS WIDTH HEIGHT TILE.heic...
 *   tsx test-support/heic-fixtures.ts primary IN.heic ITEM_ID OUT.heic
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

interface Box {
  type: string;
  start: number;
  /** Where its content starts (after the size, the type and, for a full box, version and flags). */
  body: number;
  end: number;
}

const FULL_BOXES = new Set(['meta', 'pitm', 'iinf', 'iloc', 'ipma', 'iref', 'hdlr', 'infe']);

function boxesIn(file: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let at = start; at < end; ) {
    let size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(file.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    boxes.push({ type, start: at, body: at + header + (FULL_BOXES.has(type) ? 4 : 0), end: at + size });
    at += size;
  }
  return boxes;
}

function child(file: Buffer, parent: Box, type: string): Box {
  const found = boxesIn(file, parent.body, parent.end).find((box) => box.type === type);
  if (!found) throw new Error(`No ${type} box in ${parent.type}`);
  return found;
}

function metaOf(file: Buffer): Box {
  const meta = boxesIn(file, 0, file.length).find((box) => box.type === 'meta');
  if (!meta) throw new Error('No meta box');
  return meta;
}

/** The primary item's coded data and its properties (hvcC, ispe, colr...), as boxes, from a file heif-enc wrote. */
function primaryImage(file: Buffer): { data: Buffer; properties: Buffer[] } {
  const meta = metaOf(file);
  const primary = file.readUInt16BE(child(file, meta, 'pitm').body);

  const iloc = child(file, meta, 'iloc');
  const version = file[iloc.body - 4]!;
  let at = iloc.body;
  const offsetSize = file[at]! >> 4;
  const lengthSize = file[at]! & 15;
  const baseSize = file[at + 1]! >> 4;
  const indexSize = version > 0 ? file[at + 1]! & 15 : 0;
  at += 2;
  const readN = (bytes: number) => {
    const value = bytes === 0 ? 0 : bytes === 1 ? file[at]! : bytes === 2 ? file.readUInt16BE(at) : bytes === 4 ? file.readUInt32BE(at) : Number(file.readBigUInt64BE(at));
    at += bytes;
    return value;
  };
  const count = readN(version < 2 ? 2 : 4);
  let data: Buffer | undefined;
  for (let item = 0; item < count; item += 1) {
    const id = readN(version < 2 ? 2 : 4);
    if (version > 0) readN(2); // construction method: heif-enc puts image data in mdat (0, file offsets)
    readN(2); // data reference index
    const base = readN(baseSize);
    const extents: Buffer[] = [];
    for (let extentCount = readN(2), extent = 0; extent < extentCount; extent += 1) {
      readN(indexSize);
      const offset = readN(offsetSize);
      const length = readN(lengthSize);
      extents.push(file.subarray(base + offset, base + offset + length));
    }
    if (id === primary) data = Buffer.concat(extents);
  }
  if (!data) throw new Error(`No data for item ${primary}`);

  const iprp = child(file, meta, 'iprp');
  const ipco = boxesIn(file, child(file, iprp, 'ipco').body, child(file, iprp, 'ipco').end);
  const ipma = child(file, iprp, 'ipma');
  const ipmaVersion = file[ipma.body - 4]!;
  const wideIndex = (file[ipma.body - 1]! & 1) === 1;
  at = ipma.body;
  const properties: Buffer[] = [];
  for (let entries = readN(4), entry = 0; entry < entries; entry += 1) {
    const id = readN(ipmaVersion < 1 ? 2 : 4);
    for (let associations = readN(1), association = 0; association < associations; association += 1) {
      const index = wideIndex ? readN(2) & 0x7fff : readN(1) & 0x7f;
      if (id === primary) properties.push(Buffer.from(file.subarray(ipco[index - 1]!.start, ipco[index - 1]!.end)));
    }
  }
  return { data, properties };
}

const u8 = (value: number) => Buffer.from([value]);
const u16 = (value: number) => Buffer.from([value >> 8, value & 255]);
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}

function fullBox(type: string, version: number, flags: number, ...content: Buffer[]): Buffer {
  return box(type, u8(version), u8(flags >> 16), u16(flags & 0xffff), ...content);
}

/** The TIFF part of an EXIF block saying only `orientation` (sharp writes it; its `Exif\0\0` prefix is dropped). */
async function exifSaying(orientation: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } }).withMetadata({ orientation }).jpeg().toBuffer();
  const exif = (await sharp(jpeg).metadata()).exif;
  if (!exif) throw new Error('sharp wrote no EXIF');
  return exif.subarray(6);
}

/**
 * A grid image as an iPhone writes one: hidden HEVC tiles (row by row) that make a picture larger than `width` x
 * `height` and are cropped to it, a 90° clockwise rotation (irot, 270° anticlockwise) and an EXIF orientation of 6
 * that says the same again, which a reader must not apply twice.
 */
async function grid(out: string, columns: number, rows: number, width: number, height: number, tileFiles: string[]): Promise<void> {
  if (tileFiles.length !== columns * rows) throw new Error(`${columns} x ${rows} tiles, but ${tileFiles.length} files`);
  const tiles = tileFiles.map((file) => primaryImage(readFileSync(file)));
  const GRID = 1;
  const EXIF = 2;
  const tileIds = tiles.map((_, index) => 3 + index);

  // Properties are shared when their bytes are the same (every tile has the same hvcC, ispe and colr).
  const ipco: Buffer[] = [];
  const propertyIndex = (property: Buffer) => {
    let index = ipco.findIndex((known) => known.equals(property));
    if (index < 0) index = ipco.push(property) - 1;
    return index + 1;
  };
  const colr = tiles[0]!.properties.find((property) => property.toString('latin1', 4, 8) === 'colr');
  const ispe = fullBox('ispe', 0, 0, u32(width), u32(height));
  const irot = box('irot', u8(3));
  const essential = (property: Buffer) => ['hvcC', 'irot', 'imir'].includes(property.toString('latin1', 4, 8));
  const associations: { id: number; properties: Buffer[] }[] = [
    { id: GRID, properties: [ispe, ...(colr ? [colr] : []), irot] },
    ...tiles.map((tile, index) => ({ id: tileIds[index]!, properties: tile.properties })),
  ];
  const ipma = fullBox(
    'ipma',
    0,
    0,
    u32(associations.length),
    ...associations.flatMap(({ id, properties }) => [
      u16(id),
      u8(properties.length),
      ...properties.map((property) => u8((essential(property) ? 0x80 : 0) | propertyIndex(property))),
    ]),
  );

  const gridData = Buffer.concat([u8(0), u8(0), u8(rows - 1), u8(columns - 1), u16(width), u16(height)]);
  const exif = Buffer.concat([u32(0), await exifSaying(6)]);
  const payloads = [
    { id: GRID, data: gridData },
    { id: EXIF, data: exif },
    ...tiles.map((tile, index) => ({ id: tileIds[index]!, data: tile.data })),
  ];

  const infe = (id: number, type: string, hidden: boolean) => fullBox('infe', 2, hidden ? 1 : 0, u16(id), u16(0), Buffer.from(type, 'latin1'), u8(0));
  const iinf = fullBox('iinf', 0, 0, u16(payloads.length), infe(GRID, 'grid', false), infe(EXIF, 'Exif', false), ...tileIds.map((id) => infe(id, 'hvc1', true)));
  const iref = fullBox(
    'iref',
    0,
    0,
    box('dimg', u16(GRID), u16(tileIds.length), ...tileIds.map(u16)),
    box('cdsc', u16(EXIF), u16(1), u16(GRID)),
  );
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heicmiaf', 'latin1'));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict', 'latin1'), u32(0), u32(0), u32(0), u8(0));
  const pitm = fullBox('pitm', 0, 0, u16(GRID));
  // iloc's size does not depend on the offsets it holds: built once to measure, then with the real offsets.
  const iloc = (mdatData: number) => {
    let offset = mdatData;
    return fullBox(
      'iloc',
      0,
      0,
      u8(0x44),
      u8(0x00),
      u16(payloads.length),
      ...payloads.map(({ id, data }) => {
        const entry = Buffer.concat([u16(id), u16(0), u16(1), u32(offset), u32(data.length)]);
        offset += data.length;
        return entry;
      }),
    );
  };
  const meta = (mdatData: number) => fullBox('meta', 0, 0, hdlr, pitm, iloc(mdatData), iinf, iref, box('iprp', box('ipco', ...ipco), ipma));
  const mdatData = ftyp.length + meta(0).length + 8;
  const file = Buffer.concat([ftyp, meta(mdatData), box('mdat', ...payloads.map(({ data }) => data))]);
  writeFileSync(out, file);
}

/** A copy of `input` whose primary image is item `id` (its pitm box rewritten in place). */
function primary(input: string, id: number, out: string): void {
  const file = Buffer.from(readFileSync(input));
  file.writeUInt16BE(id, child(file, metaOf(file), 'pitm').body);
  writeFileSync(out, file);
}

/** Four colours, one a quarter, so a test can tell which way up a picture came out (heic.test.ts reads them). */
const QUARTERS = { topLeft: '#ff0000', topRight: '#00c000', bottomLeft: '#0000ff', bottomRight: '#ffff00' } as const;

async function quarters(width: number, height: number): Promise<Sharp> {
  const half = (w: number, h: number, colour: string) => sharp({ create: { width: w, height: h, channels: 3, background: colour } }).png().toBuffer();
  const [w, h] = [width / 2, height / 2];
  return sharp({ create: { width, height, channels: 3, background: '#000000' } }).composite([
    { input: await half(w, h, QUARTERS.topLeft), left: 0, top: 0 },
    { input: await half(w, h, QUARTERS.topRight), left: w, top: 0 },
    { input: await half(w, h, QUARTERS.bottomLeft), left: 0, top: h },
    { input: await half(w, h, QUARTERS.bottomRight), left: w, top: h },
  ]);
}

/** The pictures heif-enc encodes (make-heic.sh says which becomes which fixture). */
async function sources(dir: string): Promise<void> {
  const photos = path.resolve(import.meta.dirname, '../src/main/detection/fixtures');
  // A real photo (CC0, see src/main/detection/fixtures/SOURCES.md), as a phone's camera would give it.
  await sharp(path.join(photos, 'coffee.jpg')).png().toFile(path.join(dir, 'coffee.png'));
  await sharp(path.join(photos, 'fruits.jpg')).png().toFile(path.join(dir, 'fruits.png'));
  // Stored sideways with an EXIF orientation of 6 (turn 90° clockwise to view), as a camera without irot writes it.
  const upright = await (await quarters(96, 64)).png().toBuffer();
  await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toFile(path.join(dir, 'exif-6.jpg'));
  // The grid's picture, stored sideways as well (its irot turns it upright), cut into 128 px tiles, 3 x 2, the last
  // column and row running past the 360 x 240 picture as an iPhone's do.
  const sideways = await (await quarters(240, 360)).png().toBuffer();
  const stored = await sharp(sideways).rotate(-90).png().toBuffer();
  const padded = await sharp(stored).extend({ right: 24, bottom: 16, background: '#000000' }).png().toBuffer();
  for (let row = 0; row < 2; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      await sharp(padded).extract({ left: column * 128, top: row * 128, width: 128, height: 128 }).png().toFile(path.join(dir, `tile-${row}-${column}.png`));
    }
  }
  // Flat sRGB colours converted to Display P3 and tagged with its ICC profile, as an iPhone's colours are.
  const patches = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000000' } })
    .composite([
      { input: await sharp({ create: { width: 32, height: 64, channels: 3, background: '#ff0000' } }).png().toBuffer(), left: 0, top: 0 },
      { input: await sharp({ create: { width: 32, height: 64, channels: 3, background: '#00ff00' } }).png().toBuffer(), left: 32, top: 0 },
    ])
    .png()
    .toBuffer();
  await sharp(patches).removeAlpha().withIccProfile('p3').png().toFile(path.join(dir, 'p3.png'));
  // The bench's 12 MP photo: a real photo at an iPhone's size, upright, stored sideways in 512 px tiles (8 x 6, cropped
  // to 4032 x 3024) as an iPhone stores a portrait photo.
  const portrait = await sharp(path.join(photos, 'aloe-in-pot.jpg')).resize(3024, 4032, { fit: 'cover', kernel: 'lanczos3' }).png().toBuffer();
  const big = await sharp(portrait).rotate(-90).extend({ right: 64, bottom: 48, background: '#000000' }).png().toBuffer();
  for (let row = 0; row < 6; row += 1) {
    for (let column = 0; column < 8; column += 1) {
      await sharp(big).extract({ left: column * 512, top: row * 512, width: 512, height: 512 }).png().toFile(path.join(dir, `big-${row}-${column}.png`));
    }
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === 'sources') await sources(args[0]!);
else if (command === 'grid') {
  const [out, columns, rows, width, height, ...tiles] = args;
  await grid(out!, Number(columns), Number(rows), Number(width), Number(height), tiles);
} else if (command === 'primary') primary(args[0]!, Number(args[1]), args[2]!);
else throw new Error('Usage: heic-fixtures.ts sources DIR | grid OUT COLUMNS ROWS WIDTH HEIGHT TILES... | primary IN ID OUT');
