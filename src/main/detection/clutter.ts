/**
 * Naming the clutter COCO cannot (issue 35): what the Open Images detector (oidv4.ts) finds in a crop of a photo, a
 * busy spot most often, among the kinds it has classes for: shoes (footwear, boots, high heels) and boxes, each named
 * only where it was judged right often enough. Pure: the detector runs the model on the crop (`Detector.clutter`) and
 * hands the decoded finds here.
 */
import { OID_CLUTTER, type OidClutterKind, type OidDetection } from './oidv4';

export type ClutterKind = OidClutterKind;

/** The least score at which each kind is named, where some score names it right 7 times in 10 or more. */
export type ClutterThresholds = Readonly<Partial<Record<ClutterKind, number>>>;

/**
 * Judged with `npm run eval -- --detection --clutter` on the eval's photos and rooms and, by eye, on 159 unlabelled
 * photos of rooms (docs/detection.md): a box at 0.35 is a box about 8 times in 10. Shoes are never named: what it calls
 * footwear is a heap of clothes, a bag or a foot as often as a shoe, at every score.
 */
export const CLUTTER_THRESHOLDS: ClutterThresholds = { box: 0.35 };

/** A kind of clutter seen in the crop: how sure, and where, as shares of the crop (0 to 1). */
export interface ClutterGuess {
  readonly kind: ClutterKind;
  readonly score: number;
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/** The best find of each kind at its threshold or more (a kind without one is not named), most confident first. */
export function clutterIn(found: readonly OidDetection[], thresholds: ClutterThresholds = CLUTTER_THRESHOLDS): ClutterGuess[] {
  const best = new Map<ClutterKind, ClutterGuess>();
  for (const find of found) {
    const kind = (OID_CLUTTER as Partial<Record<string, ClutterKind>>)[find.label];
    const threshold = kind && thresholds[kind];
    if (!kind || threshold === undefined || find.score < threshold || (best.get(kind)?.score ?? -1) >= find.score) continue;
    const x1 = clamp(find.x1);
    const y1 = clamp(find.y1);
    const x2 = clamp(find.x2);
    const y2 = clamp(find.y2);
    if (x2 <= x1 || y2 <= y1) continue;
    best.set(kind, { kind, score: find.score, box: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 } });
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
