import { groupedPiles, pileLines, PILE_GROUP_WORDS, type PileGroup, type ThisSpace } from '../session/pile-groups';
import type { PileItem, Piles } from '../session/schema';
import { placeName } from '../text/names';
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

/** "kitchen" reads "To the kitchen"; a destination with its own owner keeps it ("To mum's"), and "work" takes none. */
export function destinationTitle(location: string): string {
  return `To ${placeName(location)}`;
}

/** Which of the four groups a plan's group belongs to: trash, recycling and donation leave the home. */
export function pileGroupOfPlan(kind: ExitPlanGroupKind): Extract<PileGroup, 'leaving' | 'elsewhere'> {
  return kind === 'place' ? 'elsewhere' : 'leaving';
}

/**
 * Everything that leaves this space (src/shared/session/pile-groups.ts: what leaves the home, then what goes
 * elsewhere in the home), grouped by what happens to it: trash, recycling, donation, then one group per
 * destination, in the order they were decided. Derived from the piles each time, so it cannot drift from the
 * session; a thing placed somewhere in this space stays here and is not in the plan.
 */
export function exitPlanOf(state: ThisSpace & { piles: Piles }): ExitPlan {
  const fixed: Record<Exclude<ExitPlanGroupKind, 'place'>, PileItem[]> = { trash: [], recycle: [], donate: [] };
  // Recycling that is not the household bin ("back to a pharmacy", a battery point): a trip of its own.
  const recyclingPoints = new Map<string, { destination: string; items: PileItem[] }>();
  const places = new Map<string, { destination: string; items: PileItem[] }>();
  const elsewhere: PileItem[] = [];
  const groups = groupedPiles(state);
  const moving = [...groups.leaving, ...groups.elsewhere].sort((a, b) => a.decidedAt - b.decidedAt);
  for (const item of moving) {
    const point = item.outcome === 'recycle' ? item.location?.trim() : undefined;
    if (point) {
      const group = recyclingPoints.get(destinationKey(point)) ?? { destination: point, items: [] };
      group.items.push(item);
      recyclingPoints.set(destinationKey(point), group);
      continue;
    }
    if (item.outcome === 'trash' || item.outcome === 'recycle' || item.outcome === 'donate') {
      fixed[item.outcome].push(item);
      continue;
    }
    const destination = item.location?.trim();
    if (!destination) {
      elsewhere.push(item);
      continue;
    }
    const key = destinationKey(destination);
    const group = places.get(key) ?? { destination, items: [] };
    group.items.push(item);
    places.set(key, group);
  }
  // Things of one name in one group are one line ("book", 12 of them): one tick for the trip that takes them.
  const lines = (items: readonly PileItem[]): ExitPlanItem[] => pileLines(items).map((line) => ({ id: line.ids[0]!, ids: [...line.ids], name: line.name }));
  const planGroups: ExitPlanGroup[] = [];
  for (const kind of ['trash', 'recycle', 'donate'] as const) {
    if (fixed[kind].length) planGroups.push({ kind, key: kind, ...FIXED[kind], items: lines(fixed[kind]) });
    if (kind !== 'recycle') continue;
    for (const [key, { destination, items }] of recyclingPoints) {
      const hint = `Not the household recycling: these go to ${placeName(destination)}.`;
      planGroups.push({ kind: 'recycle', key: `recycle:${key}`, title: `Recycling: ${destination}`, hint, destination, items: lines(items) });
    }
  }
  for (const [key, { destination, items }] of places) {
    planGroups.push({ kind: 'place', key: `place:${key}`, title: destinationTitle(destination), destination, items: lines(items) });
  }
  if (elsewhere.length) planGroups.push({ kind: 'place', key: 'place:', ...ELSEWHERE, items: lines(elsewhere) });
  return { groups: planGroups };
}

/**
 * The plan's groups under the two headings a person knows from the piles, each with how many things it holds:
 * what leaves the home first, then what goes elsewhere in the home. A heading with nothing under it is left out.
 */
export function planSections<Group extends Pick<ExitPlanGroup, 'kind' | 'items'>>(
  groups: readonly Group[],
): Array<{ pileGroup: 'leaving' | 'elsewhere'; title: string; count: number; groups: Group[] }> {
  return (['leaving', 'elsewhere'] as const).flatMap((pileGroup) => {
    const under = groups.filter((group) => pileGroupOfPlan(group.kind) === pileGroup);
    const count = under.reduce((sum, group) => sum + thingsIn(group.items), 0);
    return count ? [{ pileGroup, title: PILE_GROUP_WORDS[pileGroup].title, count, groups: under }] : [];
  });
}

/** The plan with its ticks: ticks of items no longer in it are left out of the counts. */
export function exitPlanView(
  session: { id: string; sessionStart: number; spaceFunction?: string | undefined; status: 'active' | 'ended'; piles: Piles },
  ticks: ExitPlanTicks,
): ExitPlanView {
  const done = new Set(ticks.done);
  const groups = exitPlanOf(session).groups.map((group) => ({
    ...group,
    // A line is done when every thing on it is: one more of the same thing decided later is still to take.
    items: group.items.map((item) => ({ ...item, done: item.ids.every((id) => done.has(id)) })),
  }));
  const items = groups.flatMap((group) => group.items);
  return {
    sessionId: session.id,
    startedAt: session.sessionStart,
    ...(session.spaceFunction !== undefined ? { spaceFunction: session.spaceFunction } : {}),
    ended: session.status === 'ended',
    groups,
    total: thingsIn(items),
    done: thingsIn(items.filter((item) => item.done)),
    ...(ticks.dismissedAt !== undefined ? { dismissedAt: ticks.dismissedAt } : {}),
  };
}

/** How many things some lines of a plan stand for. */
export function thingsIn(items: ReadonlyArray<Pick<ExitPlanItem, 'ids'>>): number {
  return items.reduce((sum, item) => sum + item.ids.length, 0);
}

/** "1 thing", "3 things". */
export function thingsLabel(count: number): string {
  return count === 1 ? '1 thing' : `${count} things`;
}
