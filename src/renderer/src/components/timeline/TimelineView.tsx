import { useEffect, useState } from 'react';
import type { Timeline } from '../../../../shared/sessions/schema';
import type { Bridge } from '../../bridge';
import { BackButton } from './BackButton';
import { TimelineReplay } from './TimelineReplay';

/** A logged session, read only: fetched once, then replayed step by step with no calls to main. */
export function TimelineView(props: { bridge: Bridge; sessionId: string; questionWaiting: boolean; onBack: () => void }) {
  const { bridge, sessionId, questionWaiting, onBack } = props;
  const [loaded, setLoaded] = useState<{ timeline: Timeline } | { problem: string } | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    bridge.invoke('sessions:open', { id: sessionId }, { signal: controller.signal }).then(
      (timeline) => setLoaded({ timeline }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ problem: (error as Error).message });
      },
    );
    return () => controller.abort();
  }, [bridge, sessionId]);

  if (loaded && 'timeline' in loaded) {
    return <TimelineReplay timeline={loaded.timeline} questionWaiting={questionWaiting} onBack={onBack} />;
  }
  return (
    <div className="timeline timeline-waiting">
      <BackButton onBack={onBack} />
      {loaded ? (
        <p className="session-problem" role="alert">
          This session could not be opened ({loaded.problem}). It is still on disk; you can go back and try again.
        </p>
      ) : (
        <p className="empty" role="status">
          Opening the session…
        </p>
      )}
    </div>
  );
}
