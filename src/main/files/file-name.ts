/**
 * A part of a file name made from words a person wrote ("Recycling: the pharmacy" → "recycling-the-pharmacy",
 * "Zoë's room" → "zoe-s-room"): letters and digits only, so the name is safe on any system; `fallback` when no letter
 * is left.
 */
export function fileNamePart(text: string, fallback: string): string {
  const part = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return part || fallback;
}
