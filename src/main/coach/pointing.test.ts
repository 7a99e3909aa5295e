import { describe, expect, it } from 'vitest';
import type { CocoLabel, DetectedItem } from '../../shared/detection/schema';
import type { Photo, SessionState } from '../../shared/session/schema';
import { classInfo } from '../../shared/detection/classes';
import { newSessionState } from '../session';
import { pointContent, pointedWords } from './pointing';

const thing = (id: string, label: CocoLabel, box: DetectedItem['box']): DetectedItem => ({ id, label, name: classInfo(label).name || label, score: 0.6, box });

/** A 1000 x 500 photo: a cup and a book on a table, a cat on the right. */
const photo: Photo = {
  id: 'a'.repeat(64),
  fileName: 'desk.jpg',
  width: 1000,
  height: 500,
  detections: {
    items: [
      thing('1', 'cup', { x: 100, y: 200, width: 80, height: 100 }),
      thing('2', 'book', { x: 300, y: 250, width: 150, height: 60 }),
      thing('3', 'dining table', { x: 0, y: 280, width: 700, height: 220 }),
      thing('4', 'cat', { x: 800, y: 200, width: 150, height: 200 }),
    ],
    busy: [],
  },
};
const state: SessionState = { ...newSessionState('s', 0), photos: [photo] };
const at = (x: number, y: number, width: number, height: number) => ({ photoId: photo.id, box: { x, y, width, height } });

describe('what the model reads about a point', () => {
  it('names the photo, where on it, and what the detector sees there', () => {
    expect(pointedWords(state, at(0.1, 0.4, 0.08, 0.2))).toBe(
      'They pointed at something in photo 1 (desk.jpg), on the left. The on-device detector sees a cup there (on the table, left side).',
    );
    expect(pointedWords(state, at(0.05, 0.3, 0.45, 0.4))).toBe(
      'They pointed at something in photo 1 (desk.jpg), on the left. The on-device detector sees several things there: book and cup.',
    );
    expect(pointedWords(state, at(0.82, 0.45, 0.1, 0.2))).toBe(
      'They pointed at something in photo 1 (desk.jpg), on the right. The on-device detector sees a cat there: people and pets are never something to tidy.',
    );
    expect(pointedWords(state, at(0.55, 0.8, 0.1, 0.15))).toBe(
      'They pointed at something in photo 1 (desk.jpg), at the bottom. The on-device detector only makes out the table there.',
    );
    expect(pointedWords(state, at(0.4, 0.02, 0.1, 0.1))).toBe(
      'They pointed at something in photo 1 (desk.jpg), at the top. The on-device detector names nothing there: ask what it is if the picture does not say.',
    );
  });

  it('says a thing someone is holding is theirs, not something to tidy', () => {
    const items = [...photo.detections!.items, thing('5', 'person', { x: 500, y: 0, width: 150, height: 300 }), thing('6', 'bottle', { x: 540, y: 100, width: 30, height: 80 })];
    const held = { ...state, photos: [{ ...photo, detections: { items, busy: [] } }] };
    expect(pointedWords(held, at(0.54, 0.2, 0.03, 0.16))).toBe(
      'They pointed at something in photo 1 (desk.jpg), at the top. The on-device detector sees a bottle there that someone is holding or eating from: leave it where it is.',
    );
  });

  it('says only where, when the detector has not looked; and says when the photo has gone', () => {
    const plain = { ...state, photos: [{ ...photo, detections: undefined }] } as SessionState;
    expect(pointedWords(plain, at(0.1, 0.4, 0.08, 0.2))).toBe('They pointed at something in photo 1 (desk.jpg), on the left.');
    expect(pointedWords({ ...state, photos: [] }, at(0.1, 0.4, 0.08, 0.2))).toBe('They pointed at a photo that is no longer in this session.');
  });

  it('is the person’s turn: the words, then the marker the model sees as the crop', () => {
    expect(pointContent(state, at(0.1, 0.4, 0.08, 0.2))).toEqual([
      { type: 'text', text: '(They pointed at something in photo 1 (desk.jpg), on the left. The on-device detector sees a cup there (on the table, left side).)' },
      { type: 'text', text: `[point:${photo.id} 0.1 0.4 0.08 0.2]` },
    ]);
  });
});
