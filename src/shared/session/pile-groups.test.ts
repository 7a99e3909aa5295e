import { describe, expect, it } from 'vitest';
import { DispositionSchema } from '../questions/schema';
import { decidedText, groupCountsText, groupedPiles, groupOf, isInThisSpace, lineName, PILE_GROUP_WORDS, pileCounts, pileLines, skippedThings, thingsDecided, type PileGroup } from './pile-groups';
import type { PileItem, Piles } from './schema';

const workRoom = { spaceFunction: 'Work (Coding)' };

describe('the four groups a person sees', () => {
  // Every disposition kind, and the unsure answer, with and without a destination.
  const cases: ReadonlyArray<[outcome: PileItem['outcome'] | 'skip', location: string | undefined, group: PileGroup | undefined]> = [
    ['trash', undefined, 'leaving'],
    ['donate', undefined, 'leaving'],
    ['recycle', undefined, 'leaving'],
    ['keep', undefined, 'here'],
    ['place', 'hallway', 'elsewhere'],
    ['place', 'the kitchen', 'elsewhere'],
    ['place', undefined, 'elsewhere'],
    ['place', 'desk drawer', 'here'],
    ['place', 'office shelf', 'here'],
    ['place', 'mum’s house', 'elsewhere'],
    ['unsure', undefined, 'undecided'],
    ['skip', undefined, undefined],
  ];
  it.each(cases)('%s to %s in a work room is %s', (outcome, location, group) => {
    expect(groupOf({ outcome, ...(location ? { location } : {}) }, workRoom)).toBe(group);
  });

  it('covers every disposition kind', () => {
    const covered = new Set(cases.map(([outcome]) => outcome));
    for (const kind of [...DispositionSchema.options, 'unsure'] as const) expect(covered).toContain(kind);
  });

  it('counts a room as this space only when the space is for what that room is for', () => {
    expect(isInThisSpace('bedroom', { spaceFunction: 'Sleep' })).toBe(true);
    expect(isInThisSpace('bedroom', workRoom)).toBe(false);
    expect(isInThisSpace('bedroom wardrobe', workRoom)).toBe(false);
    expect(isInThisSpace('wardrobe', { spaceFunction: 'Sleep' })).toBe(true);
    expect(isInThisSpace('kitchen', {})).toBe(false);
  });

  it('knows every use a space has, in the words the recommendation table reads them in', () => {
    const both = { spaceFunction: 'I sleep here but it’s also my office' };
    expect(isInThisSpace('bedroom', both)).toBe(true);
    expect(isInThisSpace('office shelf', both)).toBe(true);
    expect(isInThisSpace('kitchen', both)).toBe(false);
    expect(isInThisSpace('basement', { spaceFunction: 'Storage' })).toBe(true);
    expect(isInThisSpace('dining room', { spaceFunction: 'Dining' })).toBe(true);
    expect(isInThisSpace('the car', { spaceFunction: 'Storage' })).toBe(false);
  });

  it('never counts a thing bound for the hallway as staying', () => {
    const piles: Piles = {
      belongs: [
        { id: '1', name: 'lamp', outcome: 'keep', decidedAt: 1 },
        { id: '2', name: 'umbrella', outcome: 'place', location: 'hallway', decidedAt: 2 },
      ],
      out: [{ id: '3', name: 'receipts', outcome: 'recycle', decidedAt: 3 }],
      unsure: [{ id: '4', name: 'cable', outcome: 'unsure', decidedAt: 4 }],
    };
    const groups = groupedPiles({ piles, ...workRoom });
    expect(Object.fromEntries(Object.entries(groups).map(([group, items]) => [group, items.map((item) => item.name)]))).toEqual({
      here: ['lamp'],
      elsewhere: ['umbrella'],
      leaving: ['receipts'],
      undecided: ['cable'],
    });
    expect(groupCountsText(groups)).toBe('1 stays here, 1 goes elsewhere in the home, 1 leaves the home, 1 undecided');
  });

  it('says counts of more than one in the plural', () => {
    expect(PILE_GROUP_WORDS.here.count(2)).toBe('2 stay here');
    expect(PILE_GROUP_WORDS.elsewhere.count(0)).toBe('0 go elsewhere in the home');
    expect(PILE_GROUP_WORDS.leaving.count(3)).toBe('3 leave the home');
  });
});

describe('things decided, as every surface counts them', () => {
  const entry = (id: string, name: string, outcome: PileItem['outcome'], extra: Partial<PileItem> = {}): PileItem => ({ id, name, outcome, decidedAt: Number(id), thing: `name:${id}`, ...extra });

  it('shows things of one name going the same way as one line with their count, in the plural', () => {
    const items = [entry('1', 'book', 'place', { location: 'bookshelf' }), entry('2', 'Book', 'place', { location: 'the bookshelf' }), entry('3', 'book', 'donate'), entry('4', 'mug', 'keep')];
    expect(pileLines(items).map((line) => [lineName(line), line.ids])).toEqual([
      ['books ×2', ['1', '2']],
      ['book', ['3']],
      ['mug', ['4']],
    ]);
    expect(lineName({ name: 'pair of shoes', count: 3 })).toBe('pairs of shoes ×3');
  });

  it('counts the skipped apart, and a thing skipped once decided only in its pile', () => {
    const state = {
      spaceFunction: 'Work',
      piles: { belongs: [entry('1', 'lamp', 'keep')], out: [], unsure: [] },
      decisions: [
        { item: 'lamp', outcome: 'skip' as const, at: 0, thing: 'name:1' },
        { item: 'lamp', outcome: 'keep' as const, at: 1, thing: 'name:1' },
        { item: 'cable', outcome: 'skip' as const, at: 2, thing: 'name:cable' },
        { item: 'cable', outcome: 'skip' as const, at: 3, thing: 'name:cable' },
        { item: 'sock', outcome: 'skip' as const, at: 4, thing: 'name:sock' },
      ],
    };
    expect(skippedThings(state).map((decision) => decision.item)).toEqual(['cable', 'sock']);
    expect(pileCounts(state)).toMatchObject({ here: 1, skipped: 2, decided: 3, text: '1 stays here, 0 go elsewhere in the home, 0 leave the home, 0 undecided, 2 skipped for now' });
    expect(decidedText(pileCounts(state))).toBe('3 things decided: 1 stays here, 0 go elsewhere in the home, 0 leave the home, 0 undecided, 2 skipped for now.');
    expect(decidedText(pileCounts({ ...state, piles: { belongs: [], out: [], unsure: [] }, decisions: [] }))).toBe('Nothing was decided this time, and that is fine.');
    expect(thingsDecided(1)).toBe('1 thing decided');
    expect(thingsDecided(0)).toBe('Nothing decided yet');
  });

  it('lists a thing in one group only, where it was put last, even if an edited state has it in two piles', () => {
    const piles: Piles = { belongs: [entry('1', 'mug', 'keep', { thing: 'x' })], out: [entry('2', 'mug', 'trash', { thing: 'x' })], unsure: [] };
    const groups = groupedPiles({ piles });
    expect([groups.here.length, groups.leaving.length]).toEqual([0, 1]);
  });
});
