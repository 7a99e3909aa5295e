import { describe, expect, it } from 'vitest';
import { readJson } from './index';

describe('readJson', () => {
  it('reads a reply that is JSON as it is', () => {
    expect(readJson(' {"a": 1} ')).toEqual({ ok: true, value: { a: 1 } });
    expect(readJson('[1, 2]')).toEqual({ ok: true, value: [1, 2] });
  });

  it('reads the inside of a ```json fence, words around it and all', () => {
    expect(readJson('Here it is:\n```json\n{"a": "}"}\n```\nAnything else?')).toEqual({ ok: true, value: { a: '}' } });
    expect(readJson('```\n{"a": 2}\n```')).toEqual({ ok: true, value: { a: 2 } });
  });

  it('reads the object a sentence wraps', () => {
    expect(readJson('Sure! {"a": {"b": true}} Hope that helps.')).toEqual({ ok: true, value: { a: { b: true } } });
  });

  it('says why when there is no JSON to read', () => {
    expect(readJson('')).toEqual({ ok: false, reason: 'the reply is empty' });
    expect(readJson('No JSON here.')).toEqual({ ok: false, reason: 'the reply has no JSON object in it: “No JSON here.”' });
    const broken = readJson('Here: {"a": 1,} ok');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.reason).toMatch(/^the JSON in the reply does not parse \(.+\): “Here: \{"a": 1,\} ok”$/);
  });

  it('cuts a long reply short in its reason', () => {
    const reading = readJson('word '.repeat(100));
    expect(!reading.ok && reading.reason).toBe(`the reply has no JSON object in it: “${'word '.repeat(16).trim()}…”`);
  });
});
