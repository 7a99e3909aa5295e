/**
 * A JSON file of the app's own, read against its schema: missing, read, or there but unusable with why in words (a
 * message for the person, never a stack). What to do with an unusable file is the caller's: nothing here writes.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';

export type JsonFileRead<T> =
  | { readonly kind: 'missing' }
  | { readonly kind: 'read'; readonly value: T }
  /** There, but not usable as it is: `reason` says why, in words. */
  | { readonly kind: 'unusable'; readonly reason: string };

/** `holds` completes "it does not hold …" for a file of the wrong shape ("rooms as Tidying writes them"). */
export async function readJsonFile<S extends z.ZodType>(file: string, schema: S, holds: string): Promise<JsonFileRead<z.infer<S>>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unusable', reason: `it could not be opened (${(error as Error).message})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // A file cut short (written by hand, or by a disk that filled up) is the usual cause.
    return { kind: 'unusable', reason: text.trim() ? 'it is not complete JSON (it may have been cut short)' : 'it is empty' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { kind: 'unusable', reason: `it does not hold ${holds} (${issues(parsed.error)})` };
  return { kind: 'read', value: parsed.data };
}

function issues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
