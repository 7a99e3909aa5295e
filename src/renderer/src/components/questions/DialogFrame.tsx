import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { TimeLeft } from './TimeLeft';
import { trapTab } from './focus';

export interface FrameProps {
  titleId: string;
  expiresAt: number;
  /** Why the last answer did not go through, if it did not. */
  problem: string | undefined;
  /** An answer is on its way. Controls stay enabled (disabling them would throw focus out of the dialog). */
  busy: boolean;
}

/**
 * The modal around every question: focus moves in when it opens, Tab cannot leave it, and focus returns to where
 * it was when it closes. Escape never closes it: the coach is waiting for this answer (it times out by itself).
 */
export function DialogFrame(props: FrameProps & { kind: string; onKeys?: (event: KeyboardEvent) => void; children: ReactNode }) {
  const { titleId, expiresAt, problem, busy, kind, onKeys, children } = props;
  const dialog = useRef<HTMLDivElement>(null);
  // Read during the first render, before anything in the dialog takes focus.
  const [returnTo] = useState(() => document.activeElement);

  useEffect(() => {
    const root = dialog.current;
    if (root && !root.contains(document.activeElement)) root.focus();
    return () => {
      if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
    };
  }, [returnTo]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Tab') {
      if (trapTab(event.currentTarget, event.shiftKey)) event.preventDefault();
      return;
    }
    onKeys?.(event);
  };

  return (
    // A click on the backdrop must not drop focus out of the dialog onto the page behind it.
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && event.preventDefault()}>
      <div
        ref={dialog}
        className={`dialog dialog-${kind}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="question-dialog"
      >
        {children}
        {problem ? (
          <p className="dialog-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <TimeLeft expiresAt={expiresAt} />
      </div>
    </div>
  );
}
