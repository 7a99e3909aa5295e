import { describe, expect, it } from 'vitest';
import { editCategories, emergentCategories, parseList, suggestSplit } from './split';

describe('suggestSplit: seed 001 split patterns', () => {
  it.each([
    { pattern: 'cable', items: ['usb cable', 'mug'], categories: ['cables', 'other'] },
    { pattern: 'cord', items: ['extension cord', 'mug'], categories: ['cables', 'other'] },
    { pattern: 'paper', items: ['old papers', 'mug'], categories: ['papers', 'other'] },
    { pattern: 'document', items: ['tax document', 'mug'], categories: ['papers', 'other'] },
    { pattern: 'book', items: ['Sketchbook', 'mug'], categories: ['books', 'other'] },
    { pattern: 'clothes', items: ['pile of clothes', 'mug'], categories: ['clothes', 'other'] },
    { pattern: 'shirt', items: ['T-SHIRT', 'mug'], categories: ['clothes', 'other'] },
    { pattern: '(default)', items: ['mug', 'lamp shade'], categories: ['keep-maybe', 'donate-maybe'] },
  ])('$pattern -> $categories', ({ items, categories }) => {
    expect(suggestSplit(items)).toEqual(categories);
  });

  it('takes the first row in table order when several match', () => {
    expect(suggestSplit(['notebook', 'paper bag', 'hdmi cord'])).toEqual(['cables', 'other']);
    expect(suggestSplit(['shirt', 'book'])).toEqual(['books', 'other']);
  });
});

describe('emergentCategories', () => {
  it('puts keyword matches in the named category and the rest in other', () => {
    expect(emergentCategories(['usb cable', 'sketchbook', 'hdmi cord', 'magazines', 'charger'])).toEqual([
      { name: 'cables', items: ['usb cable', 'hdmi cord'] },
      { name: 'other', items: ['sketchbook', 'magazines', 'charger'] },
    ]);
  });

  it('splits the default pair by leaving hints, and leaves out an empty category', () => {
    expect(emergentCategories(['mug', 'spare lamp', 'vase', 'old radio', 'plant pot'])).toEqual([
      { name: 'keep-maybe', items: ['mug', 'vase', 'plant pot'] },
      { name: 'donate-maybe', items: ['spare lamp', 'old radio'] },
    ]);
    expect(emergentCategories(['mug', 'vase'])).toEqual([{ name: 'keep-maybe', items: ['mug', 'vase'] }]);
  });
});

describe('editCategories: the confirmation dialog', () => {
  const categories = [
    { name: 'cables', items: ['usb cable', 'hdmi cord'] },
    { name: 'other', items: ['sketchbook', 'magazines'] },
  ];

  it('accepts the suggestion as it is', () => {
    expect(editCategories(categories, { kind: 'accept' })).toEqual(categories);
  });

  it('merges everything into one category', () => {
    expect(editCategories(categories, { kind: 'merge' })).toEqual([
      { name: 'cables and other', items: ['usb cable', 'hdmi cord', 'sketchbook', 'magazines'] },
    ]);
  });

  it('renames by position', () => {
    expect(editCategories(categories, { kind: 'rename', names: ['cords', 'the rest'] })).toEqual([
      { name: 'cords', items: ['usb cable', 'hdmi cord'] },
      { name: 'the rest', items: ['sketchbook', 'magazines'] },
    ]);
  });

  it('a rename of one pile, by its old name or its place, leaves the other piles as they were', () => {
    const three = [...categories, { name: 'papers and documents', items: ['old receipts'] }];
    expect(editCategories(three, { kind: 'rename', names: ['bills'], pile: { named: 'papers' } })).toEqual([
      categories[0],
      categories[1],
      { name: 'bills', items: ['old receipts'] },
    ]);
    expect(editCategories(three, { kind: 'rename', names: ['magazines'], pile: { at: 1 } }).map((category) => category.name)).toEqual([
      'cables',
      'magazines',
      'papers and documents',
    ]);
    expect(editCategories(three, { kind: 'rename', names: ['cords'], pile: { at: -1 } }).map((category) => category.name)).toEqual([
      'cables',
      'other',
      'cords',
    ]);
    // A pile it cannot find: nothing is renamed and nothing is merged.
    expect(editCategories(three, { kind: 'rename', names: ['bills'], pile: { named: 'shoes' } })).toEqual(three);
  });

  it('with fewer names, the rest join the last one; equal names merge; extra names hold nothing', () => {
    expect(editCategories(categories, { kind: 'rename', names: ['stuff'] })).toEqual([
      { name: 'stuff', items: ['usb cable', 'hdmi cord', 'sketchbook', 'magazines'] },
    ]);
    expect(editCategories(categories, { kind: 'rename', names: ['Desk', 'desk', 'spare'] })).toEqual([
      { name: 'Desk', items: ['usb cable', 'hdmi cord', 'sketchbook', 'magazines'] },
    ]);
  });
});

describe('parseList', () => {
  it('reads commas, "and", ampersands and lines', () => {
    expect(parseList('desk, drawing tablet and lamp')).toEqual(['desk', 'drawing tablet', 'lamp']);
    expect(parseList('- plants\n- books & records.')).toEqual(['plants', 'books', 'records']);
  });
});
