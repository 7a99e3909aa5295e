import { describe, expect, it } from 'vitest';
import { CocoLabelSchema } from '../detection/schema';
import { classInfo, isProposable } from '../detection/classes';
import {
  ItemKindSchema,
  itemKindOf,
  KIND_WORDS,
  kindIndex,
  RECOMMENDATIONS,
  recommendationFor,
  recommendationHint,
  saysSpent,
  seenOnly,
  SpaceKindSchema,
  spaceKindOf,
} from './table';

const first = (item: string, space: string | undefined) => {
  const recommendation = recommendationFor(item, space);
  return recommendation.kind === 'choices' ? recommendation.choices.map((choice) => choice.label) : recommendation.kind;
};

describe('the recommendation table', () => {
  it('files, shreds or recycles a pile of old papers in a work room, never keeps it there first', () => {
    expect(first('pile of old papers', 'Work (Design)')).toEqual(['File it', 'Shred it', 'Recycle']);
    expect(first('bank statements', undefined)).toEqual(['Recycle', 'Shred it', 'File it']);
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
    for (const keepsake of ['old photos', 'photo of grandma', 'picture frame', 'souvenir', 'birthday cards', 'trophy', "grandad's medal"]) {
      for (const space of [undefined, ...SpaceKindSchema.options]) {
        const recommendation = recommendationFor(keepsake, space);
        expect(recommendation.kind, keepsake).toBe('choices');
        if (recommendation.kind !== 'choices') continue;
        expect(['trash', 'donate', 'recycle'], `${keepsake} in ${space}`).not.toContain(recommendation.choices[0]!.disposition);
        expect(recommendation.choices.map((choice) => choice.disposition)).not.toContain('trash');
      }
    }
  });

  it('never offers the bin for medicines: back to a pharmacy first, as recycling with a place', () => {
    for (const medicine of ['old medicine', 'paracetamol', 'box of pills', 'inhaler', 'expired antibiotics', 'paracetamol tablets']) {
      for (const space of [undefined, ...SpaceKindSchema.options]) {
        const recommendation = recommendationFor(medicine, space);
        expect(recommendation.kind === 'choices' && recommendation.choices[0], `${medicine} in ${space}`).toEqual({
          label: 'Back to a pharmacy',
          disposition: 'recycle',
          location: 'pharmacy',
        });
        expect(recommendation.kind === 'choices' && recommendation.choices.map((choice) => choice.disposition)).not.toContain('trash');
      }
    }
  });

  it('sends batteries to battery recycling and offers electronics recycling for cables and gadgets', () => {
    expect(recommendationFor('dead AA batteries', undefined)).toMatchObject({ item: 'batteries', choices: [{ disposition: 'recycle', location: 'battery recycling point' }, {}, {}] });
    expect(recommendationFor('old phone', 'Work')).toMatchObject({ item: 'electronics' });
    const gadget = recommendationFor('old phone', 'Work');
    expect(gadget.kind === 'choices' && gadget.choices.map((choice) => choice.location)).toContain('electronics recycling point');
    expect(first('tangle of chargers', undefined)).toContain('Electronics recycling');
  });

  it('throws rubbish away or recycles it: wrappers, crisp packets, takeaway boxes, used tissues, anything empty', () => {
    for (const rubbish of ['an empty crisp packet', 'sweet wrappers', 'takeaway box', 'used tissues', 'empty thing', 'tea bags', 'pizza box']) {
      expect(itemKindOf(rubbish), rubbish).toBe('rubbish');
      expect(first(rubbish, 'Sleep'), rubbish).toEqual(['Trash', 'Recycle']);
    }
    // What an empty thing is still decides, when the table knows it: an empty mug goes to the kitchen.
    expect(itemKindOf('empty mug')).toBe('dishes');
    expect(itemKindOf('empty bottle')).toBe('packaging');
  });

  it('recommends recycling before the bin for packaging that can be recycled: a shoebox, bottles, cans, jars, cardboard', () => {
    for (const packaging of ['shoebox', 'shoe box', 'bottles', 'empty bottle', 'cans', 'jam jar', 'cardboard', 'milk carton', 'box', 'parcel', 'packaging']) {
      for (const space of [undefined, ...SpaceKindSchema.options]) {
        expect(first(packaging, space).slice(0, 2), `${packaging} in ${space}`).toEqual(['Recycle', 'Trash']);
      }
    }
    // Shipping envelopes and bubble wrap are mostly plastic or mixed: the bin, recycling second.
    expect(first('empty amazon envelope', undefined)).toEqual(['Trash', 'Recycle', 'Keep it here']);
    expect(first('bubble wrap', undefined)).toEqual(['Trash', 'Recycle', 'Keep it here']);
  });

  it('puts food away first and bins it only when the person says it is finished or gone off', () => {
    for (const food of ['banana', 'apples', 'sandwich', 'donut', 'leftovers', 'pizza', 'cake']) {
      expect(first(food, 'Living and relaxing')[0], food).toBe('To the kitchen');
      expect(first(food, 'Kitchen')[0], food).toBe('Keep it here');
    }
    for (const spoilt of ['mouldy bread', 'rotten banana', 'half-eaten sandwich', 'stale crisps', 'banana peel', 'apple core']) {
      expect(first(spoilt, 'Kitchen')[0], spoilt).toBe('Trash');
    }
  });

  it('never puts the bin first for a thing only seen, and asks whether seen packaging is empty', () => {
    for (const label of CocoLabelSchema.options.filter(isProposable)) {
      for (const space of [undefined, ...SpaceKindSchema.options]) {
        const recommendation = recommendationFor(classInfo(label).name, space);
        if (recommendation.kind !== 'choices') continue;
        const seen = seenOnly(recommendation.choices, recommendation.item === 'packaging');
        expect(seen[0]!.disposition, `${label} in ${space}`).not.toBe('trash');
        expect(seen.map((choice) => choice.disposition).sort()).toEqual(recommendation.choices.map((choice) => choice.disposition).sort());
      }
    }
    expect(seenOnly(RECOMMENDATIONS.packaging.anywhere, true).map((choice) => choice.label)).toEqual(['Empty? Recycle', 'Keep it here', 'Trash']);
    expect(seenOnly(RECOMMENDATIONS.rubbish.anywhere, false).map((choice) => choice.label)).toEqual(['Recycle', 'Trash']);
  });

  it('hears a name that says the thing is rubbish or spent', () => {
    for (const spent of ['empty bottle', 'used tissue', 'crisp packet', 'mouldy bread', 'finished jar', 'rubbish']) expect(saysSpent(spent), spent).toBe(true);
    for (const whole of ['bottle', 'banana', 'cup', 'old receipts', 'shoebox']) expect(saysSpent(whole), whole).toBe(false);
  });

  it('knows clothes and shoes, toys and tools, each with its own places', () => {
    for (const clothes of ['shoes', 'trainers', 'pair of boots', 'socks', 'wellies', 'hoodie']) expect(itemKindOf(clothes), clothes).toBe('clothes');
    for (const toy of ['lego', 'toy car', 'board game', 'teddy', 'jigsaw puzzle']) expect(itemKindOf(toy), toy).toBe('toys');
    for (const tool of ['hammer', 'screwdriver', 'tape measure', 'drill bits', 'toolbox']) expect(itemKindOf(tool), tool).toBe('tools');
    expect(first('hammer', 'Living and relaxing')).toEqual(['To the toolbox', 'To the garage', 'Keep it here']);
    expect(first('hammer', 'Storage')[0]).toBe('Keep it here');
  });

  it('reads a container by what it holds: "a bag of old chargers" is cables', () => {
    expect(itemKindOf('a bag of old chargers')).toBe('cables');
    expect(itemKindOf('box of old photos')).toBe('keepsakes');
    expect(itemKindOf('pile of mail on the chair')).toBe('papers');
    expect(itemKindOf('bottle of pills')).toBe('medicines');
    expect(itemKindOf('packet of crisps')).toBe('food');
    // A container of something unknown is still the container; a thing "of" something is that thing.
    expect(itemKindOf('box of mysteries')).toBe('packaging');
    expect(itemKindOf('photo of my dog')).toBe('keepsakes');
  });

  it('reads the head of a name, not any word in it', () => {
    expect(itemKindOf('phone charger')).toBe('cables');
    expect(itemKindOf('shoe box')).toBe('packaging');
    expect(itemKindOf('orange hoodie')).toBe('clothes');
    expect(itemKindOf('tablet')).toBe('electronics');
    expect(itemKindOf('paracetamol tablets')).toBe('medicines');
    expect(itemKindOf('tea bag')).toBe('rubbish');
    expect(itemKindOf('magazines')).toBe('papers');
  });

  it('forgives plurals and typos where only one kind is near', () => {
    expect(itemKindOf('chargrs')).toBe('cables');
    expect(itemKindOf('recipts')).toBe('papers');
    expect(itemKindOf('batterys')).toBe('batteries');
    expect(itemKindOf('medecine')).toBe('medicines');
    expect(itemKindOf('knives')).toBe('dishes');
    // Too short to tell a typo from another word.
    expect(itemKindOf('cards')).toBeUndefined();
  });

  it('knows a keepsake by who it came from or the occasion, whatever the thing is', () => {
    for (const keepsake of ["my grandma's ring", "my late dad's watch", 'wedding dress', 'letters from my mum']) expect(itemKindOf(keepsake), keepsake).toBe('keepsakes');
    expect(itemKindOf('letter from the bank')).toBe('papers');
  });

  it('puts every word in one kind only, and refuses a word listed twice', () => {
    expect(kindIndex(KIND_WORDS).get('crisp packet')).toBe('rubbish');
    expect(() => kindIndex({ ...KIND_WORDS, tools: `${KIND_WORDS.tools}, charger` })).toThrow('The recommendation table lists "charger" under both cables and tools.');
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
    expect(itemKindOf('empty amazon envelope')).toBe('wrapping');
    expect(spaceKindOf('Work (Design)')).toBe('work');
    expect(spaceKindOf('Kids’ play')).toBe('play');
    expect(spaceKindOf(undefined)).toBeUndefined();
  });

  it('gives the conversational coach the recommendation in one line, recommended first', () => {
    expect(recommendationHint('blue mug', 'Work (Design)')).toBe('To the kitchen (recommended), then Keep it here or Donate');
    expect(recommendationHint('old paracetamol', undefined)).toBe('Back to a pharmacy (recommended), then To the medicine cabinet or Keep it here');
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
    rubbish: 'crisp packet',
    packaging: 'shoebox',
    wrapping: 'envelope',
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
    medicines: 'paracetamol',
    batteries: 'batteries',
    tools: 'hammer',
  };
  return names[item]!;
}
