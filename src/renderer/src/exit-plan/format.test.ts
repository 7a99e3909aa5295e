import { describe, expect, it } from 'vitest';
import { exitPlanView } from '../../../shared/exit-plan/plan';
import { noticeText, planDay, progressText, withTick } from './format';

const at = new Date(2026, 10, 12, 9).getTime();

describe('the exit plan’s words', () => {
  it('names the day short, with the year only when it is another year', () => {
    expect(planDay(at, new Date(2026, 11, 1).getTime(), 'en-GB')).toBe('12 Nov');
    expect(planDay(at, new Date(2027, 0, 3).getTime(), 'en-GB')).toBe('12 Nov 2026');
  });

  it('says at start how many things are left and from when, in one line', () => {
    expect(noticeText({ left: 3, startedAt: at }, at, 'en-GB')).toBe('3 things still to take out from 12 Nov.');
    expect(noticeText({ left: 1, startedAt: at }, at, 'en-GB')).toBe('1 thing still to take out from 12 Nov.');
  });

  it('counts what is done plainly', () => {
    expect(progressText({ done: 2, total: 5 })).toBe('2 of 5 done');
    expect(progressText({ done: 5, total: 5 })).toBe('All 5 done');
  });
});

describe('a tick shown at once', () => {
  const plan = exitPlanView(
    {
      id: 's',
      sessionStart: 0,
      status: 'ended',
      piles: {
        out: [
          { id: 'a', name: 'receipt', outcome: 'trash', decidedAt: 1 },
          { id: 'b', name: 'jumper', outcome: 'donate', decidedAt: 2 },
        ],
        belongs: [],
        unsure: [],
      },
    },
    { version: 1, done: ['b'] },
  );

  it('changes that item and the count, and nothing when it is already so', () => {
    const ticked = withTick(plan, 'a', true);
    expect(ticked.done).toBe(2);
    expect(ticked.groups[0]?.items[0]?.done).toBe(true);
    expect(withTick(plan, 'b', true)).toEqual(plan);
    expect(withTick(plan, 'b', false).done).toBe(0);
    expect(withTick(plan, 'zzz', true)).toEqual(plan);
  });
});
