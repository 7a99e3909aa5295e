import { useEffect, useRef, useState } from 'react';
import type { SessionState } from '../../../shared/session/schema';
import type { Bridge } from '../bridge';
import type { PhotoIntake } from '../photos/intake';
import { BeforeAfter } from './BeforeAfter';
import { ExitPlan } from './exit-plan/ExitPlan';
import { nextTimeLine } from '../../../shared/text/next-time';

/**
 * Where the composer was, once the session has ended: what was done, what can wait, before and after, what leaves,
 * and a fresh start.
 */
export function SessionEndedCard(props: { session: SessionState; bridge: Bridge; intake: PhotoIntake }) {
  const { session, bridge, intake } = props;
  const { id: sessionId, ending } = session;
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const title = useRef<HTMLHeadingElement>(null);
  // Ending took away what had focus (the composer, the card, the header's Stop for today): the summary takes it, so
  // the keyboard goes on from what the person came to see.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) title.current?.focus();
  }, []);

  const startNew = () => {
    setStarting(true);
    setProblem(undefined);
    bridge.invoke('session:new').then(
      () => setStarting(false),
      (error: unknown) => {
        setProblem(`A new session did not start (${(error as Error).message}). You can try again.`);
        setStarting(false);
      },
    );
  };

  return (
    <section className="ended" aria-labelledby="ended-title" data-testid="session-ended">
      <h2 id="ended-title" ref={title} className="ended-title" tabIndex={-1}>
        Session ended
      </h2>
      <p className="ended-summary">{ending?.summary ?? 'This session is over. Everything from it is kept.'}</p>
      {ending && ending.nextTime.length > 0 ? (
        <>
          <h3 className="ended-next-title">For next time</h3>
          <ul className="ended-next">
            {ending.nextTime.map((item, index) => (
              <li key={index}>{nextTimeLine(item)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <BeforeAfter session={session} intake={intake} />
      <ExitPlan bridge={bridge} sessionId={sessionId} titleId="ended-exit-plan-title" level={3} />
      {problem ? (
        <p className="chat-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="button" className="primary" onClick={startNew} disabled={starting}>
        Start a new session
      </button>
    </section>
  );
}
