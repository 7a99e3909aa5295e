/**
 * What the app runs, chosen by measurement on real labelled photos (`npm run eval -- --detection --compare`,
 * docs/detection.md): three models on the whole photo (two COCO detectors and an Open Images SSD whose classes COCO
 * shares count with theirs), what they find together believed more, and one threshold for every class. Tiles found more but cost three to five inferences a model;
 * per-class thresholds fitted on 46 photos did worse on photos they were not fitted on than one threshold.
 */
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

export const DETECTION: DetectionConfiguration = {
  models: ['centernet', 'nanodet', 'oidv4'],
  tiling: 'whole',
  // The best recall of things at precision 0.7 or more on the eval photos (docs/detection.md; checked on the recorded
  // candidates by choice.test.ts): 0.5 with the two COCO models alone, 0.525 with the Open Images SSD beside them.
  thresholds: { default: 0.525 },
  clutter: 'oidv4',
};
