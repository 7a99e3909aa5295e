/**
 * What the runner records for one scenario, as JSON: the person's and coach's messages (the coach's with the mode
 * it spoke in), the cards asked and how they were answered, mode changes and pile changes, in the order they
 * happened. The scorers read only this, so recorded transcripts can be scored again without a model.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AnswerSchema, QuestionSchema } from '../../shared/questions/schema';
import { CoachHandoverSchema, type ModeKind } from '../../shared/session/schema';
import { EvalScenarioSchema } from './scenario';

/** The session's mode kinds (the `satisfies` keeps the list in step with the session schema). */
export const EvalModeKindSchema = z.enum(['surveying', 'sorting', 'clarifying', 'decisionSupport', 'windingDown'] as const satisfies readonly ModeKind[]);

/** Item names per pile, as the person would see them listed. */
export const PileNamesSchema = z.strictObject({ belongs: z.array(z.string()), out: z.array(z.string()), unsure: z.array(z.string()) });
export type PileNames = z.infer<typeof PileNamesSchema>;

export const TranscriptEventSchema = z.discriminatedUnion('type', [
  /** `step` is the index of the scenario message. */
  z.strictObject({ type: z.literal('person'), step: z.int().min(0), text: z.string() }),
  z.strictObject({ type: z.literal('photos'), step: z.int().min(0), count: z.int().min(1) }),
  z.strictObject({ type: z.literal('coach'), mode: EvalModeKindSchema, text: z.string() }),
  z.strictObject({ type: z.literal('card'), question: QuestionSchema }),
  z.strictObject({ type: z.literal('answer'), questionId: z.string(), answer: AnswerSchema }),
  z.strictObject({ type: z.literal('mode'), from: EvalModeKindSchema, to: EvalModeKindSchema }),
  z.strictObject({ type: z.literal('piles'), piles: PileNamesSchema }),
  z.strictObject({ type: z.literal('ended') }),
  /** The conversational coach handed the session to the guided coach (its tool calls kept failing, or were refused). */
  z.strictObject({ type: z.literal('handover'), reason: CoachHandoverSchema.shape.reason }),
  /** A turn that failed (the model's fault, as the app showed it). */
  z.strictObject({ type: z.literal('error'), message: z.string() }),
]);
export type TranscriptEvent = z.infer<typeof TranscriptEventSchema>;

export const TranscriptSchema = z.strictObject({
  scenario: EvalScenarioSchema,
  model: z.string(),
  startedAt: z.string(),
  events: z.array(TranscriptEventSchema),
});
export type Transcript = z.infer<typeof TranscriptSchema>;

export async function readTranscript(file: string): Promise<Transcript> {
  const parsed = TranscriptSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
