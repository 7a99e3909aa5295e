/**
 * A room's progress from its sessions' metadata: each visit's figures, and sums that are exactly the visits' figures
 * added up (a room's totals, this month's). Progress only: nothing here compares one visit with another.
 */
import { tripsProgress } from '../sessions/progress';
import type { GroupCounts } from '../sessions/progress';
import type { SessionMeta } from '../sessions/schema';
import type { Month, Totals, Visit } from './schema';

const NO_COUNTS: GroupCounts = { here: 0, elsewhere: 0, leaving: 0, undecided: 0, skipped: 0 };

/** A session as a visit to its room: what it decided, how far its exit plan got (`done`: its ticked entries), its minutes. */
export function visitOf(meta: SessionMeta, done: ReadonlySet<string>, current: boolean): Visit {
  const progress = meta.progress;
  const trips = progress ? tripsProgress(progress.trips, done) : { done: 0, left: 0, notDone: 0 };
  return {
    sessionId: meta.id,
    startedAt: meta.startedAt,
    status: meta.status,
    current,
    ...(progress ? { counts: progress.counts } : {}),
    decided: meta.itemsProcessed,
    left: trips.left,
    trips: { done: trips.done, total: trips.done + trips.notDone },
    minutes: progress?.minutes ?? 0,
  };
}

/** Every figure of the visits, added up. */
export function totalsOf(visits: readonly Visit[]): Totals {
  const counts = { ...NO_COUNTS };
  let decided = 0;
  let left = 0;
  let tripsDone = 0;
  let trips = 0;
  let minutes = 0;
  for (const visit of visits) {
    for (const group of Object.keys(counts) as (keyof GroupCounts)[]) counts[group] += visit.counts?.[group] ?? 0;
    decided += visit.decided;
    left += visit.left;
    tripsDone += visit.trips.done;
    trips += visit.trips.total;
    minutes += visit.minutes;
  }
  return { visits: visits.length, counts, decided, left, trips: { done: tripsDone, total: trips }, minutes };
}

/** The first moment of the month `now` is in, in local time. */
export function monthStart(now: number): number {
  const date = new Date(now);
  return new Date(date.getFullYear(), date.getMonth(), 1).getTime();
}

/** This month across rooms: the visits started this month, per room (rooms with none left out) and together. */
export function monthOf(rooms: ReadonlyArray<{ id: string; name: string; visits: readonly Visit[] }>, now: number): Month {
  const start = monthStart(now);
  const perRoom = rooms.flatMap((room) => {
    const visits = room.visits.filter((visit) => visit.startedAt >= start);
    return visits.length ? [{ id: room.id, name: room.name, totals: totalsOf(visits) }] : [];
  });
  return { start, rooms: perRoom, totals: totalsOf(rooms.flatMap((room) => room.visits.filter((visit) => visit.startedAt >= start))) };
}
