/** Where two JSON values differ, as paths a person can read ("piles.out.2.name"). */
export interface Difference {
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

export function differences(expected: unknown, actual: unknown, limit = 10): Difference[] {
  const found: Difference[] = [];
  walk(expected, actual, '', found, limit);
  return found;
}

function walk(expected: unknown, actual: unknown, at: string, found: Difference[], limit: number): void {
  if (found.length >= limit || Object.is(expected, actual)) return;
  const bothArrays = Array.isArray(expected) && Array.isArray(actual);
  const bothObjects = isRecord(expected) && isRecord(actual);
  if (bothArrays || bothObjects) {
    const a = expected as Record<string, unknown>;
    const b = actual as Record<string, unknown>;
    const keys = bothArrays
      ? Array.from({ length: Math.max((expected as unknown[]).length, (actual as unknown[]).length) }, (_, index) => String(index))
      : [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) walk(a[key], b[key], at ? `${at}.${key}` : key, found, limit);
    return;
  }
  found.push({ path: at || '(root)', expected, actual });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line per difference, for a terminal. */
export function formatDifferences(found: readonly Difference[]): string {
  return found
    .map((difference) => `  ${difference.path}: expected ${show(difference.expected)}, got ${show(difference.actual)}`)
    .join('\n');
}

function show(value: unknown): string {
  if (value === undefined) return '(nothing)';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
