import { z } from 'zod';
import { GroupCountsSchema, LookSchema } from '../sessions/progress';
import { RoomIdSchema, RoomNameSchema } from './ref';

export { RoomIdSchema, RoomNameSchema, RoomRefSchema, type RoomRef } from './ref';

/**
 * Rooms (docs/rooms.md): the home's rooms, each holding the sessions tidied there. `rooms.json` in the data folder says
 * which room each session belongs to and what the person named it; everything else a room shows (what it is for, what
 * stays, what is waiting, its progress) is read from its sessions' meta.json.
 */

const id = RoomIdSchema;
const epoch = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

export const RoomSchema = z.object({
  id,
  /** Absent until the person names it: it is then named from what it is for ("Office"). */
  name: RoomNameSchema.optional(),
  createdAt: epoch,
  /** Its sessions' ids. A session is in one room only. */
  sessions: z.array(id),
});
export type Room = z.infer<typeof RoomSchema>;

export const RoomsFileSchema = z
  .object({
    version: z.literal(1),
    rooms: z.array(RoomSchema),
  })
  .superRefine((file, context) => {
    const rooms = new Set<string>();
    const sessions = new Map<string, string>();
    for (const room of file.rooms) {
      if (rooms.has(room.id)) context.addIssue({ code: 'custom', message: `room ${room.id} is listed twice` });
      rooms.add(room.id);
      for (const session of room.sessions) {
        const other = sessions.get(session);
        if (other !== undefined) context.addIssue({ code: 'custom', message: `session ${session} is in two rooms (${other} and ${room.id})` });
        sessions.set(session, room.id);
      }
    }
  });
export type RoomsFile = z.infer<typeof RoomsFileSchema>;

/** What is waiting in a room: undecided things from its last session, and exit-plan trips not ticked off yet. */
export const WaitingSchema = z.object({ undecided: count, trips: count });
export type Waiting = z.infer<typeof WaitingSchema>;

/** One room on Home. */
export const RoomCardSchema = z.object({
  id,
  /** The person's name for it, else one from what it is for ("Office"), else "New room". */
  name: z.string().min(1),
  /** Named by the person (else the name follows what it is for). */
  named: z.boolean(),
  space: z.string().optional(),
  anchors: z.array(z.string()),
  visits: count,
  /** When a session there last changed (epoch milliseconds); absent for a room with no sessions. */
  lastVisit: epoch.optional(),
  waiting: WaitingSchema,
  /** The session in use, begun and not ended, is in this room. */
  inProgress: z.boolean(),
});
export type RoomCard = z.infer<typeof RoomCardSchema>;

/** One visit (session) to a room, for its progress. */
export const VisitSchema = z.object({
  sessionId: id,
  startedAt: epoch,
  status: z.enum(['active', 'ended']),
  current: z.boolean(),
  /** Things decided in the four groups and the skipped; absent for a session from before rooms (only its total is known). */
  counts: GroupCountsSchema.optional(),
  decided: count,
  /** Things ticked off in the exit plan that left the home. */
  left: count,
  trips: z.object({ done: count, total: count }),
  minutes: count,
});
export type Visit = z.infer<typeof VisitSchema>;

/** The sums of some visits: every figure of a visit, added up. */
export const TotalsSchema = z.object({
  visits: count,
  counts: GroupCountsSchema,
  /** Things decided, the visits from before rooms included (their groups are not known). */
  decided: count,
  left: count,
  trips: z.object({ done: count, total: count }),
  minutes: count,
});
export type Totals = z.infer<typeof TotalsSchema>;

/** Photos of a room at one visit, with the loose things the detector saw in them (absent when it has not read them all). */
export const RoomLookSchema = LookSchema.extend({ sessionId: id, startedAt: epoch });
export type RoomLook = z.infer<typeof RoomLookSchema>;

export const RoomPageSchema = z.object({
  /** The app's clock now, for "3 weeks ago". */
  now: epoch,
  room: RoomCardSchema,
  /** Oldest first. */
  visits: z.array(VisitSchema),
  totals: TotalsSchema,
  /** Its first photos (the first visit with photos), and its latest (the last visit with photos), when they differ. */
  first: RoomLookSchema.optional(),
  latest: RoomLookSchema.optional(),
});
export type RoomPage = z.infer<typeof RoomPageSchema>;

/** This month across rooms: each room's visits this month, summed, and all of them together. */
export const MonthSchema = z.object({
  /** The month's first moment (epoch milliseconds, local time). */
  start: epoch,
  rooms: z.array(z.object({ id, name: z.string().min(1), totals: TotalsSchema })),
  totals: TotalsSchema,
});
export type Month = z.infer<typeof MonthSchema>;

export const HomeSchema = z.object({
  /** The app's clock now, for "3 weeks ago". */
  now: epoch,
  /** Most recently visited first; rooms with no visits yet last. */
  rooms: z.array(RoomCardSchema),
  month: MonthSchema,
  /** The rooms file could not be read: why, in words. The sessions are untouched and listed in Sessions. */
  problem: z.string().optional(),
  /** This run grouped the sessions from before rooms into rooms by what each space was for. */
  grouped: z.object({ sessions: count, rooms: count }).optional(),
});
export type Home = z.infer<typeof HomeSchema>;
