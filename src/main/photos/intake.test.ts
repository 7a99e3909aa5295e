import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../effects';
import { MAX_STAGED_BYTES, parsePhotoPath, PhotoIntake } from './intake';
import { tempFolder } from '../../../test-support/temp-folder';

const jpeg = (background: string) => sharp({ create: { width: 120, height: 90, channels: 3, background } }).jpeg().toBuffer();

describe('the photo intake', () => {
  it('keeps uploads until they are imported, once each, and refuses more than it may hold', () => {
    const intake = new PhotoIntake('/data', seededRandom(1));
    const id = intake.stage('desk.jpg', new Uint8Array(10));
    expect(intake.take([id])).toEqual([{ name: 'desk.jpg', bytes: new Uint8Array(10) }]);
    expect(() => intake.take([id])).toThrow(`No uploaded photo has the id "${id}".`);
    intake.stage('big.jpg', new Uint8Array(MAX_STAGED_BYTES - 5));
    expect(() => intake.stage('one more.jpg', new Uint8Array(10))).toThrow('Too many photos are waiting');
  });

  it('reads only paths the person dropped or picked', () => {
    const intake = new PhotoIntake('/data', seededRandom(1));
    expect(() => intake.checkGranted(['/home/alex/room'], 'photos')).toThrow('Only photos you dropped on the window or picked can be imported.');
    intake.grant(['/home/alex/room']);
    expect(() => intake.checkGranted(['/home/alex/room'], 'photos')).not.toThrow();
    expect(() => intake.checkGranted(['/home/alex/room', '/etc'], 'photos')).toThrow();
    expect(() => intake.checkGranted(['/tmp/session.tar.gz'], 'a file')).toThrow('Only a file you dropped on the window or picked can be opened.');
  });

  it('serves a photo only for an exact session id and photo id', () => {
    const intake = new PhotoIntake('/data', seededRandom(1));
    const photo = 'a'.repeat(64);
    expect(intake.photoFile('s-1', photo, 'thumb')).toBe(path.join('/data', 'sessions', 's-1', 'photos', `${photo}.thumb.webp`));
    expect(intake.photoFile('../etc', photo, 'thumb')).toBeUndefined();
    expect(intake.photoFile('s-1', '../../passwd', 'model')).toBeUndefined();
    expect(parsePhotoPath(`/photos/s-1/${photo}.jpg`)).toEqual({ sessionId: 's-1', photoId: photo, variant: 'model' });
    expect(parsePhotoPath(`/photos/s-1/${photo}.png`)).toBeUndefined();
  });

  it('imports into the session folder, hands over each photo as it is stored, and keeps the same photo once', async () => {
    const dataDir = await tempFolder('tidy-intake-');
    const intake = new PhotoIntake(dataDir, seededRandom(1));
    const stored: string[] = [];
    const options = { signal: new AbortController().signal, now: () => new Date(0), onProgress: () => {}, onImported: (record: { originalName: string }) => void stored.push(record.originalName) };
    const first = await intake.importInto('s-1', [{ name: 'desk.jpg', bytes: await jpeg('#556655') }], options);
    expect(first.imported).toEqual([expect.objectContaining({ originalName: 'desk.jpg', width: 120, height: 90 })]);
    const again = await intake.importInto('s-1', [{ name: 'desk again.jpg', bytes: await jpeg('#556655') }, { name: 'floor.jpg', bytes: await jpeg('#665555') }], options);
    // The same photo twice is one photo: only the floor is new, and only new photos are handed over.
    expect(again.imported.map((photo) => photo.originalName)).toEqual(['floor.jpg']);
    expect(again.duplicates.map((photo) => photo.file)).toEqual(['desk again.jpg']);
    expect(stored).toEqual(['desk.jpg', 'floor.jpg']);
    expect(intake.photoFile('s-1', again.imported[0]!.id, 'thumb')).toContain(path.join(dataDir, 'sessions', 's-1', 'photos'));
  });
});
