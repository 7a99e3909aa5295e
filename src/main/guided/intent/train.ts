/** Builds the shipped learnings from the labelled sets: what `npm run train:intent` writes, and what its test rebuilds. */
import { readSets } from '../understanding/sets';
import { trainIntentClassifier } from './classifier';
import type { ShippedModel } from './shipped';

export function buildShippedModel(): ShippedModel {
  const sets = readSets();
  const classifier = trainIntentClassifier(sets.flatMap((set) => set.entries));
  return { trainedOn: Object.fromEntries(sets.map((set) => [set.name, set.entries.length])), learnings: classifier.toJSON() };
}

export const MODEL_FILE = new URL('./intent-model.json', import.meta.url);
