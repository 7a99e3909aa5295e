/**
 * A point, as the conversational coach tells the model about it: where on which photo, and what the on-device
 * detector knows there, in words; the crop itself goes beside them as an image when the model takes images.
 */
import type { UserContent } from 'ai';
import type { Point } from '../../shared/pointing/schema';
import type { SessionState } from '../../shared/session/schema';
import { aName, theName } from '../../shared/text/names';
import { thingsAt } from '../detection/pointed';
import { pointMarker, shownMessage } from './history';

/** What the model reads about a point: the photo, where on it, and what the detector sees there. */
export function pointedWords(state: SessionState, point: Point): string {
  const found = thingsAt(state, point);
  if (!found) return 'They pointed at a photo that is no longer in this session.';
  const { photo, one, things, inUse, living, around, where } = found;
  const at = `They pointed at something in photo ${found.number} (${photo.fileName}), ${where}.`;
  if (!photo.detections) return at;
  if (one) return `${at} The on-device detector sees ${aName(one.name)} there (${one.where}).`;
  if (things.length > 1) return `${at} The on-device detector sees several things there: ${list(things.map((thing) => thing.name))}.`;
  if (inUse) return `${at} The on-device detector sees ${aName(inUse)} there that someone is holding or eating from: leave it where it is.`;
  if (living) return `${at} The on-device detector sees ${aName(living)} there: people and pets are never something to tidy.`;
  if (around.length) return `${at} The on-device detector only makes out ${around.map(theName).join(' and ')} there.`;
  return `${at} The on-device detector names nothing there: ask what it is if the picture does not say.`;
}

/** The person's turn when it is a point: the words, then the crop's marker (an image in the model's view). */
export function pointContent(state: SessionState, point: Point): UserContent {
  return [
    { type: 'text', text: `(${pointedWords(state, point)})` },
    { type: 'text', text: pointMarker(point) },
  ];
}

/** What a tool shows the model beside a card answered by pointing: the crop of what was pointed at. */
export function pointShown(point: Point): UserContent {
  return [
    { type: 'text', text: shownMessage('what the person pointed at') },
    { type: 'text', text: pointMarker(point) },
  ];
}

function list(names: readonly string[]): string {
  const distinct = names.filter((name, index) => names.indexOf(name) === index);
  return distinct.length <= 1 ? (distinct[0] ?? '') : `${distinct.slice(0, -1).join(', ')} and ${distinct.at(-1)}`;
}
