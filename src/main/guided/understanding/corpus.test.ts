import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCorpus, TAGS, type Tag } from './corpus';
import { understand } from '../understand';
import { formatUnderstanding, scoreUnderstanding } from './score';

const FILE = path.join(import.meta.dirname, 'corpus.jsonl');
const corpus = parseCorpus(await readFile(FILE, 'utf8'), FILE);

/** The least of each kind of answer the corpus must hold for its figures to mean something. */
const MINIMUM: Record<Tag, number> = {
  flat: 15,
  apologetic: 10,
  joking: 15,
  irritated: 15,
  short: 40,
  long: 10,
  typo: 20,
  british: 30,
  american: 15,
  emoji: 10,
  negation: 30,
  contrast: 15,
  destination: 15,
  recipient: 10,
  'noun-verb': 20,
  'room-state': 5,
  'multi-clause': 15,
  'dont-know': 12,
  'real-stop': 20,
  'stop-word': 40,
  stuck: 5,
  overwhelmed: 8,
  'item-name': 30,
};

describe('the corpus of free-text answers', () => {
  it('holds at least 300 answers, each with its own id and its own words', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(new Set(corpus.map((entry) => entry.id)).size).toBe(corpus.length);
    expect(new Set(corpus.map((entry) => entry.text.toLowerCase())).size).toBe(corpus.length);
  });

  it.each(Object.keys(TAGS) as Tag[])('has enough answers tagged %s', (tag) => {
    expect(corpus.filter((entry) => entry.tags.includes(tag)).length).toBeGreaterThanOrEqual(MINIMUM[tag]);
  });

  it('answers every kind of card, at least 20 times each', () => {
    for (const kind of ['function', 'anchors', 'item', 'next', 'split', 'disposition', 'location']) {
      expect(corpus.filter((entry) => entry.expecting.kind === kind).length, kind).toBeGreaterThanOrEqual(20);
    }
  });

  it('tags stops honestly: a stop-like word never means stop, a real stop always does', () => {
    const meansStop = (entry: (typeof corpus)[number]) => entry.meant.some((label) => label.kind === 'stop');
    expect(corpus.filter((entry) => entry.tags.includes('stop-word') && meansStop(entry)).map((entry) => entry.id)).toEqual([]);
    expect(corpus.filter((entry) => entry.tags.includes('real-stop') && !meansStop(entry)).map((entry) => entry.id)).toEqual([]);
  });
});

/** The share `understand` reached on this corpus (rounded down); a change that reads less of it fails here. */
const LEAST_READ_PERCENT = 99;

describe('understand on the corpus', () => {
  const score = scoreUnderstanding(corpus);

  it('never reads a stop where the person did not mean one', () => {
    expect(score.falseStops.map(({ entry }) => `${entry.id} "${entry.text}"`)).toEqual([]);
  });

  it(`reads at least ${LEAST_READ_PERCENT}% as meant`, () => {
    // The report lists every miss, so a failure says which answers are now misread.
    expect((100 * score.read) / score.total, formatUnderstanding(score)).toBeGreaterThanOrEqual(LEAST_READ_PERCENT);
  });

  it('reads each answer the same way whatever was read before it (replay depends on it)', () => {
    const forwards = corpus.map((entry) => understand(entry.text, entry.expecting));
    const backwards = [...corpus].reverse().map((entry) => understand(entry.text, entry.expecting)).reverse();
    expect(backwards).toEqual(forwards);
  });
});

describe('parseCorpus', () => {
  const good = '{"id":"disp-001","text":"bin it","expecting":{"kind":"disposition","item":"mug"},"meant":{"kind":"disposition","outcome":"trash"}}';

  it('reads one entry a line, skipping blank lines, with one label as a list of one', () => {
    expect(parseCorpus(`${good}\n\n`, 'c.jsonl')).toEqual([
      { id: 'disp-001', text: 'bin it', expecting: { kind: 'disposition', item: 'mug' }, meant: [{ kind: 'disposition', outcome: 'trash' }], tags: [] },
    ]);
  });

  it('names the line of a line that is not JSON', () => {
    expect(() => parseCorpus(`${good}\n{"id": "disp-002",`, 'c.jsonl')).toThrow(/^c\.jsonl:2: not JSON/);
  });

  it('names the line and the field of an entry that breaks the schema', () => {
    const noCard = '{"id":"disp-002","text":"keep","meant":{"kind":"disposition","outcome":"keep"}}';
    expect(() => parseCorpus(`${good}\n\n${noCard}`, 'c.jsonl')).toThrow(/^c\.jsonl:3: expecting: /);
    const placeless = '{"id":"disp-002","text":"keep","expecting":{"kind":"item"},"meant":{"kind":"disposition","outcome":"keep","location":"shelf"}}';
    expect(() => parseCorpus(placeless, 'c.jsonl')).toThrow('c.jsonl:1: meant.0: only a place has a location');
    const unknownTag = '{"id":"disp-002","text":"keep","expecting":{"kind":"item"},"meant":{"kind":"next"},"tags":["sarcastic"]}';
    expect(() => parseCorpus(unknownTag, 'c.jsonl')).toThrow(/^c\.jsonl:1: tags\.0: /);
  });

  it('refuses an id used twice, naming both lines', () => {
    expect(() => parseCorpus(`${good}\n${good.replace('bin it', 'chuck it')}`, 'c.jsonl')).toThrow('c.jsonl:2: id disp-001 already used on line 1');
  });

  it('refuses a file with no entries', () => {
    expect(() => parseCorpus('\n', 'c.jsonl')).toThrow('c.jsonl: no entries');
  });
});
