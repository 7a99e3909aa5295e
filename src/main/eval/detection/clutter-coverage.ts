/**
 * How much of a room's clutter gets a card (issue 35): each clump the labels boxed (the clothes heaped by the bed,
 * the papers on the desk) is covered when a card the coach can put up outlines it: a busy spot (named things and
 * unnamed busy parts where they stand) or a named thing of its own. Pure geometry over the app's detections.
 */
import { isProposable } from '../../../shared/detection/classes';
import type { ClutterKind } from '../../../shared/detection/clutter';
import type { Box, PhotoDetections } from '../../../shared/detection/schema';
import { inUseIds } from '../../detection/in-use';
import { spotsIn } from '../../detection/spots';
import { area, intersection, type Size } from '../../detection/postprocess';
import type { LabelledPhoto } from './labels';

/** A card outlines a clump when it covers this share of it, */
const COVERS = 0.3;
/** or when this share of the card lies on the clump (a card about part of a pile). */
const ON = 0.5;

export type CardKind = 'spot' | 'named';

export interface ClumpCoverage {
  readonly kind: ClutterKind;
  readonly on: string;
  /** The kind of card that outlines it, a busy spot first; none when no card does. */
  readonly card: CardKind | undefined;
}

/**
 * The boxes of the cards the coach can put up about a photo: its busy spots, and each movable thing it named, as
 * `busySpots` and `proposals` make them, without what people are using there.
 */
export function cardBoxes(detections: PhotoDetections, photo: Size): { readonly box: Box; readonly kind: CardKind }[] {
  const used = inUseIds(detections.items);
  const seen = { ...detections, items: detections.items.filter((item) => !used.has(item.id)) };
  const spots = spotsIn({ ...photo, detections: seen }).map((spot) => ({ box: spot.box, kind: 'spot' as const }));
  const named = seen.items.filter((item) => isProposable(item.label)).map((item) => ({ box: item.box, kind: 'named' as const }));
  return [...spots, ...named];
}

export function clutterCoverage(photo: LabelledPhoto, detections: PhotoDetections, size: Size): ClumpCoverage[] {
  const cards = cardBoxes(detections, size);
  return photo.otherBoxes.map(({ kind, on, box }) => {
    const outlining = cards.filter((card) => intersection(card.box, box) >= COVERS * area(box) || intersection(card.box, box) >= ON * area(card.box));
    const card = outlining.find((c) => c.kind === 'spot')?.kind ?? outlining[0]?.kind;
    return { kind, on, card };
  });
}
