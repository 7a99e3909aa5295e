/**
 * The learned reader the app ships: learnings built by `npm run train:intent` from every labelled set, kept in
 * `intent-model.json` beside this file (the learnings as one string, so the type checker does not walk them).
 */
import { z } from 'zod';
import model from './intent-model.json' with { type: 'json' };
import { loadIntentClassifier, type IntentClassifier } from './classifier';

export const ShippedModelSchema = z.strictObject({
  /** The sets it learned from and their sizes, so a reader of the file knows what it has seen. */
  trainedOn: z.record(z.string(), z.number().int().positive()),
  learnings: z.string().min(1),
});
export type ShippedModel = z.infer<typeof ShippedModelSchema>;

let shipped: IntentClassifier | undefined;

/** Loaded once, on first use: the app reads no text before the first answer. */
export function shippedClassifier(): IntentClassifier {
  shipped ??= loadIntentClassifier(ShippedModelSchema.parse(model).learnings, 'intent-model.json');
  return shipped;
}
