/**
 * The Open Images detector from `@mediapipe/objectron` (docs/detection.md): an SSD MobileNetV2 trained on 23 classes
 * of Open Images V4, run by TensorFlow Lite's WebAssembly build. Its raw outputs are box encodings and class logits
 * for 1917 fixed anchors; this turns them into detections. Where a class is also COCO's (a chair, a mug), it is
 * named as COCO names it; footwear and boxes, which COCO has no class for, are clutter (clutter.ts). Pure arithmetic.
 */
import { COCO_LABELS, type CocoLabel } from '../../shared/detection/schema';

/** The model's label map, as the package ships it (index 0 is the background). */
export const OID_LABELS = [
  '???', 'Bicycle', 'Boot', 'Laptop', 'Person', 'Chair', 'Cattle', 'Desk', 'Cat', 'Computer mouse', 'Computer monitor',
  'Box', 'Mug', 'Coffee cup', 'Stationary bicycle', 'Table', 'Bottle', 'High heels', 'Vehicle', 'Footwear', 'Dog',
  'Book', 'Camera', 'Car',
] as const;
export type OidLabel = (typeof OID_LABELS)[number];

/** What COCO calls the same thing. A desk is a table as the eval's labels count it; a monitor is COCO's `tv`. */
const AS_COCO: Partial<Record<OidLabel, CocoLabel>> = {
  Bicycle: 'bicycle',
  Laptop: 'laptop',
  Person: 'person',
  Chair: 'chair',
  Cattle: 'cow',
  Desk: 'dining table',
  Cat: 'cat',
  'Computer mouse': 'mouse',
  'Computer monitor': 'tv',
  Mug: 'cup',
  'Coffee cup': 'cup',
  Table: 'dining table',
  Bottle: 'bottle',
  Dog: 'dog',
  Book: 'book',
  Car: 'car',
};

/** The clutter kinds this model can name, from its classes COCO lacks. */
export const OID_CLUTTER = { Boot: 'shoes', 'High heels': 'shoes', Footwear: 'shoes', Box: 'box' } as const satisfies Partial<Record<OidLabel, string>>;
export type OidClutterKind = (typeof OID_CLUTTER)[keyof typeof OID_CLUTTER];

export const OID_INPUT = 300;
const CLASSES = OID_LABELS.length;
/** The box coder's scales (TensorFlow's object detection API, as MediaPipe's objectron graph decodes it). */
const CENTRE_SCALE = 10;
const SIZE_SCALE = 5;

interface Anchor {
  readonly cx: number;
  readonly cy: number;
  readonly w: number;
  readonly h: number;
}

/**
 * SSD's anchors for a 300 px input: six feature maps (strides 16 to 512), scales 0.2 to 0.95, aspect ratios 1, 2,
 * 1/2, 3, 1/3 and one more square between this scale and the next; the lowest map has three (0.1 square, 2, 1/2).
 * Row by row, then each anchor of a cell, as the graph lays out its outputs.
 */
export const OID_ANCHORS: readonly Anchor[] = (() => {
  const layers = 6;
  const scale = (layer: number) => (layer === layers ? 1 : 0.2 + ((0.95 - 0.2) * layer) / (layers - 1));
  const anchors: Anchor[] = [];
  for (let layer = 0; layer < layers; layer += 1) {
    const side = Math.ceil(OID_INPUT / (16 * 2 ** layer));
    const shapes: [number, number][] =
      layer === 0
        ? [[0.1, 1], [scale(0), 2], [scale(0), 0.5]]
        : [...[1, 2, 0.5, 3, 1 / 3].map((ratio): [number, number] => [scale(layer), ratio]), [Math.sqrt(scale(layer) * scale(layer + 1)), 1]];
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1) {
        for (const [s, ratio] of shapes) anchors.push({ cx: (x + 0.5) / side, cy: (y + 0.5) / side, w: s * Math.sqrt(ratio), h: s / Math.sqrt(ratio) });
      }
    }
  }
  return anchors;
})();

/** A detection with the model's own label, corners as shares of the input square. */
export interface OidDetection {
  readonly label: OidLabel;
  readonly score: number;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** Each anchor's best class scoring `floor` or more (sigmoid of its logit), decoded into its box. */
export function decodeOid(outputs: readonly ArrayLike<number>[], floor: number): OidDetection[] {
  const [boxes, logits] = outputs;
  if (!boxes || !logits || boxes.length !== OID_ANCHORS.length * 4 || logits.length !== OID_ANCHORS.length * CLASSES) {
    throw new Error(`The Open Images detector gave ${boxes?.length ?? 0} box values and ${logits?.length ?? 0} scores, not ${OID_ANCHORS.length * 4} and ${OID_ANCHORS.length * CLASSES}.`);
  }
  // Compare logits, not probabilities: the sigmoid is monotonic, so only a kept anchor pays for one.
  const floorLogit = Math.log(floor / (1 - floor));
  const found: OidDetection[] = [];
  OID_ANCHORS.forEach((anchor, index) => {
    let best = 0;
    let logit = floorLogit;
    for (let c = 1; c < CLASSES; c += 1) {
      const value = logits[index * CLASSES + c]!;
      if (value >= logit) [best, logit] = [c, value];
    }
    if (best === 0) return;
    const cy = (boxes[index * 4]! / CENTRE_SCALE) * anchor.h + anchor.cy;
    const cx = (boxes[index * 4 + 1]! / CENTRE_SCALE) * anchor.w + anchor.cx;
    const h = Math.exp(boxes[index * 4 + 2]! / SIZE_SCALE) * anchor.h;
    const w = Math.exp(boxes[index * 4 + 3]! / SIZE_SCALE) * anchor.w;
    found.push({ label: OID_LABELS[best]!, score: 1 / (1 + Math.exp(-logit)), x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2 });
  });
  return found;
}

/** The detections whose class COCO has too, as COCO detections (models.ts's RawDetection: `cls` indexes COCO_LABELS). */
export function oidAsCoco(found: readonly OidDetection[]): (Omit<OidDetection, 'label'> & { readonly cls: number })[] {
  return found.flatMap(({ label, ...rest }) => {
    const coco = AS_COCO[label];
    return coco ? [{ ...rest, cls: COCO_LABELS.indexOf(coco) }] : [];
  });
}
