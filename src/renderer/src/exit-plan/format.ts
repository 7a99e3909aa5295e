import { thingsLabel } from '../../../shared/exit-plan/plan';
import type { ExitPlanView, OpenExitPlan } from '../../../shared/exit-plan/schema';

/** The day a plan's session was, short: "12 Nov", with the year only when it is not this year's. */
export function planDay(at: number, now: number, locale?: string): string {
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(at);
}

/** The one line at start: how much is left and from when. Nothing about lateness. */
export function noticeText(plan: Pick<OpenExitPlan, 'left' | 'startedAt'>, now: number, locale?: string): string {
  return `${thingsLabel(plan.left)} still to take out from ${planDay(plan.startedAt, now, locale)}.`;
}

/** "2 of 5 done"; when everything is done, just that. */
export function progressText(plan: Pick<ExitPlanView, 'done' | 'total'>): string {
  return plan.done === plan.total ? `All ${plan.total} done` : `${plan.done} of ${plan.total} done`;
}

/** The plan with one line's tick changed, counts (of things) kept in step (shown at once, before main confirms). */
export function withTick(plan: ExitPlanView, itemId: string, done: boolean): ExitPlanView {
  let count = plan.done;
  const groups = plan.groups.map((group) => ({
    ...group,
    items: group.items.map((item) => {
      if (item.id !== itemId || item.done === done) return item;
      count += done ? item.ids.length : -item.ids.length;
      return { ...item, done };
    }),
  }));
  return { ...plan, groups, done: count };
}
