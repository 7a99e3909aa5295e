/**
 * JSON Patch (RFC 6902) between two JSON-like values: what the session log records of a turn instead of the whole
 * state, and what a timeline folds back into states.
 *
 * `diffJson` is ours because it must treat an `undefined` property as absent (the values are live JavaScript
 * objects, the log holds their JSON), skip subtrees that are the same object at once (a long session's arrays
 * share almost every element with the state before), emit keys in sorted order (equal states give equal patches
 * whatever order their keys were written in) and see a window that slides along an array (the coach's bounded
 * history drops its oldest messages as it appends new ones) as removals at the front plus appends, not as a
 * rewrite of every element.
 *
 * Applying is ours too: it never changes the document it is given, and the new one shares every part the patch did
 * not touch with it (containers on a patched path are copied once per patch, then changed in place). So a fold
 * keeps each turn's state at the cost of what the turn changed, and nothing a fold holds can be changed by a later
 * patch. (Immer does the same, but its finishing walk over untouched parts made a thousand-turn fold take half a
 * second.) Paths are checked first: a patch may come from a file someone sent, so one that reaches for a prototype,
 * or does not fit the document, is refused with why.
 */
import { z } from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const JsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValueSchema), z.record(z.string(), JsonValueSchema)]),
);

const pointer = z.string().regex(/^(\/([^~/]|~[01])*)*$/, 'a JSON pointer');

export const JsonPatchOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), path: pointer, value: JsonValueSchema }),
  z.object({ op: z.literal('remove'), path: pointer }),
  z.object({ op: z.literal('replace'), path: pointer, value: JsonValueSchema }),
]);
export type JsonPatchOperation = z.infer<typeof JsonPatchOperationSchema>;
export const JsonPatchSchema = z.array(JsonPatchOperationSchema);
export type JsonPatch = JsonPatchOperation[];

/** The operations that turn `before` into `after` (as their JSON would read: undefined properties are absent). */
export function diffJson(before: unknown, after: unknown): JsonPatch {
  const patch: JsonPatch = [];
  walk(before, after, '', patch);
  return patch;
}

export class JsonPatchError extends Error {
  override readonly name = 'JsonPatchError';
}

/**
 * The document with the patch applied: a new one, sharing what the patch did not touch; `document` is not changed,
 * and neither is the patch (its values are copied in). Throws `JsonPatchError`, naming the operation, when the
 * patch does not fit the document.
 */
export function applyJsonPatch<T>(document: T, patch: readonly JsonPatchOperation[]): T {
  // Containers this call made: changed in place from then on, so a path is copied once however many ops use it.
  const made = new Set<object>();
  const own = (container: object): Record<string, unknown> => {
    if (made.has(container)) return container as Record<string, unknown>;
    const copy = Array.isArray(container) ? [...(container as unknown[])] : { ...container };
    made.add(copy);
    return copy as Record<string, unknown>;
  };
  let root: unknown = document;
  for (const [index, operation] of patch.entries()) {
    const path = pathOf(operation.path, index);
    const where = `operation ${index + 1} (${operation.op} ${operation.path || '(root)'})`;
    if (path.length === 0) {
      if (operation.op !== 'replace') throw new JsonPatchError(`${where}: only a replace can act on the whole document`);
      root = structuredClone(operation.value);
      continue;
    }
    if (!isContainer(root)) throw new JsonPatchError(`${where}: the document is not an object or a list`);
    root = own(root);
    let parent = root as Record<string, unknown>;
    for (const segment of path.slice(0, -1)) {
      const child = Array.isArray(parent) ? (isIndex(segment, parent.length - 1) ? parent[Number(segment)] : undefined) : ownValue(parent, segment);
      if (!isContainer(child)) throw new JsonPatchError(`${where}: its parent is not in the document`);
      const owned = own(child);
      parent[segment] = owned;
      parent = owned;
    }
    applyAt(parent, path.at(-1)!, operation, where);
  }
  return root as T;
}

function applyAt(parent: Record<string, unknown>, key: string, operation: JsonPatchOperation, where: string): void {
  const value = 'value' in operation ? structuredClone(operation.value) : undefined;
  if (Array.isArray(parent)) {
    const list = parent as unknown[];
    const append = operation.op === 'add' && key === '-';
    if (!append && !isIndex(key, operation.op === 'add' ? list.length : list.length - 1)) {
      throw new JsonPatchError(`${where}: no such place in a list of ${list.length}`);
    }
    const at = append ? list.length : Number(key);
    if (operation.op === 'add') list.splice(at, 0, value);
    else if (operation.op === 'remove') list.splice(at, 1);
    else list[at] = value;
    return;
  }
  if (operation.op !== 'add' && !Object.prototype.hasOwnProperty.call(parent, key)) throw new JsonPatchError(`${where}: nothing there to ${operation.op}`);
  if (operation.op === 'remove') delete parent[key];
  else parent[key] = value;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isIndex(segment: string, max: number): boolean {
  const at = Number(segment);
  return Number.isInteger(at) && at >= 0 && at <= max && String(at) === segment;
}

function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

const RESERVED = new Set(['__proto__', 'prototype', 'constructor']);

/** A JSON pointer as path segments; a segment that names a prototype is refused. */
function pathOf(pointer: string, index: number): string[] {
  if (pointer === '') return [];
  const segments = pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  const reserved = segments.find((segment) => RESERVED.has(segment));
  if (reserved) throw new JsonPatchError(`operation ${index + 1} reaches for "${reserved}" (${pointer}): refused`);
  return segments;
}

/** A JSON copy: the value as a log line would hold it. */
export function toJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Deep equality of two values as JSON: undefined properties are absent, key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = definedKeys(a);
  if (keys.length !== definedKeys(b).length) return false;
  return keys.every((key) => b[key] !== undefined && jsonEqual(a[key], b[key]));
}

function walk(before: unknown, after: unknown, path: string, patch: JsonPatch): void {
  if (before === after) return;
  if (Array.isArray(before) && Array.isArray(after)) return walkArray(before, after, path, patch);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...definedKeys(before), ...definedKeys(after)])].sort();
    for (const key of keys) {
      const at = `${path}/${escape(key)}`;
      const from = before[key];
      const to = after[key];
      if (from === undefined) patch.push({ op: 'add', path: at, value: toJson(to) as JsonValue });
      else if (to === undefined) patch.push({ op: 'remove', path: at });
      else walk(from, to, at, patch);
    }
    return;
  }
  if (!jsonEqual(before, after)) patch.push({ op: 'replace', path, value: toJson(after) as JsonValue });
}

function walkArray(before: readonly unknown[], after: readonly unknown[], path: string, patch: JsonPatch): void {
  const dropped = slideOffset(before, after);
  for (let removed = 0; removed < dropped; removed += 1) patch.push({ op: 'remove', path: `${path}/0` });
  const kept = before.slice(dropped);
  const common = Math.min(kept.length, after.length);
  for (let index = 0; index < common; index += 1) walk(kept[index], after[index], `${path}/${index}`, patch);
  for (let index = common; index < after.length; index += 1) {
    patch.push({ op: 'add', path: `${path}/${index}`, value: toJson(after[index]) as JsonValue });
  }
  // From the end, so every index still points where it did.
  for (let index = kept.length - 1; index >= after.length; index -= 1) patch.push({ op: 'remove', path: `${path}/${index}` });
}

/** How many elements fell off the front when `after` is `before` without its first few, plus some appended. */
function slideOffset(before: readonly unknown[], after: readonly unknown[]): number {
  if (before.length === 0 || after.length === 0 || jsonEqual(before[0], after[0])) return 0;
  for (let offset = 1; offset < before.length; offset += 1) {
    const overlap = before.length - offset;
    if (overlap > after.length) continue;
    let matches = true;
    for (let index = 0; index < overlap && matches; index += 1) matches = jsonEqual(before[offset + index], after[index]);
    if (matches) return offset;
  }
  return 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

function escape(key: string): string {
  return key.includes('~') || key.includes('/') ? key.replaceAll('~', '~0').replaceAll('/', '~1') : key;
}
