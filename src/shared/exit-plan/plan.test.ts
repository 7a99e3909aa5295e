import { describe, expect, it } from 'vitest';
import type { PileItem, Piles } from '../session/schema';
import { destinationKey, destinationTitle, exitPlanOf, exitPlanView, planSections, thingsLabel } from './plan';
import { ExitPlanSchema, ExitPlanViewSchema } from './schema';

let clock = 0;
const item = (id: string, name: string, outcome: PileItem['outcome'], location?: string): PileItem => ({
  id,
  name,
  outcome,
  ...(location !== undefined ? { location } : {}),
  decidedAt: (clock += 1),
});
const piles = (out: PileItem[], belongs: PileItem[] = [], unsure: PileItem[] = []): Piles => ({ out, belongs, unsure });
/** A work room with these piles. */
const tidying = (...args: Parameters<typeof piles>) => ({ spaceFunction: 'Work', piles: piles(...args) });

const summary = (plan: ReturnType<typeof exitPlanOf>) => plan.groups.map((group) => `${group.title}: ${group.items.map((entry) => entry.name).join(', ')}`);

describe('the exit plan', () => {
  it('groups what leaves by what happens to it: trash, recycling, donation, then each destination', () => {
    const plan = exitPlanOf(
      tidying(
        [item('1', 'old receipts', 'trash'), item('2', 'jumper', 'donate'), item('3', 'amazon box', 'recycle'), item('4', 'banana peel', 'trash')],
        [item('5', 'mug', 'place', 'kitchen'), item('6', 'lamp', 'keep'), item('7', 'towel', 'place', 'bathroom'), item('8', 'plate', 'place', 'kitchen')],
        [item('9', 'cable', 'unsure')],
      ),
    );
    expect(summary(plan)).toEqual([
      'Trash: old receipts, banana peel',
      'Recycling: amazon box',
      'Donation: jumper',
      'To the kitchen: mug, plate',
      'To the bathroom: towel',
    ]);
    expect(ExitPlanSchema.parse(plan)).toEqual(plan);
  });

  it('gives recycling that is not the household bin a trip of its own: back to a pharmacy, to a battery point', () => {
    const plan = exitPlanOf(
      tidying([
        item('1', 'amazon box', 'recycle'),
        item('2', 'old paracetamol', 'recycle', 'pharmacy'),
        item('3', 'dead batteries', 'recycle', 'battery recycling point'),
        item('4', 'cough syrup', 'recycle', 'Pharmacy'),
        item('5', 'receipt', 'trash'),
      ]),
    );
    expect(summary(plan)).toEqual([
      'Trash: receipt',
      'Recycling: amazon box',
      'Recycling: pharmacy: old paracetamol, cough syrup',
      'Recycling: battery recycling point: dead batteries',
    ]);
    expect(plan.groups[2]).toMatchObject({ kind: 'recycle', key: 'recycle:pharmacy', hint: 'Not the household recycling: these go to the pharmacy.' });
    expect(planSections(plan.groups).map((section) => [section.pileGroup, section.count])).toEqual([['leaving', 5]]);
  });

  it('says how to take a donation out, in one practical line', () => {
    const [donation] = exitPlanOf(tidying([item('1', 'jumper', 'donate')])).groups;
    expect(donation?.hint).toMatch(/^Bag it/);
    expect(donation?.hint).toContain('donation point');
  });

  it('treats a destination typed differently as the same place, titled as first written', () => {
    const plan = exitPlanOf(
      tidying([], [item('1', 'mug', 'place', 'Kitchen'), item('2', 'plate', 'place', '  kitchen '), item('3', 'bowl', 'place', 'the   KITCHEN'), item('4', 'fork', 'place', 'kitchen drawer')]),
    );
    expect(summary(plan)).toEqual(['To the Kitchen: mug, plate, bowl', 'To the kitchen drawer: fork']);
    expect(plan.groups[0]?.destination).toBe('Kitchen');
  });

  it('puts a place with no destination in one group for elsewhere in the home, last', () => {
    const plan = exitPlanOf(tidying([item('1', 'receipt', 'trash')], [item('2', 'scarf', 'place'), item('3', 'umbrella', 'place', 'hallway'), item('4', 'hat', 'place', '   ')]));
    expect(summary(plan)).toEqual(['Trash: receipt', 'To the hallway: umbrella', 'Elsewhere in the home: scarf, hat']);
    expect(plan.groups.at(-1)?.key).toBe('place:');
  });

  it('leaves out a thing placed in this space: it stays here', () => {
    const plan = exitPlanOf(tidying([], [item('1', 'book', 'place', 'shelf'), item('2', 'stapler', 'place', 'desk drawer'), item('3', 'jacket', 'place', 'bedroom')]));
    expect(summary(plan)).toEqual(['To the bedroom: jacket']);
  });

  it('puts what leaves the home under one heading and what goes elsewhere in the home under another, with their counts', () => {
    const plan = exitPlanOf(tidying([item('1', 'receipt', 'trash'), item('2', 'jumper', 'donate')], [item('3', 'umbrella', 'place', 'hallway')]));
    expect(planSections(plan.groups).map(({ title, count, groups }) => [title, count, groups.map((group) => group.title)])).toEqual([
      ['Leaves the home', 2, ['Trash', 'Donation']],
      ['Goes elsewhere in the home', 1, ['To the hallway']],
    ]);
  });

  it('keeps an article or an owner the destination already has', () => {
    expect(destinationTitle('kitchen')).toBe('To the kitchen');
    expect(destinationTitle('the garage')).toBe('To the garage');
    expect(destinationTitle('my car')).toBe('To my car');
    expect(destinationTitle("Sam's room")).toBe("To Sam's room");
    expect(destinationTitle("mom's house")).toBe("To mom's house");
    expect(destinationTitle('work')).toBe('To work');
    expect(destinationKey(' The  Garage ')).toBe('garage');
  });

  it('leaves out what stays and what is not decided, and is empty when nothing leaves', () => {
    expect(exitPlanOf(tidying([], [item('1', 'lamp', 'keep')], [item('2', 'box', 'unsure')])).groups).toEqual([]);
  });

  it('lists an item once even when its id appears twice, and two things with the same name on one line that counts both', () => {
    const mug = item('1', 'mug', 'trash');
    const plan = exitPlanOf(tidying([mug, mug, item('2', 'mug', 'trash')]));
    expect(plan.groups[0]?.items).toEqual([{ id: '1', ids: ['1', '2'], name: 'mug' }]);
  });

  it('follows the order things were decided in, across piles', () => {
    const late = { ...item('1', 'mug', 'place', 'kitchen'), decidedAt: 100 };
    const early = item('2', 'towel', 'place', 'bathroom');
    expect(summary(exitPlanOf(tidying([], [late, early])))).toEqual(['To the bathroom: towel', 'To the kitchen: mug']);
  });

  it('holds many items and long names whole', () => {
    const long = 'a very long description of a thing '.repeat(5).trim();
    const many = Array.from({ length: 300 }, (_, index) =>
      item(`i${index}`, index === 7 ? long : `thing ${index}`, (['trash', 'recycle', 'donate', 'place'] as const)[index % 4]!, index % 4 === 3 ? `room ${index % 10}` : undefined),
    );
    const plan = exitPlanOf(tidying(many.filter((entry) => entry.outcome !== 'place'), many.filter((entry) => entry.outcome === 'place')));
    expect(plan.groups.flatMap((group) => group.items)).toHaveLength(300);
    // 3 fixed groups, and place items only ever land on odd rooms (index % 4 === 3, so index % 10 is odd).
    expect(plan.groups.map((group) => group.title)).toEqual(['Trash', 'Recycling', 'Donation', 'To the room 3', 'To the room 7', 'To the room 1', 'To the room 5', 'To the room 9']);
    expect(plan.groups.flatMap((group) => group.items).find((entry) => entry.id === 'i7')?.name).toBe(long);
  });
});

describe('the exit plan with its ticks', () => {
  const session = {
    id: 's1',
    sessionStart: 5,
    spaceFunction: 'Work',
    status: 'ended' as const,
    piles: piles([item('a', 'receipt', 'trash'), item('b', 'jumper', 'donate')], [item('c', 'mug', 'place', 'kitchen')]),
  };

  it('marks the done items and counts them; ticks of items no longer there do not count', () => {
    const view = exitPlanView(session, { version: 1, done: ['b', 'gone'] });
    expect(view.total).toBe(3);
    expect(view.done).toBe(1);
    expect(view.groups.flatMap((group) => group.items.filter((entry) => entry.done).map((entry) => entry.name))).toEqual(['jumper']);
    expect(view.ended).toBe(true);
    expect(ExitPlanViewSchema.parse(view)).toEqual(view);
  });

  it('carries when the plan was put away', () => {
    expect(exitPlanView(session, { version: 1, done: [], dismissedAt: 9 }).dismissedAt).toBe(9);
    expect(exitPlanView(session, { version: 1, done: [] })).not.toHaveProperty('dismissedAt');
  });

  it('says things in plain counts', () => {
    expect(thingsLabel(1)).toBe('1 thing');
    expect(thingsLabel(3)).toBe('3 things');
  });
});
