/**
 * The words the coach's tone rules (templates/coach/partials/rules.njk) forbid: praise inflation ("great job!",
 * "amazing") and judgement, shaming, nagging or guilt. Matched as whole words, case-insensitively. Plain
 * acknowledgement ("Got it.", "Good stopping point.") is allowed: the rules ask for warm and factual, not cold.
 */
export const PRAISE_WORDS = [
  'great job',
  'good job',
  'well done',
  'nice work',
  'great work',
  'amazing',
  'awesome',
  'fantastic',
  'incredible',
  'brilliant',
  'superb',
  'excellent',
  'wonderful',
  'outstanding',
  'proud of you',
  'you rock',
  'nailed it',
  'crushing it',
  'superstar',
  'way to go',
] as const;

export const SHAMING_WORDS = [
  'lazy',
  'messy person',
  'slob',
  'disgusting',
  'gross',
  'filthy',
  'ridiculous',
  'pathetic',
  'embarrassing',
  'shameful',
  'hoarder',
  'should have',
  "should've",
  'why haven\u2019t you',
  "why haven't you",
  'you always',
  'you never',
  'no excuse',
  'overdue',
  'behind schedule',
  'finally',
  'come on',
  'hurry up',
] as const;

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/['\u2019]/g, "['\u2019]");

/** The listed words a text uses, as listed. */
export function wordsIn(text: string, words: readonly string[]): string[] {
  return words.filter((word) => new RegExp(`(^|[^\\p{L}])${escape(word)}($|[^\\p{L}])`, 'iu').test(text));
}
