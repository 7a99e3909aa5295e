/**
 * A card's title, its lines and the coach's sentences start with a capital. Item names and places come lower case
 * from the coach and the model ("old mug", "right side, photo 2"), because they are data that is matched and logged
 * as given; only what the person reads starts with a capital.
 */
export function sentence(text: string): string {
  // A first word with a capital of its own ("iPhone", "eBay box") is a name: it stays as written.
  if (/^\S*\p{Lu}/u.test(text)) return text;
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase() + text.slice(head.length);
}
