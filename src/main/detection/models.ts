/**
 * The detectors the app can run, what each takes and how to read what it gives back (docs/detection.md): two COCO
 * tfjs graph models by Vladimir Mandic, CenterNet (MobileNetV3, 512 px) and NanoDet (NanoDet-m, 416 px), and
 * MediaPipe's Open Images SSD (300 px, a TensorFlow Lite file: oidv4.ts). Decoding is pure arithmetic over the output
 * tensors, here on the main thread, so the worker only runs the graph.
 */
import { COCO_LABELS } from '../../shared/detection/schema';
import { decodeOid, oidAsCoco, OID_INPUT } from './oidv4';

export type ModelId = 'centernet' | 'nanodet' | 'oidv4';
export const MODEL_IDS = ['centernet', 'nanodet', 'oidv4'] as const satisfies readonly ModelId[];

/**
 * How the worker turns RGB bytes into the input tensor: CenterNet takes them as they are (NHWC, 0-255); NanoDet was
 * trained on BGR planes normalised with ImageNet's mean and deviation (NCHW), as its own pipeline feeds it; the Open
 * Images SSD on RGB scaled to -1..1 (NHWC).
 */
export type InputLayout = 'nhwc-rgb' | 'nchw-bgr-imagenet' | 'nhwc-rgb-signed';

/** What runs the model: tfjs (a graph's JSON and its weights) or TensorFlow Lite's WebAssembly build (one file). */
export type ModelFormat = 'tfjs-graph' | 'tflite';

export interface ModelSpec {
  readonly id: ModelId;
  /** The square input side the graph is fixed at. */
  readonly inputSize: number;
  readonly layout: InputLayout;
  readonly format: ModelFormat;
  /** The graph's output nodes, in the order `decode` reads them (a TensorFlow Lite model gives all its outputs in order). */
  readonly outputs: readonly string[];
  /** The model's files in the detector folder: a graph's JSON then its weights, or the TensorFlow Lite file. */
  readonly files: readonly string[];
}

export const MODELS: Readonly<Record<ModelId, ModelSpec>> = {
  centernet: {
    id: 'centernet',
    inputSize: 512,
    layout: 'nhwc-rgb',
    format: 'tfjs-graph',
    outputs: ['tower_0/detections'],
    files: ['model/centernet.json', 'model/centernet.bin'],
  },
  nanodet: {
    id: 'nanodet',
    inputSize: 416,
    layout: 'nchw-bgr-imagenet',
    // Class scores (after a sigmoid) and box distributions for strides 8, 16 and 32.
    format: 'tfjs-graph',
    outputs: ['Identity', 'Identity_1', 'Identity_2', 'Identity_3', 'Identity_4', 'Identity_5'],
    files: ['model/nanodet.json', 'model/nanodet.bin'],
  },
  oidv4: {
    id: 'oidv4',
    inputSize: OID_INPUT,
    layout: 'nhwc-rgb-signed',
    format: 'tflite',
    outputs: ['raw_outputs/box_encodings', 'raw_outputs/class_predictions'],
    files: ['model/oidv4.tflite'],
  },
};

/** A detection in the model's input square: corners as shares of its side (0 to 1), a score and a COCO class index. */
export interface RawDetection {
  readonly cls: number;
  readonly score: number;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** Decodes a model's outputs into detections scoring `floor` or more. */
export function decode(model: ModelSpec, outputs: readonly ArrayLike<number>[], floor: number): RawDetection[] {
  switch (model.id) {
    case 'centernet':
      return decodeCenterNet(outputs[0] ?? [], model.inputSize, floor);
    case 'nanodet':
      return decodeNanoDet(outputs, model.inputSize, floor);
    case 'oidv4':
      return oidAsCoco(decodeOid(outputs, floor));
  }
}

/** CenterNet gives 100 rows of x1, y1, x2, y2 (input pixels), score and a 0-based class. */
export const CENTERNET_ROW = 6;

export function decodeCenterNet(rows: ArrayLike<number>, inputSize: number, floor: number): RawDetection[] {
  const found: RawDetection[] = [];
  for (let row = 0; row + CENTERNET_ROW <= rows.length; row += CENTERNET_ROW) {
    const score = rows[row + 4]!;
    const cls = rows[row + 5]!;
    if (!(score >= floor) || !Number.isInteger(cls) || !COCO_LABELS[cls]) continue;
    found.push({ cls, score, x1: rows[row]! / inputSize, y1: rows[row + 1]! / inputSize, x2: rows[row + 2]! / inputSize, y2: rows[row + 3]! / inputSize });
  }
  return found;
}

/** NanoDet's strides, and the bins of its box distributions (generalised focal loss, reg_max 10). */
const STRIDES = [8, 16, 32] as const;
const BINS = 11;

/**
 * NanoDet gives, per stride, a score for each class at each cell of the grid and, for each side of the box, a
 * distribution over 0..10 strides of distance from the cell: the expected distance is the box's side. Each cell
 * yields its best class.
 */
export function decodeNanoDet(outputs: readonly ArrayLike<number>[], inputSize: number, floor: number): RawDetection[] {
  const classes = COCO_LABELS.length;
  const found: RawDetection[] = [];
  STRIDES.forEach((stride, level) => {
    const scores = outputs[level];
    const boxes = outputs[level + STRIDES.length];
    if (!scores || !boxes) throw new Error(`NanoDet gave ${outputs.length} outputs, not ${STRIDES.length * 2}.`);
    const side = Math.round(inputSize / stride);
    const cells = side * side;
    if (scores.length !== cells * classes || boxes.length !== cells * 4 * BINS) {
      throw new Error(`NanoDet's stride ${stride} outputs have ${scores.length} scores and ${boxes.length} box values, not ${cells * classes} and ${cells * 4 * BINS}.`);
    }
    for (let cell = 0; cell < cells; cell += 1) {
      let cls = -1;
      let score = floor;
      for (let c = 0; c < classes; c += 1) {
        const value = scores[cell * classes + c]!;
        if (value >= score) [cls, score] = [c, value];
      }
      if (cls < 0) continue;
      // Distances are from the cell's centre (boxes fit the eval's source boxes better so than from its corner).
      const cx = ((cell % side) + 0.5) * stride;
      const cy = (Math.floor(cell / side) + 0.5) * stride;
      const [left, top, right, bottom] = [0, 1, 2, 3].map((edge) => expectation(boxes, (cell * 4 + edge) * BINS) * stride) as [number, number, number, number];
      found.push({ cls, score, x1: (cx - left) / inputSize, y1: (cy - top) / inputSize, x2: (cx + right) / inputSize, y2: (cy + bottom) / inputSize });
    }
  });
  return found;
}

/** The expected bin of a softmax over BINS logits. */
function expectation(logits: ArrayLike<number>, offset: number): number {
  let max = -Infinity;
  for (let bin = 0; bin < BINS; bin += 1) max = Math.max(max, logits[offset + bin]!);
  let sum = 0;
  let weighted = 0;
  for (let bin = 0; bin < BINS; bin += 1) {
    const p = Math.exp(logits[offset + bin]! - max);
    sum += p;
    weighted += p * bin;
  }
  return weighted / sum;
}
