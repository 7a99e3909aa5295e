/**
 * The labelled sets of free-text answers, in the order they were written: what the rules were built on (corpus),
 * written apart (heldout), then the blind sets, each measured once unseen and only then committed. The learned
 * reader trains on all of them; any one set is judged by a reader trained on the others (`compare.ts`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCorpus, type CorpusEntry } from './corpus';

export const SET_NAMES = ['corpus', 'heldout', 'fresh-a', 'fresh-b', 'fresh-c', 'fresh-d', 'fresh-e'] as const;
export type SetName = (typeof SET_NAMES)[number];

export interface LabelledSet {
  readonly name: string;
  readonly entries: readonly CorpusEntry[];
}

export const setFile = (name: string) => path.join(import.meta.dirname, `${name}.jsonl`);

export function readSet(name: SetName): LabelledSet {
  const file = setFile(name);
  return { name, entries: parseCorpus(readFileSync(file, 'utf8'), file) };
}

export const readSets = (): LabelledSet[] => SET_NAMES.map(readSet);
