import { describe, expect, it } from 'vitest';
import { SkipReasonSchema } from '../../../shared/photos/schema';
import { importHeadline, SKIP_REASON_LABEL } from './reasons';
import { photoUrl } from './urls';

describe('import wording', () => {
  it('has a label for every skip reason', () => {
    for (const reason of SkipReasonSchema.options) expect(SKIP_REASON_LABEL[reason]).toBeTruthy();
  });

  it('sums an import up in one calm line', () => {
    expect(importHeadline(1, 0, 0, false)).toBe('1 photo added.');
    expect(importHeadline(12, 2, 3, false)).toBe('12 photos added, 2 already here, 3 left out.');
    expect(importHeadline(4, 0, 0, true)).toBe('4 photos added before you stopped it.');
  });

  it('builds the photo URLs main serves', () => {
    expect(photoUrl('s-1', 'a'.repeat(64), 'thumb')).toBe(`/photos/s-1/${'a'.repeat(64)}.thumb.webp`);
    expect(photoUrl('s-1', 'b'.repeat(64), 'full')).toBe(`/photos/s-1/${'b'.repeat(64)}.jpg`);
  });
});
