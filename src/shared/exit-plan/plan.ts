import type { PileItem, Piles } from '../session/schema';
import type { ExitPlan, ExitPlanGroup, ExitPlanGroupKind, ExitPlanItem, ExitPlanTicks, ExitPlanView } from './schema';

const FIXED: Readonly<Record<Exclude<ExitPlanGroupKind, 'place'>, { title: string; hint: string }>> = {
  trash: { title: 'Trash', hint: 'Into the bin on the way out.' },
  recycle: { title: 'Recycling', hint: 'Into the recycling; flatten boxes so they fit.' },
  donate: { title: 'Donation', hint: 'Bag it, and drop the bag at a donation point or charity shop when you pass one.' },
};

const ELSEWHERE = { title: 'Elsewhere in the home', hint: 'Each one to wherever it lives.' };

/** Destinations are the same place however they were typed: "Kitchen", " the  kitchen" and "kitchen" are one. */
export function destinationKey(location: string): string {
  return location
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^the /, '');
}

/** "kitchen" reads "To the kitchen"; a destination that already has its own article or owner keeps it. */
export function destinationTitle(location: string): string {
  const clean = location.trim().replace(/\s+/g, ' ');
  return /^(the|my|our|your|his|her|their|a|an)\s/i.test(clean) || /['’]s\b/.test(clean) ? `To ${clean}` : `To the ${clean}`;
}

const isLeaving = (item: PileItem): item is PileItem & { outcome: ExitPlanGroupKind } =>
  item.outcome === 'trash' || item.outcome === 'recycle' || item.outcome === 'donate' || item.outcome === 'place';

/**
 * Everything that leaves the room, grouped by what happens to it: trash, recycling, donation, then one group per
 * destination for things that go somewhere else in the home, in the order they were decided. Derived from the
 * piles each time (the out pile, and the `place` items, which the piles count as belonging), so it cannot drift
 * from the session.
 */
export function exitPlanOf(piles: Piles): ExitPlan {
  const seen = new Set<string>();
  const fixed: Record<Exclude<ExitPlanGroupKind, 'place'>, ExitPlanItem[]> = { trash: [], recycle: [], donate: [] };
  const places = new Map<string, { destination: string; items: ExitPlanItem[] }>();
  const elsewhere: ExitPlanItem[] = [];
  const leaving = [...piles.out, ...piles.belongs].filter(isLeaving).sort((a, b) => a.decidedAt - b.decidedAt);
  for (const item of leaving) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const entry = { id: item.id, name: item.name };
    if (item.outcome !== 'place') {
      fixed[item.outcome].push(entry);
      continue;
    }
    const destination = item.location?.trim();
    if (!destination) {
      elsewhere.push(entry);
      continue;
    }
    const key = destinationKey(destination);
    const group = places.get(key) ?? { destination, items: [] };
    group.items.push(entry);
    places.set(key, group);
  }
  const groups: ExitPlanGroup[] = [];
  for (const kind of ['trash', 'recycle', 'donate'] as const) {
    if (fixed[kind].length) groups.push({ kind, key: kind, ...FIXED[kind], items: fixed[kind] });
  }
  for (const [key, { destination, items }] of places) {
    groups.push({ kind: 'place', key: `place:${key}`, title: destinationTitle(destination), destination, items });
  }
  if (elsewhere.length) groups.push({ kind: 'place', key: 'place:', ...ELSEWHERE, items: elsewhere });
  return { groups };
}

/** The plan with its ticks: ticks of items no longer in it are left out of the counts. */
export function exitPlanView(
  session: { id: string; sessionStart: number; spaceFunction?: string | undefined; status: 'active' | 'ended'; piles: Piles },
  ticks: ExitPlanTicks,
): ExitPlanView {
  const done = new Set(ticks.done);
  const groups = exitPlanOf(session.piles).groups.map((group) => ({
    ...group,
    items: group.items.map((item) => ({ ...item, done: done.has(item.id) })),
  }));
  const items = groups.flatMap((group) => group.items);
  return {
    sessionId: session.id,
    startedAt: session.sessionStart,
    ...(session.spaceFunction !== undefined ? { spaceFunction: session.spaceFunction } : {}),
    ended: session.status === 'ended',
    groups,
    total: items.length,
    done: items.filter((item) => item.done).length,
    ...(ticks.dismissedAt !== undefined ? { dismissedAt: ticks.dismissedAt } : {}),
  };
}

/** "1 thing", "3 things". */
export function thingsLabel(count: number): string {
  return count === 1 ? '1 thing' : `${count} things`;
}
