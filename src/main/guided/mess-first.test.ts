/**
 * Issue 35: "walked through twelve messy bedrooms today, the first fourteen cards were books (mostly on shelves),
 * bottles, a cup and a laptop, and the busy spots on the beds and floors came only after them." In a messy room the
 * first cards are the mess: what is left on the floor, the bed and the desk, and the piles the detector cannot name,
 * said plainly; what looks put away comes after.
 */
import { describe, expect, it } from 'vitest';
import type { Question } from '../../shared/questions/schema';
import type { SessionState } from '../../shared/session/schema';
import { messyBedroom } from '../../../test-support/detections';
import { guidedHarness } from '../../../test-support/guided';
import { recordDecisions } from '../session/decisions';
import { newSessionState } from '../session';
import { decide } from './decide';

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

  it('never shows a pile passed early again, and still says "That’s everything I could name" once the things it named run out', () => {
    let state: SessionState = { ...newSessionState('s', 0), photos: [messyBedroom()], guided: { phase: 'sorting', active: { function: 'sleep', anchors: ['bed'], later: [] } } };
    const step = (decision: ReturnType<typeof decide>) => {
      const recorded = decision.records ? recordDecisions(state, decision.records.map((record, index) => ({ ...record, id: `d${state.decisions.length + index}` })), 0) : state;
      state = { ...recorded, guided: decision.next };
      return decision.action;
    };
    const spots: string[] = [];
    let ranOut: string | undefined;
    for (let turn = 0; turn < 30 && !ranOut; turn += 1) {
      const guided = state.guided?.phase === 'sorting' ? state.guided : undefined;
      // Each thing the detector named is kept; each pile is passed, with "I'm stuck" or "next" in turn.
      const action = step(
        decide(
          state,
          guided?.currentItem ? { kind: 'disposition', item: guided.currentItem, outcome: 'keep' } : guided?.currentSpot ? (spots.length % 2 ? { kind: 'next' } : { kind: 'help' }) : { kind: 'next' },
        ),
      );
      if (action.kind !== 'askWhatIsIt' || !action.spot) continue;
      if (action.ranOut) ranOut = action.spot;
      else spots.push(action.spot);
    }
    expect(spots).toEqual(['the pile on the bed', 'the pile on the floor, in front of the bed']);
    // Both were passed while things it named were left; once those are decided, the card says so.
    expect(ranOut).toBeDefined();
    expect(spots).not.toContain(ranOut);
  });
});
