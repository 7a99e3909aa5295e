import { useEffect, useRef } from 'react';
import type { SessionSummary } from '../../../../shared/sessions/schema';
import { thingsDecided } from '../../../../shared/session/pile-groups';
import { formatSessionDate, sessionActions, spaceLabel, statusLabel } from '../../sessions/format';

export type RowAction = 'resume' | 'open' | 'summary' | 'export' | 'delete';

/**
 * One logged session: when, what for, how far, and what can be done with it. Delete asks first, in place,
 * with "Keep it" focused so a stray Enter keeps the session. While a call runs the dialog is busy and ignores
 * presses; buttons stay enabled so focus never falls out of the row.
 */
export function SessionRow(props: {
  session: SessionSummary;
  now: number;
  confirming: boolean;
  problem: string | undefined;
  onAction: (action: RowAction) => void;
  onConfirm: (confirming: boolean) => void;
}) {
  const { session, now, confirming, problem, onAction, onConfirm } = props;
  const allowed = sessionActions(session);
  const titleId = `session-${session.id}-title`;
  return (
    <li className={`session-row${session.current ? ' session-current' : ''}`} aria-labelledby={titleId} data-testid="session-row">
      <div className="session-text">
        <span id={titleId} className="session-date">
          {formatSessionDate(session.startedAt, now)}
          <span className="session-space"> · {spaceLabel(session)}</span>
        </span>
        <span className="session-meta">
          <span className={`session-status session-status-${session.status}`}>{statusLabel(session.status)}</span>
          {' · '}
          {thingsDecided(session.itemsProcessed)}
          {' · '}
          {session.coach === 'guided' ? 'Guided' : 'Conversational'}
          {session.current ? <span className="session-tag">Live now</span> : null}
        </span>
      </div>
      {confirming ? (
        <DeleteConfirm
          rowTitleId={titleId}
          onDelete={() => onAction('delete')}
          onKeep={() => onConfirm(false)}
        />
      ) : (
        <div className="session-actions">
          {allowed.resume ? (
            <button type="button" className="primary" aria-describedby={titleId} onClick={() => onAction('resume')}>
              Resume
            </button>
          ) : null}
          <button type="button" className="quiet" aria-describedby={titleId} onClick={() => onAction('open')}>
            Open
          </button>
          <button type="button" className="quiet" aria-describedby={titleId} onClick={() => onAction('summary')}>
            Summary
          </button>
          <button type="button" className="quiet" aria-describedby={titleId} onClick={() => onAction('export')}>
            Export
          </button>
          {allowed.delete ? (
            <button type="button" className="quiet" aria-describedby={titleId} onClick={() => onConfirm(true)}>
              Delete
            </button>
          ) : null}
        </div>
      )}
      {problem ? (
        <p className="session-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

function DeleteConfirm(props: { rowTitleId: string; onDelete: () => void; onKeep: () => void }) {
  const { rowTitleId, onDelete, onKeep } = props;
  const keep = useRef<HTMLButtonElement>(null);
  const questionId = `${rowTitleId}-delete`;
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="session-confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>Delete this session and its photos? This cannot be undone.</p>
      <div className="session-actions">
        <button ref={keep} type="button" className="quiet" onClick={onKeep}>
          Keep it
        </button>
        <button type="button" className="quiet session-delete" aria-describedby={rowTitleId} onClick={onDelete}>
          Delete
        </button>
      </div>
    </div>
  );
}
