import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classInfo, isProposable } from '../../shared/detection/classes';
import type { CocoLabel, DetectedItem } from '../../shared/detection/schema';
import { detectionThing } from '../../shared/session/pile-groups';
import { newSessionState } from '../../shared/session/new-session';
import type { Photo, SessionState } from '../../shared/session/schema';
import { arbitrarySpotPhoto, messyBedroom } from '../../../test-support/detections';
import { recordDecisions } from '../session/decisions';
import { lastRun, nextOffer, offers, SAME_KIND_RUN } from './offers';
import { inUseIds } from './in-use';

let ids = 0;
function thing(label: CocoLabel, x: number, y: number, width: number, height: number, score = 0.6): DetectedItem {
  ids += 1;
  return { id: String(ids), label, name: classInfo(label).name || label, score, box: { x, y, width, height } };
}

function photo(id: string, items: DetectedItem[], size = { width: 1200, height: 900 }): Photo {
  return { id, fileName: `${id}.jpg`, ...size, detections: { items, busy: [] } };
}

function session(photos: Photo[]): SessionState {
  return { ...newSessionState('s', 0), spaceFunction: 'Reading corner', photos };
}

/** Twelve books standing side by side on a shelf, up high: the tidy part of a room. */
const shelf = () => Array.from({ length: 12 }, (_, index) => thing('book', 100 + index * 42, 80, 38, 150, 0.5 + index / 100));
/** Five books lying about on a table, at different heights. */
const tableBooks = () => [thing('dining table', 0, 500, 1200, 400, 0.9), ...[0, 1, 2, 3, 4].map((index) => thing('book', 150 + index * 130, 560 + (index % 2) * 90, 110, 70))];

describe('offers: the mess first (issue 35)', () => {
  it('offers what is left on the floor and on the desk before the books on the shelf above the bed, which are not "on the bed" and come last, put away', () => {
    const state = session([messyBedroom()]);
    const cards = offers(state).map((offer) => [offer.refs.length > 1 ? `${offer.refs.length} ${offer.name}s` : offer.name, offer.where, offer.clutter, offer.inPlace]);
    expect(cards).toEqual([
      ['bottle', 'on the floor, bottom', true, false],
      ['cup', 'on the table, right side', true, false],
      ['laptop', 'on the table, right side', true, false],
      ['4 books', 'middle', false, true],
      ['clock', 'top right', false, true],
    ]);
  });

  it('offers a thing left on a surface before an easier one that is not (a bottle up on a shelf), easy wins first within each', () => {
    ids = 0;
    const table = thing('dining table', 0, 500, 1200, 400, 0.9);
    const shelfBottle = thing('bottle', 900, 100, 40, 120, 0.9);
    const book = thing('book', 300, 560, 110, 70);
    const cup = thing('cup', 600, 540, 60, 80);
    const state = session([photo('room', [table, shelfBottle, book, cup])]);
    expect(offers(state).map((offer) => offer.name)).toEqual(['cup', 'book', 'bottle']);
  });
});

describe('offers: things as a person sees them', () => {
  it('makes the books lying on a table one card with its count, its place and its outline around them all', () => {
    ids = 0;
    const state = session([photo('room', tableBooks())]);
    const [books] = offers(state);
    expect(books).toMatchObject({ label: 'book', name: 'book', inPlace: false, where: 'on the table, bottom' });
    expect(books!.refs).toHaveLength(5);
    // The outline is every book's box together, then each book's.
    expect(books!.focus[0]).toMatchObject({ photoId: 'room', box: { x: 150, y: 560, width: 630, height: 160 }, label: '5 books, on the table, bottom' });
    expect(books!.focus).toHaveLength(6);
  });

  it('sees a row of books standing on a shelf as already in place, and offers it after the clutter', () => {
    ids = 0;
    const state = session([photo('room', [...shelf(), ...tableBooks(), thing('bottle', 1000, 600, 40, 120)])]);
    const all = offers(state);
    expect(all.map((offer) => [offer.name, offer.refs.length, offer.inPlace])).toEqual([
      ['bottle', 1, false],
      ['book', 5, false],
      ['book', 12, true],
    ]);
  });

  it('keeps things of one kind in different places apart, and a clock up on a wall in place', () => {
    ids = 0;
    const state = session([photo('room', [thing('cup', 50, 700, 60, 70), thing('cup', 1000, 100, 60, 70), thing('clock', 600, 60, 80, 80)])]);
    const all = offers(state);
    expect(all.map((offer) => [offer.name, offer.refs.length, offer.inPlace])).toEqual([
      ['cup', 1, false],
      ['cup', 1, false],
      ['clock', 1, true],
    ]);
  });

  it('never offers a decided thing again, and still offers the rest of its group', () => {
    ids = 0;
    let state = session([photo('room', tableBooks())]);
    const [books] = offers(state);
    state = recordDecisions(state, [{ item: 'book', outcome: 'keep', detection: books!.refs[1]!, id: 'd1' }], 1);
    const left = offers(state).flatMap((offer) => offer.refs);
    expect(left).toHaveLength(4);
    expect(left).not.toContainEqual(books!.refs[1]);
  });

  it('counts the last cards by kind, a group card as one', () => {
    ids = 0;
    let state = session([photo('room', [...tableBooks(), thing('bottle', 1000, 100, 40, 120), thing('bottle', 20, 20, 40, 120), thing('cup', 600, 50, 50, 50)])]);
    const bottles = offers(state).filter((offer) => offer.label === 'bottle');
    state = recordDecisions(state, [{ item: 'bottle', outcome: 'recycle', detection: bottles[0]!.refs[0], id: 'a' }], 1);
    state = recordDecisions(state, [{ item: 'bottle', outcome: 'recycle', detection: bottles[1]!.refs[0], id: 'b' }], 2);
    expect(lastRun(state)).toEqual({ label: 'bottle', cards: 2 });
    const books = offers(state).find((offer) => offer.label === 'book')!;
    state = recordDecisions(state, books.refs.map((detection, index) => ({ item: 'book', outcome: 'keep' as const, detection, id: `b${index}` })), 3);
    expect(lastRun(state)).toEqual({ label: 'book', cards: 1 });
  });

  it('after three cards about one kind, offers another kind when there is one', () => {
    ids = 0;
    // Six bottles each on its own (far apart), and one cup.
    const bottles = [0, 1, 2, 3, 4, 5].map((index) => thing('bottle', index * 200, (index % 2) * 700, 30, 90, 0.9 - index / 100));
    let state = session([photo('room', [...bottles, thing('cup', 600, 400, 50, 50, 0.3)])]);
    const kinds: string[] = [];
    for (let card = 0; card < 7; card += 1) {
      const next = nextOffer(state)!;
      kinds.push(next.label);
      state = recordDecisions(state, next.refs.map((detection, index) => ({ item: next.name, outcome: 'recycle' as const, detection, id: `${card}-${index}` })), card);
    }
    // A bottle's home is out (an easy win before the cup), but the fourth card in a row is the cup.
    expect(kinds).toEqual(['bottle', 'bottle', 'bottle', 'cup', 'bottle', 'bottle', 'bottle']);
  });

  it('offers every undecided thing the coach may propose once, and never more than three cards in a row of one kind when another is left', () => {
    fc.assert(
      fc.property(fc.array(arbitrarySpotPhoto, { minLength: 1, maxLength: 4 }), (drawn) => {
        const photos = drawn.map((each, index) => ({ id: `p${index}`, fileName: `p${index}.jpg`, ...each }));
        let state = session(photos);
        // What people are using (in-use.ts) is never on a card.
        const proposable = photos.flatMap((each) => {
          const used = inUseIds(each.detections.items);
          return each.detections.items.filter((item) => isProposable(item.label) && !used.has(item.id)).map((item) => ({ photoId: each.id, item }));
        });
        const keys = (list: ReturnType<typeof offers>) => list.flatMap((offer) => offer.refs.map(detectionThing));
        const offered = keys(offers(state));
        expect(new Set(offered).size).toBe(offered.length);
        // Every other proposable thing is on a card, but a twin found twice in the same box (it is one thing).
        const distinctBoxes = new Set(proposable.map(({ photoId, item }) => `${photoId} ${item.label} ${JSON.stringify(item.box)}`));
        expect(offered.length).toBe(distinctBoxes.size);
        let run = { label: '', cards: 0 };
        for (let card = 0; card < 40; card += 1) {
          const all = offers(state);
          const next = nextOffer(state);
          if (!next) break;
          run = next.label === run.label ? { label: next.label, cards: run.cards + 1 } : { label: next.label, cards: 1 };
          if (run.cards > SAME_KIND_RUN) expect(all.every((offer) => offer.label === next.label)).toBe(true);
          state = recordDecisions(state, next.refs.map((detection, index) => ({ item: next.name, outcome: 'keep' as const, detection, id: `${card}-${index}` })), card);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  });

  it('proposes a thing seen in two overlapping photos once, and counts it once whichever sighting is decided', () => {
    ids = 0;
    // Photo 2 is photo 1 panned 600 px to the right: the cup at 700 in photo 1 is at 100 in photo 2.
    const first = photo('left', [thing('cup', 700, 400, 80, 90), thing('bottle', 100, 400, 40, 120)]);
    const second: Photo = { ...photo('right', [thing('cup', 100, 400, 80, 90), thing('book', 900, 500, 120, 40)]), overlaps: [{ photoId: 'left', scale: 1, dx: 600, dy: 0 }] };
    let state = session([first, second]);
    expect(offers(state).map((offer) => `${offer.refs[0].photoId} ${offer.name}`).sort()).toEqual(['left bottle', 'left cup', 'right book']);
    // Pointed at in the second photo and decided there: it is the first photo's cup that is decided.
    state = recordDecisions(state, [{ item: 'cup', outcome: 'place', location: 'kitchen', detection: { photoId: 'right', itemId: '3' }, id: 'd1' }], 1);
    expect(state.decisions[0]?.detection).toEqual({ photoId: 'left', itemId: '1' });
    expect(offers(state).map((offer) => offer.name).sort()).toEqual(['book', 'bottle']);
    expect(state.itemsProcessed).toBe(1);
  });
});
