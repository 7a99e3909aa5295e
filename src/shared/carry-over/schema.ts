import { z } from 'zod';

/**
 * Next time: what one session leaves for the next session of the same space (its unsure pile and its next-time list),
 * offered when a new session starts and, once taken up, part of that session.
 */

const name = z.string().trim().min(1).max(200);
/** Enough to pick up from; a longer list is not what a calm start looks like. */
const MAX_ENTRIES = 30;
/** Things are counted, never dropped: a shelf of books left unsure is every book (the offer says how many, calmly). */
export const MAX_THINGS = 2000;

/** What a session leaves behind, as its meta.json keeps it (so picking an offer reads no log). */
export const LeftoversSchema = z.object({
  anchors: z.array(name).max(MAX_ENTRIES),
  /** The unsure pile, one entry a thing (two books are two entries), and carried things this session never got to. */
  unsure: z.array(name).max(MAX_THINGS),
  /** The next-time list, without the entries that only repeat an unsure item. */
  nextTime: z.array(name).max(MAX_ENTRIES),
});
export type Leftovers = z.infer<typeof LeftoversSchema>;

/** An earlier session's leftovers, offered to (and, when taken up, carried into) a new session. */
export const CarryOverSchema = LeftoversSchema.extend({
  /** The session they come from. */
  from: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a session id'),
  /** Its space (what the room is for), when it had one. */
  space: name.optional(),
});
export type CarryOver = z.infer<typeof CarryOverSchema>;
