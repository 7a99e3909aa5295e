import { z } from 'zod';

/** What the GUI shows while the coach works: thinking (with the reply as it streams), retrying, or a problem. */
export const CoachActivitySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('idle') }),
  z.object({ status: z.literal('thinking'), draft: z.string().optional() }),
  z.object({ status: z.literal('retrying'), notice: z.string() }),
  z.object({ status: z.literal('error'), notice: z.string() }),
]);
export type CoachActivity = z.infer<typeof CoachActivitySchema>;
