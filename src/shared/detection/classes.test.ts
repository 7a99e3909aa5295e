import { describe, expect, it } from 'vitest';
import { COCO_LABELS } from './schema';
import { classInfo, isLiving, isProposable } from './classes';

describe('what each class means for tidying', () => {
  it('takes people and every animal for context: never a thing to move, never named', () => {
    const living = ['person', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe'] as const;
    for (const label of living) {
      expect(isProposable(label)).toBe(false);
      expect(classInfo(label)).toMatchObject({ name: '', role: 'ignore' });
      expect(isLiving(label)).toBe(true);
    }
    // A toy bear is a thing to put away.
    expect(isProposable('teddy bear')).toBe(true);
    expect(COCO_LABELS.filter((label) => classInfo(label).role === 'ignore')).toEqual(expect.arrayContaining([...living]));
  });
});
