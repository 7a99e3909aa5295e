import type { SkipReason } from '../../../shared/photos/schema';

/** Short, blame-free names for why a file was left out. The file's own message says more. */
export const SKIP_REASON_LABEL: Record<SkipReason, string> = {
  corrupt: 'damaged',
  unsupported: 'format not supported',
  'too-large': 'too large',
  unreadable: 'could not be read',
  empty: 'empty file',
  'not-an-image': 'not a photo',
  'not-saved': 'could not be saved',
};

export function importHeadline(imported: number, duplicates: number, skipped: number, cancelled: boolean): string {
  const parts = [`${imported} photo${imported === 1 ? '' : 's'} added`];
  if (duplicates > 0) parts.push(`${duplicates} already here`);
  if (skipped > 0) parts.push(`${skipped} left out`);
  return `${parts.join(', ')}${cancelled ? ' before you stopped it' : ''}.`;
}
