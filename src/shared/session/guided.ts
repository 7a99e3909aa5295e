import { z } from 'zod';
import { DetectionRefSchema, FocusSchema } from '../detection/schema';

/**
 * The guided coach's phases (seed 001) as session data: pushed to the GUI, persisted and replayed with the rest
 * of the session. Every phase after Surveying carries the same ActiveState.
 */

const name = z.string().trim().min(1).max(200);

/**
 * The card on screen was asked again with the answer to a question the person asked about it: a second question in
 * a row is being stuck, and changes the approach instead of answering again.
 */
const answered = z.literal(true).optional();

export const ActiveStateSchema = z.object({
  function: name,
  anchors: z.array(name),
  /** Left for next time: areas the person pivoted away from, items still unsure after refining. Never split again. */
  later: z.array(name),
  /** "I'm stuck" heard this many times in a row: each changes the approach, and the third offers a break. */
  stuck: z.number().int().positive().optional(),
  /** Answers the coach could not read, with nothing in hand, this many in a row: the third offers a break too. */
  unread: z.number().int().positive().optional(),
  /** Busy spot cards the person was stuck on (their keys): none is shown again. */
  passed: z.array(z.string().min(1).max(300)).max(2000).optional(),
  /**
   * Busy spot cards the person passed ("next", "I'm stuck") while things the detector named were left (the mess comes
   * first): none is shown again either, but they say nothing of knowing that those things have run out.
   */
  passedEarly: z.array(z.string().min(1).max(300)).max(2000).optional(),
  /** A spot the person pointed at with several things in it ("this pile"): its things come first, then it is done. */
  spot: FocusSchema.optional(),
  /** A group's things, to go through one at a time (the person chose "One at a time", or was stuck on the group). */
  each: z.array(DetectionRefSchema).max(40).optional(),
  /** Where the person was turned to after naming what overwhelms them: the next card asks for one thing there. */
  pivot: name.optional(),
});
export type ActiveState = z.infer<typeof ActiveStateSchema>;

export const SurveyingSchema = z.object({
  phase: z.literal('surveying'),
  gatheredFunction: name.optional(),
  gatheredAnchors: z.array(name),
  /** Back in a known room, the person said something changed: its function and anchors are asked again, filled in. */
  revisit: z.literal(true).optional(),
  /** The person was stuck on what the space is for: stuck again at once, the coach picks the steps without it. */
  helped: z.literal(true).optional(),
  answered,
});

export const SortingSchema = z.object({
  phase: z.literal('sorting'),
  active: ActiveStateSchema,
  currentItem: name.optional(),
  /** The detected thing the current item is, when the coach proposed it from the photos. */
  currentDetection: DetectionRefSchema.optional(),
  /** Every detected thing the card in hand is about, when it is several of one kind in one place: decided together. */
  currentGroup: z.array(DetectionRefSchema).min(2).max(40).optional(),
  /** The busy spot card on screen (its key), or the "one small thing, anywhere" card: what "I'm stuck" is about. */
  currentSpot: z.string().min(1).max(300).optional(),
  /** Where the person pointed at the current item, when no detected thing is it (they said what it is). */
  currentFocus: FocusSchema.optional(),
  answered,
});

export const CategorySchema = z.object({ name, items: z.array(name) });
export type Category = z.infer<typeof CategorySchema>;

const RefiningCategorySchema = CategorySchema.extend({ items: z.tuple([name], name) });

export const SplittingSchema = z.object({
  phase: z.literal('splitting'),
  active: ActiveStateSchema,
  /** Suggested categories with the unsure items each would hold; never empty. */
  categories: z.tuple([CategorySchema], CategorySchema),
  answered,
});

export const RefiningSchema = z.object({
  phase: z.literal('refining'),
  active: ActiveStateSchema,
  /** The emergent categories still to work through, the current one first; each holds at least one item. */
  categories: z.tuple([RefiningCategorySchema], RefiningCategorySchema),
  currentItem: name.optional(),
  currentDetection: DetectionRefSchema.optional(),
  currentFocus: FocusSchema.optional(),
  answered,
});

/** Where decision support returns to: the phase it came from, without the ActiveState it shares. */
export const ReturnPhaseSchema = z.discriminatedUnion('phase', [
  SortingSchema.omit({ active: true }),
  RefiningSchema.omit({ active: true }),
]);
export type ReturnPhase = z.infer<typeof ReturnPhaseSchema>;

export const DecisionSupportSchema = z.object({
  phase: z.literal('decisionSupport'),
  active: ActiveStateSchema,
  stuckItem: name,
  stuckDetection: DetectionRefSchema.optional(),
  returnTo: ReturnPhaseSchema,
  answered,
});

export const GuidedStateSchema = z.discriminatedUnion('phase', [
  SurveyingSchema,
  SortingSchema,
  SplittingSchema,
  RefiningSchema,
  DecisionSupportSchema,
]);
export type GuidedState = z.infer<typeof GuidedStateSchema>;
export type GuidedPhase = GuidedState['phase'];
