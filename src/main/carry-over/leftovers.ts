/**
 * What a session leaves for next time, worked out from its state alone: its meta.json keeps the result, so a new
 * session can offer it without reading any log.
 */
import { MAX_THINGS, type Leftovers } from '../../shared/carry-over/schema';
import { groupedPiles } from '../../shared/session/pile-groups';
import type { SessionState } from '../../shared/session/schema';

/** The schema's bounds: entries are names of at most 200 characters, at most 30 anchors or next-time entries. */
const MAX_ENTRIES = 30;
const MAX_CHARS = 200;

/**
 * Carried unsure things this session has not decided on yet (any answer, "Not sure yet" and skip included). Each
 * carried entry is one thing, so two "book"s carried need two decisions about a book.
 */
export function carriedLeft(state: SessionState): string[] {
  const carried = state.carriedOver?.unsure ?? [];
  const decided = new Map<string, number>();
  for (const decision of state.decisions) decided.set(fold(decision.item), (decided.get(fold(decision.item)) ?? 0) + 1);
  return carried.filter((item) => {
    const left = decided.get(fold(item)) ?? 0;
    decided.set(fold(item), left - 1);
    return left <= 0;
  });
}

export function leftoversOf(state: SessionState): Leftovers {
  // One entry a thing: two books left unsure are two entries, so the next session counts them as two.
  const unsure = things([...groupedPiles(state).undecided.map((item) => item.name), ...carriedLeft(state)]);
  // The guided coach's areas left for later; once ended, the summary's list is the record (it names them too).
  const later = state.guided && state.guided.phase !== 'surveying' ? state.guided.active.later : [];
  const listed = state.ending ? state.ending.nextTime : [...later, ...(state.carriedOver?.nextTime ?? [])];
  const nextTime = tidy(listed).filter((entry) => !unsure.some((item) => repeats(entry, item)));
  return { anchors: tidy(state.anchors), unsure, nextTime };
}

/** "Decide on: mug" (the guided summary's wording, "Decide on: book ×2" for several) or "mug" only repeats the unsure item. */
function repeats(entry: string, item: string): boolean {
  const text = entry.trim().toLowerCase().replace(/ ×\d+$/, '');
  const name = item.trim().toLowerCase();
  return text === name || text === `decide on: ${name}`;
}

/** Names of things, one entry each (trimmed, cut to the schema's length), at most the schema's count. */
function things(entries: readonly string[]): string[] {
  return entries
    .map((entry) => entry.trim().slice(0, MAX_CHARS).trim())
    .filter(Boolean)
    .slice(0, MAX_THINGS);
}

function tidy(entries: readonly string[]): string[] {
  const kept: string[] = [];
  for (const entry of entries) {
    const text = entry.trim().slice(0, MAX_CHARS).trim();
    if (text && !kept.some((other) => sameName(other, text))) kept.push(text);
  }
  return kept.slice(0, MAX_ENTRIES);
}

const sameName = (a: string, b: string) => fold(a) === fold(b);
const fold = (name: string) => name.trim().toLowerCase();
