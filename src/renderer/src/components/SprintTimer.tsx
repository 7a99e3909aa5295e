import { useState } from 'react';
import type { Sprint } from '../../../shared/sprints/sprint';
import { useNow } from '../session/hooks';
import { sprintDisplay, type SprintAction } from '../session/sprint-display';

/** The calm sprint timer in the header: minutes in words, one quiet button (pause, resume, or skip the break). */
export function SprintTimer(props: { sprint: Sprint; disabled: boolean; onAction: (action: SprintAction) => Promise<unknown> }) {
  const { sprint, disabled, onAction } = props;
  const now = useNow(10_000);
  const [busy, setBusy] = useState(false);
  const display = sprintDisplay(sprint, now);
  const act = (action: SprintAction) => {
    setBusy(true);
    onAction(action).finally(() => setBusy(false));
  };
  return (
    <div className={`sprint sprint-${sprint.phase.kind}`} data-testid="sprint">
      <div className="sprint-text">
        <span className="sprint-label">{display.label}</span>
        <span className="sprint-left">{display.text}</span>
      </div>
      {display.action ? (
        <button type="button" className="quiet-button sprint-button" disabled={disabled || busy} onClick={() => act(display.action!.kind)}>
          {display.action.label}
        </button>
      ) : null}
    </div>
  );
}
