/**
 * What the guided coach hears, whichever way it came: a dialog answer, free text read by the rules in
 * `understand/`, or free text extracted by a model. `decide` routes on this and nothing else.
 */
import { z } from 'zod';
import { DetectionRefSchema, FocusSchema } from '../../shared/detection/schema';
import { PointSchema } from '../../shared/pointing/schema';

const text = z.string().trim().min(1).max(200);

export const OutcomeSchema = z.enum(['trash', 'donate', 'recycle', 'place', 'keep', 'skip', 'unsure']);
export type Outcome = z.infer<typeof OutcomeSchema>;

/** The outcomes that take a thing out of the home: none is ever acted on from words that do not plainly say so. */
export const LEAVING_OUTCOMES: readonly Outcome[] = ['trash', 'donate', 'recycle'];
export const leavesHome = (outcome: Outcome) => LEAVING_OUTCOMES.includes(outcome);

/** What a question back to the coach is about (see the `question` input). */
export const QuestionAboutSchema = z.enum(['choices', 'thing', 'where', 'coach']);
export type QuestionAbout = z.infer<typeof QuestionAboutSchema>;

export const SplitEditSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('accept') }),
  z.object({ kind: z.literal('merge') }),
  /**
   * New names in order; see `editCategories` for fewer or more names than categories. `pile` says which one pile a
   * single new name is for, by its old name ("rename papers to bills") or its place ("call the second one…"; -1 is
   * the last); the other piles keep their names.
   */
  z.object({
    kind: z.literal('rename'),
    names: z.array(text).min(1),
    pile: z.union([z.object({ named: text }), z.object({ at: z.number().int().min(-1).max(8) })]).optional(),
  }),
  z.object({ kind: z.literal('decline') }),
]);
export type SplitEdit = z.infer<typeof SplitEditSchema>;

const FunctionSchema = z.object({ kind: z.literal('function'), function: text, overwhelmed: z.boolean() });
/** An empty list is an answer too: nothing has to stay. */
const AnchorsSchema = z.object({ kind: z.literal('anchors'), anchors: z.array(text) });
/**
 * A thing the person names. `focus`: where they pointed at it (they said what is there); `unseen`: not one of the
 * detected things of that name (they said "none of these"), so the coach asks no "which one?".
 */
const ItemSchema = z.object({ kind: z.literal('item'), item: text, focus: FocusSchema.optional(), unseen: z.literal(true).optional() });
/** Where one item goes; a `place` without a location still needs one. */
const DispositionSchema = z.object({ kind: z.literal('disposition'), item: text, outcome: OutcomeSchema, location: text.optional() });
const NextSchema = z.object({ kind: z.literal('next') });
const HelpSchema = z.object({ kind: z.literal('help'), item: text.optional() });
/**
 * A question back to the coach instead of an answer: what the card's choices mean, what people do with such a
 * thing, where such things live, or what the coach is doing. The card answers it, then asks again.
 */
const QuestionSchema = z.object({ kind: z.literal('question'), about: QuestionAboutSchema, text: z.string().trim().min(1).max(2000) });
/** Too much; `trigger` is the thing that makes it so ("the boxes"). */
const OverwhelmedSchema = z.object({ kind: z.literal('overwhelmed'), trigger: text.optional() });
const SplitSchema = z.object({ kind: z.literal('split'), edit: SplitEditSchema });
/** The person chose to carry on after an energy check. */
const KeepGoingSchema = z.object({ kind: z.literal('keepGoing') });
/** A stop heard in the person's words (read by the rules or a model): the "Stop for today?" card confirms it first. */
const StopSchema = z.object({ kind: z.literal('stop') });

/**
 * What a person's words can be read as, for one card: an answer to it, or a request to the coach. A reading the coach
 * is not sure of is offered back among these (`tentative`).
 */
export const AnswerSchema = z.discriminatedUnion('kind', [
  FunctionSchema,
  AnchorsSchema,
  ItemSchema,
  DispositionSchema,
  NextSchema,
  HelpSchema,
  QuestionSchema,
  OverwhelmedSchema,
  SplitSchema,
  KeepGoingSchema,
  StopSchema,
]);
export type Answer = z.infer<typeof AnswerSchema>;

/** Everything the coach hears: what words can be read as, and what cards, controls and photos say. */
export const InputSchema = z.discriminatedUnion('kind', [
  ...AnswerSchema.options,
  /** Nothing said: photos arrived, or an empty message. */
  z.object({ kind: z.literal('begin') }),
  /** The person pointed at something on a photo. */
  z.object({ kind: z.literal('pointed'), point: PointSchema }),
  /** The person picked one of the detected things a "which one?" card offered. */
  z.object({ kind: z.literal('thing'), ref: DetectionRefSchema }),
  /** On a card about several things of one kind: take them one at a time instead. */
  z.object({ kind: z.literal('oneAtATime') }),
  /** Back in a room the coach knows: "Still your office, …?" answered Yes… */
  z.object({ kind: z.literal('sameRoom') }),
  /** …or Something changed: what it is for and what stays are asked again, with last time's answers filled in. */
  z.object({ kind: z.literal('roomChanged') }),
  /**
   * The person chose to stop on a control ("Stop for today" on a card, yes on the energy check or the "Stop for
   * today?" card, wind down at a sprint's check-in): the session winds down at once. `firstStep`: the answer to the
   * last card, the first physical step, so the summary follows it.
   */
  z.object({ kind: z.literal('windDown'), firstStep: z.enum(['done', 'later']).optional() }),
  /** "No" to the "Stop for today?" card, or no answer: the coach goes on where it was. */
  z.object({ kind: z.literal('carryOn') }),
  /**
   * Words the reader is not sure of, or that would send a thing out of the home without plainly saying so: the card
   * offers the readings, best first, and records nothing until the person picks one.
   */
  z.object({ kind: z.literal('tentative'), readings: z.tuple([AnswerSchema, AnswerSchema]), text: z.string().trim().min(1).max(2000) }),
  /** A dialog closed without an answer (timed out or cancelled). */
  z.object({ kind: z.literal('silent') }),
  z.object({ kind: z.literal('unclear'), text: z.string().trim().min(1).max(2000) }),
]);
export type Input = z.infer<typeof InputSchema>;

/** What a free-text answer would be about, given where the session is. */
export const ExpectingSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('function') }),
    z.strictObject({ kind: z.literal('anchors') }),
    z.strictObject({ kind: z.literal('item') }),
    z.strictObject({ kind: z.literal('next') }),
    z.strictObject({ kind: z.literal('split') }),
    z.strictObject({ kind: z.literal('disposition'), item: text }),
    z.strictObject({ kind: z.literal('location'), item: text }),
  ])
  .readonly();
export type Expecting = z.infer<typeof ExpectingSchema>;
