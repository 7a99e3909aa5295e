/** How the guided coach compares names (what the detector calls a thing, what a person says), and lists of them. */

export function nonEmpty<T>(list: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = list;
  if (first === undefined) throw new Error('Expected at least one category.');
  return [first, ...rest];
}

export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
/** A detected thing's name and what a person calls it: "the cups", "my cup" and "cup" are all the cup. */
export const sameThing = (name: string, said: string) => {
  const bare = said.trim().toLowerCase().replace(/^(?:the|my|a|an|that|this|those|these)\s+/, '');
  const lower = name.toLowerCase();
  return bare === lower || bare === `${lower}s` || bare === `${lower}es`;
};
export const sentenceCase = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
export const includesName = (list: readonly string[], name: string) => list.some((entry) => sameName(entry, name));

export function unique(list: readonly string[]): string[] {
  return list.filter((entry, index) => list.findIndex((other) => sameName(other, entry)) === index);
}
