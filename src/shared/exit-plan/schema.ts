import { z } from 'zod';

/**
 * The exit plan: what happens to everything leaving the room, grouped so it can be done in a few trips. The plan
 * itself is derived from the session's piles (never stored); only which items are done, and whether the plan was
 * put away, are kept on disk beside the session's log.
 */

export const ExitPlanGroupKindSchema = z.enum(['trash', 'recycle', 'donate', 'place']);
export type ExitPlanGroupKind = z.infer<typeof ExitPlanGroupKindSchema>;

/** One line of the plan: a thing, or several things of one name going the same way ("book", 12 of them). */
export const ExitPlanItemSchema = z.object({
  /** The line's first pile entry: a tick of the line refers to it. */
  id: z.string().min(1),
  /** Every pile entry the line stands for, `id` first: ticking the line ticks them all. */
  ids: z.array(z.string().min(1)).min(1),
  name: z.string().min(1),
});
export type ExitPlanItem = z.infer<typeof ExitPlanItemSchema>;

export const ExitPlanGroupSchema = z.object({
  kind: ExitPlanGroupKindSchema,
  /**
   * Stable within a plan: `trash`, `recycle`, `recycle:<recycling point folded>` (a pharmacy, a battery point),
   * `donate`, `place:<destination folded>`, or `place:` for no destination.
   */
  key: z.string().min(1),
  /** "Trash", "To the kitchen", "Elsewhere in the home". */
  title: z.string().min(1),
  /** One practical line: what to do with the group. */
  hint: z.string().optional(),
  /** Where `place` items go, or a recycling point, as first written. */
  destination: z.string().optional(),
  items: z.array(ExitPlanItemSchema).min(1),
});
export type ExitPlanGroup = z.infer<typeof ExitPlanGroupSchema>;

export const ExitPlanSchema = z.object({ groups: z.array(ExitPlanGroupSchema) });
export type ExitPlan = z.infer<typeof ExitPlanSchema>;

/** `exit-plan.json` in a session's folder. Ids of items no longer in the plan are harmless and ignored. */
export const ExitPlanTicksSchema = z.object({
  version: z.literal(1),
  /** Ids of the plan's items that are done. */
  done: z.array(z.string().min(1).max(128)).max(10_000),
  /** Epoch milliseconds: the person put the plan away; it is not offered at start again. */
  dismissedAt: z.number().int().nonnegative().optional(),
});
export type ExitPlanTicks = z.infer<typeof ExitPlanTicksSchema>;

export const NO_TICKS: ExitPlanTicks = { version: 1, done: [] };

/** One session's plan as the GUI shows it: the groups with each item's tick, and the counts. */
export const ExitPlanViewSchema = z.object({
  sessionId: z.string().min(1),
  /** Epoch milliseconds. */
  startedAt: z.number().int().nonnegative(),
  spaceFunction: z.string().optional(),
  ended: z.boolean(),
  groups: z.array(ExitPlanGroupSchema.extend({ items: z.array(ExitPlanItemSchema.extend({ done: z.boolean() })).min(1) })),
  /** Things in the plan (a line of 12 books is 12). */
  total: z.number().int().nonnegative(),
  /** Things ticked off. */
  done: z.number().int().nonnegative(),
  dismissedAt: z.number().int().nonnegative().optional(),
});
export type ExitPlanView = z.infer<typeof ExitPlanViewSchema>;

/** A plan with things still to take out, for the calm notice at start. */
export const OpenExitPlanSchema = z.object({
  sessionId: z.string().min(1),
  startedAt: z.number().int().nonnegative(),
  spaceFunction: z.string().optional(),
  left: z.number().int().positive(),
  total: z.number().int().positive(),
});
export type OpenExitPlan = z.infer<typeof OpenExitPlanSchema>;

/** A room an errand's things come from, as Home names it (`named`: the person's own name, else one from its use). */
export const ErrandRoomSchema = z.object({ id: z.string().min(1), name: z.string().min(1), named: z.boolean() });
export type ErrandRoom = z.infer<typeof ErrandRoomSchema>;

/** One line of an errand: a line of one session's plan, ticked in that session's exit-plan.json. */
export const ErrandLineSchema = ExitPlanItemSchema.extend({ sessionId: z.string().min(1), room: ErrandRoomSchema.optional(), done: z.boolean() });
export type ErrandLine = z.infer<typeof ErrandLineSchema>;

/**
 * One trip across rooms: every session's group with the same destination key (`donate`, `recycle:pharmacy`,
 * `place:mum's`), merged.
 */
export const ErrandSchema = z.object({
  key: z.string().min(1),
  kind: ExitPlanGroupKindSchema,
  /** As the plan titles it ("Donation", "Recycling: the pharmacy", "To mum's"), from the oldest session that has it. */
  title: z.string().min(1),
  hint: z.string().optional(),
  /** Things still to take (a line of 12 books is 12). */
  left: z.number().int().nonnegative(),
  /** Things on the errand, ticked or not. */
  total: z.number().int().positive(),
  /** Where the things still to take come from (once all are done, where they all came from), oldest first. */
  rooms: z.array(ErrandRoomSchema),
  lines: z.array(ErrandLineSchema).min(1),
});
export type Errand = z.infer<typeof ErrandSchema>;

/** Home's trips to make: the errands with things left, then those all ticked off. */
export const ErrandsSchema = z.object({ open: z.array(ErrandSchema), done: z.array(ErrandSchema) });
export type Errands = z.infer<typeof ErrandsSchema>;
