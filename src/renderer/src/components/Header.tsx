import { useState, type RefObject } from 'react';
import type { AppInfo } from '../../../shared/ipc/contract';
import { sessionBegun } from '../../../shared/session/new-session';
import type { SessionState } from '../../../shared/session/schema';
import type { ConnectionStatus } from '../bridge';
import { useNow } from '../session/hooks';
import { formatElapsed, modeDisplayFor } from '../session/mode-display';
import type { SprintAction } from '../session/sprint-display';
import { SprintTimer } from './SprintTimer';

const STATUS_TEXT: Record<ConnectionStatus, string> = {
  connected: 'Connected',
  connecting: 'Connecting…',
  disconnected: 'Reconnecting…',
};

export function Header(props: {
  session: SessionState | undefined;
  status: ConnectionStatus;
  info: AppInfo | undefined;
  sessionsButton: RefObject<HTMLButtonElement | null>;
  onOpenSessions: () => void;
  onOpenSettings: () => void;
  onSprintAction: (action: SprintAction) => Promise<unknown>;
  /** "Stop for today": the session winds down at once, as the same button on a card does. */
  onStopForToday: () => Promise<unknown>;
  /** What the window shows: the session, or Home and the rooms (the session's facts are then left out). */
  place: 'session' | 'home';
  onHome: () => void;
  /** Back to the session under way, from Home (absent when there is none). */
  onSession: (() => void) | undefined;
}) {
  const { session, status, info, sessionsButton, onOpenSessions, onOpenSettings, onSprintAction, onStopForToday, place, onHome, onSession } = props;
  const atSession = place === 'session';
  const [stopping, setStopping] = useState(false);
  // Once something has happened, until the person has chosen it (the coach is winding down) or the session has ended.
  const canStop = atSession && session !== undefined && session.status === 'active' && sessionBegun(session) && session.windDownChosenAt === undefined;
  const now = useNow(30_000);
  const mode = session ? modeDisplayFor(session) : undefined;
  return (
    <header className="header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Tidying</span>
      </div>
      <div className="mode" aria-live="polite" data-testid="mode">
        {!atSession ? (
          onSession ? (
            <button type="button" className="quiet-button" onClick={onSession}>
              Back to the session
            </button>
          ) : null
        ) : mode ? (
          <>
            <span className="mode-title">{mode.title}</span>
            <span className="mode-persona">{mode.persona}</span>
          </>
        ) : (
          <span className="mode-persona">Loading session…</span>
        )}
      </div>
      {atSession ? (
        <dl className="facts">
          {session?.spaceFunction ? (
            <div>
              <dt>Space for</dt>
              <dd>{session.spaceFunction}</dd>
            </div>
          ) : null}
          {session && session.anchors.length > 0 ? (
            <div>
              <dt>Stays</dt>
              <dd>{session.anchors.join(', ')}</dd>
            </div>
          ) : null}
          {session ? (
            <div>
              <dt>Session</dt>
              <dd data-testid="elapsed">{formatElapsed(now - session.sessionStart)}</dd>
            </div>
          ) : null}
          {info ? (
            <div data-testid="coach-kind">
              <dt>Coach</dt>
              <dd>
                {info.coach === 'guided' || session?.handover
                  ? info.model.configured
                    ? `Guided, phrased by ${info.model.name}`
                    : 'Guided (works offline)'
                  : info.model.name}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {atSession && session?.sprint && session.status === 'active' ? (
        // Keyed by the sprint's phase: a new phase starts from a fresh clock reading, not one up to a tick old.
        <SprintTimer key={JSON.stringify(session.sprint)} sprint={session.sprint} disabled={status !== 'connected'} onAction={onSprintAction} />
      ) : null}
      {canStop ? (
        <button
          type="button"
          className="quiet-button"
          disabled={status !== 'connected' || stopping}
          onClick={() => {
            setStopping(true);
            void onStopForToday().finally(() => setStopping(false));
          }}
        >
          Stop for today
        </button>
      ) : null}
      {atSession ? (
        <button type="button" className="quiet-button" disabled={status !== 'connected'} onClick={onHome}>
          Home
        </button>
      ) : null}
      <button
        ref={sessionsButton}
        type="button"
        className="quiet-button"
        aria-haspopup="dialog"
        disabled={status !== 'connected'}
        onClick={onOpenSessions}
      >
        Sessions
      </button>
      <button type="button" className="quiet-button" aria-haspopup="dialog" disabled={status !== 'connected'} onClick={onOpenSettings}>
        Settings
      </button>
      <span className={`status status-${status}`} role="status" data-testid="connection">
        <span className="status-dot" aria-hidden="true" />
        {STATUS_TEXT[status]}
      </span>
    </header>
  );
}
