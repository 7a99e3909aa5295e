import { useEffect, useState } from 'react';
import type { InvokeOutput } from '../../../shared/ipc/contract';
import type { SessionSnapshot } from '../../../shared/session/schema';
import type { Bridge } from '../bridge';

const EVENTS_SHOWN = 200;

/**
 * For developers (hidden unless Settings turn it on): the live session state as JSON, and the latest lines of the
 * session's log. The log is read again whenever main pushes a new state; nothing polls.
 */
export function DebugPanel(props: { bridge: Bridge; snapshot: SessionSnapshot | undefined }) {
  const { bridge, snapshot } = props;
  const [events, setEvents] = useState<InvokeOutput<'debug:events'> | undefined>();
  const rev = snapshot?.rev;

  useEffect(() => {
    const controller = new AbortController();
    bridge.invoke('debug:events', { limit: EVENTS_SHOWN }, { signal: controller.signal }).then(setEvents, () => {});
    return () => controller.abort();
  }, [bridge, rev]);

  return (
    <section className="debug-panel" aria-label="Debug panel" data-testid="debug-panel">
      <div className="debug-column">
        <h2 className="panel-title">State (rev {rev ?? '-'})</h2>
        <pre className="debug-json">{snapshot ? JSON.stringify(snapshot.state, null, 2) : ''}</pre>
      </div>
      <div className="debug-column">
        <h2 className="panel-title">
          Session log {events ? `(last ${events.events.length} of ${events.total})` : ''}
        </h2>
        <ol className="debug-events">
          {(events?.events ?? []).map((event) => {
            const { v: _version, seq, at: _at, type, ...rest } = event;
            return (
              <li key={String(seq)}>
                <span className="debug-seq">{String(seq)}</span> <strong>{String(type)}</strong>{' '}
                <code>{JSON.stringify(rest).slice(0, 240)}</code>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
