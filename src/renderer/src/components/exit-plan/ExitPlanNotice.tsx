import type { OpenExitPlan } from '../../../../shared/exit-plan/schema';
import { noticeText } from '../../exit-plan/format';
import { useNow } from '../../session/hooks';

/**
 * One quiet line when Tidying starts and an earlier session's exit plan has things left: how many, from when, a way
 * to open it and a way to put it away for good. It blocks nothing.
 */
export function ExitPlanNotice(props: { plan: OpenExitPlan | undefined; problem: string | undefined; onOpen: () => void; onDismiss: () => void }) {
  const { plan, problem, onOpen, onDismiss } = props;
  const now = useNow(60_000);
  if (!plan || plan.left === 0) return null;
  return (
    <div className="plan-notice" data-testid="exit-plan-notice">
      <p className="plan-notice-text">{noticeText(plan, now)}</p>
      <button type="button" className="quiet-button" onClick={onOpen}>
        Open plan
      </button>
      <button type="button" className="quiet-button" aria-label="Dismiss the exit plan" onClick={onDismiss}>
        Dismiss
      </button>
      {problem ? (
        <p className="plan-notice-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
