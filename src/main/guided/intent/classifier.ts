/**
 * The learned reader: a naive Bayes text classifier (wink) over `featuresOf`, trained on the labelled answers by
 * `npm run train:intent` and shipped as `intent-model.json`. It says what an answer does (`Intent`), with how likely
 * each intent is; the rules read the names. `combine.ts` decides which of the two to trust.
 */
import createClassifier from 'wink-naive-bayes-text-classifier';
import { z } from 'zod';
import type { Expecting } from '../input';
import type { CorpusEntry } from '../understanding/corpus';
import { featuresOf } from './features';
import { intentOf, intentsFor, type Intent } from './intents';

export interface Guess {
  readonly intent: Intent;
  /** The intent's share of the card's intents' likelihood, 0 to 1. */
  readonly probability: number;
}

export interface IntentClassifier {
  /** The card's intents, most likely first. */
  classify(text: string, expecting: Expecting): readonly Guess[];
  /** The learnings, to ship as a file. */
  toJSON(): string;
}

// Laplace smoothing over-counts rare n-grams on a corpus this small; a half is kinder to unseen words.
const CONFIG = { considerOnlyPresence: true, smoothingFactor: 0.5 } as const;

function wrap(model: ReturnType<typeof createClassifier>): IntentClassifier {
  return {
    classify(text, expecting) {
      const allowed = new Set<string>(intentsFor(expecting));
      const odds = model.computeOdds(featuresOf(text, expecting)).filter(([label]) => allowed.has(label));
      if (odds.length === 0) return [{ intent: 'unclear', probability: 1 }];
      // log2 odds of each label against the rest, turned into shares of one over the card's intents.
      const top = Math.max(...odds.map(([, value]) => value));
      const weights = odds.map(([label, value]) => [label, 2 ** (value - top)] as const);
      const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
      return weights.map(([label, weight]) => ({ intent: label as Intent, probability: weight / total }));
    },
    toJSON: () => model.exportJSON(),
  };
}

/** Learns from labelled answers: each answer's first label is what it does. */
export function trainIntentClassifier(entries: readonly CorpusEntry[]): IntentClassifier {
  const model = createClassifier();
  model.defineConfig(CONFIG);
  for (const entry of entries) {
    const intent = intentOf(entry.meant[0]!);
    if (intent) model.learn(featuresOf(entry.text, entry.expecting), intent);
  }
  model.consolidate();
  return wrap(model);
}

// What wink exports: enough to know the file is its learnings, not what each part holds.
const ExportedSchema = z.array(z.unknown()).min(4);

/** Loads shipped learnings; a file that is not wink's learnings is an error naming where it came from. */
export function loadIntentClassifier(json: string, source: string): IntentClassifier {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new Error(`${source}: not JSON (${(error as Error).message})`, { cause: error });
  }
  if (!ExportedSchema.safeParse(parsed).success) throw new Error(`${source}: not the learned reader's learnings`);
  const model = createClassifier();
  model.defineConfig(CONFIG);
  model.importJSON(json);
  model.consolidate();
  return wrap(model);
}
