import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { trapTab } from './questions/focus';

/**
 * A modal: focus moves in when it opens, Tab cannot leave it, and focus returns to where it was when it closes.
 * Escape does what `onEscape` says (a question ignores it: the coach is waiting for the answer).
 */
export function Modal(props: {
  titleId: string;
  className: string;
  busy?: boolean;
  testId?: string;
  onEscape?: () => void;
  onKeys?: (event: KeyboardEvent) => void;
  children: ReactNode;
}) {
  const { titleId, className, busy, testId, onEscape, onKeys, children } = props;
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
    if (event.key === 'Escape' && onEscape) {
      event.preventDefault();
      onEscape();
      return;
    }
    onKeys?.(event);
  };

  return (
    // A click on the backdrop must not drop focus out of the dialog onto the page behind it.
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && event.preventDefault()}>
      <div
        ref={dialog}
        className={`dialog ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        {...(busy !== undefined ? { 'aria-busy': busy } : {})}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        {...(testId ? { 'data-testid': testId } : {})}
      >
        {children}
      </div>
    </div>
  );
}
