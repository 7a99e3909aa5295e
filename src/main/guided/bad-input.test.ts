/**
 * Text nobody meant as an answer (a paste of control characters, only emoji, ten kilobytes) gets a calm reply and
 * changes nothing already said or decided.
 */
import { describe, expect, it } from 'vitest';
import type { Answer, Question } from '../../shared/questions/schema';
import { guidedHarness } from '../../../test-support/guided';

function answers(question: Question): Answer | 'timeout' {
  if (question.kind === 'choice' && question.purpose === 'function') return { kind: 'choice', selected: [], other: 'my home office' };
  if (question.kind === 'choice' && question.purpose === 'anchors') return { kind: 'choice', selected: [], other: 'the desk' };
  if (question.kind === 'text') return { kind: 'text', text: 'the desk' };
  return 'timeout';
}

describe('bad input to the guided coach', () => {
  it.each([
    ['control characters and an escape sequence', '\u0000\u0007\u001b[31m'],
    ['only emoji', '🫠🫠🙂'],
    ['ten kilobytes of text', 'blah '.repeat(2_000)],
    ['a right-to-left override and zero-width spaces', '\u202e\u200b\u200b'],
  ])('%s: a calm reply, and nothing said or decided is lost', async (_what, text) => {
    const harness = await guidedHarness({ answers });
    await harness.coach.turn({ text: 'let’s start' });
    const before = harness.state();
    const askedBefore = harness.asked.length;
    expect(before.spaceFunction).toContain('home office');

    const outcome = await harness.coach.turn({ text });

    expect(outcome.kind).toBe('answered');
    const reply = outcome.kind === 'answered' ? outcome.response : '';
    expect(reply).toMatch(/^[A-Z]/);
    expect(reply).not.toMatch(/error|invalid|failed|undefined|\[31m/i);
    // No card about a thing nobody named (regression: an escape sequence's tail "[31m" became an item's card).
    expect(harness.asked.slice(askedBefore).filter((question) => question.kind === 'disposition')).toEqual([]);
    const after = harness.state();
    expect(after.status).toBe('active');
    expect(after.spaceFunction).toBe(before.spaceFunction);
    expect(after.anchors).toEqual(before.anchors);
    expect(after.piles).toEqual(before.piles);
    expect(after.decisions).toEqual(before.decisions);
    expect(after.itemsProcessed).toBe(before.itemsProcessed);
  });
});
