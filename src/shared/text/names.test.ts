import { describe, expect, it } from 'vitest';
import { aName, bareName, counted, headNoun, indefiniteArticle, isMass, isPlural, placeName, theName, verbFor } from './names';

/** "Where does the X live?" as a template says it. */
const whereLives = (name: string) => `Where ${verbFor(name, 'does')} ${theName(name)} live?`;

describe('a name in a sentence', () => {
  it('drops a leading article for the bare form, and nothing else', () => {
    expect(bareName('an empty crisp packet')).toBe('empty crisp packet');
    expect(bareName('  The   blue mug ')).toBe('blue mug');
    expect(bareName('some socks')).toBe('socks');
    expect(bareName('a')).toBe('a');
    expect(bareName("my grandma's ring")).toBe("my grandma's ring");
    expect(bareName('theatre tickets')).toBe('theatre tickets');
    expect(bareName('another mug')).toBe('another mug');
  });

  it('puts "the" before a name, never twice, and never before an owner or a determiner', () => {
    expect(whereLives('an empty crisp packet')).toBe('Where does the empty crisp packet live?');
    expect(whereLives('the mug')).toBe('Where does the mug live?');
    expect(whereLives('scissors')).toBe('Where do the scissors live?');
    expect(whereLives("my grandma's ring")).toBe("Where does my grandma's ring live?");
    expect(whereLives("mum's mug")).toBe("Where does mum's mug live?");
    expect(whereLives('her shoes')).toBe('Where do her shoes live?');
    expect(whereLives('those socks')).toBe('Where do those socks live?');
    expect(whereLives('12 books')).toBe('Where do the 12 books live?');
    expect(theName("kids' toys")).toBe("the kids' toys");
    expect(theName("dog's lead")).toBe("the dog's lead");
    expect(theName('one of the mugs')).toBe('one of the mugs');
  });

  it('puts "a", "an" or "some" before a name by its sound and its number', () => {
    expect(aName('an empty crisp packet')).toBe('an empty crisp packet');
    expect(aName('the empty crisp packet')).toBe('an empty crisp packet');
    expect(aName('mug')).toBe('a mug');
    expect(aName('umbrella')).toBe('an umbrella');
    expect(aName('used tissue')).toBe('a used tissue');
    expect(aName('USB stick')).toBe('a USB stick');
    expect(aName('HDMI cable')).toBe('an HDMI cable');
    expect(aName('hour glass')).toBe('an hour glass');
    expect(aName('uniform')).toBe('a uniform');
    expect(aName('unopened letter')).toBe('an unopened letter');
    expect(aName('8-pack of batteries')).toBe('an 8-pack of batteries');
    expect(aName('socks')).toBe('some socks');
    expect(aName('scissors')).toBe('some scissors');
    expect(aName('paper')).toBe('some paper');
    expect(aName('old mail')).toBe('some old mail');
    expect(aName('bubble wrap')).toBe('some bubble wrap');
    expect(aName("my grandma's ring")).toBe("my grandma's ring");
    expect(aName('12 books')).toBe('12 books');
  });

  it('tells one thing from several: plurals, mass nouns, counts and lists', () => {
    for (const many of ['books', 'scissors', 'clothes', 'jeans', 'skis', 'people', 'children', '12 books', 'two mugs', 'cables and chargers', 'dishes', 'knives']) {
      expect(isPlural(many), many).toBe(true);
    }
    for (const one of ['mug', 'glass', 'dress', 'bus', 'cactus', 'lens', 'news', 'paper', 'laundry', '1 book', 'one sock', "my sister's", 'pair of shoes']) {
      expect(isPlural(one), one).toBe(false);
    }
    expect(isMass('some paper')).toBe(true);
    expect(isMass('pile of paper')).toBe(false);
    expect(isMass('paper cup')).toBe(false);
  });

  it('finds the head of a long name, so what follows it does not change its number', () => {
    expect(headNoun('box of old chargers under the desk')).toBe('box');
    expect(headNoun('an empty crisp packet')).toBe('packet');
    expect(headNoun('the bag I never took back')).toBe('bag');
    expect(isPlural('bag of old chargers')).toBe(false);
    expect(isPlural('books on the shelf by the window')).toBe(true);
    expect(whereLives('pile of old papers next to the printer')).toBe('Where does the pile of old papers next to the printer live?');
  });

  it('puts a verb in the number of the name', () => {
    expect(`${theName('books')} ${verbFor('books', 'go')}`).toBe('the books go');
    expect(`${theName('books')} ${verbFor('books', 'goes')}`).toBe('the books go');
    expect(`${theName('mug')} ${verbFor('mug', 'goes')}`).toBe('the mug goes');
    expect(`${theName('12 books')} ${verbFor('12 books', 'goes')}`).toBe('the 12 books go');
    expect(`1 book ${verbFor('1 book', 'goes')}`).toBe('1 book goes');
    expect(verbFor('socks', 'is')).toBe('are');
    expect(verbFor('socks', "doesn't")).toBe("don't");
    expect(verbFor('socks', 'carries')).toBe('carry');
    expect(verbFor('socks', 'stays here')).toBe('stay here');
    expect(verbFor('socks', 'watches')).toBe('watch');
    expect(verbFor('paper', 'goes')).toBe('goes');
  });

  it('counts a name for one thing', () => {
    expect(counted(1, 'book')).toBe('1 book');
    expect(counted(12, 'book')).toBe('12 books');
    expect(counted(3, 'box')).toBe('3 boxes');
    expect(counted(2, 'knife')).toBe('2 knives');
    expect(counted(4, 'battery')).toBe('4 batteries');
    expect(counted(2, 'toy')).toBe('2 toys');
    expect(counted(3, 'pair of shoes')).toBe('3 pairs of shoes');
    expect(counted(2, 'scissors')).toBe('2 scissors');
    expect(counted(5, 'the wine glass')).toBe('5 wine glasses');
  });

  it('says "a" or "an" by how the word sounds', () => {
    expect(indefiniteArticle('apple')).toBe('an');
    expect(indefiniteArticle('one-off')).toBe('a');
    expect(indefiniteArticle('euro')).toBe('a');
    expect(indefiniteArticle('SD')).toBe('an');
    expect(indefiniteArticle('honest')).toBe('an');
  });

  it('names a place with "the", unless it takes none', () => {
    expect(placeName('garage')).toBe('the garage');
    expect(placeName('the garage')).toBe('the garage');
    expect(placeName("mom's house")).toBe("mom's house");
    expect(placeName("my sister's")).toBe("my sister's");
    expect(placeName('work')).toBe('work');
    expect(placeName('downstairs')).toBe('downstairs');
    expect(placeName('kitchen drawer')).toBe('the kitchen drawer');
  });
});
