/**
 * Issue 35: "walked through twelve messy bedrooms today, the first fourteen cards were books (mostly on shelves),
 * bottles, a cup and a laptop, and the busy spots on the beds and floors came only after them." In a messy room the
 * first cards are the mess: what is left on the floor, the bed and the desk, and the piles the detector cannot name,
 * said plainly; what looks put away comes after.
 */
import { describe, expect, it } from 'vitest';
import type { Question } from '../../shared/questions/schema';
import { messyBedroom } from '../../../test-support/detections';
import { guidedHarness } from '../../../test-support/guided';

describe('a messy bedroom, from the first card', () => {
  it('starts with the clutter: the bottle on the floor, the pile on the bed, the cup on the desk, the pile on the floor, the laptop; the books on the shelf after', async () => {
    const names = ['jeans', 'socks'];
    const cards: string[] = [];
    const shown = (question: Question) => (question.kind === 'disposition' ? `${question.item}${question.where ? ` (${question.where})` : ''}` : question.prompt);
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, photos: [messyBedroom()], guided: { phase: 'sorting', active: { function: 'sleep', anchors: ['bed'], later: [] } } }),
      answers: (question) => {
        cards.push(shown(question));
        if (cards.length > 7) return { kind: 'stop' };
        if (question.kind === 'disposition') return { kind: 'disposition', pick: { type: 'choice', index: 0 } };
        const name = names.shift();
        return name ? { kind: 'choice', selected: [], other: name } : { kind: 'stop' };
      },
    });
    for (let turn = 0; turn < 12 && cards.length < 8 && harness.state().status === 'active'; turn += 1) await harness.coach.turn({ text: '' });
    // Each pile is a card, then the thing the person names there ("jeans"), then a thing the detector named.
    expect(cards.slice(0, 8)).toEqual([
      'bottle (on the floor, bottom)',
      'There’s a pile on the bed: what’s the nearest thing there? Name it in a word, or point at it on the photo.',
      'jeans (the pile on the bed)',
      'cup (on the table, right side)',
      'There’s a pile on the floor, in front of the bed: what’s the nearest thing there? Name it in a word, or point at it on the photo.',
      'socks (the pile on the floor, in front of the bed)',
      'laptop (on the table, right side)',
      '4 books (middle)',
    ]);
  });
});
