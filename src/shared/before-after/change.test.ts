import { describe, expect, it } from 'vitest';
import { classInfo } from '../detection/classes';
import type { CocoLabel, DetectedItem } from '../detection/schema';
import type { Photo } from '../session/schema';
import { thingsSeen, VIEW_CHANGE_NOTE, viewChanges, viewChangeText } from './change';
import { VIEW_SIDE } from './schema';
import { viewSimilarity } from './view';

/** A view made of grey levels from a function of the cell. */
function view(level: (x: number, y: number) => number): string {
  const cells = Array.from({ length: VIEW_SIDE * VIEW_SIDE }, (_, index) => Math.max(0, Math.min(255, Math.round(level(index % VIEW_SIDE, Math.floor(index / VIEW_SIDE))))));
  return btoa(String.fromCharCode(...cells));
}

/** A room: a bright window top left, a dark sofa along the bottom. */
const ROOM = view((x, y) => (x < 6 && y < 6 ? 230 : y > 10 ? 40 : 120 + x * 3));
/** The same room a little brighter, with a pile gone from the floor, taken a step to the right. */
const ROOM_AFTER = view((x, y) => {
  const was = x + 1 < 6 && y < 6 ? 230 : y > 10 ? 40 : 120 + (x + 1) * 3;
  return (x > 9 && y > 11 ? 60 : was) * 1.1;
});
/** Another wall altogether. */
const SHELF = view((x, y) => ((x + y) % 4 < 2 ? 200 : 60));

let ids = 0;
function thing(label: CocoLabel, x: number, y: number, width: number, height: number): DetectedItem {
  ids += 1;
  return { id: String(ids), label, name: classInfo(label).name || label, score: 0.5, box: { x, y, width, height } };
}

function photo(fileName: string, stage: Photo['stage'], photoView: string | undefined, items?: DetectedItem[]): Photo {
  return {
    id: fileName,
    fileName,
    width: 1000,
    height: 500,
    ...(stage ? { stage } : {}),
    ...(photoView ? { view: photoView } : {}),
    ...(items ? { detections: { items, busy: [] } } : {}),
  };
}

describe('change you can see between a before and an after photo of the same view', () => {
  it('the room after tidying is the same view; another wall is not', () => {
    expect(viewSimilarity(ROOM, ROOM_AFTER)).toBeGreaterThan(0.6);
    expect(viewSimilarity(ROOM, SHELF)).toBeLessThan(0.6);
  });

  it('counts the movable things the detector saw before and after, and the share of the photo they cover (overlaps once)', () => {
    const before = photo('room.jpg', 'before', ROOM, [
      thing('couch', 0, 300, 1000, 200),
      thing('person', 400, 0, 200, 500),
      thing('cup', 100, 100, 100, 100),
      thing('book', 150, 150, 100, 100),
      thing('bottle', 800, 400, 100, 100),
    ]);
    const after = photo('room-now.jpg', 'after', ROOM_AFTER, [thing('couch', 0, 300, 1000, 200), thing('cup', 100, 100, 100, 50)]);
    // The sofa and the person are not things to tidy; the cup and the book overlap by a quarter of a box.
    expect(thingsSeen(before, before.detections!)).toMatchObject({ count: 3, share: (10_000 + 7_500 + 10_000) / 500_000 });
    const [change] = viewChanges([before, photo('desk.jpg', 'before', SHELF, []), after]);
    expect(change).toMatchObject({ kind: 'measured', before: { fileName: 'room.jpg' }, was: { count: 3 }, now: { count: 1 } });
    expect(viewChangeText(change!)).toBe(
      'room-now.jpg shows the same view as room.jpg. Things the detector could see there: 3 before, 1 after. Their outlines covered 6% of the photo before, 1% after.',
    );
    // What is measured is boxes, and a detector errs both ways: the note beside the counts says both.
    expect(VIEW_CHANGE_NOTE).toContain('It can miss things, and it can see one where there is none or take one for two');
  });

  it('says calmly when the detector has nothing for a photo, when no before photo shows the view, and when a photo has no view kept', () => {
    const before = photo('room.jpg', 'before', ROOM);
    const [unread] = viewChanges([before, photo('room-now.jpg', 'after', ROOM_AFTER, [])]);
    expect(unread).toMatchObject({ kind: 'unread', unread: [{ fileName: 'room.jpg' }] });
    expect(viewChangeText(unread!)).toBe(
      'room-now.jpg shows the same view as room.jpg, but the detector has nothing for room.jpg (it may still be looking, could not read it, or is turned off), so there is no count for this pair.',
    );
    const [other] = viewChanges([before, photo('shelf-now.jpg', 'after', SHELF, [])]);
    expect(viewChangeText(other!)).toBe('shelf-now.jpg does not show the same view as any before photo, so there is nothing to compare it with.');
    const [old] = viewChanges([photo('room.jpg', 'before', undefined, []), photo('room-now.jpg', 'after', ROOM_AFTER, [])]);
    expect(old).toMatchObject({ kind: 'no-view' });
    // Only after photos are compared, and nothing found anywhere is said as it is, with no share of nothing.
    expect(viewChanges([before, photo('middle.jpg', undefined, ROOM)])).toEqual([]);
    const [empty] = viewChanges([photo('room.jpg', 'before', ROOM, []), photo('room-now.jpg', 'after', ROOM_AFTER, [])]);
    expect(viewChangeText(empty!)).toBe('room-now.jpg shows the same view as room.jpg. Things the detector could see there: 0 before, 0 after.');
  });

  it('compares each after photo with the before photo most like it', () => {
    const changes = viewChanges([photo('shelf.jpg', 'before', SHELF, []), photo('room.jpg', 'before', ROOM, []), photo('room-now.jpg', 'after', ROOM_AFTER, []), photo('shelf-now.jpg', 'after', SHELF, [])]);
    expect(changes.map((change) => (change.kind === 'measured' ? `${change.after.fileName} ~ ${change.before.fileName}` : change.kind))).toEqual(['room-now.jpg ~ room.jpg', 'shelf-now.jpg ~ shelf.jpg']);
  });
});
