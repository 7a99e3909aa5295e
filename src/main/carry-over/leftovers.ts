/**
 * What a session leaves for next time, worked out from its state alone: its meta.json keeps the result, so a new
 * session can offer it without reading any log.
 */
import type { Leftovers } from '../../shared/carry-over/schema';
import type { SessionState } from '../../shared/session/schema';

/** The schema's bounds: entries are names of at most 200 characters, at most 30 of each kind. */
const MAX_ENTRIES = 30;
const MAX_CHARS = 200;

/** Carried unsure items this session has not decided on yet (any answer, "Not sure yet" and skip included). */
export function carriedLeft(state: SessionState): string[] {
  const carried = state.carriedOver?.unsure ?? [];
  return carried.filter((item) => !state.decisions.some((decision) => sameName(decision.item, item)));
}

export function leftoversOf(state: SessionState): Leftovers {
  const unsure = tidy([...state.piles.unsure.map((item) => item.name), ...carriedLeft(state)]);
  // The guided coach's areas left for later; once ended, the summary's list is the record (it names them too).
  const later = state.guided && state.guided.phase !== 'surveying' ? state.guided.active.later : [];
  const listed = state.ending ? state.ending.nextTime : [...later, ...(state.carriedOver?.nextTime ?? [])];
  const nextTime = tidy(listed).filter((entry) => !unsure.some((item) => repeats(entry, item)));
  return { anchors: tidy(state.anchors), unsure, nextTime };
}

/** "Decide on: mug" (the guided summary's wording) or "mug" only repeats the unsure item. */
function repeats(entry: string, item: string): boolean {
  const text = entry.trim().toLowerCase();
  const name = item.trim().toLowerCase();
  return text === name || text === `decide on: ${name}`;
}

function tidy(entries: readonly string[]): string[] {
  const kept: string[] = [];
  for (const entry of entries) {
    const text = entry.trim().slice(0, MAX_CHARS).trim();
    if (text && !kept.some((other) => sameName(other, text))) kept.push(text);
  }
  return kept.slice(0, MAX_ENTRIES);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
