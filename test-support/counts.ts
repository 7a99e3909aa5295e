/**
 * Test support: what the window shows adds up to what happened. Every surface that counts a session's things (the
 * piles panel's groups and lines, the skipped, the headline, the Markdown summary, the exit plan, "What moved", what is
 * left for next time, the session list's row, the guided coach's own summary) is checked against the things decided.
 */
import { expect } from 'vitest';
import { beforeAfterOf } from '../src/shared/before-after/before-after';
import { exitPlanView } from '../src/shared/exit-plan/plan';
import { NO_TICKS } from '../src/shared/exit-plan/schema';
import {
  decidedText,
  groupedPiles,
  PILE_GROUP_WORDS,
  PILE_GROUPS,
  pileCounts,
  pileLines,
  skippedLines,
  SKIPPED_WORDS,
  thingOfDecision,
  thingOfEntry,
} from '../src/shared/session/pile-groups';
import type { SessionState } from '../src/shared/session/schema';
import type { ExitPlanTicks } from '../src/shared/exit-plan/schema';
import type { Totals } from '../src/shared/rooms/schema';
import { minutesSpent } from '../src/shared/sessions/progress';
import { carriedLeft, leftoversOf } from '../src/main/carry-over/leftovers';
import { metaFromState } from '../src/main/session-log';
import { sessionSummaryMarkdown } from '../src/main/session/summary-markdown';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** How many things a Markdown section's list holds: "- book ×12 (trash)" is 12. */
function markdownCount(markdown: string, title: string): number {
  const section = markdown.split(`\n## ${title}\n\n`)[1];
  if (section === undefined) return 0;
  const items = section.split('\n\n')[0]!.split('\n').filter((line) => line.startsWith('- '));
  return sum(items.map((line) => Number(/ ×(\d+)(?: |$)/.exec(line)?.[1] ?? 1)));
}

export function expectCountsAddUp(state: SessionState, label = state.id): void {
  const counts = pileCounts(state);
  const entries = [...state.piles.belongs, ...state.piles.out, ...state.piles.unsure];
  const things = entries.map(thingOfEntry);
  // A thing is in one pile, once.
  expect(new Set(things).size, `${label}: a thing in two piles, or twice in one`).toBe(things.length);
  // The things decided: every thing with a decision, once, whatever it was called and however often it was decided.
  const decided = new Set(state.decisions.map((decision, index) => thingOfDecision(decision) ?? `decision:${index}`));
  expect(counts.decided, `${label}: things decided`).toBe(decided.size);
  expect(counts.here + counts.elsewhere + counts.leaving + counts.undecided + counts.skipped, `${label}: the groups and the skipped`).toBe(counts.decided);
  expect(state.itemsProcessed, `${label}: the session's count`).toBe(counts.decided);
  const meta = metaFromState(state, 'guided', 1);
  expect(meta.itemsProcessed, `${label}: the session list's row`).toBe(counts.decided);
  // What its room's progress reads: the four groups and the skipped, and the exit plan's trips, every thing of them.
  const { here, elsewhere, leaving, undecided, skipped } = counts;
  expect(meta.progress?.counts, `${label}: the room's progress`).toEqual({ here, elsewhere, leaving, undecided, skipped });
  expect(sum(meta.progress!.trips.flatMap((trip) => trip.lines.map((ids) => ids.length))), `${label}: the room's trips`).toBe(leaving + elsewhere);

  // The piles panel: each group's lines ("book ×12") add up to its count, and so do the skipped.
  const groups = groupedPiles(state);
  for (const group of PILE_GROUPS) expect(sum(pileLines(groups[group]).map((line) => line.count)), `${label}: ${group} lines`).toBe(counts[group]);
  expect(sum(skippedLines(state).map((line) => line.count)), `${label}: skipped lines`).toBe(counts.skipped);

  // The Markdown summary: its headline, and each group's list.
  const markdown = sessionSummaryMarkdown(state, new Map());
  expect(markdown, `${label}: the Markdown headline`).toContain(decidedText(counts));
  for (const group of PILE_GROUPS) expect(markdownCount(markdown, PILE_GROUP_WORDS[group].title), `${label}: Markdown ${group}`).toBe(counts[group]);
  expect(markdownCount(markdown, SKIPPED_WORDS.title), `${label}: Markdown skipped`).toBe(counts.skipped);

  // The exit plan holds what leaves the home and what goes elsewhere in it, every thing of it.
  expect(exitPlanView(state, NO_TICKS).total, `${label}: the exit plan`).toBe(counts.leaving + counts.elsewhere);
  // "What moved" under the before and after.
  const { moved } = beforeAfterOf(state);
  expect(moved, `${label}: what moved`).toEqual({ here: counts.here, elsewhere: counts.elsewhere, leaving: counts.leaving, undecided: counts.undecided });
  // Next time: every undecided thing, and the carried ones not got to.
  expect(leftoversOf(state).unsure, `${label}: left for next time`).toHaveLength(Math.min(2000, counts.undecided + carriedLeft(state).length));
  // The guided coach's own summary, said when the session ended (nothing is decided after that).
  if (state.status === 'ended' && state.guided && state.ending) expect(state.ending.summary, `${label}: the summary`).toBe(decidedText(counts));
}

/**
 * A room's totals (its page, or Home's month) are its sessions' figures added up, each worked out here the way the
 * session's own surfaces show it: the piles' four groups and skipped, the things decided, the exit plan's ticked lines
 * (the things that left the home, and the trips, a trip being a group of the plan, done when all of it is), the minutes.
 */
export function expectRoomTotalsAddUp(totals: Totals, sessions: ReadonlyArray<{ state: SessionState; ticks: ExitPlanTicks; at: number }>, label = 'room'): void {
  const counts = sessions.map(({ state }) => pileCounts(state));
  const plans = sessions.map(({ state, ticks }) => exitPlanView(state, ticks));
  expect(totals.visits, `${label}: visits`).toBe(sessions.length);
  for (const group of [...PILE_GROUPS, 'skipped'] as const) expect(totals.counts[group], `${label}: ${group}`).toBe(sum(counts.map((each) => each[group])));
  expect(totals.decided, `${label}: things decided`).toBe(sum(counts.map((each) => each.decided)));
  const leavingDone = plans.map((plan) => sum(plan.groups.filter((group) => group.kind !== 'place').flatMap((group) => group.items.filter((item) => item.done).map((item) => item.ids.length))));
  expect(totals.left, `${label}: things that left the home`).toBe(sum(leavingDone));
  expect(totals.trips.total, `${label}: trips`).toBe(sum(plans.map((plan) => plan.groups.length)));
  expect(totals.trips.done, `${label}: trips done`).toBe(sum(plans.map((plan) => plan.groups.filter((group) => group.items.every((item) => item.done)).length)));
  expect(totals.minutes, `${label}: minutes`).toBe(sum(sessions.map(({ state, at }) => (state.sprint ? minutesSpent(state.sprint, state.ending?.endedAt ?? at) : 0))));
}
