/**
 * "Next time" as a person says it. A session's list for next time stays data ("Decide on: donut", "Decide on: books
 * ×2", an area left for later, or the model's own words), which the next session reads back (carry-over); these words
 * are only how it is said: "decide on the donut and the 2 books, then the desk drawer".
 */
import { theName } from './names';

const DECIDE_ON = /^decide on: (.+)$/i;
const SEVERAL = /^(.+) ×(\d+)$/;

/** A thing as the list names it ("books ×2"), said: "the 2 books". */
function thingSaid(listed: string): string {
  const several = SEVERAL.exec(listed.trim());
  return several ? `the ${several[2]} ${several[1]}` : theName(listed.trim());
}

/** "a, b and c". */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** One entry on its own line: "Decide on: donut" reads "Decide on the donut"; anything else as it was written. */
export function nextTimeLine(entry: string): string {
  const thing = DECIDE_ON.exec(entry.trim())?.[1];
  return thing ? `Decide on ${thingSaid(thing)}` : entry.trim();
}

/** The whole list in one sentence's words, starting lower case: "decide on the donut and the orange, then the desk". */
export function nextTimeWords(entries: readonly string[]): string {
  const things = entries.flatMap((entry) => DECIDE_ON.exec(entry.trim())?.[1] ?? []).map(thingSaid);
  const others = entries.filter((entry) => !DECIDE_ON.test(entry.trim()) && entry.trim()).map((entry) => lowerFirst(entry.trim()));
  const deciding = things.length ? `decide on ${listed(things)}` : '';
  if (!deciding) return listed(others);
  return others.length ? `${deciding}, then ${listed(others)}` : deciding;
}

/** "The desk drawer" mid-sentence is "the desk drawer"; "USB cables" keeps its capitals. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}
