/**
 * The Action vocabulary of seed 001: what the coach does next. `decide` picks one; the coach shows its dialog or
 * says it, through the template of the same name in templates/guided/.
 */
import { z } from 'zod';
import { DetectionRefSchema, FocusSchema } from '../../shared/detection/schema';
import { DispositionChoiceSchema } from '../../shared/questions/schema';
import { CategorySchema } from '../../shared/session/guided';
import { AnswerSchema, ExpectingSchema, OutcomeSchema } from './input';

const text = z.string().trim().min(1).max(200);
const count = z.number().int().nonnegative();
/** How many things of the item's name the instruction is about, when one card decided several together. */
const groupCount = z.number().int().min(2).max(40).optional();
/** The parts of the photos an action is about, outlined while its dialog is up. */
const focus = z.array(FocusSchema).max(12).optional();

export const ActionSchema = z.discriminatedUnion('kind', [
  // Questions: each is a dialog.
  /**
   * Back in a room it knows (docs/rooms.md): "Still your office, with the desk and the shelves staying?", Yes or
   * Something changed. `room`: the room in a sentence, after "your".
   */
  z.object({ kind: z.literal('confirmRoom'), room: text, anchors: z.array(text).max(6) }),
  /**
   * `seen`: a few things the detector named in the photos, to show the coach has looked. `known`: what the room was
   * for last time, filled in (the person said something changed).
   */
  z.object({ kind: z.literal('askFunction'), seen: z.array(text).max(3).optional(), focus, known: text.optional() }),
  /** `candidates`: detected things that often stay (furniture, a laptop), offered as choices; `known`: last time's, ticked. */
  z.object({ kind: z.literal('askAnchors'), function: text, candidates: z.array(text).max(6).optional(), focus, known: z.array(text).max(6).optional() }),
  /**
   * `spot`: a busy spot in a photo, to look at (`step` absent), to start with one half of (`half`, its words), or to
   * take just one thing from (`one`); `smaller`: the person is stuck and no spot is left, so the step asked for is
   * smaller (anything clearly rubbish, anywhere). `ranOut`: the coach has just run out of things it can name, and
   * this spot card says so (once: later spot cards only ask).
   */
  z.object({
    kind: z.literal('askWhatIsIt'),
    suggestions: z.array(text).max(4),
    spot: text.optional(),
    /** For a busy spot: what is there, plainly ("a pile"), and where ("on the floor, by the bed"). */
    sight: text.optional(),
    at: text.optional(),
    step: z.enum(['half', 'one']).optional(),
    half: text.optional(),
    smaller: z.literal(true).optional(),
    ranOut: z.literal(true).optional(),
    /** The detector looked at the photos and named nothing to propose: the card says so, once, and asks to point or type. */
    namedNothing: z.literal(true).optional(),
    /**
     * `nothing`: the person pointed where the detector names nothing to tidy (`inUse`: a thing someone is holding or
     * eating from; `living`: a person or pet is there; `around`: furniture it knows there); `spotDone`: everything
     * named in a spot they pointed at is decided.
     */
    pointed: z.enum(['nothing', 'spotDone']).optional(),
    inUse: text.optional(),
    living: text.optional(),
    around: z.array(text).max(2).optional(),
    focus,
  }),
  /** Several detected things have the name the person said: which one? Point at it, or pick it by where it is. */
  z.object({
    kind: z.literal('askWhichOne'),
    item: text,
    options: z.array(z.object({ label: text, ref: DetectionRefSchema })).min(2).max(6),
    focus,
  }),
  z.object({ kind: z.literal('askWhereLive'), item: text }),
  /**
   * `where` and `detection`: the item is one the detector found, proposed by the coach; `picked` when the coach chose
   * it for a person who was stuck. `pointed`: the person pointed at it (`one`), or at a spot with several things in
   * it (`spot`, whose things `spotThings` names), and this is the first.
   */
  z.object({
    kind: z.literal('askItemDecision'),
    item: text,
    choices: z.array(DispositionChoiceSchema).min(2).max(4),
    where: text.optional(),
    detection: DetectionRefSchema.optional(),
    picked: z.boolean().optional(),
    pointed: z.enum(['one', 'spot']).optional(),
    spotThings: z.array(text).max(4).optional(),
    /** Several of one kind in one place, decided together (the card also offers "One at a time"): how many. */
    count: z.number().int().min(2).max(40).optional(),
    /** They look put away (standing in a row, up on a wall): the card asks whether they are already in place. */
    inPlace: z.literal(true).optional(),
    focus,
  }),
  z.object({ kind: z.literal('energyCheck'), reason: z.enum(['overwhelmed', 'categoriesDone']) }),
  /** A stop heard in words, confirmed before anything ends: the "Stop for today?" card. */
  z.object({ kind: z.literal('confirmStop') }),
  /**
   * Words read two ways, or read as sending a thing out of the home without saying so: the card offers both
   * readings, best first, and Other; nothing is recorded until the person picks (`tentative` input).
   */
  z.object({ kind: z.literal('confirmReading'), heard: z.string().trim().min(1).max(2000), readings: z.tuple([AnswerSchema, AnswerSchema]), expecting: ExpectingSchema }),
  /** Not in seed 001: free text the rules could not read is asked about rather than guessed. */
  z.object({ kind: z.literal('askClarify'), heard: z.string().max(2000), about: z.enum(['item', 'disposition']), item: text.optional() }),
  // Instructions: said in the chat; the turn ends with them.
  z.object({
    kind: z.literal('firstInstruction'),
    reason: z.enum(['ready', 'overwhelmed', 'buried', 'blocked', 'carried']),
    function: text,
    target: text.optional(),
    blocked: text.optional(),
    /** `carried`: how many unsure items came over from last time, and its next-time list (a few). */
    carried: count.optional(),
    nextTime: z.array(text).max(3).optional(),
  }),
  /** `location`: recycling that is not the household bin ("pharmacy", "battery recycling point"). */
  z.object({ kind: z.literal('instructTrash'), item: text, outcome: z.enum(['trash', 'donate', 'recycle']), location: text.optional(), count: groupCount }),
  z.object({ kind: z.literal('instructPlace'), item: text, location: text, count: groupCount }),
  z.object({ kind: z.literal('instructUnsure'), item: text, unsure: count, later: z.boolean(), count: groupCount }),
  z.object({ kind: z.literal('instructNext'), item: text, outcome: z.enum(['keep', 'skip']), count: groupCount }),
  z.object({ kind: z.literal('instructBag'), item: text, outcome: z.enum(['trash', 'donate', 'recycle']), location: text.optional(), out: count, count: groupCount }),
  // Splitting: said in the chat, then confirmed (renamed, merged or declined) in a dialog.
  z.object({ kind: z.literal('instructSplit'), unsure: count, categories: z.array(CategorySchema).min(1) }),
  // Decision support: a gentle reframe in the chat, then the item's card again.
  z.object({
    kind: z.literal('decisionAid'),
    item: text,
    function: text,
    choices: z.array(DispositionChoiceSchema).min(2).max(4),
    where: text.optional(),
    focus,
  }),
  // Pivoting: away from what makes it too much, towards somewhere calmer.
  z.object({ kind: z.literal('pivotAway'), trigger: text, location: text }),
  // Completion.
  z.object({
    kind: z.literal('ackProgress'),
    /**
     * `carryOn`: said before the question where the coach was, after "no" to stopping; `undone`: before the card of an
     * answer the person took back (`undone`: what it had recorded).
     */
    reason: z.enum(['paused', 'noted', 'splitDeclined', 'categoryDone', 'carryOn', 'undone']),
    undone: z.string().trim().min(1).max(400).optional(),
    item: text.optional(),
    outcome: OutcomeSchema.optional(),
    finished: text.optional(),
    upNext: text.optional(),
  }),
  /**
   * The last card of a session that ends with things leaving the home: one small physical step, now ("Put the 6 things
   * for the charity shop in a bag by the door"), Done or Later, before the summary. `count`: how many things go that
   * way; `item`: the thing, when it is one; `bound`: where they go, after "for" ("the charity shop", "the bin").
   */
  z.object({ kind: z.literal('askFirstStep'), count: z.number().int().positive(), item: text.optional(), bound: text }),
  z.object({
    kind: z.literal('summary'),
    summary: z.string().min(1),
    nextTime: z.array(text),
    processed: count,
    /** The four groups' counts in words (src/shared/session/pile-groups.ts). */
    counts: z.string().min(1),
    /** Things leaving the home: the summary says to take them to the door. */
    leaving: count,
    /** The person has just done the first step (the last card's Done): the summary says so instead. */
    stepDone: z.literal(true).optional(),
  }),
]);
export type Action = z.infer<typeof ActionSchema>;
export type ActionKind = Action['kind'];

/** Actions that wait for a dialog answer; the others end the person's turn. */
export const DIALOG_ACTIONS = [
  'askFirstStep',
  'confirmRoom',
  'askFunction',
  'askAnchors',
  'askWhatIsIt',
  'askWhichOne',
  'askWhereLive',
  'askItemDecision',
  'energyCheck',
  'confirmStop',
  'confirmReading',
  'askClarify',
  'instructSplit',
  'decisionAid',
] as const satisfies readonly ActionKind[];
export type DialogAction = Extract<Action, { kind: (typeof DIALOG_ACTIONS)[number] }>;

export function isDialog(action: Action): action is DialogAction {
  return (DIALOG_ACTIONS as readonly ActionKind[]).includes(action.kind);
}

/** Dialog actions whose words belong in the chat (they explain something); the others live in the dialog alone. */
export function speaksBeforeDialog(action: DialogAction): boolean {
  // A thing pointed at is named in the chat too: the person sees what the coach took the point to mean.
  return (
    action.kind === 'instructSplit' ||
    action.kind === 'decisionAid' ||
    (action.kind === 'askItemDecision' && (action.picked === true || action.pointed !== undefined))
  );
}

/** The template that words an action: one per kind. */
export function templateFor(kind: ActionKind): string {
  return `guided/${kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.njk`;
}
