import { useEffect, useState } from 'react';
import type { CarryOver } from '../../../shared/carry-over/schema';
import type { SessionState } from '../../../shared/session/schema';
import type { Bridge } from '../bridge';
import { canOfferCarryOver, carryOverText } from '../session/carry-over';

/**
 * Next time: in a new session with nothing in it yet, what the last session left (its unsure pile, its next-time
 * list), to start with or not. Main decides what is on offer; it goes once the person chooses, says anything or adds photos.
 */
export function CarryOverOffer(props: { session: SessionState | undefined; bridge: Bridge }) {
  const { session, bridge } = props;
  const open = canOfferCarryOver(session);
  const sessionId = session?.id;
  // Kept with the session it was asked for: another session never shows it.
  const [asked, setAsked] = useState<{ sessionId: string; offer: CarryOver | undefined } | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    if (!open || !sessionId) return;
    const controller = new AbortController();
    bridge.invoke('carry:offer', undefined, { signal: controller.signal }).then((offer) => setAsked({ sessionId, offer }), () => {});
    return () => controller.abort();
  }, [bridge, open, sessionId]);

  const offer = asked?.sessionId === sessionId ? asked?.offer : undefined;
  if (!open || !offer || !sessionId) return null;

  const choose = (accept: boolean) => {
    setBusy(true);
    setProblem(undefined);
    const call = accept ? bridge.invoke('carry:accept', { from: offer.from }) : bridge.invoke('carry:decline', { from: offer.from });
    call.then(
      () => {
        setBusy(false);
        setAsked({ sessionId, offer: undefined });
      },
      (error: unknown) => {
        setBusy(false);
        setProblem(`That did not go through (${(error as Error).message}). You can try again.`);
      },
    );
  };

  return (
    <section className="carry-offer" aria-labelledby="carry-offer-text" data-testid="carry-offer">
      <p id="carry-offer-text" className="carry-offer-text">
        {carryOverText(offer)} Start with those?
      </p>
      {problem ? (
        <p className="chat-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="carry-offer-actions">
        <button type="button" className="primary" onClick={() => choose(true)} disabled={busy}>
          Start with those
        </button>
        <button type="button" className="quiet" onClick={() => choose(false)} disabled={busy}>
          Start fresh
        </button>
      </div>
    </section>
  );
}
