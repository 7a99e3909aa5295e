import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolderSync } from '../../../../test-support/temp-folder';
import { runEvalCli } from '../cli';
import { DEFAULT_PHOTOS_DIR, LABELS_FILE, readLabels, type LabelledPhoto } from './labels';
import { kindsIn, scoreKind, type ClutterPhoto } from './clutter';
import { boxCounts, fitGlobal, fitPerGroup, foldsOf, kFold, photoCounts, sweep, THRESHOLD_GRID } from './score';

async function cli(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runEvalCli(argv, { print: (text) => lines.push(text) });
  return { code, output: lines.join('\n') };
}

const labelled = (present: LabelledPhoto['present'], extra: Partial<LabelledPhoto> = {}): LabelledPhoto => ({
  file: 'a.jpg',
  source: { kind: 'debian', package: 'pkg', version: '1', path: '/a.jpg', licence: 'CC0', credit: 'someone' },
  indoor: true,
  present,
  maybe: [],
  other: [],
  boxes: [],
  otherBoxes: [],
  ...extra,
});

describe('the detection eval photos', () => {
  it('are at least 40 real photos, each labelled, with a source and a licence, none larger than 1024 px', async () => {
    const labels = await readLabels(DEFAULT_PHOTOS_DIR);
    expect(labels.photos.length).toBeGreaterThanOrEqual(40);
    const sources = readFileSync(path.join(DEFAULT_PHOTOS_DIR, 'SOURCES.md'), 'utf8');
    for (const photo of labels.photos) {
      expect(sources).toContain(`\`${photo.file}\``);
      const jpeg = readFileSync(path.join(DEFAULT_PHOTOS_DIR, photo.file));
      // The JPEG's own frame header gives its size: no decoder needed for this check.
      const sof = jpeg.findIndex((byte, index) => byte === 0xff && [0xc0, 0xc2].includes(jpeg[index + 1]!));
      expect(Math.max(jpeg.readUInt16BE(sof + 5), jpeg.readUInt16BE(sof + 7))).toBeLessThanOrEqual(1024);
    }
  });
});

describe('scoring detections against labels', () => {
  it('counts a class found and there, found but not there, there but missed; a maybe class either way', () => {
    const photo = labelled(['cup', 'book'], { maybe: ['bowl'] });
    const counts = photoCounts(photo, [{ label: 'cup' }, { label: 'cup' }, { label: 'bowl' }, { label: 'dog' }]);
    expect(Object.fromEntries(counts)).toEqual({ cup: { tp: 1, fp: 0, fn: 0 }, dog: { tp: 0, fp: 1, fn: 0 }, book: { tp: 0, fp: 0, fn: 1 } });
  });

  it('matches boxes at IoU 0.5, each truth once, and judges only the classes the source boxed', () => {
    const box = (x: number) => ({ x, y: 0, width: 100, height: 100 });
    const photo = labelled(['person', 'cup'], { boxes: [{ label: 'person', box: box(0) }, { label: 'person', box: box(300) }] });
    const items = [
      { label: 'person' as const, score: 0.9, box: box(10) },
      { label: 'person' as const, score: 0.8, box: box(20) },
      { label: 'cup' as const, score: 0.8, box: box(600) },
    ];
    expect(Object.fromEntries(boxCounts(photo, items))).toEqual({ person: { tp: 1, fp: 1, fn: 1 } });
  });

  it('fits one threshold for the best recall at precision 0.7 or more', () => {
    const photos = [
      { photo: labelled(['cup']), candidates: [{ label: 'cup' as const, score: 0.3, box: { x: 0, y: 0, width: 50, height: 50 } }] },
      { photo: labelled([]), candidates: [{ label: 'dog' as const, score: 0.2, box: { x: 0, y: 0, width: 50, height: 50 } }] },
      { photo: labelled(['book']), candidates: [{ label: 'book' as const, score: 0.5, box: { x: 0, y: 0, width: 50, height: 50 } }] },
    ];
    // Dogs are context, so the false dog does not count: the lowest threshold finds both things.
    expect(fitGlobal(sweep(photos), () => true)).toBe(THRESHOLD_GRID[0]);
    photos[1]!.candidates[0] = { label: 'cup', score: 0.2, box: { x: 0, y: 0, width: 50, height: 50 } };
    // A false cup at 0.2 with two true finds is 67% precise: the threshold rises above it and keeps both.
    expect(fitGlobal(sweep(photos), () => true)).toBe(0.225);
  });
});

describe('fitting on the shared rooms, judged left out', () => {
  const room = (file: string, messy: boolean) => ({ file, messy });

  it('cuts folds that each hold their share of messy and tidy rooms, the same way every time', () => {
    const photos = [...Array.from({ length: 10 }, (_, i) => room(`m${i}.jpg`, true)), ...Array.from({ length: 5 }, (_, i) => room(`t${i}.jpg`, false))];
    const fold = foldsOf(photos, 5);
    for (let f = 0; f < 5; f++) {
      expect(photos.filter((photo, index) => fold[index] === f && photo.messy)).toHaveLength(2);
      expect(photos.filter((photo, index) => fold[index] === f && !photo.messy)).toHaveLength(1);
    }
    expect(foldsOf([...photos].reverse(), 5)).toEqual([...fold].reverse());
  });

  it('judges each photo with thresholds fitted without its fold', () => {
    const cup = (score: number) => ({ label: 'cup' as const, score, box: { x: 0, y: 0, width: 50, height: 50 } });
    // Two photos per fold; a fitter that sees which photos it may use proves none of its own fold is among them.
    const photos = Array.from({ length: 6 }, (_, i) => ({ photo: labelled(['cup'], { file: `p${i}.jpg` }), candidates: [cup(0.3 + i / 10)] }));
    const fold = [0, 0, 1, 1, 2, 2];
    const seen: number[][] = [];
    const items = kFold(photos, fold, (use) => {
      const used = photos.map((_, index) => index).filter(use);
      seen.push(used);
      // The threshold is the lowest score among the photos used: a photo is found only when its own is as high.
      return { default: Math.min(...used.map((index) => photos[index]!.candidates[0]!.score)) };
    });
    expect(seen).toEqual([[2, 3, 4, 5], [0, 1, 4, 5], [0, 1, 2, 3]]);
    expect(items.map((found) => found.length)).toEqual([0, 0, 1, 1, 1, 1]);
  });

  it('fits a threshold per group of classes, never per class: every item shares one, every piece of furniture another', () => {
    // Each candidate apart from the others, so none is merged into another as one object.
    const at = (label: 'cup' | 'book' | 'bed' | 'chair', score: number, x: number) => ({ label, score, box: { x, y: 0, width: 50, height: 50 } });
    const photos = [
      // Items: true at 0.6, two false cups at 0.5. Furniture: true at 0.3, nothing false.
      { photo: labelled(['cup', 'bed']), candidates: [at('cup', 0.6, 0), at('bed', 0.3, 100)] },
      { photo: labelled(['book', 'chair']), candidates: [at('book', 0.6, 0), at('cup', 0.5, 100), at('chair', 0.3, 200)] },
      { photo: labelled([]), candidates: [at('cup', 0.5, 0)] },
    ];
    const thresholds = fitPerGroup(sweep(photos), () => true, 0.8);
    expect(thresholds.default).toBeGreaterThan(0.5);
    expect(thresholds.default).toBeLessThanOrEqual(0.6);
    expect(thresholds.perClass?.bed).toBeLessThanOrEqual(0.3);
    expect(thresholds.perClass?.chair).toBe(thresholds.perClass?.bed);
    expect(thresholds.perClass?.book).toBeUndefined();
    // One threshold for all cannot find the furniture without the false cups (4 of 6 at 0.3): it loses the furniture.
    expect(fitGlobal(sweep(photos), () => true, 0.8)).toBeGreaterThan(0.5);
  });
});

describe('npm run eval -- --detection', () => {
  it('runs the app detector over labelled photos, prints per class and overall, says one line about a photo it cannot read, and writes JSON', async () => {
    const dir = tempFolderSync('tidy-detection-eval-');
    const labels = await readLabels(DEFAULT_PHOTOS_DIR);
    const chosen = labels.photos.filter((photo) => ['breakfast-table.jpg', 'kitten.jpg', 'coffee.jpg'].includes(photo.file));
    for (const photo of chosen) copyFileSync(path.join(DEFAULT_PHOTOS_DIR, photo.file), path.join(dir, photo.file));
    writeFileSync(path.join(dir, 'broken.jpg'), readFileSync(path.join(DEFAULT_PHOTOS_DIR, 'coffee.jpg')).subarray(0, 300));
    const broken = { ...chosen[0]!, file: 'broken.jpg' };
    writeFileSync(path.join(dir, LABELS_FILE), JSON.stringify({ photos: [...chosen, broken] }));
    const json = path.join(dir, 'out.json');

    const { code, output } = await cli('--detection', '--photos', dir, '--json', json);
    expect(code).toBe(0);
    expect(output.split('\n').filter((line) => line.includes('broken.jpg: could not be read'))).toHaveLength(1);
    expect(output).toMatch(/^cat\s+context\s+1\s+0\s+0/m);
    expect(output).toMatch(/^all things\s+\d+\s+\d+\s+\d+/m);
    expect(output).toMatch(/Time per photo: p50 \d+ ms/);
    const written = JSON.parse(readFileSync(json, 'utf8'));
    expect(written.reports[0].photos).toBe(3);
    expect(written.reports[0].unreadable).toEqual(['broken.jpg']);
  });

  it('says what is wrong with a labels file instead of running', async () => {
    const dir = tempFolderSync('tidy-detection-eval-');
    writeFileSync(path.join(dir, LABELS_FILE), JSON.stringify({ photos: [{ ...labelled(['cup']), present: ['cup', 'mug'] }] }));
    const { code, output } = await cli('--detection', '--photos', dir);
    expect(code).toBe(2);
    expect(output).toContain('is not a valid labels file');
    expect(output).toContain('present');
  });

  it('refuses labels for a photo the folder lacks, and a photo without labels, naming each, instead of counting them', async () => {
    const dir = tempFolderSync('tidy-detection-eval-');
    copyFileSync(path.join(DEFAULT_PHOTOS_DIR, 'coffee.jpg'), path.join(dir, 'coffee.jpg'));
    copyFileSync(path.join(DEFAULT_PHOTOS_DIR, 'kitten.jpg'), path.join(dir, 'kitten.jpg'));
    writeFileSync(path.join(dir, LABELS_FILE), JSON.stringify({ photos: [labelled(['cup'], { file: 'coffee.jpg' }), labelled(['cup'], { file: 'gone.jpg' })] }));
    const { code, output } = await cli('--detection', '--photos', dir);
    expect(code).toBe(2);
    expect(output).toContain('The labels and the photos do not match');
    expect(output).toContain('labels gone.jpg, not in');
    expect(output).toContain('kitten.jpg in');
    expect(output).toContain('has no labels in labels.json');
    expect(output).not.toContain('Running');
  });

  it('keeps candidates only of its own photos: --record with --photos, or without --detection, is refused', async () => {
    const dir = tempFolderSync('tidy-detection-eval-');
    const refused = await cli('--detection', '--record', '--photos', dir);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('it does not go with --photos');
    const alone = await cli('--record');
    expect(alone.code).toBe(2);
    expect(alone.output).toContain('--record with --detection or --overlap.');
  });

  it('says so, and judges nothing, when no photo can be read', async () => {
    const dir = tempFolderSync('tidy-detection-eval-');
    writeFileSync(path.join(dir, 'broken.jpg'), readFileSync(path.join(DEFAULT_PHOTOS_DIR, 'coffee.jpg')).subarray(0, 300));
    writeFileSync(path.join(dir, LABELS_FILE), JSON.stringify({ photos: [labelled(['cup'], { file: 'broken.jpg' })] }));
    const { code, output } = await cli('--detection', '--photos', dir, '--json', path.join(dir, 'out.json'));
    expect(code).toBe(1);
    expect(output).toContain('broken.jpg: could not be read');
    expect(output).toContain('No photo could be read, so there is nothing to judge.');
    expect(output).not.toContain('NaN');
  });
});

describe('npm run eval -- --detection --clutter', () => {
  it("reads the kinds of clutter from the labels' other things: boots are shoes, cardboard is a box, a toolbox is not", () => {
    expect([...kindsIn(['cardboard boxes', 'tools'])]).toEqual(['box']);
    expect([...kindsIn(['boots', 'red toolbox', 'tin'])]).toEqual(['shoes']);
    expect([...kindsIn(['paper', 'cable'])]).toEqual([]);
  });

  it('judges a kind per photo at each threshold: named where labelled is right, elsewhere wrong, labelled and not named missed', () => {
    const region = { x: 0, y: 0, width: 10, height: 10 };
    const photo = (labelled: ClutterPhoto['labelled'], score?: number, from: 'whole' | 'busy' = 'busy'): ClutterPhoto => ({
      file: 'a.jpg',
      labelled,
      guesses: score === undefined ? [] : [{ kind: 'box', score, box: { x: 0, y: 0, width: 1, height: 1 }, crop: region, from }],
      crops: 2,
      inferMs: 1,
      cpuMs: 1,
    });
    const photos = [photo(['box'], 0.6), photo([], 0.4), photo(['box']), photo(['box'], 0.7, 'whole')];
    const at = (threshold: number, from: ('whole' | 'busy')[]) => scoreKind(photos, 'box', from).find((score) => score.threshold === threshold);
    expect(at(0.4, ['busy'])).toEqual({ threshold: 0.4, right: 1, wrong: 1, missed: 2 });
    expect(at(0.5, ['busy'])).toEqual({ threshold: 0.5, right: 1, wrong: 0, missed: 2 });
    expect(at(0.5, ['whole', 'busy'])).toEqual({ threshold: 0.5, right: 2, wrong: 0, missed: 1 });
  });

  it('runs the clutter model on each photo and its busy regions, prints each kind at each threshold, goes on past a broken photo', async () => {
    const dir = tempFolderSync('tidy-clutter-eval-');
    const labels = await readLabels(DEFAULT_PHOTOS_DIR);
    const chosen = labels.photos.filter((photo) => ['boxes-on-table.jpg', 'kitten.jpg'].includes(photo.file));
    for (const photo of chosen) copyFileSync(path.join(DEFAULT_PHOTOS_DIR, photo.file), path.join(dir, photo.file));
    writeFileSync(path.join(dir, 'broken.jpg'), readFileSync(path.join(DEFAULT_PHOTOS_DIR, 'kitten.jpg')).subarray(0, 300));
    writeFileSync(path.join(dir, LABELS_FILE), JSON.stringify({ photos: [...chosen, { ...chosen[0]!, file: 'broken.jpg' }] }));
    const json = path.join(dir, 'out.json');

    const { code, output } = await cli('--detection', '--clutter', '--photos', dir, '--json', json);
    expect(code).toBe(0);
    expect(output).toContain('box: labelled in 1 of 2 photos');
    expect(output).toContain('shoes: labelled in 0 of 2 photos');
    expect(output).toMatch(/^\s+0\.50\s+\d+ \/ \d+ \/ \d+/m);
    expect(output.split('\n').filter((line) => line.includes('broken.jpg: could not be read'))).toHaveLength(1);
    const written = JSON.parse(readFileSync(json, 'utf8'));
    expect(written.photos.map((photo: ClutterPhoto) => photo.file).sort()).toEqual(['boxes-on-table.jpg', 'kitten.jpg']);
  });

  it('is refused with --compare or --record, and without --detection', async () => {
    expect((await cli('--detection', '--clutter', '--compare')).output).toContain('--clutter judges the clutter model alone');
    expect((await cli('--clutter')).output).toContain('--photos and --clutter go with --detection');
  });
});
