/**
 * The clutter COCO has no class for: what lies about in a messy room (clothes, papers, bags, boxes, toys, cables).
 * The rooms' labels name it in these kinds; whatever names it on the device speaks the same words.
 */
import { z } from 'zod';

export const CLUTTER_KINDS = [
  'clothes',
  'shoes',
  'bag',
  'box',
  'papers',
  'toys',
  'cables',
  'bedding',
  'towel',
  'dishes',
  'rubbish',
  'toiletries',
  'tools',
  'electronics',
  'basket',
  'sports',
  'pile',
  'misc',
] as const;
export const ClutterKindSchema = z.enum(CLUTTER_KINDS);
export type ClutterKind = z.infer<typeof ClutterKindSchema>;

/** What a piece of clutter stands on, as a person would say it. */
export const SURFACES = ['floor', 'bed', 'desk', 'table', 'chair', 'sofa', 'shelf', 'counter', 'other'] as const;
export const SurfaceSchema = z.enum(SURFACES);
export type Surface = z.infer<typeof SurfaceSchema>;
