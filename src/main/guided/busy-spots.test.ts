import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLiving, isProposable } from '../../shared/detection/classes';
import type { Question } from '../../shared/questions/schema';
import type { Photo, SessionState } from '../../shared/session/schema';
import { intersection } from '../detection/postprocess';
import { MAX_LIVING_SHARE } from '../detection/spots';
import { recordDecision, recordDecisions } from '../session/decisions';
import { newSessionState } from '../session';
import type { Action } from './actions';
import { STUCK } from './dialogs';
import { decide } from './decide';
import type { Input } from './input';
import type { GuidedState } from './phases';
import { arbitrarySpotPhoto } from '../../../test-support/detections';
import { guidedHarness } from '../../../test-support/guided';

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
  const recorded = decision.records ? recordDecisions(state, decision.records.map((record, index) => ({ ...record, id: `d${state.decisions.length + index}` })), 0) : state;
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

describe('running out of things to name, as the person hears it', () => {
  const lowerLeft = { box: { x: 0, y: 400, width: 300, height: 200 }, busyness: 1.6 };
  const upperRight = { box: { x: 700, y: 0, width: 300, height: 200 }, busyness: 1.4 };
  const desk: Photo = { id: 'desk', fileName: 'desk.jpg', width: 1000, height: 600, detections: { items: [], busy: [lowerLeft, upperRight] } };
  const prompts = (asked: readonly Question[]) => asked.flatMap((question) => (question.kind === 'choice' ? [question.prompt] : []));

  it('regression: every new busy spot card said "That’s everything I could name…"; now only the first does', async () => {
    // Each spot card is answered with a thing there and each thing's card with its first choice; then "I’m stuck" once, and a stop.
    const answers = ['mug', 'old letters', STUCK, 'stop'];
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, photos: [desk], guided: sorting }),
      answers: (question) => {
        if (question.kind === 'disposition') return { kind: 'disposition', pick: { type: 'choice', index: 0 } };
        const answer = answers.shift();
        if (question.kind !== 'choice' || !answer) return undefined;
        if (answer === 'stop') return { kind: 'stop' };
        return answer === STUCK ? { kind: 'choice', selected: [answer] } : { kind: 'choice', selected: [], other: answer };
      },
    });
    for (let turn = 0; turn < 3; turn += 1) await harness.coach.turn({ text: '' });
    expect(prompts(harness.asked)).toEqual([
      'I couldn’t name anything in these photos myself. There’s something at the lower left of the photo: what’s the nearest thing there? Point at it on the photo, or type what it is.',
      'There’s something at the upper right of the photo: what’s the nearest thing there? Name it in a word, or point at it on the photo.',
      'There’s something at the lower left of the photo: what’s the nearest thing there? Name it in a word, or point at it on the photo.',
      'Just one thing from the spot at the lower left of the photo, any one. What is it?',
    ]);
  });

  it('says it when the things named run out after last time’s unsure ones, and not again after "I’m stuck" on a spot', () => {
    // What was left unsure last time came first and is decided; nothing detected is left: the coach says so, once.
    let state: SessionState = { ...newSessionState('s', 0), guided: sorting, photos: [desk], carriedOver: { from: 'last-time', anchors: [], unsure: ['shoebox'], nextTime: [] } };
    state = recordDecision(state, { id: 'd0', at: 0, item: 'shoebox', outcome: 'trash' });
    const first = decide(state, { kind: 'begin' });
    // The detector named nothing in these photos: the card says that, rather than that its things are done.
    expect(first.action).toMatchObject({ kind: 'askWhatIsIt', namedNothing: true });
    expect(first.action).not.toHaveProperty('ranOut');
    const place = first.action.kind === 'askWhatIsIt' ? first.action.spot : undefined;
    state = { ...state, guided: first.next };
    const smaller = decide(state, { kind: 'help' });
    expect(smaller.action).toMatchObject({ kind: 'askWhatIsIt', spot: place, step: 'one' });
    state = { ...state, guided: smaller.next };
    const another = decide(state, { kind: 'help' });
    expect(another.action).toMatchObject({ kind: 'askWhatIsIt', spot: expect.not.stringMatching(place!) });
    expect(another.action).not.toHaveProperty('ranOut');
    expect(another.action).not.toHaveProperty('namedNothing');
  });
});

describe('a thing named on a busy spot card', () => {
  it('regression: its card had no outline; now it outlines the spot the person was looking at, and says where that is', async () => {
    const pile = { box: { x: 0, y: 400, width: 300, height: 200 }, busyness: 1.6 };
    const desk: Photo = { id: 'desk', fileName: 'desk.jpg', width: 1000, height: 600, detections: { items: [], busy: [pile] } };
    const harness = await guidedHarness({
      initial: (state) => ({ ...state, photos: [desk], guided: sorting }),
      answers: (question) =>
        question.kind === 'choice' ? { kind: 'choice', selected: [], other: 'a pile of mail' } : { kind: 'disposition', pick: { type: 'choice', index: 0 } },
    });
    await harness.coach.turn({ text: '' });
    const [spotCard, thingCard] = harness.asked;
    expect(spotCard).toMatchObject({ kind: 'choice', prompt: expect.stringContaining('There’s something at the lower left of the photo:') });
    expect(thingCard).toMatchObject({ kind: 'disposition', item: 'pile of mail', where: 'the spot at the lower left of the photo', focus: spotCard!.focus });
  });
});
