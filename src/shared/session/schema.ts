import { z } from 'zod';
import { CarryOverSchema } from '../carry-over/schema';
import { PhotoStageSchema, ViewSchema } from '../before-after/schema';
import { DetectionRefSchema, PhotoDetectionsSchema, PhotoOverlapSchema } from '../detection/schema';
import { PointSchema } from '../pointing/schema';
import { RoomRefSchema } from '../rooms/ref';
import { DispositionSchema, QuestionSchema } from '../questions/schema';
import { SprintSchema } from '../sprints/sprint';
import { GuidedStateSchema } from './guided';

/**
 * The session as the GUI sees it. Main owns it and pushes every change; the renderer only displays it.
 * Everything here is plain JSON so it can cross IPC, a WebSocket and (later) the session log unchanged.
 */

/** Which coach runs a session: the conversational one (needs a model) or the guided one (works offline). */
export const CoachKindSchema = z.enum(['guided', 'conversational']);
export type CoachKind = z.infer<typeof CoachKindSchema>;

export const PileNameSchema = z.enum(['belongs', 'out', 'unsure']);
export type PileName = z.infer<typeof PileNameSchema>;

/**
 * What a decision is about: one thing, for the whole session. A detected thing is its detection (`<photo id>#<item
 * id>`: twelve books on a shelf are twelve things, whatever they are called); a thing the person or the model named is
 * the name it was given (`name:<name, lower case>`). Deciding a thing again moves it: it is never in two piles.
 */
export const ThingKeySchema = z.string().min(1).max(300);

export const PileItemSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(200),
  /** The thing this entry is (absent in sessions from before things were told apart: each entry is then its own). */
  thing: ThingKeySchema.optional(),
  /** Why it is in this pile; `unsure` for the unsure pile. */
  outcome: z.union([DispositionSchema.exclude(['skip']), z.literal('unsure')]),
  /** Where it goes, when placed somewhere. */
  location: z.string().optional(),
  /** Epoch milliseconds of the decision. */
  decidedAt: z.number().int().nonnegative(),
});
export type PileItem = z.infer<typeof PileItemSchema>;

export const PilesSchema = z.object({
  belongs: z.array(PileItemSchema),
  out: z.array(PileItemSchema),
  unsure: z.array(PileItemSchema),
});
export type Piles = z.infer<typeof PilesSchema>;

/** Mode is a sum type: each variant carries its own data (seed 000). */
export const ModeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('surveying') }),
  z.object({
    kind: z.literal('sorting'),
    currentItem: z.string().optional(),
    itemLocation: z.string().optional(),
  }),
  z.object({
    kind: z.literal('clarifying'),
    item: z.string(),
    photoContext: z.string(),
    reason: z.string(),
    describingItem: z.string().optional(),
    spatialRefs: z.array(z.string()).optional(),
    physicalTraits: z.array(z.string()).optional(),
  }),
  z.object({ kind: z.literal('decisionSupport'), stuckItem: z.string(), reframeQuestion: z.string().optional() }),
  z.object({
    kind: z.literal('windingDown'),
    sessionSummary: z.string().optional(),
    nextTime: z.array(z.string()),
  }),
]);
export type Mode = z.infer<typeof ModeSchema>;
export type ModeKind = Mode['kind'];

export const ChatMessageSchema = z.object({
  id: z.string().min(1),
  role: z.enum(['person', 'coach']),
  text: z.string(),
  /** Epoch milliseconds. */
  at: z.number().int().nonnegative(),
  /** Photos shared with the message, shown as thumbnails in the chat. */
  photoIds: z.array(z.string()).optional(),
  /** What the person pointed at on a photo, when the message is a point ("this one"). */
  point: PointSchema.optional(),
  /** The answer this message echoed was taken back (Undo): it stays in the chat, marked, as what happened. */
  undone: z.literal(true).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChaosLevelSchema = z.enum(['clear', 'moderate', 'cluttered', 'buried']);
export type ChaosLevel = z.infer<typeof ChaosLevelSchema>;

/** What the vision call saw in one photo; later prompts use these facts instead of the image. */
export const PhotoFactsSchema = z.object({
  roomType: z.string().trim().min(1).max(80),
  chaosLevel: ChaosLevelSchema,
  visibleItems: z.array(z.string().trim().min(1).max(120)).max(10),
  blockedFunction: z.string().trim().max(200).optional(),
  firstTarget: z.string().trim().max(200).optional(),
});
export type PhotoFacts = z.infer<typeof PhotoFactsSchema>;

export const PhotoSchema = z.object({
  /** Content hash of the original bytes: the same photo imported twice is one photo. */
  id: z.string().min(1),
  fileName: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  facts: PhotoFactsSchema.optional(),
  /** What the on-device detector found in it; absent until it has looked (or when detection is off). */
  detections: PhotoDetectionsSchema.optional(),
  /**
   * The earlier photos it shows part of, found with its detections (docs/detection.md, Overlapping photos): a thing
   * seen in both is one thing. Absent when it overlaps none, and for photos detected before this was looked for.
   */
  overlaps: z.array(PhotoOverlapSchema).optional(),
  /** Taken before anything moved, or after the work (for the summary's before and after); absent in between. */
  stage: PhotoStageSchema.optional(),
  /** What it shows, tiny: whether an after photo shows the same view as a before one (absent in older sessions). */
  view: ViewSchema.optional(),
});
export type Photo = z.infer<typeof PhotoSchema>;

/** Every thing decided, in order, one entry a thing (a group card adds one per thing); skips included (they change no pile). */
export const DecisionSchema = z.object({
  item: z.string().min(1),
  /** The thing decided (absent in sessions from before things were told apart). */
  thing: ThingKeySchema.optional(),
  outcome: z.union([DispositionSchema, z.literal('unsure')]),
  location: z.string().optional(),
  at: z.number().int().nonnegative(),
  /** The detected thing it was, when the coach proposed it from the photos: never proposed again. */
  detection: DetectionRefSchema.optional(),
  /** Things decided together on one card ("the 12 books on the shelf") share this: the card's first decision's id. */
  group: z.string().min(1).max(64).optional(),
});
export type Decision = z.infer<typeof DecisionSchema>;

export const SessionEndingSchema = z.object({
  summary: z.string(),
  nextTime: z.array(z.string()),
  /** Epoch milliseconds. */
  endedAt: z.number().int().nonnegative(),
});

/**
 * The conversational coach handed the session to the guided coach (the model's tool calls kept failing, or the
 * server refused tools): from then on the guided coach runs it, the model still wording replies.
 */
export const CoachHandoverSchema = z.object({
  to: z.literal('guided'),
  /** Epoch milliseconds. */
  at: z.number().int().nonnegative(),
  reason: z.enum(['tool-calls-failing', 'tools-refused']),
});
export type CoachHandover = z.infer<typeof CoachHandoverSchema>;

/**
 * The last answer the guided coach recorded, until the next one or the session's end: the person may take it back
 * (Undo, docs/coach.md). It holds what taking it back needs, and no more than that answer changed: the pile entries
 * it moved out of their piles (where they stood), the ids of the entries it added, how many decisions there were
 * before it, and the phase the card was asked in.
 */
export const LastAnswerSchema = z.object({
  /** The answer's own id (its first record's): what `session:undo` names, so a stale Undo does nothing. */
  id: z.string().min(1).max(64),
  /** What was recorded, as the chat echoes it: "Empty crisp packet: trash". */
  text: z.string().min(1).max(400),
  /** The coach's message that echoed it, where the chat shows its Undo (absent while no word has followed). */
  message: z.string().min(1).optional(),
  added: z.array(z.string().min(1)).max(40),
  displaced: z.array(z.object({ pile: PileNameSchema, index: z.number().int().nonnegative(), entry: PileItemSchema })).max(40),
  decisionsBefore: z.number().int().nonnegative(),
  guidedBefore: GuidedStateSchema,
});
export type LastAnswer = z.infer<typeof LastAnswerSchema>;

export const SessionStateSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['active', 'ended']),
  /** Epoch milliseconds. */
  sessionStart: z.number().int().nonnegative(),
  mode: ModeSchema,
  spaceFunction: z.string().optional(),
  anchors: z.array(z.string()),
  piles: PilesSchema,
  /** How many things have been decided (each once, however often it was decided): the piles' things and the skipped ones. */
  itemsProcessed: z.number().int().nonnegative(),
  decisions: z.array(DecisionSchema),
  photos: z.array(PhotoSchema),
  messages: z.array(ChatMessageSchema),
  /** Messages the person sent while the coach was still answering: shown at once, answered in the next turn. */
  queued: z.array(ChatMessageSchema).default([]),
  /** The question on screen, if any: a reload or a resumed session shows it again. */
  pendingQuestion: QuestionSchema.optional(),
  /** Set when the session has ended: what was done and what is left for next time. */
  ending: SessionEndingSchema.optional(),
  /** The guided coach's phase and its data (seed 001); absent for the conversational coach. */
  guided: GuidedStateSchema.optional(),
  /** The sprint the session is in (from its first photo or message on): main's timer and the header's. */
  sprint: SprintSchema.optional(),
  /**
   * The room the session was started for (docs/rooms.md), recorded from its opening on; absent in sessions from before
   * rooms. Which room it is in now is the rooms file's to say.
   */
  room: RoomRefSchema.optional(),
  /** What the person took up from an earlier session when this one started (docs/coach.md, Next time). */
  carriedOver: CarryOverSchema.optional(),
  /** Set when the conversational coach handed over to the guided coach mid-session. */
  handover: CoachHandoverSchema.optional(),
  /**
   * When the person chose "Stop for today" outside a card (the header), until the coach has wound down: the next turn
   * winds down (epoch milliseconds).
   */
  windDownChosenAt: z.number().int().nonnegative().optional(),
  /** The answer the guided coach recorded last, which Undo takes back (see LastAnswerSchema). */
  lastAnswer: LastAnswerSchema.optional(),
  /** The id of the answer the person chose to take back, until the coach has: the next turn takes it back. */
  undoChosen: z.string().min(1).max(64).optional(),
});
export type SessionState = z.infer<typeof SessionStateSchema>;

/** A state with the revision it was taken at; revisions only grow, so a stale snapshot is recognisable. */
export const SessionSnapshotSchema = z.object({
  rev: z.number().int().nonnegative(),
  state: SessionStateSchema,
});
export type SessionSnapshot = z.infer<typeof SessionSnapshotSchema>;
