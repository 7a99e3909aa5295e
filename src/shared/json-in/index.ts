/**
 * The JSON in a model's reply, for servers that cannot be made to answer in pure JSON: a reply may wrap the object
 * in a ```json fence or a sentence. Used by the LLM effect (and so by the capability probe) to read structured replies.
 */

export type JsonReading = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

/**
 * Reads the JSON a reply holds: the whole reply when it is JSON, else the inside of its first ``` fence, else the
 * span from its first `{` to its last `}`. When none parses, says why in plain words.
 */
export function readJson(text: string): JsonReading {
  const whole = parse(text.trim());
  if (whole.ok) return whole;
  const fenced = /```[a-zA-Z]*\s*\n?([\s\S]*?)```/.exec(text)?.[1];
  if (fenced !== undefined) {
    const inside = parse(fenced.trim());
    if (inside.ok) return inside;
  }
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) {
    return { ok: false, reason: text.trim() ? `the reply has no JSON object in it: ${quote(text)}` : 'the reply is empty' };
  }
  const span = parse(text.slice(start, end + 1));
  return span.ok ? span : { ok: false, reason: `the JSON in the reply does not parse (${span.reason}): ${quote(text)}` };
}

function parse(text: string): JsonReading {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

function quote(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return `“${flat.length > 80 ? `${flat.slice(0, 80).trimEnd()}…` : flat}”`;
}
