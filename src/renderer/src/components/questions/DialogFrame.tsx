import type { KeyboardEvent, ReactNode } from 'react';
import { Modal } from '../Modal';
import { isShortcut, isStopKey, isUndoKey, STOP_KEY, UNDO_KEY } from './keys';
import { TimeLeft } from './TimeLeft';

export interface FrameProps {
  titleId: string;
  expiresAt: number;
  /** Why the last answer did not go through, if it did not. */
  problem: string | undefined;
  /** An answer is on its way. Controls stay enabled (disabling them would throw focus out of the dialog). */
  busy: boolean;
  /**
   * Sets the question aside for the sessions panel. The guided coach asks one dialog after another, so without
   * this the panel would be out of reach for as long as a session goes on; the question waits and comes back.
   */
  onSessions?: () => void;
  /**
   * Photos chosen by hand while the card waits (they join the session; the card stays). The page's own Add photos is
   * behind the card, and the guided coach has a card open almost all the time.
   */
  onAddPhotos?: () => void;
  /** Add from phone, for the same reason: its panel sets the card aside while it is open (App.tsx). */
  onAddFromPhone?: () => void;
  /**
   * Photos still coming in: how far along, and the way to stop them. The import's own panel is behind the card, and
   * the coach's first card shows long before a big folder is in.
   */
  importing?: { readonly label: string; readonly onStop: () => void };
  /** The sprint timer's pause (or resume), so a card never stands between the person and a pause. */
  sprintToggle?: { readonly label: string; readonly onToggle: () => void };
  /** A card that takes a point: the photo to point at, or the way to it (components/pointing/PointAnswer). */
  pointing?: ReactNode;
  /**
   * "Stop for today": the session winds down at once. Every card has it, but one whose own answer is the stop ("Stop
   * for today?", the energy checks): two ways to say the same there would only make the person wonder which is which.
   */
  onStop?: () => void;
  /** The coach's answer to a question the person asked back about this card, said above the question asked again. */
  note?: string;
  /**
   * The last answer recorded (`text`: what it recorded), with the way to take it back: the card after an answer
   * covers the chat, where its echo and Undo are.
   */
  undo?: { readonly text: string; readonly onUndo: () => void };
}

/**
 * The modal around every question, with the time it has left and the ways out of it. Escape never closes it: it times
 * out by itself.
 */
export function DialogFrame(props: FrameProps & { kind: string; onKeys?: (event: KeyboardEvent) => void; children: ReactNode }) {
  const { titleId, expiresAt, problem, busy, onSessions, onAddPhotos, onAddFromPhone, importing, sprintToggle, pointing, onStop, note, undo, kind, onKeys, children } = props;
  const keys = (event: KeyboardEvent) => {
    if (onStop && isStopKey(event.key) && isShortcut(event, event.target as HTMLElement)) {
      event.preventDefault();
      onStop();
      return;
    }
    if (undo && isUndoKey(event.key) && isShortcut(event, event.target as HTMLElement)) {
      event.preventDefault();
      undo.onUndo();
      return;
    }
    onKeys?.(event);
  };
  return (
    <Modal titleId={titleId} className={`dialog-${kind}${pointing ? ' dialog-pointing' : ''}`} busy={busy} testId="question-dialog" onKeys={keys}>
      {undo ? (
        <div className="dialog-undo" data-testid="card-undo">
          <span className="dialog-undo-text">
            Recorded: {undo.text}
          </span>
          <button type="button" className="quiet-button" aria-keyshortcuts={UNDO_KEY} onClick={undo.onUndo}>
            <kbd className="key" aria-hidden="true">
              {UNDO_KEY}
            </kbd>
            Undo
          </button>
        </div>
      ) : null}
      {note ? (
        <p className="dialog-note" data-testid="card-note">
          {note}
        </p>
      ) : null}
      {children}
      {pointing}
      {problem ? (
        <p className="dialog-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {importing ? (
        <div className="dialog-import" data-testid="card-import-progress">
          <span aria-live="polite">{importing.label}</span>
          <button type="button" className="quiet-button dialog-aside" onClick={importing.onStop}>
            Stop adding
          </button>
        </div>
      ) : null}
      <div className="dialog-foot">
        <TimeLeft expiresAt={expiresAt} />
        {/* Together, so a narrow card wraps them as one row rather than leaving one alone. */}
        <div className="dialog-asides">
          {onStop ? (
            <button type="button" className="quiet-button dialog-aside dialog-stop" aria-keyshortcuts={STOP_KEY} onClick={onStop}>
              <kbd className="key" aria-hidden="true">
                {STOP_KEY}
              </kbd>
              Stop for today
            </button>
          ) : null}
          {sprintToggle ? (
            <button type="button" className="quiet-button dialog-aside" onClick={sprintToggle.onToggle}>
              {sprintToggle.label}
            </button>
          ) : null}
          {onAddPhotos ? (
            <button type="button" className="quiet-button dialog-aside" onClick={onAddPhotos}>
              Add photos
            </button>
          ) : null}
          {onAddFromPhone ? (
            <button type="button" className="quiet-button dialog-aside" aria-haspopup="dialog" onClick={onAddFromPhone}>
              Add from phone
            </button>
          ) : null}
          {onSessions ? (
            <button type="button" className="quiet-button dialog-aside" aria-haspopup="dialog" onClick={onSessions}>
              Sessions
            </button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
