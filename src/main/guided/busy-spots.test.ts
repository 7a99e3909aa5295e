import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLiving, isProposable } from '../../shared/detection/classes';
import type { Photo, SessionState } from '../../shared/session/schema';
import { intersection } from '../detection/postprocess';
import { MAX_LIVING_SHARE } from '../detection/spots';
import { recordDecision } from '../session/decisions';
import { newSessionState } from '../session';
import type { Action } from './actions';
import { decide } from './decide';
import type { Input } from './input';
import type { GuidedState } from './phases';
import { arbitrarySpotPhoto } from '../../../test-support/detections';

const sorting: GuidedState = { phase: 'sorting', active: { function: 'work', anchors: [], later: [] } };

/** A session whose detected things are all decided already: from here on the coach works from the busy spots. */
function allDecided(photos: Photo[]): SessionState {
  let state: SessionState = { ...newSessionState('s', 0), guided: sorting, photos };
  for (const photo of photos) {
    for (const item of photo.detections?.items ?? []) {
      if (!isProposable(item.label)) continue;
      state = recordDecision(state, { id: `d${state.decisions.length}`, at: 0, item: item.name, outcome: 'keep', detection: { photoId: photo.id, itemId: item.id } });
    }
  }
  return state;
}

function apply(state: SessionState, decision: ReturnType<typeof decide>): SessionState {
  const recorded = decision.record ? recordDecision(state, { ...decision.record, id: `d${state.decisions.length}`, at: 0 }) : state;
  return { ...recorded, guided: decision.next };
}

/** A busy spot card as the person sees it: its words and its outline. */
function spotCard(action: Action): string | undefined {
  if (action.kind !== 'askWhatIsIt' || !action.spot) return undefined;
  return JSON.stringify({ spot: action.spot, step: action.step, half: action.half, focus: action.focus });
}

const MOVES = ['stuck', 'next', 'keepGoing', 'name', 'begin', 'silent'] as const;
type Move = (typeof MOVES)[number];

function heard(move: Move, state: SessionState): Input {
  const guided = state.guided;
  // A thing in hand (a named one) is decided, so the walk stays with the spots.
  if (guided?.phase === 'sorting' && guided.currentItem && move !== 'stuck') return { kind: 'disposition', item: guided.currentItem, outcome: 'trash' };
  switch (move) {
    case 'stuck':
      return { kind: 'help' };
    case 'name':
      return { kind: 'item', item: 'a pile of mail' };
    default:
      return { kind: move };
  }
}

describe('busy spots in the guided coach, for any photos (people and pets included) and any run of answers', () => {
  it('a card the person was stuck on never comes back, the card after "I’m stuck" is always another, and no card points at a person or a pet', () => {
    let stuckOnSpots = 0;
    fc.assert(
      fc.property(
        fc.array(arbitrarySpotPhoto, { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom(...MOVES), { minLength: 1, maxLength: 40 }),
        (spotPhotos, moves) => {
          const photos = spotPhotos.map((photo, index): Photo => ({ id: `p${index + 1}`, fileName: `p${index + 1}.jpg`, ...photo }));
          let state = allDecided(photos);
          let shown = decide(state, { kind: 'begin' });
          state = apply(state, shown);
          const stuckOn = new Set<string>();
          for (const move of moves) {
            if (state.guided?.phase !== 'sorting' && state.guided?.phase !== 'decisionSupport') break;
            const before = spotCard(shown.action);
            const input = heard(move, state);
            shown = decide(state, input);
            state = apply(state, shown);
            const card = spotCard(shown.action);
            if (before && (input.kind === 'help' || input.kind === 'next')) {
              stuckOn.add(before);
              stuckOnSpots += 1;
              expect(card, 'the card after "I’m stuck" is another').not.toBe(before);
            }
            if (card) expect(stuckOn.has(card), `${card} came back after "I’m stuck" on it`).toBe(false);
            for (const focus of shown.action.kind === 'askWhatIsIt' ? (shown.action.focus ?? []) : []) {
              const living = photos.find((photo) => photo.id === focus.photoId)!.detections!.items.filter((item) => isLiving(item.label)).map((item) => item.box);
              // Judged here, not by spots.ts's own clearOfLiving: a card's outline has its centre on no person or pet,
              // and shares at most a small part of itself with them.
              const { x, y, width, height } = focus.box;
              const centre = { x: x + width / 2, y: y + height / 2 };
              const onOne = living.find((box) => centre.x > box.x && centre.x < box.x + box.width && centre.y > box.y && centre.y < box.y + box.height);
              expect(onOne, `the outline's centre is on a person or a pet at ${JSON.stringify(onOne)}`).toBeUndefined();
              const shared = living.reduce((sum, box) => sum + intersection(focus.box, box), 0);
              expect(shared).toBeLessThanOrEqual(MAX_LIVING_SHARE * width * height);
            }
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
    // The walks did reach spot cards and get stuck on them (a property that never got there would prove nothing).
    expect(stuckOnSpots).toBeGreaterThan(50);
  });
});
