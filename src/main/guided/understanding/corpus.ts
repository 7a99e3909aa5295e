/**
 * The labelled corpus of free-text answers (`corpus.jsonl`, one entry a line): what a person typed, the card it
 * answered (`expecting`), and what they meant. It measures `understand` from outside, so it was written from how
 * people type, not from the rules.
 *
 * A label (`meant`) is looser than an `Input` where the exact words cannot be known: text fields are checked by
 * "concepts", each a `|`-separated list of alternatives of which one must appear (any case) in the field. Several
 * labels in a list means any of them is a right reading (the text is ambiguous between them, and none is harmful).
 * Labelling decisions worth knowing:
 * - Giving a thing to a person ("give it to my sister") or selling it is `donate`. Giving it back to an owner who lives
 *   elsewhere ("it's my neighbour's, he'll want it back") is a `place`, the owner's home: a trip, not a gift.
 * - A question back to the coach ("does a charity shop take these?", "what does not sure do?") is `question`, even
 *   with an outcome word in it, unless it plainly decides too ("can I just bin it? yeah, bin").
 * - A pile named for deciding later ("my think-about-it crate", "the maybe box") is `unsure`, not a place.
 * - A state of the room given as its function ("my desk is buried") is `overwhelmed` or `unclear`, never a function.
 * - "I don't know" on a card asking a fact is hesitation: `unsure` for an item, `help` or `unclear` otherwise.
 * - "Stop", "done", "enough" about the question or the thing ("I'm done with it") are not stops; a stop is
 *   labelled only where the person wants the session to end.
 */
import { z } from 'zod';
import { ExpectingSchema, OutcomeSchema, QuestionAboutSchema } from '../input';

/** One or more alternatives separated by `|`; a field matches when it contains any of them, in any case. */
const ConceptSchema = z.string().trim().min(1).max(120);
const concepts = z.array(ConceptSchema).min(1);

export const LabelSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('function'),
    /** Each concept must appear in the function. */
    contains: concepts.optional(),
    /** None of these may appear: what the person said the space is NOT for. */
    lacks: concepts.optional(),
    overwhelmed: z.boolean().optional(),
  }),
  z
    .strictObject({
      kind: z.literal('anchors'),
      /** Nothing has to stay: the list must be empty. */
      none: z.literal(true).optional(),
      /** Each concept must appear in one of the anchors. */
      contains: concepts.optional(),
      /** No anchor may contain these. */
      lacks: concepts.optional(),
    })
    .refine((label) => !(label.none && label.contains), { error: 'anchors cannot be both none and contain something' }),
  z.strictObject({ kind: z.literal('item'), contains: ConceptSchema.optional() }),
  z
    .strictObject({
      kind: z.literal('disposition'),
      outcome: OutcomeSchema,
      /** Where a `place` goes; a reading with no location misses it. */
      location: ConceptSchema.optional(),
      item: ConceptSchema.optional(),
    })
    .refine((label) => !label.location || label.outcome === 'place', { error: 'only a place has a location' }),
  z
    .strictObject({
      kind: z.literal('split'),
      edit: z.enum(['accept', 'merge', 'rename', 'decline']),
      /** Each concept must appear in one of the new names. */
      names: concepts.optional(),
    })
    .refine((label) => !label.names || label.edit === 'rename', { error: 'only a rename has names' }),
  z.strictObject({ kind: z.literal('help'), item: ConceptSchema.optional() }),
  /** A question back to the coach; `about` is for people reading the set: any question reading reads as meant. */
  z.strictObject({ kind: z.literal('question'), about: QuestionAboutSchema.optional() }),
  z.strictObject({ kind: z.literal('overwhelmed'), trigger: ConceptSchema.optional() }),
  z.strictObject({ kind: z.literal('next') }),
  z.strictObject({ kind: z.literal('keepGoing') }),
  z.strictObject({ kind: z.literal('stop') }),
  z.strictObject({ kind: z.literal('unclear') }),
]);
export type Label = z.infer<typeof LabelSchema>;

/** What the tags on entries mean; the corpus test holds a minimum count for each. */
export const TAGS = {
  flat: 'a flat, matter-of-fact tone',
  apologetic: 'an apologetic tone',
  joking: 'a joking tone',
  irritated: 'an irritated tone',
  short: 'at most two words, an emoji or a bare yes/no',
  long: 'two sentences or more, or twelve words or more',
  typo: 'typos and missing apostrophes',
  british: 'British words or spellings (rubbish, wardrobe, colour)',
  american: 'American words or spellings (garbage, closet, color)',
  emoji: 'contains an emoji',
  negation: 'a negation that changes the reading ("I don\'t want to keep it")',
  contrast: 'a correction or contrast ("not trash, it goes to...", "bin... no wait")',
  destination: 'a destination after a verb ("throw it in the kitchen drawer")',
  recipient: 'a person or group as the recipient ("give it to my sister")',
  'noun-verb': 'a noun that looks like an outcome or a stop ("junk mail", "the trash bag", "doorstop")',
  'room-state': 'a state of the room given where its function was asked',
  'multi-clause': 'several clauses that each say something',
  'dont-know': 'hesitation: "I don\'t know" and its kin',
  'real-stop': 'the person wants the session to end',
  'stop-word': 'contains a stop-like word (stop, done, enough, tired, finish, quit...) but does not mean stop',
  stuck: 'stuck on a decision',
  overwhelmed: 'overwhelmed by the amount',
  'item-name': 'names the next item',
} as const;
export const TagSchema = z.enum(Object.keys(TAGS) as [keyof typeof TAGS, ...(keyof typeof TAGS)[]]);
export type Tag = z.infer<typeof TagSchema>;

export const CorpusEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z]+-\d{3}$/, 'a card prefix and three digits, e.g. disp-001'),
  text: z.string().trim().min(1).max(2000),
  expecting: ExpectingSchema,
  /** What the person meant: one label, or the readings that are all right. */
  // One label is read as a list of one first, so a bad label reports its own error, not a union's "invalid input".
  meant: z.preprocess((meant) => (meant && typeof meant === 'object' && !Array.isArray(meant) ? [meant] : meant), z.array(LabelSchema).min(1)),
  tags: z.array(TagSchema).default([]),
  /** Why the label is what it is, where that is not obvious. */
  note: z.string().trim().min(1).optional(),
});
export type CorpusEntry = z.infer<typeof CorpusEntrySchema>;

/**
 * Parses a corpus file's text. A malformed line is an error naming the source and the line number (1-based), in
 * one line, so it can be found and fixed; so is a repeated id.
 */
export function parseCorpus(text: string, source: string): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  const lineOfId = new Map<string, number>();
  text.split('\n').forEach((line, index) => {
    const lineNumber = index + 1;
    if (!line.trim()) return;
    const fail = (message: string): never => {
      throw new Error(`${source}:${lineNumber}: ${message}`);
    };
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      fail(`not JSON (${(error as Error).message})`);
    }
    const parsed = CorpusEntrySchema.safeParse(json);
    if (!parsed.success) {
      fail(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'entry'}: ${issue.message}`).join('; '));
    } else {
      const earlier = lineOfId.get(parsed.data.id);
      if (earlier !== undefined) fail(`id ${parsed.data.id} already used on line ${earlier}`);
      lineOfId.set(parsed.data.id, lineNumber);
      entries.push(parsed.data);
    }
  });
  if (entries.length === 0) throw new Error(`${source}: no entries`);
  return entries;
}
