import { z } from 'zod';

/** Room ids, like session ids, are letters, digits and dashes. */
export const RoomIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a room id');

/** A room's name as the person gave it ("Kids’ room", "Sam’s den"). */
export const RoomNameSchema = z.string().trim().min(1, 'A room’s name cannot be empty.').max(60, 'A room’s name can be at most 60 characters.');

/**
 * The room a session was started for, as the session (and so its log) records it: its id, and the name the person had
 * given it then. Which room a session is in now is the rooms file's to say (a session can be moved).
 */
export const RoomRefSchema = z.object({ id: RoomIdSchema, name: RoomNameSchema.optional() });
export type RoomRef = z.infer<typeof RoomRefSchema>;
