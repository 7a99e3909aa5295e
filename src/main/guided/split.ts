/**
 * Splitting the unsure pile (seed 001): keyword suggestions exactly as the seed's table, the emergent categories
 * that hold the items, and the person's edits from the confirmation dialog (rename, merge).
 *
 * | Pattern (substring, any case) | Suggested categories        |
 * |-------------------------------|-----------------------------|
 * | cable, cord                   | cables, other               |
 * | paper, document               | papers, other               |
 * | book                          | books, other                |
 * | clothes, shirt                | clothes, other              |
 * | (default)                     | keep-maybe, donate-maybe    |
 *
 * When items match several rows, the first row in table order wins, as in the seed.
 */
import type { Category } from '../../shared/session/guided';
import type { SplitEdit } from './input';

export const UNSURE_THRESHOLD = 5;

export interface SplitPattern {
  readonly keywords: readonly string[];
  readonly category: string;
}

export const SPLIT_PATTERNS: readonly SplitPattern[] = [
  { keywords: ['cable', 'cord'], category: 'cables' },
  { keywords: ['paper', 'document'], category: 'papers' },
  { keywords: ['book'], category: 'books' },
  { keywords: ['clothes', 'shirt'], category: 'clothes' },
];
export const OTHER = 'other';
export const DEFAULT_SPLIT = ['keep-maybe', 'donate-maybe'] as const;

/** Words that hint an unsure item could leave; without a keyword row, these go to donate-maybe. */
const LEAVING_HINTS = ['old', 'spare', 'extra', 'unused', 'duplicate', 'second'];

const matches = (item: string, keywords: readonly string[]) => keywords.some((keyword) => item.toLowerCase().includes(keyword));

/** The seed's `suggestSplit`: the category names for these unsure items. */
export function suggestSplit(items: readonly string[]): [string, string] {
  const row = SPLIT_PATTERNS.find((pattern) => items.some((item) => matches(item, pattern.keywords)));
  return row ? [row.category, OTHER] : [...DEFAULT_SPLIT];
}

/**
 * The suggested categories with their items: keyword matches in the named category and the rest in "other";
 * for the default pair, items with a leaving hint in donate-maybe. Empty categories are left out.
 */
export function emergentCategories(items: readonly string[]): Category[] {
  const [first, second] = suggestSplit(items);
  const row = SPLIT_PATTERNS.find((pattern) => pattern.category === first);
  const inFirst = row
    ? (item: string) => matches(item, row.keywords)
    : (item: string) => !LEAVING_HINTS.some((hint) => new RegExp(`\\b${hint}\\b`, 'i').test(item));
  return [
    { name: first, items: items.filter(inFirst) },
    { name: second, items: items.filter((item) => !inFirst(item)) },
  ].filter((category) => category.items.length > 0);
}

/**
 * The person's edit of the suggestion. Rename goes by position; with fewer names than categories the rest join
 * the last named one, extra names have nothing to hold and are dropped; equal names become one category. A rename
 * of one pile (`pile`) changes that pile's name only.
 * Merge makes one category of everything. The result keeps every item and has no empty category.
 */
export function editCategories(categories: readonly Category[], edit: Exclude<SplitEdit, { kind: 'decline' }>): Category[] {
  switch (edit.kind) {
    case 'accept':
      return categories.filter((category) => category.items.length > 0).map((category) => ({ ...category, items: [...category.items] }));
    case 'merge':
      return [{ name: categories.map((category) => category.name).join(' and '), items: categories.flatMap((category) => category.items) }];
    case 'rename': {
      if (edit.pile) {
        // One pile gets the new name; the others stay as they were. A pile that cannot be found changes nothing.
        const { pile } = edit;
        const index =
          'at' in pile
            ? pile.at === -1 ? categories.length - 1 : pile.at
            : categories.findIndex((category) => sameWords(category.name, pile.named));
        return categories
          .map((category, at) => ({ name: at === index ? edit.names[0]! : category.name, items: [...category.items] }))
          .filter((category) => category.items.length > 0);
      }
      const merged: Category[] = [];
      categories.forEach((category, index) => {
        const name = edit.names[Math.min(index, edit.names.length - 1)]!;
        const same = merged.find((existing) => existing.name.toLowerCase() === name.toLowerCase());
        if (same) same.items.push(...category.items);
        else merged.push({ name, items: [...category.items] });
      });
      return merged.filter((category) => category.items.length > 0);
    }
  }
}

/** "papers" names the pile "Papers and documents"; "the cables" names "Cables": one holds the other's words. */
function sameWords(pileName: string, said: string): boolean {
  const words = (text: string) => text.toLowerCase().replace(/\b(?:the|a|an|pile|one|lot)\b/g, ' ').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const pile = words(pileName);
  const named = words(said);
  return named.length > 0 && named.every((word) => pile.some((other) => other === word || other === `${word}s` || `${other}s` === word));
}

/** "cables, sketchbooks and magazines" -> ["cables", "sketchbooks", "magazines"]. */
export function parseList(text: string): string[] {
  return text
    .split(/,|;|\n|\band\b|&|\+/i)
    .map((part) => part.trim().replace(/^[-*•]\s*/, '').replace(/[.!]+$/, '').trim())
    .filter((part) => part.length > 0)
    .map((part) => part.slice(0, 200));
}
