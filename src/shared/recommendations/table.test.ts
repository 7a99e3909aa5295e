import { describe, expect, it } from 'vitest';
import { ItemKindSchema, itemKindOf, RECOMMENDATIONS, recommendationFor, recommendationHint, SpaceKindSchema, spaceKindOf } from './table';

const first = (item: string, space: string | undefined) => {
  const recommendation = recommendationFor(item, space);
  return recommendation.kind === 'choices' ? recommendation.choices.map((choice) => choice.label) : recommendation.kind;
};

describe('the recommendation table', () => {
  it('files or recycles a pile of old papers in a work room, never keeps it there first', () => {
    expect(first('pile of old papers', 'Work (Design)')).toEqual(['File it', 'Recycle', 'Trash']);
    expect(first('receipts', 'Work (Admin)')[0]).toBe('File it');
    expect(first('mail on the desk', 'home office')[0]).toBe('File it');
  });

  it('sends dishes to the kitchen first anywhere but the kitchen', () => {
    for (const dish of ['mug', 'cup', 'plate', 'bowl', 'glass', 'cutlery', 'wine glass', 'spoon']) {
      for (const space of ['Work (Coding)', 'Sleep', 'Living and relaxing', 'Craft or hobby (Sewing)', undefined]) {
        expect(first(dish, space)[0], `${dish} in ${space}`).toBe('To the kitchen');
      }
      expect(first(dish, 'Kitchen')[0]).toBe('Keep it here');
    }
  });

  it('puts clothes in a bedroom into the wardrobe or the laundry', () => {
    expect(first('t-shirt', 'Sleep')).toEqual(['To the wardrobe', 'To the laundry', 'Donate']);
    expect(first('grey hoodie', 'my bedroom').slice(0, 2)).toEqual(['To the wardrobe', 'To the laundry']);
    expect(first('hoodie', 'Work')[0]).toBe('To the bedroom wardrobe');
  });

  it('never recommends keepsakes and photos out, and never offers to throw them away', () => {
    for (const keepsake of ['old photos', 'photo of grandma', 'picture frame', 'souvenir mug', 'birthday cards']) {
      for (const space of [undefined, ...SpaceKindSchema.options]) {
        const recommendation = recommendationFor(keepsake, space);
        expect(recommendation.kind, keepsake).toBe('choices');
        if (recommendation.kind !== 'choices') continue;
        expect(['trash', 'donate', 'recycle'], `${keepsake} in ${space}`).not.toContain(recommendation.choices[0]!.disposition);
        expect(recommendation.choices.map((choice) => choice.disposition)).not.toContain('trash');
      }
    }
  });

  it('asks where an unknown kind of thing goes rather than guessing', () => {
    expect(recommendationFor('mysterious green device', 'Work')).toEqual({ kind: 'ask' });
    expect(recommendationHint('mysterious green device', 'Work')).toMatch(/ask where it goes/);
  });

  it('knows things by the detector’s class names and by the words people use', () => {
    expect(itemKindOf('teddy bear')).toBe('toys');
    expect(itemKindOf('hair drier')).toBe('toiletries');
    expect(itemKindOf('old papers')).toBe('papers');
    expect(itemKindOf('t-shirt')).toBe('clothes');
    expect(itemKindOf('empty amazon envelope')).toBe('packaging');
    expect(spaceKindOf('Work (Design)')).toBe('work');
    expect(spaceKindOf('Kids’ play')).toBe('play');
    expect(spaceKindOf(undefined)).toBeUndefined();
  });

  it('gives the conversational coach the recommendation in one line, recommended first', () => {
    expect(recommendationHint('blue mug', 'Work (Design)')).toBe('To the kitchen (recommended), then Keep it here or Donate');
  });

  // The property: every row of the table, for every function, is a card the dialog can show.
  it.each(ItemKindSchema.options.flatMap((item) => [undefined, ...SpaceKindSchema.options].map((space) => [item, space] as const)))(
    '%s in a %s space: 2-4 choices, none twice, the recommended one first',
    (item, space) => {
      const row = RECOMMENDATIONS[item];
      const choices = (space && row.in[space]) || row.anywhere;
      expect(choices.length).toBeGreaterThanOrEqual(2);
      expect(choices.length).toBeLessThanOrEqual(4);
      expect(new Set(choices.map((choice) => `${choice.disposition}:${choice.location ?? ''}`)).size).toBe(choices.length);
      expect(new Set(choices.map((choice) => choice.label)).size).toBe(choices.length);
      const recommended = recommendationFor(sampleName(item), space);
      expect(recommended.kind === 'choices' ? recommended.choices[0] : undefined).toEqual(choices[0]);
    },
  );
});

/** A name of each kind, so the property goes through the same recognition a card does. */
function sampleName(item: string): string {
  const names: Record<string, string> = {
    packaging: 'envelope',
    dishes: 'mug',
    papers: 'old papers',
    food: 'banana',
    clothes: 'hoodie',
    books: 'book',
    cables: 'cable',
    toiletries: 'toothbrush',
    bags: 'backpack',
    umbrella: 'umbrella',
    stationery: 'stapler',
    remote: 'remote',
    toys: 'teddy bear',
    electronics: 'laptop',
    decor: 'vase',
    keepsakes: 'old photos',
  };
  return names[item]!;
}
