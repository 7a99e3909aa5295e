/**
 * The last card when a session ends with things leaving the home (docs/rooms.md, "Trips to make"): one small physical
 * step now, for the way out with the most things. Both coaches ask it, with the same answers.
 */
import { theName } from '../text/names';
import { exitPlanOf, thingsIn } from './plan';
import type { ExitPlanGroup } from './schema';
import type { ThisSpace } from '../session/pile-groups';
import type { Piles } from '../session/schema';

/** The step: how many things, the one thing when there is only one, and where they are bound ("the charity shop"). */
export interface FirstStep {
  readonly count: number;
  readonly item?: string;
  readonly bound: string;
}

/** The card's two answers: the step is done now, or it waits. */
export const FIRST_STEP = { done: 'It’s by the door', later: 'Later' } as const;

/** Where a group leaving the home goes, after "for", in the order a tie is broken: the bag people forget comes first. */
function boundFor(group: ExitPlanGroup): { readonly rank: number; readonly bound: string } | undefined {
  if (group.kind === 'donate') return { rank: 0, bound: 'the charity shop' };
  if (group.kind === 'recycle') return group.destination ? { rank: 1, bound: theName(group.destination) } : { rank: 2, bound: 'the recycling' };
  if (group.kind === 'trash') return { rank: 3, bound: 'the bin' };
  return undefined;
}

/**
 * The way out with the most things (a tie goes to the donation bag, then a recycling point, the recycling, the bin);
 * undefined when nothing leaves the home.
 */
export function firstStepOf(state: ThisSpace & { piles: Piles }): FirstStep | undefined {
  const leaving = exitPlanOf(state).groups.flatMap((group) => {
    const way = boundFor(group);
    return way ? [{ ...way, count: thingsIn(group.items), items: group.items }] : [];
  });
  const [first] = leaving.sort((a, b) => b.count - a.count || a.rank - b.rank);
  if (!first) return undefined;
  const [only] = first.items;
  return { count: first.count, bound: first.bound, ...(first.count === 1 && only ? { item: only.name } : {}) };
}
