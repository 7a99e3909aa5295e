import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyJsonPatch, diffJson, jsonEqual, JsonPatchError, JsonPatchSchema, toJson, type JsonPatchOperation } from './index';

/** JSON-like values with the shapes a session has: objects that may hold undefined, arrays, strings, numbers. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.constant(null)),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd/e', 'f~g', 'h'), fc.option(tie('node'), { nil: undefined }), { maxKeys: 4 }),
  ),
})).node;

const apply = (before: unknown, after: unknown) => applyJsonPatch(toJson(before), diffJson(before, after));

describe('diffJson and applyJsonPatch', () => {
  it('turns any value into any other, as JSON (undefined properties are absent)', () => {
    fc.assert(
      fc.property(value, value, (before, after) => {
        expect(apply(before, after)).toEqual(toJson(after) ?? null);
      }),
      { numRuns: 600 },
    );
  });

  it('gives no operations for equal values, and the same operations whatever the key order', () => {
    fc.assert(
      fc.property(value, value, (before, after) => {
        expect(diffJson(before, toJson(before))).toEqual([]);
        const reordered = JSON.parse(JSON.stringify(after, (_key, item: unknown) =>
          item && typeof item === 'object' && !Array.isArray(item)
            ? Object.fromEntries(Object.entries(item).reverse())
            : item,
        )) as unknown;
        expect(diffJson(before, reordered)).toEqual(diffJson(before, after));
      }),
      { numRuns: 300 },
    );
  });

  it('writes a patch the log schema accepts', () => {
    fc.assert(fc.property(value, value, (before, after) => void JsonPatchSchema.parse(diffJson(before, after))), { numRuns: 200 });
  });

  it('records an append as one add, whatever the length before', () => {
    const messages = Array.from({ length: 2000 }, (_, index) => ({ id: `m${index}`, text: `line ${index}` }));
    const before = { messages, itemsProcessed: 3 };
    const after = { messages: [...messages, { id: 'new', text: 'hello' }], itemsProcessed: 4 };
    expect(diffJson(before, after)).toEqual([
      { op: 'replace', path: '/itemsProcessed', value: 4 },
      { op: 'add', path: '/messages/2000', value: { id: 'new', text: 'hello' } },
    ]);
  });

  it('records a window sliding along an array as removals at the front and appends', () => {
    const window = Array.from({ length: 40 }, (_, index) => ({ role: 'user', content: `turn ${index}` }));
    const slid = [...window.slice(3), { role: 'user', content: 'turn 40' }];
    const patch = diffJson({ history: window }, { history: slid });
    expect(patch).toEqual([
      { op: 'remove', path: '/history/0' },
      { op: 'remove', path: '/history/0' },
      { op: 'remove', path: '/history/0' },
      { op: 'add', path: '/history/37', value: { role: 'user', content: 'turn 40' } },
    ]);
    expect(applyJsonPatch(toJson({ history: window }), patch)).toEqual({ history: slid });
  });

  it('never changes the document or the patch, and shares with the result what the patch did not touch', () => {
    const before = { messages: [{ id: 'a' }, { id: 'b' }], piles: { out: [{ name: 'mug' }] }, photos: [{ id: 'p', facts: undefined }] };
    const patch: JsonPatchOperation[] = [
      { op: 'add', path: '/messages/2', value: { id: 'c' } },
      { op: 'add', path: '/photos/0/facts', value: { roomType: 'office' } },
    ];
    const copy = structuredClone(before);
    const patchCopy = structuredClone(patch);
    const after = applyJsonPatch(before, patch);
    expect(before).toEqual(copy);
    expect(patch).toEqual(patchCopy);
    expect(after.piles).toBe(before.piles);
    expect(after.messages[0]).toBe(before.messages[0]);
    expect(after.photos[0]).toEqual({ id: 'p', facts: { roomType: 'office' } });
    // A later patch of the result does not reach back into the patch it was made from.
    applyJsonPatch(after, [{ op: 'replace', path: '/photos/0/facts/roomType', value: 'kitchen' }]);
    expect(patch[1]).toEqual(patchCopy[1]);
  });

  it('escapes keys with / and ~ in paths', () => {
    expect(diffJson({}, { 'a/b': 1, 'c~d': 2 })).toEqual([
      { op: 'add', path: '/a~1b', value: 1 },
      { op: 'add', path: '/c~0d', value: 2 },
    ]);
  });

  it('refuses a patch that reaches for a prototype, or does not fit the document, saying which operation', () => {
    expect(() => applyJsonPatch({}, [{ op: 'add', path: '/__proto__/polluted', value: true }])).toThrow('operation 1 reaches for "__proto__"');
    expect(() => applyJsonPatch({}, [{ op: 'add', path: '/a/constructor', value: 1 }])).toThrow(JsonPatchError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => applyJsonPatch({ a: 1 }, [{ op: 'remove', path: '/b' }])).toThrow('operation 1 (remove /b): nothing there to remove');
    expect(() => applyJsonPatch({ list: [1] }, [{ op: 'add', path: '/list/3', value: 2 }])).toThrow('no such place in a list of 1');
    expect(() => applyJsonPatch({ a: 1 }, [{ op: 'add', path: '/x/y', value: 2 }])).toThrow('its parent is not in the document');
  });

  it('compares as JSON', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: [1, { c: 2 }] }, { a: [1, { c: 2 }] })).toBe(true);
    expect(jsonEqual({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
