import { describe, expect, it } from 'vitest';
import type { PileItem } from '../session/schema';
import { errandsOf, errandsWithTick, fromRoomsWords } from './errands';
import { exitPlanView } from './plan';
import { ErrandsSchema, type ErrandRoom } from './schema';

let clock = 0;
const item = (id: string, name: string, outcome: PileItem['outcome'], location?: string): PileItem => ({
  id,
  name,
  outcome,
  ...(location !== undefined ? { location } : {}),
  decidedAt: (clock += 1),
});

const OFFICE: ErrandRoom = { id: 'r-office', name: 'Office', named: false };
const BEDROOM: ErrandRoom = { id: 'r-bed', name: 'Bedroom', named: false };
const DEN: ErrandRoom = { id: 'r-den', name: 'Den', named: true };

/** A session's plan, with the ids in `done` ticked. */
function plan(id: string, startedAt: number, out: PileItem[], done: string[] = []) {
  return exitPlanView({ id, sessionStart: startedAt, status: 'ended', piles: { out, belongs: [], unsure: [] } }, { version: 1, done });
}

/** "title: left of total, rooms". */
const summary = (errands: ReturnType<typeof errandsOf>['open']) => errands.map((errand) => `${errand.title}: ${errand.left} of ${errand.total}, ${fromRoomsWords(errand.rooms)}`);

describe('errands across rooms', () => {
  it('merges one destination from several sessions and rooms, however it was typed, titled as first written', () => {
    const books = ['b1', 'b2', 'b3'].map((id) => item(id, 'book', 'donate'));
    const errands = errandsOf([
      { room: BEDROOM, plan: plan('bed', 2000, [item('j', 'jumper', 'donate'), item('p2', 'old pills', 'recycle', 'Pharmacy'), item('c2', 'coat', 'place', 'Charity shop')]) },
      { room: OFFICE, plan: plan('desk', 1000, [...books, item('t', 'receipts', 'trash'), item('p1', 'inhaler', 'recycle', 'the pharmacy'), item('c1', 'lamp', 'place', 'the charity shop')]) },
    ]);
    expect(ErrandsSchema.parse(errands)).toEqual(errands);
    expect(summary(errands.open)).toEqual([
      'Trash: 1 of 1, from the office',
      'Recycling: the pharmacy: 2 of 2, from the office and the bedroom',
      'Donation: 4 of 4, from the office and the bedroom',
      'To the charity shop: 2 of 2, from the office and the bedroom',
    ]);
    // A line of three books is one line and three things; each line keeps its session, for its tick.
    const donation = errands.open.find((errand) => errand.key === 'donate')!;
    expect(donation.lines.map((line) => [line.sessionId, line.name, line.ids.length, line.room?.name])).toEqual([
      ['desk', 'book', 3, 'Office'],
      ['bed', 'jumper', 1, 'Bedroom'],
    ]);
    expect(errands.done).toEqual([]);
  });

  it('counts what is still to take, names the rooms it comes from, and lists an errand all ticked off after the others', () => {
    const errands = errandsOf([
      { room: OFFICE, plan: plan('desk', 1000, [item('d1', 'scarf', 'donate'), item('t1', 'receipts', 'trash')], ['d1']) },
      { room: DEN, plan: plan('den', 2000, [item('d2', 'vase', 'donate'), item('t2', 'wrappers', 'trash')], ['t2']) },
      { plan: plan('loose', 3000, [item('m', 'casserole dish', 'place', "mum's")], ['m']) },
    ]);
    expect(summary(errands.open)).toEqual(['Trash: 1 of 2, from the office', 'Donation: 1 of 2, from Den']);
    expect(errands.done.map((errand) => [errand.title, errand.left, errand.total, errand.rooms])).toEqual([["To mum's", 0, 1, []]]);
  });

  it('shows a tick at once, moving an errand to the done ones and back', () => {
    const errands = errandsOf([{ room: OFFICE, plan: plan('desk', 1000, [item('a', 'mug', 'place', 'kitchen'), item('t', 'receipts', 'trash')]) }]);
    const ticked = errandsWithTick(errands, 'desk', 'a', true);
    expect(ticked.open.map((errand) => errand.title)).toEqual(['Trash']);
    expect(ticked.done.map((errand) => errand.title)).toEqual(['To the kitchen']);
    // A tick names its session: the same id in another session's plan is not this line.
    expect(errandsWithTick(errands, 'other', 'a', true)).toEqual(errands);
    expect(errandsWithTick(ticked, 'desk', 'a', false)).toEqual(errands);
  });

  it('says where things come from in a sentence', () => {
    expect(fromRoomsWords([])).toBe('');
    expect(fromRoomsWords([OFFICE])).toBe('from the office');
    expect(fromRoomsWords([OFFICE, DEN, BEDROOM])).toBe('from the office, Den and the bedroom');
    expect(fromRoomsWords([{ id: 'k', name: 'Kids’ room', named: false }])).toBe('from the kids’ room');
    // More than three rooms: the first two, then how many more, so a trip's line stays readable.
    const kitchen = { id: 'kt', name: 'Kitchen', named: false };
    expect(fromRoomsWords([OFFICE, DEN, BEDROOM, kitchen])).toBe('from the office, Den and 2 other rooms');
  });
});
