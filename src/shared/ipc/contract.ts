import { z } from 'zod';
import { CoachActivitySchema } from '../coach/activity';
import { DetectionProgressSchema } from '../detection/schema';
import { ErrandsSchema, ExitPlanViewSchema, OpenExitPlanSchema } from '../exit-plan/schema';
import { ImportProgressSchema, ImportResultSchema } from '../photos/schema';
import { AnswerSchema } from '../questions/schema';
import { CoachKindSchema, SessionSnapshotSchema } from '../session/schema';
import { SessionListSchema, TimelineSchema } from '../sessions/schema';
import { SettingsPatchSchema, SettingsViewSchema } from '../settings/schema';
import { ModelTestSchema } from '../model-probe/schema';
import { PointSchema } from '../pointing/schema';
import { PhoneLinkSchema } from '../phone/schema';
import { HomeSchema, RoomIdSchema, RoomNameSchema, RoomPageSchema } from '../rooms/schema';
import { ErrandKeySchema, ReminderNoticeSchema, RemindersViewSchema, ReminderWhenSchema } from '../reminders/schema';

/**
 * The one IPC contract. Every channel is declared here once, with its schemas; main, preload, the web bridge
 * and the renderer all derive their types and their validation from this object.
 *
 * invoke: the renderer asks, main answers (request/response, cancellable with an AbortSignal).
 * push:   main tells the renderer (state changes and other events; there is no polling anywhere).
 */

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  runtime: z.enum(['electron', 'web']),
  model: z.object({
    /** True when a model name and a way to reach it are configured. The key itself never leaves main. */
    configured: z.boolean(),
    name: z.string().optional(),
    apiKeySet: z.boolean(),
    vision: z.boolean(),
    tools: z.boolean(),
  }),
  /** Guided works with no model (phases and cards); conversational needs one. */
  coach: CoachKindSchema,
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

const NoInput = z.undefined();

/**
 * Main's clock, which the page words every time by ("15 min left", "waits about 5 min", "3 weeks ago"): `now` in epoch
 * milliseconds, and whether it `runs` by itself. It stands still under a test's clock (TIDY_TEST_CLOCK), and each move
 * the test makes is pushed as `clock:changed`.
 */
export const ClockReadingSchema = z.object({ now: z.number().int().nonnegative(), runs: z.boolean() });
export type ClockReading = z.infer<typeof ClockReadingSchema>;

/**
 * What "Stop for today" in the header did: `windingDown`, the session winds down now (the card on screen took the stop,
 * or a turn winds down, after the reply under way was stopped); `ended`, it had ended already and nothing changed;
 * `notStarted`, nothing has happened in it yet, so there is nothing to wind down.
 */
export const WindDownOutcomeSchema = z.enum(['windingDown', 'ended', 'notStarted']);
export type WindDownOutcome = z.infer<typeof WindDownOutcomeSchema>;
/** `gone`: the answer named is no longer the last one (or the session ended), so nothing was taken back. */
export const UndoOutcomeSchema = z.enum(['undoing', 'gone']);
export type UndoOutcome = z.infer<typeof UndoOutcomeSchema>;
/** Session ids name folders: letters, digits and dashes only. */
const SessionIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a session id');

export const contract = {
  invoke: {
    'app:info': { input: NoInput, output: AppInfoSchema },
    /** Main's clock now (a page asks on every connect; later moves of a test's clock arrive as `clock:changed`). */
    'clock:get': { input: NoInput, output: ClockReadingSchema },
    'session:get': { input: NoInput, output: SessionSnapshotSchema },
    'settings:get': { input: NoInput, output: SettingsViewSchema },
    /** Changes some settings; a new coach choice applies from the next session on, a model change at once. */
    'settings:set': { input: SettingsPatchSchema, output: SettingsViewSchema },
    /** Stores the API key (null removes it). It goes one way: main never sends it back. */
    'settings:setApiKey': {
      input: z.object({ apiKey: z.union([z.string().trim().min(8).max(500), z.null()]) }).strict(),
      output: SettingsViewSchema,
    },
    /** Desktop only: picks another data folder, used from Tidying's next start. */
    'settings:chooseDataDir': { input: NoInput, output: z.object({ nextStart: z.string().optional() }) },
    /**
     * Probes the configured model (its server's model list, tool calls, structured output, streaming with tools,
     * images), keeps the result and sets the switches from it; answers with what each check did.
     */
    'settings:testModel': { input: NoInput, output: ModelTestSchema },
    'session:new': { input: NoInput, output: SessionSnapshotSchema },
    /** Every logged session, newest first. */
    'sessions:list': { input: NoInput, output: SessionListSchema },
    /** A logged session as a read-only timeline, step by step (no model calls). */
    'sessions:open': { input: z.object({ id: SessionIdSchema }).strict(), output: TimelineSchema },
    /** Makes a logged, unfinished session the live one again: its state rebuilt from the log, then on from there. */
    'sessions:resume': { input: z.object({ id: SessionIdSchema }).strict(), output: SessionSnapshotSchema },
    /** A session's summary as a Markdown file (piles, next time, photo thumbnails), to save or share. */
    'sessions:summary': {
      input: z.object({ id: SessionIdSchema }).strict(),
      output: z.object({ fileName: z.string().min(1), markdown: z.string() }),
    },
    /** Ended sessions whose exit plan still has things to take out and was not put away, newest first (the start notice). */
    'exitPlan:open': { input: NoInput, output: z.object({ plans: z.array(OpenExitPlanSchema) }) },
    /** One session's exit plan, grouped, with what is done. */
    'exitPlan:get': { input: z.object({ id: SessionIdSchema }).strict(), output: ExitPlanViewSchema },
    /** Ticks one item of a session's exit plan (or unticks it); kept with the session. */
    'exitPlan:tick': {
      input: z.object({ id: SessionIdSchema, itemId: z.string().min(1).max(128), done: z.boolean() }).strict(),
      output: ExitPlanViewSchema,
    },
    /** Puts a plan away: kept with the session, no longer offered at start. */
    'exitPlan:dismiss': { input: z.object({ id: SessionIdSchema }).strict(), output: ExitPlanViewSchema },
    /**
     * Home's trips to make: the exit plans with trips left (not put away), across rooms, one errand per destination.
     * A line is ticked with `exitPlan:tick` on its session, so both views keep the same ticks.
     */
    'errands:list': { input: NoInput, output: ErrandsSchema },
    /** A trip as an iCalendar file (at its reminder's time, else tomorrow morning), with the things still to take. */
    'errands:calendar': {
      input: z.object({ key: ErrandKeySchema }).strict(),
      output: z.object({ fileName: z.string().min(1), text: z.string().min(1) }),
    },
    /** The reminders set on trips, those that came due in this run, and the plain times on offer now. */
    'reminders:get': { input: NoInput, output: RemindersViewSchema },
    /**
     * "Remind me" on a trip: at a plain time, or on a day picked; replaces the trip's reminder. `shown`: when the page
     * said that time falls; refused if the times on offer have moved on since (the page was open over midnight).
     */
    'reminders:set': {
      input: z.object({ key: ErrandKeySchema, when: ReminderWhenSchema, shown: z.number().int().nonnegative().optional() }).strict(),
      output: RemindersViewSchema,
    },
    /** "Don't remind me", or a reminder that came due put away. */
    'reminders:cancel': { input: z.object({ key: ErrandKeySchema }).strict(), output: RemindersViewSchema },
    /** The debug panel's view of the live session's log: its latest events, newest last. */
    'debug:events': {
      input: z.object({ limit: z.number().int().min(1).max(1000) }).strict(),
      output: z.object({ events: z.array(z.record(z.string(), z.unknown())), total: z.number().int().nonnegative() }),
    },
    /** A session folder as one archive file (base64), to move it to another machine. */
    'sessions:export': {
      input: z.object({ id: SessionIdSchema }).strict(),
      output: z.object({ fileName: z.string().min(1), archive: z.string() }),
    },
    /**
     * Brings an exported session in (an upload in web mode; a dropped path, or the picker, in the window) and
     * returns its timeline to open. A session already here is refused.
     */
    'sessions:import': {
      input: z
        .object({ upload: z.string().min(1).max(64).optional(), path: z.string().min(1).max(4096).optional(), pick: z.literal(true).optional() })
        .strict()
        .refine((value) => [value.upload, value.path, value.pick].filter((given) => given !== undefined).length === 1, 'Give one of upload, path or pick.'),
      output: TimelineSchema.optional(),
    },
    /** Deletes a logged session's folder (never the live one). */
    'sessions:delete': { input: z.object({ id: SessionIdSchema }).strict(), output: z.object({ deleted: z.literal(true) }) },
    'chat:send': {
      input: z.object({ text: z.string().trim().min(1, 'A message cannot be empty.').max(4000, 'A message can be at most 4,000 characters.') }).strict(),
      output: z.object({ messageId: z.string() }),
    },
    /**
     * The person points at something on a photo ("this one"): shown in the chat at once and answered in turn, like a
     * message. A card on screen that takes a point gets it through `question:answer` instead.
     */
    'point:send': {
      input: z.object({ point: PointSchema }).strict(),
      output: z.object({ messageId: z.string() }),
    },
    /** What the coach is doing now (a page that connects mid-reply); later changes arrive as `coach:activity`. */
    'coach:status': { input: NoInput, output: CoachActivitySchema },
    /** Stops the coach's current reply; the session goes on. */
    'coach:stop': { input: NoInput, output: z.object({ stopped: z.boolean() }) },
    /** "Stop for today" in the header: the session winds down at once, as the same button on a card does. */
    'session:windDown': { input: NoInput, output: z.object({ outcome: WindDownOutcomeSchema }) },
    /** Undo on the last answer the coach recorded (`answer`: its id): taken back, and its card asked again. */
    'session:undo': { input: z.object({ answer: z.string().min(1).max(64) }).strict(), output: z.object({ outcome: UndoOutcomeSchema }) },
    /** Pauses or resumes the sprint timer, or ends a break early; `changed` is false when that did not apply. */
    'sprint:control': {
      input: z.object({ action: z.enum(['pause', 'resume', 'skipBreak']) }).strict(),
      output: z.object({ changed: z.boolean() }),
    },
    'question:answer': {
      input: z.object({ questionId: z.string().min(1).max(64), answer: AnswerSchema }).strict(),
      output: z.object({ accepted: z.literal(true) }),
    },
    /**
     * Imports photos into the session: uploads the browser sent to POST /api/photos (web mode), or paths the
     * person dropped or picked (desktop). Cancel it with the call's abort signal.
     */
    'photos:import': {
      input: z
        .object({
          uploads: z.array(z.string().min(1).max(64)).max(5000).default([]),
          paths: z.array(z.string().min(1).max(4096)).max(100).default([]),
        })
        .strict()
        .refine((value) => value.uploads.length + value.paths.length > 0, 'Nothing to import.'),
      output: ImportResultSchema,
    },
    /** Home (docs/rooms.md): the rooms with their last visit and what is waiting, and this month across them. */
    'rooms:home': { input: NoInput, output: HomeSchema },
    /** A room's page: its visits over time, their totals, its first photos beside its latest. */
    'rooms:page': { input: z.object({ id: RoomIdSchema }).strict(), output: RoomPageSchema },
    /**
     * Starts a session in a room (or in a new room): one that knows what the room is for, what stays and what was left
     * undecided there, and starts from it at once. The session in use, when nothing has happened in it, becomes it.
     */
    'rooms:visit': {
      input: z.union([z.object({ id: RoomIdSchema }).strict(), z.object({ newRoom: z.literal(true) }).strict()]),
      output: SessionSnapshotSchema,
    },
    'rooms:rename': { input: z.object({ id: RoomIdSchema, name: RoomNameSchema }).strict(), output: HomeSchema },
    /** Moves every session of one room into another, and removes the first. */
    'rooms:merge': { input: z.object({ from: RoomIdSchema, into: RoomIdSchema }).strict(), output: HomeSchema },
    /** Moves a session to another room, or to a new room of its own. */
    'rooms:moveSession': {
      input: z.object({ sessionId: SessionIdSchema, to: z.union([z.object({ room: RoomIdSchema }).strict(), z.object({ newRoom: z.literal(true) }).strict()]) }).strict(),
      output: HomeSchema,
    },
    /** Deletes a room; a room with sessions needs what becomes of them: moved to another room, or deleted too. */
    'rooms:delete': {
      input: z.object({ id: RoomIdSchema, sessions: z.union([z.object({ moveTo: RoomIdSchema }).strict(), z.literal('delete')]).optional() }).strict(),
      output: HomeSchema,
    },
    /** A room's progress as a Markdown file, its chart as an image. */
    'rooms:summary': { input: z.object({ id: RoomIdSchema }).strict(), output: z.object({ fileName: z.string().min(1), markdown: z.string() }) },
    /** After the rooms file could not be read: puts it aside (kept) and groups the sessions into rooms again. */
    'rooms:setUpAgain': { input: NoInput, output: HomeSchema },
    /** Stops the detector's work on the photos still waiting (they are looked at again after a resume, or in Settings). */
    'detection:cancel': { input: NoInput, output: z.object({ cancelled: z.number().int().nonnegative() }) },
    /** Desktop only: the folder/file picker, then the import of what was picked (undefined if nothing was). */
    'photos:pick': { input: NoInput, output: ImportResultSchema.optional() },
    /** "Add from phone": starts listening for the phone's upload page (a fresh address each opening, 15 minutes at most). */
    'phone:open': { input: NoInput, output: PhoneLinkSchema },
    /** The panel closed: stops listening. */
    'phone:close': { input: NoInput, output: PhoneLinkSchema },
    /** Ends one phone's connection: nothing more is taken from it in this opening. */
    'phone:end': { input: z.object({ phoneId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict(), output: PhoneLinkSchema },
    /** The link as it is (a page that connects while the panel is open); later changes arrive as `phone:changed`. */
    'phone:status': { input: NoInput, output: PhoneLinkSchema },
  },
  push: {
    'session:changed': SessionSnapshotSchema,
    'coach:activity': CoachActivitySchema,
    'photos:progress': ImportProgressSchema,
    /** The on-device detector's progress through the photos waiting for it. */
    'detection:progress': DetectionProgressSchema,
    /** The link to a phone opened, closed, or a phone came or sent photos (each photo itself arrives as any import's). */
    'phone:changed': PhoneLinkSchema,
    /** A test moved main's clock (TIDY_TEST_CLOCK): where it stands now. */
    'clock:changed': ClockReadingSchema,
    /** A reminder was set, put away or came due (and each hour, so its words stay true). */
    'reminders:changed': RemindersViewSchema,
    /** Web mode: a reminder came due, for the page to show as the browser's notification (the window's are main's). */
    'reminders:notify': ReminderNoticeSchema,
  },
} as const satisfies {
  invoke: Record<string, { input: z.ZodType; output: z.ZodType }>;
  push: Record<string, z.ZodType>;
};

export type Contract = typeof contract;
export type InvokeChannel = keyof Contract['invoke'];
export type PushChannel = keyof Contract['push'];
export type InvokeInput<C extends InvokeChannel> = z.input<Contract['invoke'][C]['input']>;
/** What a handler receives: the input after parsing (trimmed, defaults applied). */
export type InvokeParsedInput<C extends InvokeChannel> = z.output<Contract['invoke'][C]['input']>;
export type InvokeOutput<C extends InvokeChannel> = z.output<Contract['invoke'][C]['output']>;
export type PushPayload<C extends PushChannel> = z.output<Contract['push'][C]>;

export const invokeChannels = Object.keys(contract.invoke) as InvokeChannel[];
export const pushChannels = Object.keys(contract.push) as PushChannel[];

export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.hasOwn(contract.invoke, name);
}
