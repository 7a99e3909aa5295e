import { z } from 'zod';
import { FocusSchema } from '../detection/schema';
import { PointSchema } from '../pointing/schema';

/**
 * Questions the coach asks through a modal dialog, and the answers the person gives. Main owns the question
 * (including its timeout); the renderer only shows it and sends one answer back.
 */

/** The most outlines one card shows: a card about more things outlines the first of them. */
export const MAX_FOCUS = 12;

export const DispositionSchema = z.enum(['trash', 'donate', 'recycle', 'place', 'keep', 'skip']);
export type Disposition = z.infer<typeof DispositionSchema>;

const label = z.string().trim().min(1).max(120);

export const DispositionChoiceSchema = z.object({
  label,
  disposition: DispositionSchema,
  /** Where the item goes, for `place`. */
  location: z.string().trim().min(1).max(120).optional(),
});
export type DispositionChoice = z.infer<typeof DispositionChoiceSchema>;

export const FollowUpSchema = z.object({
  prompt: z.string().trim().min(1).max(300),
  choices: z.array(label).min(1).max(9),
  multiple: z.boolean(),
});

export const ChoiceOptionSchema = z.object({
  label,
  /** Picking this option reveals a second question (e.g. "Work" -> "What kind of work?"). */
  followUp: FollowUpSchema.optional(),
});

const common = {
  id: z.string().min(1).max(64),
  /** Epoch milliseconds. */
  askedAt: z.number().int().nonnegative(),
  /** Epoch milliseconds; main closes the question with its fallback answer then. */
  expiresAt: z.number().int().nonnegative(),
  /** What in the photos the question is about: outlined on the photo, and said in words for screen readers. */
  focus: z.array(FocusSchema).max(MAX_FOCUS).optional(),
  /**
   * Whether the person may answer by pointing at something on a photo: `offer` puts "Point at something" on the card
   * (pointing there answers it with the thing pointed at instead); `ask` is a "which one?" card, its photos ready to
   * point on at once. Absent: the card takes no point (a yes/no, what the space is for).
   */
  pointing: z.enum(['offer', 'ask']).optional(),
  /** Said on the card above its question: the coach's answer to a question the person asked back about it. */
  note: z.string().trim().min(1).max(600).optional(),
};

export const QuestionSchema = z.discriminatedUnion('kind', [
  z.object({
    ...common,
    kind: z.literal('disposition'),
    /** Specific: what it looks like and where it is. */
    item: z.string().trim().min(1).max(200),
    /** Where it is, when the item alone does not say ("on the table, left side"). */
    where: z.string().trim().min(1).max(200).optional(),
    /** The recommended choice comes first. "Not sure yet" and "Other..." are added by the dialog itself. */
    choices: z.array(DispositionChoiceSchema).min(2).max(4),
    /** Several things of one kind, decided together ("12 books"): how many. */
    count: z.number().int().min(2).max(40).optional(),
    /** The card also offers "One at a time" (its things one card each instead). */
    each: z.literal(true).optional(),
    /** They look put away already: the card asks "Already in place?" rather than where they go. */
    inPlace: z.literal(true).optional(),
  }),
  z.object({
    ...common,
    kind: z.literal('choice'),
    /**
     * `energy`: the sprint's check-in ("How is your energy?"), whose "Wind down for today" is the stop. `firstStep`: the
     * last card of a session ending with things leaving the home (a small physical step, Done or Later); the session is
     * ending already, so its Later is the stop.
     */
    purpose: z.enum(['function', 'anchors', 'general', 'energy', 'firstStep']),
    prompt: z.string().trim().min(1).max(300),
    choices: z.array(ChoiceOptionSchema).min(1).max(9),
    multiple: z.boolean(),
    allowOther: z.boolean(),
    /**
     * The answer filled in beforehand (last time's, in a room the coach knows): the choices ticked, their follow-up
     * and any words of the person's own. The person changes it, or confirms it as it is.
     */
    preset: z
      .object({ selected: z.array(label).max(9), followUp: z.array(label).max(9).optional(), other: z.string().trim().min(1).max(300).optional() })
      .optional(),
  }),
  z.object({
    ...common,
    kind: z.literal('confirm'),
    /**
     * `stop`: the "Stop for today?" card, asked before a stop heard in the person's words (or decided by a model)
     * ends anything. A stop the person chose on a control ends at once and never shows it. `energy`: the guided
     * coach's energy check ("Stop here for today?"). On both, yes is the stop.
     */
    purpose: z.enum(['stop', 'energy']).optional(),
    prompt: z.string().trim().min(1).max(300),
    /** What an unanswered question counts as. */
    defaultAnswer: z.boolean(),
  }),
  z.object({
    ...common,
    kind: z.literal('text'),
    prompt: z.string().trim().min(1).max(300),
    placeholder: z.string().max(120).optional(),
    /** The answer filled in beforehand, to change or confirm (last time's, in a room the coach knows). */
    initial: z.string().trim().max(300).optional(),
  }),
]);
export type Question = z.infer<typeof QuestionSchema>;
export type QuestionKind = Question['kind'];

const otherText = z.string().trim().min(1).max(300);

export const AnswerSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('disposition'),
    pick: z.discriminatedUnion('type', [
      z.object({ type: z.literal('choice'), index: z.number().int().min(0).max(3) }),
      z.object({ type: z.literal('unsure') }),
      z.object({ type: z.literal('other'), text: otherText }),
      /** "One at a time", on a card about several things that offers it. */
      z.object({ type: z.literal('each') }),
      /** Not offered as a button: what an expired card counts as. */
      z.object({ type: z.literal('skip') }),
    ]),
  }),
  z.object({
    kind: z.literal('choice'),
    selected: z.array(label).max(9),
    followUp: z.array(label).max(9).optional(),
    other: otherText.optional(),
  }),
  z.object({ kind: z.literal('confirm'), yes: z.boolean() }),
  z.object({ kind: z.literal('text'), text: z.string().trim().max(2000) }),
  /** The person pointed at something on a photo (any card with `pointing`). */
  z.object({ kind: z.literal('point'), point: PointSchema }),
  /** "Stop for today", which every card takes: the person chose to stop, and the session winds down at once. */
  z.object({ kind: z.literal('stop') }),
]);
export type Answer = z.infer<typeof AnswerSchema>;

/** What the coach receives: the person's answer, or the fallback when the question expired or was cancelled. */
export interface Resolution {
  answer: Answer;
  /** How the question closed. */
  closedBy: 'person' | 'timeout' | 'cancelled';
}

/** The answer an unanswered question counts as: skip, the default, nothing chosen, nothing said. */
export function fallbackAnswer(question: Question): Answer {
  switch (question.kind) {
    case 'disposition':
      return { kind: 'disposition', pick: { type: 'skip' } };
    case 'choice':
      return { kind: 'choice', selected: [] };
    case 'confirm':
      return { kind: 'confirm', yes: question.defaultAnswer };
    case 'text':
      return { kind: 'text', text: '' };
  }
}

/** Whether `answer` fits `question`: same kind, and every index or label refers to something offered. */
export function answerFits(question: Question, answer: Answer): string | undefined {
  if (answer.kind === 'stop') return undefined;
  if (answer.kind === 'point') return question.pointing ? undefined : 'This card cannot be answered by pointing at a photo.';
  if (question.kind !== answer.kind) return `This question needs a ${question.kind} answer, not a ${answer.kind} one.`;
  if (question.kind === 'disposition' && answer.kind === 'disposition') {
    if (answer.pick.type === 'choice' && answer.pick.index >= question.choices.length) {
      return `There is no choice ${answer.pick.index + 1}.`;
    }
    if (answer.pick.type === 'each' && !question.each) return 'This card is about one thing: it cannot be taken one at a time.';
  }
  if (question.kind === 'choice' && answer.kind === 'choice') {
    const offered = new Set(question.choices.map((choice) => choice.label));
    const unknown = answer.selected.find((picked) => !offered.has(picked));
    if (unknown) return `"${unknown}" was not one of the choices.`;
    if (!question.multiple && answer.selected.length > 1) return 'Only one choice can be picked here.';
    if (answer.other && !question.allowOther) return 'This question does not take an answer of your own.';
  }
  return undefined;
}

/**
 * Whether one of the card's own answers is the stop for today: yes on "Stop for today?" or on the energy check, "Wind
 * down for today" at a sprint's check-in. The card's frame then offers no second "Stop for today" beside it.
 */
export function stopIsAnAnswer(question: Question): boolean {
  return (question.kind === 'confirm' || question.kind === 'choice') && (question.purpose === 'stop' || question.purpose === 'energy' || question.purpose === 'firstStep');
}
