import { z } from 'zod';
import { thingsSeen } from '../before-after/change';
import { exitPlanOf, pileGroupOfPlan } from '../exit-plan/plan';
import { pileCounts } from '../session/pile-groups';
import type { Photo, SessionState } from '../session/schema';
import { elapsedAt, type Sprint } from '../sprints/sprint';

/**
 * What a session did, as its meta.json keeps it, so a room's progress (docs/rooms.md) is read from metadata alone:
 * the things decided in the four groups, the minutes spent, the exit plan's trips, and its first and latest photos
 * with the loose things the detector saw in them. Worked out from the session's state at every turn's end.
 */

const count = z.number().int().nonnegative();
const entryId = z.string().min(1);

/** The four groups a person sees and the skipped (src/shared/session/pile-groups.ts, `pileCounts`). */
export const GroupCountsSchema = z.object({ here: count, elsewhere: count, leaving: count, undecided: count, skipped: count });
export type GroupCounts = z.infer<typeof GroupCountsSchema>;

/**
 * A trip of the exit plan: one of its groups (the trash, the donation bag, "To the kitchen"), as the pile-entry ids of
 * each of its lines, so its ticks (exit-plan.json) say how far it got. `leaves`: trash, recycling or donation, which
 * leave the home; a destination in the home does not.
 */
export const TripSchema = z.object({ leaves: z.boolean(), lines: z.array(z.array(entryId).min(1)).min(1) });
export type Trip = z.infer<typeof TripSchema>;

/** Some of a session's photos: a few ids to show, how many there are, and the loose things the detector saw in all of them. */
export const LookSchema = z.object({
  photos: z.array(z.string().min(1)).min(1).max(4),
  count: z.number().int().positive(),
  /** Absent when the detector has not read every one of them (still looking, turned off, or it could not). */
  loose: count.optional(),
});
export type Look = z.infer<typeof LookSchema>;

export const SessionProgressSchema = z.object({
  counts: GroupCountsSchema,
  /** Minutes spent in the session's sprints: pauses, breaks and time the app was closed do not count. */
  minutes: count,
  trips: z.array(TripSchema),
  /** Its first photos (the "before" ones) and its latest (the "after" ones, else the first again); absent with no photos. */
  looks: z.object({ first: LookSchema, last: LookSchema }).optional(),
});
export type SessionProgress = z.infer<typeof SessionProgressSchema>;

/** How many photos of a look are kept to show. */
const SHOWN = 4;

/** A session's progress as of `at` (its end, or its last turn's end while it runs). */
export function progressOf(state: SessionState, at: number): SessionProgress {
  const { here, elsewhere, leaving, undecided, skipped } = pileCounts(state);
  const trips = exitPlanOf(state).groups.map((group) => ({ leaves: pileGroupOfPlan(group.kind) === 'leaving', lines: group.items.map((item) => [...item.ids]) }));
  const looks = looksOf(state.photos);
  return {
    counts: { here, elsewhere, leaving, undecided, skipped },
    minutes: state.sprint ? minutesSpent(state.sprint, state.ending?.endedAt ?? at) : 0,
    trips,
    ...(looks ? { looks } : {}),
  };
}

/** Every sprint before the last ran its full length (the next one starts only once one is due); the last as far as it got. */
export function minutesSpent(sprint: Sprint, at: number): number {
  return Math.round(((sprint.number - 1) * sprint.lengthMs + elapsedAt(sprint, at)) / 60_000);
}

function looksOf(photos: readonly Photo[]): SessionProgress['looks'] {
  if (photos.length === 0) return undefined;
  const before = photos.filter((photo) => photo.stage === 'before');
  const after = photos.filter((photo) => photo.stage === 'after');
  const first = lookAt(before.length ? before : photos, 'first');
  return { first, last: after.length ? lookAt(after, 'last') : first };
}

/** The first few (or, of the latest photos, the last few) to show, and the loose things the detector saw in all of them. */
function lookAt(photos: readonly Photo[], end: 'first' | 'last'): Look {
  const shown = end === 'first' ? photos.slice(0, SHOWN) : photos.slice(-SHOWN);
  const read = photos.every((photo) => photo.detections);
  const loose = photos.reduce((sum, photo) => sum + (photo.detections ? thingsSeen(photo, photo.detections).count : 0), 0);
  return { photos: shown.map((photo) => photo.id), count: photos.length, ...(read ? { loose } : {}) };
}

/** How far a session's exit plan got, from its ticks: the trips done, and the things that left the home. */
export function tripsProgress(trips: readonly Trip[], done: ReadonlySet<string>): { done: number; left: number; notDone: number } {
  let tripsDone = 0;
  let left = 0;
  for (const trip of trips) {
    // A line is done when every thing on it is (ticking a line ticks them all); a trip when every line is.
    const doneLines = trip.lines.filter((ids) => ids.every((id) => done.has(id)));
    if (doneLines.length === trip.lines.length) tripsDone += 1;
    if (trip.leaves) left += doneLines.reduce((sum, ids) => sum + ids.length, 0);
  }
  return { done: tripsDone, left, notDone: trips.length - tripsDone };
}
