/**
 * What the app runs, chosen by measurement on 159 photos of real, lived-in homes (`npm run eval -- --detection
 * --photos ../shared/rooms`, docs/detection.md): CenterNet (COCO) and MediaPipe's Open Images SSD on the whole photo,
 * what both find believed more. Beside the three models together it names nearly as many things left out (58% against
 * 60% at precision 0.8) for about half the work a photo, which is what lets a hundred photos be looked at while they
 * import. Tiles found more but cost three to five inferences a model; per-class thresholds learn a handful of photos.
 */
import { CLASSES } from '../../shared/detection/classes';
import type { CocoLabel } from '../../shared/detection/schema';
import type { ModelId } from './models';
import type { Thresholds, Tiling } from './postprocess';

export interface DetectionConfiguration {
  /** Run in this order on each photo; what they find together counts more. The install puts these in place. */
  readonly models: readonly ModelId[];
  readonly tiling: Tiling;
  readonly thresholds: Thresholds;
  /** Which of `models` also names clutter in a crop (clutter.ts), in the same worker. */
  readonly clutter: 'oidv4';
}

/**
 * Things (what the coach proposes and the furniture it names places by) at the one threshold fitted on the rooms by
 * 5-fold cross-validation; people, animals and vehicles higher, a group of their own: the rooms hold too few people to
 * fit on, and at the things' threshold the SSD sees a person in dozens of empty rooms, which would hide what stands
 * there (a thing in a person's box is theirs). 0.5 is where people were found at 90% precision on the first eval set.
 */
const THINGS = 0.3;
const LIVING_AND_VEHICLES = 0.5;

export const DETECTION: DetectionConfiguration = {
  models: ['centernet', 'oidv4'],
  tiling: 'whole',
  thresholds: {
    default: THINGS,
    perClass: Object.fromEntries(
      Object.entries(CLASSES)
        .filter(([, info]) => info.role === 'ignore')
        .map(([label]) => [label as CocoLabel, LIVING_AND_VEHICLES]),
    ),
  },
  clutter: 'oidv4',
};
