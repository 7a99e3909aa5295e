import { useEffect, useState } from 'react';
import type { ExitPlanView, OpenExitPlan } from '../../../shared/exit-plan/schema';
import type { Bridge, ConnectionStatus } from '../bridge';
import { useNow } from '../session/hooks';
import { planDay } from './format';

/**
 * The earlier exit plan the start notice offers: asked for once per start (the newest open one), its count kept in
 * step with ticks made in its dialog, and put away on Dismiss. Dismissing one does not bring up the next: the
 * others wait for the next start.
 */
export function useExitPlanNotice(bridge: Bridge, status: ConnectionStatus) {
  const [plan, setPlan] = useState<OpenExitPlan | undefined>();
  const [asked, setAsked] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const now = useNow(60_000);

  useEffect(() => {
    if (status !== 'connected' || asked) return;
    const controller = new AbortController();
    bridge.invoke('exitPlan:open', undefined, { signal: controller.signal }).then(
      ({ plans }) => {
        setAsked(true);
        setPlan(plans[0]);
      },
      // No notice is better than a notice about a failure nobody asked about.
      () => {},
    );
    return () => controller.abort();
  }, [bridge, status, asked]);

  return {
    plan,
    problem,
    /** Which session the plan is from, for its dialog: "12 Nov · Work". */
    context: plan ? [planDay(plan.startedAt, now), plan.spaceFunction].filter(Boolean).join(' · ') : '',
    /** A tick in the plan's dialog: the notice's count follows. */
    update(view: ExitPlanView) {
      setPlan((current) => (current && current.sessionId === view.sessionId ? { ...current, left: view.total - view.done } : current));
    },
    dismiss() {
      if (!plan) return;
      setProblem(undefined);
      bridge.invoke('exitPlan:dismiss', { id: plan.sessionId }).then(
        () => setPlan(undefined),
        (error: unknown) => setProblem(`The plan was not put away (${(error as Error).message}). You can try again.`),
      );
    },
  };
}
