/**
 * Rules, the learned classifier and both together, side by side on every labelled set, each set judged by a
 * classifier that never learned from it: trained on the other sets, and the corpus (which the others cannot outweigh)
 * in five folds. The rules were tuned on most of these sets, so only a blind set measured before its tuning says how
 * they read unseen answers; the classifier's and the combination's figures here are all left out.
 */
import type { Expecting, Input } from '../input';
import { trainIntentClassifier, type IntentClassifier } from '../intent/classifier';
import { answerFor } from '../intent/combine';
import { readByRules, readWith } from '../understand';
import type { CorpusEntry } from './corpus';
import { scoreUnderstanding, type Reader, type UnderstandingScore } from './score';
import type { LabelledSet } from './sets';

export const READERS = ['rules', 'classifier', 'both'] as const;
export type ReaderName = (typeof READERS)[number];

/** The readers made from the rules and one classifier. */
export function readersWith(classifier: IntentClassifier, rules: Reader = readByRules): Record<ReaderName, Reader> {
  return {
    rules,
    // The classifier alone: what it hears, with the names the rules read when they hear the same.
    classifier: (text: string, expecting: Expecting): Input => {
      const [top] = classifier.classify(text, expecting);
      const heard = rules(text, expecting);
      return (top && answerFor(top.intent, text, expecting, heard)) ?? (top?.intent === 'stop' ? { kind: 'stop' } : { kind: 'unclear', text });
    },
    both: (text: string, expecting: Expecting) => readWith(classifier, text, expecting, rules(text, expecting)),
  };
}

const FOLDS = 5;

/** Each of `sets` judged left out; `within` names the sets judged in folds against the rest of themselves too. */
export function compareReaders(sets: readonly LabelledSet[], within = 'corpus'): { name: string; scores: Record<ReaderName, UnderstandingScore> }[] {
  return sets.map((set) => {
    const others = sets.filter((other) => other !== set).flatMap((other) => other.entries);
    const folds: { test: readonly CorpusEntry[]; train: readonly CorpusEntry[] }[] =
      set.name === within
        ? Array.from({ length: FOLDS }, (_, fold) => ({
            test: set.entries.filter((_, index) => index % FOLDS === fold),
            train: [...others, ...set.entries.filter((_, index) => index % FOLDS !== fold)],
          }))
        : [{ test: set.entries, train: others }];
    // Each entry is read by the classifier of its own fold; the score is then taken over the whole set at once.
    const readerOf = new Map<CorpusEntry, Record<ReaderName, Reader>>();
    // The rules read each answer once, whichever reader asks: their reading does not depend on the fold.
    const ruled = new Map<string, Input>();
    const rules: Reader = (text, expecting) => {
      const key = `${JSON.stringify(expecting)}\u0000${text}`;
      const known = ruled.get(key) ?? readByRules(text, expecting);
      ruled.set(key, known);
      return known;
    };
    for (const fold of folds) {
      const readers = readersWith(trainIntentClassifier(fold.train), rules);
      for (const entry of fold.test) readerOf.set(entry, readers);
    }
    const scoreWith = (name: ReaderName) => scoreUnderstanding(set.entries, (text, expecting, entry) => readerOf.get(entry)![name](text, expecting));
    return { name: set.name, scores: { rules: scoreWith('rules'), classifier: scoreWith('classifier'), both: scoreWith('both') } };
  });
}

const pct = (count: number, total: number) => `${((100 * count) / total).toFixed(1)}%`;

/** One line a set: each reader's share read as meant (confirmed right counted), its confirmations and its worst misreadings. */
export function formatReaders(rows: ReturnType<typeof compareReaders>): string {
  const cell = (score: UnderstandingScore) =>
    `${pct(score.read, score.total).padStart(6)} (${String(score.confirmations).padStart(2)} asked, ${score.falseStops.length} stop, ${score.movedOut.length} out)`;
  return [
    'Read as meant, left out (asked: confirmations; stop: false stops; out: moved out of the home unsaid):',
    `  ${'set'.padEnd(9)} ${'answers'.padStart(7)}  ${READERS.map((reader) => reader.padEnd(32)).join(' ')}`,
    ...rows.map(({ name, scores }) => `  ${name.padEnd(9)} ${String(scores.rules.total).padStart(7)}  ${READERS.map((reader) => cell(scores[reader]).padEnd(32)).join(' ')}`),
  ].join('\n');
}
