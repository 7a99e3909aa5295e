/**
 * A room's totals are the sum of its sessions': random sessions (things decided every way, as groups and one by one,
 * some skipped; sprints cut short; exit plans ticked in part), written as the app writes them, put in rooms, and read
 * back through Home and the rooms' pages, as the window shows them.
 */
import fc from 'fast-check';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { exitPlanOf } from '../../shared/exit-plan/plan';
import type { ExitPlanTicks } from '../../shared/exit-plan/schema';
import { newSessionState } from '../../shared/session/new-session';
import type { SessionState } from '../../shared/session/schema';
import { writeExitPlanTicks } from '../exit-plan/ticks-file';
import { recordDecisions, type DecisionRecord } from '../session/decisions';
import { metaFromState, sessionPaths, writeSessionMeta } from '../session-log';
import { memoryLogger } from '../../../test-support/fixtures';
import { expectCountsAddUp, expectRoomTotalsAddUp } from '../../../test-support/counts';
import { tempFolder } from '../../../test-support/temp-folder';
import { Rooms } from './service';

const DAY = 24 * 60 * 60_000;
const MINUTE = 60_000;
/** Now: late in a month, so some visits are this month and some before it. */
const NOW = new Date(2026, 2, 28, 12).getTime();

const NAMES = ['book', 'bottle', 'mug', 'Mug', 'cable', 'jumper', 'old receipts', 'plate'];
const OUTCOMES = ['trash', 'donate', 'recycle', 'place', 'keep', 'skip', 'unsure'] as const;
const PLACES = [undefined, 'kitchen', 'the kitchen', 'bookshelf', 'pharmacy'];
const SPACES = ['Work', 'Sleep', 'Work (Design)', 'reading nook'];

interface SessionPlan {
  readonly space: number;
  readonly daysAgo: number;
  readonly cards: ReadonlyArray<{ readonly names: readonly number[]; readonly outcome: (typeof OUTCOMES)[number]; readonly place: number }>;
  readonly sprints: number;
  readonly minutesInLast: number;
  readonly ended: boolean;
  /** Which of the exit plan's lines are ticked: line i when bit i is set. */
  readonly ticked: number;
}

const plan: fc.Arbitrary<SessionPlan> = fc.record({
  space: fc.nat(SPACES.length - 1),
  daysAgo: fc.nat(80),
  cards: fc.array(
    fc.record({ names: fc.uniqueArray(fc.nat(NAMES.length - 1), { minLength: 1, maxLength: 3 }), outcome: fc.constantFrom(...OUTCOMES), place: fc.nat(PLACES.length - 1) }),
    { maxLength: 14 },
  ),
  sprints: fc.nat(3),
  minutesInLast: fc.nat(20),
  ended: fc.boolean(),
  ticked: fc.nat(255),
});

function stateOf(id: string, planned: SessionPlan): SessionState {
  const start = NOW - planned.daysAgo * DAY;
  let state: SessionState = { ...newSessionState(id, start), spaceFunction: SPACES[planned.space]! };
  planned.cards.forEach((card, index) => {
    const location = card.outcome === 'place' || card.outcome === 'recycle' ? PLACES[card.place] : undefined;
    const records: DecisionRecord[] = card.names.map((name) => ({ item: NAMES[name]!, outcome: card.outcome, ...(location ? { location } : {}) }));
    state = recordDecisions(state, records.map((record, thing) => ({ ...record, id: `${id}-${index}-${thing}` })), start + index * MINUTE);
  });
  if (planned.sprints > 0) {
    state = { ...state, sprint: { number: planned.sprints, lengthMs: 15 * MINUTE, breakMs: 5 * MINUTE, phase: { kind: 'paused', elapsedMs: Math.min(15, planned.minutesInLast) * MINUTE } } };
  }
  if (planned.ended) state = { ...state, status: 'ended', ending: { summary: '', nextTime: [], endedAt: start + 40 * MINUTE } };
  return state;
}

describe('a room’s totals', () => {
  it('equal the sum of its sessions’ figures, on its page and in the month on Home', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plan, { minLength: 1, maxLength: 6 }), async (plans) => {
        const dataDir = await tempFolder('tidy-totals-');
        const sessions: Array<{ state: SessionState; ticks: ExitPlanTicks; at: number }> = [];
        for (const [index, planned] of plans.entries()) {
          const state = stateOf(`s${index}`, planned);
          expectCountsAddUp(state);
          const lines = exitPlanOf(state).groups.flatMap((group) => group.items);
          const ticks: ExitPlanTicks = { version: 1, done: lines.filter((_, line) => planned.ticked & (1 << line)).flatMap((line) => line.ids) };
          const { dir } = sessionPaths(dataDir, state.id);
          await mkdir(dir, { recursive: true });
          const at = state.sessionStart + 50 * MINUTE;
          await writeSessionMeta(dir, metaFromState(state, 'guided', at));
          if (ticks.done.length) await writeExitPlanTicks(dir, ticks);
          sessions.push({ state, ticks, at });
        }
        let ids = 0;
        const rooms = new Rooms({
          dataDir,
          logger: memoryLogger(),
          now: () => NOW,
          newId: () => `r${++ids}`,
          current: () => newSessionState('fresh', NOW),
          removeSession: () => Promise.reject(new Error('not here')),
        });
        const home = await rooms.home();
        let visits = 0;
        for (const card of home.rooms) {
          const page = await rooms.page(card.id);
          const mine = sessions.filter(({ state }) => page.visits.some((visit) => visit.sessionId === state.id));
          expectRoomTotalsAddUp(page.totals, mine, card.name);
          visits += page.visits.length;
          const thisMonth = mine.filter(({ state }) => state.sessionStart >= home.month.start);
          const month = home.month.rooms.find((room) => room.id === card.id);
          if (thisMonth.length) expectRoomTotalsAddUp(month!.totals, thisMonth, `${card.name} this month`);
          else expect(month).toBeUndefined();
        }
        // Every session is in one room, and the month across rooms is every session of the month.
        expect(visits).toBe(sessions.length);
        expectRoomTotalsAddUp(home.month.totals, sessions.filter(({ state }) => state.sessionStart >= home.month.start), 'the month');
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 60) },
    );
  });
});
