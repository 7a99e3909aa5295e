/**
 * What the on-device detector found in a photo, as the session, the session log, the coaches and the GUI read it.
 * Boxes are in the photo's own pixels (the stored copy the session's `Photo` gives the size of), so the GUI can draw
 * them at any scale and the coaches can say where a thing is.
 */
import { z } from 'zod';

/** The 80 classes of COCO, in the order detectors trained on it number them. */
export const COCO_LABELS = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light',
  'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow',
  'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie', 'suitcase', 'frisbee',
  'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant', 'bed',
  'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven',
  'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors', 'teddy bear', 'hair drier', 'toothbrush',
] as const;

export const CocoLabelSchema = z.enum(COCO_LABELS);
export type CocoLabel = z.infer<typeof CocoLabelSchema>;

const pixel = z.int().nonnegative();

/** A rectangle in photo pixels: its top-left corner and its size. */
export const BoxSchema = z.object({ x: pixel, y: pixel, width: z.int().positive(), height: z.int().positive() });
export type Box = z.infer<typeof BoxSchema>;

export const DetectedItemSchema = z.object({
  /** Unique within its photo ("1", "2", ... by score); with the photo's id it names the item for the whole session. */
  id: z.string().regex(/^[1-9][0-9]{0,2}$/),
  label: CocoLabelSchema,
  /** What a person calls it ("mug" for a cup, "phone" for a cell phone). */
  name: z.string().trim().min(1).max(40),
  /** The detector's confidence, 0 to 1. */
  score: z.number().min(0).max(1),
  box: BoxSchema,
});
export type DetectedItem = z.infer<typeof DetectedItemSchema>;

/** A part of the photo full of edges that no detection covers: a pile, papers, cables, clothes. */
export const BusyRegionSchema = z.object({
  box: BoxSchema,
  /** How busy it is against the photo as a whole (1 is the photo's average; higher is busier). */
  busyness: z.number().nonnegative(),
});
export type BusyRegion = z.infer<typeof BusyRegionSchema>;

export const PhotoDetectionsSchema = z.object({
  /** Most confident first, at most a couple of dozen. */
  items: z.array(DetectedItemSchema).max(40),
  /** Busiest first. */
  busy: z.array(BusyRegionSchema).max(9),
});
export type PhotoDetections = z.infer<typeof PhotoDetectionsSchema>;

/**
 * Where a photo shows part of an earlier photo of the session (the phone panned across the room), found from their
 * pixels when its detections came in: a point (x, y) of this photo is at (scale x + dx, scale y + dy) in the earlier
 * photo's pixels, where pixel i spans [i, i + 1), so a box maps by its corner and its size.
 */
export const PhotoOverlapSchema = z.object({
  photoId: z.string().min(1),
  scale: z.number().positive(),
  dx: z.number(),
  dy: z.number(),
});
export type PhotoOverlap = z.infer<typeof PhotoOverlapSchema>;

/** A detected item, named across the session. */
export const DetectionRefSchema = z.object({ photoId: z.string().min(1), itemId: z.string().min(1) });
export type DetectionRef = z.infer<typeof DetectionRefSchema>;

/**
 * A part of a photo the coach is talking about: what the GUI outlines, and the words that say the same for anyone
 * who cannot see the outline ("the mug on the table, left side").
 */
export const FocusSchema = z.object({
  photoId: z.string().min(1),
  box: BoxSchema,
  label: z.string().trim().min(1).max(200),
});
export type Focus = z.infer<typeof FocusSchema>;

/** Photos detected so far out of those waiting since the queue was last empty (`failed` are among the done). */
export const DetectionProgressSchema = z.object({
  done: z.int().nonnegative(),
  total: z.int().nonnegative(),
  failed: z.int().nonnegative(),
});
export type DetectionProgress = z.infer<typeof DetectionProgressSchema>;
