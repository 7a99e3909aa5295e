import type { CoachActivity } from '../../../shared/coach/activity';

/**
 * A retry or a problem, said calmly beside the conversation (never a red banner). It stays until the coach's
 * next activity replaces it.
 */
export function CoachActivityNotice(props: { activity: CoachActivity }) {
  const { activity } = props;
  if (activity.status !== 'retrying' && activity.status !== 'error') return null;
  return (
    <p className={`coach-notice coach-notice-${activity.status}`} role="status" data-testid="coach-notice">
      {activity.notice}
    </p>
  );
}
